//===- Heap.h - Buffers, their states, contents and addresses ---*- C++ -*-===//
//
// The buffer store of one run (spec/buffers.md): every buffer that exists
// during the run, with its kind, state, size, base address and contents
// ([buffer.record]); address assignment with and without reuse ([addr.*]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_HEAP_H
#define DEALLOC_SEMANTICS_HEAP_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace dealloc {

/// Where a buffer came from ([buffer.kind]).
enum class BufferKind { Heap, Stack, Global, Arg };
llvm::StringRef bufferKindName(BufferKind k);

/// Bytes per chunk of a buffer's contents.
constexpr int64_t kChunkBytes = 4096;

/// A materialized piece of a buffer's contents: byte values and one
/// "initialized" bit per byte.
struct Chunk {
  uint8_t bytes[kChunkBytes];
  uint64_t init[kChunkBytes / 64];
  bool isInit(int64_t k) const { return (init[k / 64] >> (k % 64)) & 1; }
  void set(int64_t k, uint8_t v, bool initialized) {
    bytes[k] = initialized ? v : 0;
    uint64_t bit = uint64_t(1) << (k % 64);
    init[k / 64] = initialized ? init[k / 64] | bit : init[k / 64] & ~bit;
  }
};

/// One allocation record.
struct Buffer {
  unsigned id = 0;
  BufferKind kind = BufferKind::Heap;
  bool live = true;
  int64_t sizeBytes = 0;
  int64_t base = 0;     ///< base (allocated) address
  std::string origin;   ///< e.g. "memref.alloc", "argument 2", "@glob"
  std::string allocLoc; ///< printed location of the creating op
  std::string freeLoc;  ///< printed location of the freeing op, if freed
  /// Contents ([buffer.contents.lazy]): the chunks (by index) in which a byte
  /// was written; every byte of an absent chunk reads as the default, which
  /// is zero for zero-filled buffers and uninitialized otherwise.
  std::map<int64_t, std::unique_ptr<Chunk>> chunks;
  bool zeroDefault = false;
  /// Number of active public calls that received this buffer as an argument
  /// ([abi.args.not_owned]).
  unsigned borrowed = 0;
};

/// All buffers of one run, and the address allocator.
class Heap {
public:
  explicit Heap(bool reuseAddresses) : reuse(reuseAddresses) {}

  /// Creates a buffer of `sizeBytes` bytes whose base address is a multiple
  /// of `alignment` (at least 64). Heap buffers may take a freed address in
  /// reuse mode ([addr.reuse]); all others get a fresh one ([addr.fresh]).
  Buffer &create(BufferKind kind, int64_t sizeBytes, int64_t alignment,
                 std::string origin, std::string allocLoc);

  Buffer &get(unsigned id) { return buffers[id - 1]; }
  const Buffer &get(unsigned id) const { return buffers[id - 1]; }
  size_t size() const { return buffers.size(); }
  std::vector<Buffer> &all() { return buffers; }

  /// Marks a buffer freed (the caller has checked it may be), records where,
  /// and makes a heap buffer's address available for reuse.
  void release(unsigned id, std::string loc);

  /// Reads `n` bytes at byte offset `off`; returns false if any byte is
  /// uninitialized. The caller has checked bounds.
  bool read(unsigned id, int64_t off, unsigned n, uint64_t &out) const;
  /// Writes `n` bytes (little-endian) at byte offset `off`; `initialized`
  /// false stores an uninitialized value.
  void write(unsigned id, int64_t off, unsigned n, uint64_t value,
             bool initialized);
  /// Copies `n` bytes between buffers, keeping initialization flags.
  void copyBytes(unsigned dst, int64_t dstOff, unsigned src, int64_t srcOff,
                 int64_t n);
  /// Marks every byte of a buffer initialized to zero
  /// ([input.memref.contents]).
  void zeroFill(unsigned id);

  /// Bytes of contents materialized so far (whole chunks, over all buffers).
  int64_t touchedBytes() const { return touched; }
  /// True once a write needed a chunk beyond kMaxTouchedBytes: that write
  /// and every later one that needs a new chunk were dropped, so the run
  /// must stop before anything reads them ([buffer.contents.lazy]).
  bool exhausted() const { return outOfContents; }

private:
  /// The chunk holding byte `off` of `b`, created if `create` (null if
  /// absent, or if creating it would pass kMaxTouchedBytes).
  Chunk *chunkAt(Buffer &b, int64_t off, bool create);
  /// Writes `len` bytes inside one chunk: `values` (null: zeros) with
  /// `initialized` flags.
  void writeInChunk(Buffer &b, int64_t off, int64_t len, const uint8_t *values,
                    bool initialized);

  bool reuse;
  int64_t touched = 0;
  bool outOfContents = false;
  int64_t nextFresh = 0x10000;
  std::vector<Buffer> buffers;
  std::vector<int64_t> freedHeapAddresses; ///< LIFO
};

/// Largest buffer the interpreter creates (1 TiB); beyond it a run is UNKNOWN
/// ([op.memref.alloc]). Contents are lazy, so only kMaxTouchedBytes of all
/// buffers' bytes can be written.
constexpr int64_t kMaxBufferBytes = int64_t(1) << 40;
/// Most bytes of contents one run materializes (256 MiB,
/// [buffer.contents.lazy]).
constexpr int64_t kMaxTouchedBytes = int64_t(1) << 28;

} // namespace dealloc

#endif // DEALLOC_SEMANTICS_HEAP_H

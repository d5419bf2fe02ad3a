//===- Value.h - Run-time values of the reference semantics -----*- C++ -*-===//
//
// A run-time value is a scalar (integer/index as an APInt, float as a double),
// a memref value (an LLVM memref descriptor naming its buffer), a vector
// (its lanes, [op.vector.values]; also a complex number, the vector of its
// two parts, [op.complex.values]), or the
// "uninitialized" value read from never-written memory (spec/buffers.md,
// [buffer.contents.uninit]; spec/operations.md, [op.uninit.control]).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SEMANTICS_VALUE_H
#define DEALLOC_SEMANTICS_VALUE_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <string>
#include <vector>

namespace dealloc {

/// A memref value: the fields of the LLVM memref descriptor plus the identity
/// of the buffer it views ([view.descriptor]). The allocated pointer of the
/// descriptor is the buffer's base address and is not stored here.
struct MemRefDesc {
  unsigned buffer = 0; ///< buffer id (1-based, per run)
  int64_t aligned = 0; ///< aligned address, in bytes
  int64_t offset = 0;  ///< in elements
  llvm::SmallVector<int64_t, 4> sizes;
  llvm::SmallVector<int64_t, 4> strides; ///< in elements
};

/// One run-time value.
struct RtValue {
  enum Kind : uint8_t { Int, Float, MemRef, Uninit, Vector };
  Kind kind = Uninit;
  llvm::APInt i;  ///< Int: the value, width = the type's width (index: 64)
  double f = 0.0; ///< Float
  MemRefDesc m;   ///< MemRef
  /// Vector: the lanes in row-major order, each a scalar (Int, Float) or
  /// Uninit ([op.vector.values]).
  std::vector<RtValue> lanes;

  static RtValue makeInt(llvm::APInt v) {
    RtValue r;
    r.kind = Int;
    r.i = std::move(v);
    return r;
  }
  static RtValue makeInt(unsigned width, int64_t v) {
    return makeInt(llvm::APInt(width, static_cast<uint64_t>(v),
                               /*isSigned=*/true,
                               /*implicitTrunc=*/true));
  }
  static RtValue makeBool(bool b) { return makeInt(llvm::APInt(1, b ? 1 : 0)); }
  static RtValue makeFloat(double v) {
    RtValue r;
    r.kind = Float;
    r.f = v;
    return r;
  }
  static RtValue makeMemRef(MemRefDesc d) {
    RtValue r;
    r.kind = MemRef;
    r.m = std::move(d);
    return r;
  }
  static RtValue uninit() { return RtValue(); }
  /// [op.complex.values]: a complex number, its real part first.
  static RtValue makeComplex(double re, double im) {
    RtValue r;
    r.kind = Vector;
    r.lanes = {makeFloat(re), makeFloat(im)};
    return r;
  }
  static RtValue makeVector(std::vector<RtValue> lanes) {
    RtValue r;
    r.kind = Vector;
    r.lanes = std::move(lanes);
    return r;
  }

  bool isUninit() const { return kind == Uninit; }
  /// Truth of an i1 value (caller checks kind == Int first).
  bool isTrue() const { return !i.isZero(); }
};

/// Width in bits of an integer-like type (index: 64); 0 if not integer-like.
unsigned intWidth(mlir::Type t);

/// Storage size in bytes of a supported element type (i1 takes one byte, as in
/// the LLVM lowering; complex<f32> eight); 0 if the type is not a supported
/// element type.
unsigned elementBytes(mlir::Type t);

/// True iff `t` is a scalar type the semantics models: signless integers up to
/// 64 bits, index, f16, bf16, f32, f64.
bool isSupportedScalar(mlir::Type t);

/// [op.complex.values] True iff `t` is complex<f32>: a value of two f32
/// parts, an element of 8 bytes (the real part first).
bool isModelledComplex(mlir::Type t);

/// The type of the parts of a modelled complex type, null for other types.
mlir::Type complexPartType(mlir::Type t);

/// True iff `t` is a type a memref element can have: a supported scalar or
/// a modelled complex type.
bool isSupportedElement(mlir::Type t);

/// True iff `t` is a memref type the semantics models: ranked, supported
/// element type, identity or strided layout.
bool isSupportedMemRef(mlir::Type t);

/// Rounds a double to the precision of float type `t` (f32/f16/bf16).
double roundToFloatType(mlir::Type t, double v);

} // namespace dealloc

#endif // DEALLOC_SEMANTICS_VALUE_H

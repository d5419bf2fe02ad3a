//===- LowerDeallocations.h - Shared by the two dealloc lowerings -*- C++
//-*-===//
//
// --reference-lower-deallocations has two forms of the same definition
// (spec/bufferization-dealloc.md, [own.pipeline], [own.pipeline.helper]):
// inline IR (LowerDeallocations.cpp), and for large ops a call to a helper
// function that evaluates it with loops (DeallocHelper.cpp). Both identify a
// buffer by the aligned pointer of the value an operand views.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_OWNERSHIP_LOWERDEALLOCATIONS_H
#define DEALLOC_OWNERSHIP_LOWERDEALLOCATIONS_H

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace dealloc {

/// The aligned pointer that stands for the buffer a memref value views, built
/// before a dealloc op: looks through views (a memref.view advances the
/// aligned pointer, [dev.dealloc.lower.view-pointer]), base-buffer
/// extractions and selects where the IR shows the source. One pointer per
/// distinct value, so a value compared with itself folds to `true`.
class BufferPointers {
public:
  BufferPointers(mlir::OpBuilder &b, mlir::Location loc) : b(b), loc(loc) {}
  mlir::Value get(mlir::Value memref);

private:
  mlir::OpBuilder &b;
  mlir::Location loc;
  llvm::DenseMap<mlir::Value, mlir::Value> cache;
};

/// Adds to `symbolTableOp` (a module) a private function that evaluates
/// [dealloc.free.condition], [dealloc.free.once], [dealloc.retain] and
/// [dealloc.results] over arrays of pointers and conditions
/// ([own.pipeline.helper]); its name is made unique in the symbol table.
mlir::func::FuncOp createDeallocHelper(mlir::Operation *symbolTableOp,
                                       mlir::Location loc);

/// Replaces `op` by a call to `helper` on heap arrays of its pointers and
/// conditions, followed by the frees it decided and its results.
void lowerDeallocThroughHelper(mlir::bufferization::DeallocOp op,
                               mlir::func::FuncOp helper);

} // namespace dealloc

#endif // DEALLOC_OWNERSHIP_LOWERDEALLOCATIONS_H

//===- ReadOnlyArguments.h - Arguments whose sharing cannot matter -*- C++
//-*-===//
//
// docs/verifier-design.md [verify.encoding.args.readonly]: which memref
// arguments of an entry function are only read, so that which other
// read-only arguments share their buffer cannot change a run.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_VERIFY_READONLYARGUMENTS_H
#define DEALLOC_VERIFY_READONLYARGUMENTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/BitVector.h"

namespace dealloc::verify {

/// Bit i is set if argument i of `fn` is a memref whose every use (and every
/// use of a view made from it, transitively) reads its contents or its shape
/// and nothing else: no write, no free, no address, no call, no terminator,
/// no op outside the op table. Unsure is "not read-only". With `other` (the
/// second version of --equiv, which takes the same inputs), an argument is
/// read-only only if it is in both functions.
llvm::BitVector readOnlyArguments(mlir::func::FuncOp fn,
                                  mlir::func::FuncOp other = nullptr);

} // namespace dealloc::verify

#endif // DEALLOC_VERIFY_READONLYARGUMENTS_H

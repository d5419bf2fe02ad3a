//===- LinalgOps.cpp - linalg structured ops on memrefs -------------------===//
//
// spec/operations.md: [op.linalg.structured], [op.linalg.domain],
// [op.linalg.order], [op.linalg.index], [op.linalg.uses]. Every op that
// implements the LinalgOp interface on memrefs (linalg.generic and the named
// ops: fill, copy, map, reduce, transpose, broadcast, matmul, ...) runs as
// its loop nest: the iteration domain comes from the operands' run-time sizes
// through the interface's shapes-to-loops map; at each point (in
// lexicographic order) the body runs on the elements the indexing maps
// select, and the yielded values are stored through the output maps.
// Element accesses go through Machine::elementOffset ([safety.oob]).
//
//===----------------------------------------------------------------------===//
#include "Machine.h"
#include "dealloc/Support/IterationSpace.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;

namespace dealloc {

/// Why `op` (a LinalgOp) cannot be executed, or empty if it can. Shared with
/// the support scan ([op.unsupported]).
std::string linalgUnsupportedReason(Operation *op) {
  auto lop = dyn_cast<linalg::LinalgOp>(op);
  if (!lop)
    return "not a linalg structured op";
  if (!lop.hasPureBufferSemantics())
    return "linalg op on tensors (bufferize first)";
  if (op->getNumRegions() != 1 || op->getRegion(0).empty() ||
      !llvm::hasSingleElement(op->getRegion(0)))
    return "linalg op without a single-block body";
  if (!lop.getShapesToLoopsMap())
    return "indexing maps do not determine the iteration domain from the "
           "operand sizes (shapes-to-loops map not invertible)";
  for (AffineMap map : lop.getIndexingMapsArray())
    if (map.getNumSymbols() != 0)
      return "indexing map with symbols";
  return "";
}

namespace {

/// Runs one LinalgOp; see the file comment.
class LinalgRun {
public:
  LinalgRun(Machine &m, Frame &f, linalg::LinalgOp op) : m(m), f(f), op(op) {}

  bool run();

private:
  Machine &m;
  Frame &f;
  linalg::LinalgOp op;
  SmallVector<int64_t, 4> ranges;

  bool computeDomain();
  bool runPoint(ArrayRef<int64_t> point);
  /// Byte offset of the element `map(point)` of memref operand `v`.
  bool offsetAt(Value v, AffineMap map, ArrayRef<int64_t> point,
                int64_t &byteOff);
};

bool LinalgRun::computeDomain() {
  // The flat list of operand sizes, in operand order (scalars have none).
  SmallVector<int64_t, 8> dims;
  for (OpOperand &o : op->getOpOperands()) {
    if (!isa<MemRefType>(o.get().getType()))
      continue;
    const MemRefDesc &d = m.lookup(f, o.get()).m;
    dims.append(d.sizes.begin(), d.sizes.end());
  }
  AffineMap shapesToLoops = op.getShapesToLoopsMap();
  if (shapesToLoops.getNumDims() != dims.size())
    return m.unsupported(op.getOperation(),
                         "operand ranks do not match the indexing maps");
  if (!evalAffineMap(shapesToLoops, dims, {}, ranges))
    return m.unknown(StopKind::LinalgDomain,
                     "linalg iteration domain divides by a non-positive value "
                     "(undefined behaviour)",
                     op->getLoc());
  // [op.linalg.domain]: every operand dimension indexed by a loop alone must
  // have that loop's size; a mismatch is undefined behaviour.
  for (OpOperand &o : op->getOpOperands()) {
    if (!isa<MemRefType>(o.get().getType()))
      continue;
    const MemRefDesc &d = m.lookup(f, o.get()).m;
    AffineMap map = op.getMatchingIndexingMap(&o);
    for (auto [k, e] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(e);
      if (!dim || d.sizes[k] == ranges[dim.getPosition()])
        continue;
      return m.unknown(
          StopKind::LinalgDomain,
          "linalg operand " + std::to_string(o.getOperandNumber()) +
              " has size " + std::to_string(d.sizes[k]) + " in dimension " +
              std::to_string(k) + " where the iteration domain has " +
              std::to_string(ranges[dim.getPosition()]) +
              " (undefined behaviour, [op.linalg.domain])",
          op->getLoc());
    }
  }
  return true;
}

bool LinalgRun::offsetAt(Value v, AffineMap map, ArrayRef<int64_t> point,
                         int64_t &byteOff) {
  SmallVector<int64_t, 4> idx;
  if (!evalAffineMap(map, point, {}, idx))
    return m.unknown(StopKind::LinalgDomain,
                     "linalg indexing map divides by a non-positive value "
                     "(undefined behaviour)",
                     op->getLoc());
  return m.elementOffset(m.lookup(f, v).m, cast<MemRefType>(v.getType()), idx,
                         op.getOperation(), byteOff);
}

bool LinalgRun::runPoint(ArrayRef<int64_t> point) {
  // Block arguments: the selected elements of inputs and outputs, in operand
  // order; scalar operands are passed as they are.
  SmallVector<RtValue, 4> args;
  for (OpOperand *o : op.getOpOperandsMatchingBBargs()) {
    Value v = o->get();
    auto mt = dyn_cast<MemRefType>(v.getType());
    if (!mt) {
      args.push_back(m.lookup(f, v));
      continue;
    }
    int64_t off;
    if (!offsetAt(v, op.getMatchingIndexingMap(o), point, off))
      return false;
    args.push_back(
        m.loadScalar(m.lookup(f, v).m.buffer, off, mt.getElementType()));
  }
  RegionExit exit;
  m.enterLinalgPoint(point);
  bool ok = m.execRegion(op->getRegion(0), args, f, exit);
  m.leaveLinalgPoint();
  if (!ok)
    return false;
  if (!isa<linalg::YieldOp>(exit.terminator) ||
      exit.values.size() != op.getDpsInits().size())
    return m.unsupported(op.getOperation(),
                         "body does not end with a linalg.yield of one "
                         "value per output");
  for (auto [o, val] : llvm::zip(op.getDpsInitsMutable(), exit.values)) {
    Value v = o.get();
    int64_t off;
    if (!offsetAt(v, op.getMatchingIndexingMap(&o), point, off))
      return false;
    m.storeScalar(m.lookup(f, v).m.buffer, off,
                  cast<MemRefType>(v.getType()).getElementType(), val);
  }
  return true;
}

bool LinalgRun::run() {
  std::string why = linalgUnsupportedReason(op);
  if (!why.empty())
    return m.unsupported(op.getOperation(), why);
  if (!computeDomain())
    return false;
  for (int64_t r : ranges)
    if (r <= 0)
      return true; // empty domain: nothing runs ([op.linalg.domain])
  // [op.linalg.order]: lexicographic order, the last loop fastest.
  return forEachPoint(ranges,
                      [&](ArrayRef<int64_t> point) { return runPoint(point); });
}

} // namespace

bool Machine::execLinalg(Operation *op, Frame &f) {
  // [op.linalg.index]
  if (auto idx = dyn_cast<linalg::IndexOp>(op)) {
    uint64_t d = idx.getDim();
    if (linalgPoints.empty() || d >= linalgPoints.back().size())
      return unsupported(op, "linalg.index outside a linalg op's body");
    bind(f, idx, RtValue::makeInt(64, linalgPoints.back()[d]));
    return true;
  }
  if (auto lop = dyn_cast<linalg::LinalgOp>(op))
    return LinalgRun(*this, f, lop).run();
  return notRun(op);
}

} // namespace dealloc

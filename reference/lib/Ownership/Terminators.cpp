//===- Terminators.cpp - Deallocs before terminators (spec/ownership.md) --===//
#include "ReferenceDeallocation.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace dealloc;

/// [own.dealloc.list] The memrefs a block may have to free at its end: its
/// live-in memrefs, its memref arguments (except a function's), and the
/// memrefs its ops allocate or receive with ownership, in that order; each as
/// its base buffer, with its indicator as condition. Those whose indicator is
/// `false` free nothing and add to no result ([dealloc.free.condition],
/// [dealloc.results]), so they are left out:
///
///   list [%a (indicator %c), %u : memref<*xf32> (%true), %g (%false)]
///   =>  %base_a, ... = memref.extract_strided_metadata %a
///       %r = memref.reinterpret_cast %u to offset: [0], sizes: [], strides: []
///       %base_u, ... = memref.extract_strided_metadata %r
///       bases (%base_a, %base_u), conditions (%c, %true)
static LogicalResult collectDeallocList(DeallocationState &state, OpBuilder &b,
                                        Block *block,
                                        SmallVectorImpl<Value> &bases,
                                        SmallVectorImpl<Value> &conditions) {
  for (Value memref : state.getDeallocList(block)) {
    Ownership own = state.getOwnership(memref, block);
    if (!own.isUnique())
      return emitError(memref.getLoc(),
                       "MemRef value does not have valid ownership");
    if (isNeverOwned(own))
      continue;
    Location loc = memref.getLoc();
    Value ranked = memref;
    if (isa<UnrankedMemRefType>(memref.getType()))
      ranked = memref::ReinterpretCastOp::create(
          b, loc, memref, b.getIndexAttr(0), {}, ArrayRef<OpFoldResult>{});
    bases.push_back(memref::ExtractStridedMetadataOp::create(b, loc, ranked)
                        .getBaseBuffer());
    conditions.push_back(own.getIndicator());
  }
  return success();
}

/// [own.retain] Creates `bufferization.dealloc (bases) if (conds) retain
/// (retained)` and returns its updated conditions. With an empty list nothing
/// is created and every updated condition is `false` ([dealloc.empty]).
static SmallVector<Value> createDealloc(DeallocationState &state, OpBuilder &b,
                                        Location loc, ValueRange bases,
                                        ValueRange conds, ValueRange retained) {
  if (bases.empty())
    return SmallVector<Value>(retained.size(), state.getBool(false));
  auto dealloc =
      bufferization::DeallocOp::create(b, loc, bases, conds, retained);
  return SmallVector<Value>(dealloc.getUpdatedConditions());
}

/// [own.retain] After the dealloc, a retained value is owned by the block iff
/// its updated condition is true ([dealloc.results]). One never owned keeps
/// `false`: no list member can view its buffer (an argument, stack, global or
/// captured buffer, or a manual allocation).
static void updateRetainedOwnership(DeallocationState &state, Block *block,
                                    ValueRange retained, ValueRange updated) {
  for (auto [value, cond] : llvm::zip(retained, updated))
    if (!isNeverOwned(state.getOwnership(value, block)))
      state.setOwnership(value, Ownership::unique(cond), block);
}

/// [own.retain.return] A return-like terminator (scf.yield, func.return, ...)
/// ends with one dealloc that frees the dealloc list and retains the memrefs
/// it passes on; except at the function boundary, their updated conditions
/// travel with them as extra `i1` operands:
///
///   scf.yield %a       =>  %base = memref.extract_strided_metadata %a
///                          %o = bufferization.dealloc (%base) if (%true)
///                                 retain (%a)
///                          scf.yield %a, %o
/// [own.boundary.abi] At a return of a function without dynamic ownership each
/// memref result is first made owned ([own.boundary.owned]) and distinct from
/// the others ([own.boundary.distinct]); no indicator is returned.
LogicalResult ReferenceDeallocation::handleReturnLike(Operation *op) {
  Operation *parent = op->getParentOp();
  bool boundary = parent == func.getOperation() && !hasDynamicOwnership(parent);
  OpBuilder b(op);
  if (boundary) {
    for (OpOperand &operand : op->getOpOperands())
      if (isMemref(operand.get()))
        operand.set(materializeOwned(b, operand.get()));
    makeResultsDistinct(b, op);
  }
  MutableOperandRange forwarded =
      cast<RegionBranchTerminatorOpInterface>(op).getMutableSuccessorOperands(
          RegionSuccessor(parent, parent->getResults()));
  SmallVector<Value> retained = memrefsOf(OperandRange(forwarded));
  SmallVector<Value> bases, conds;
  if (failed(collectDeallocList(state, b, op->getBlock(), bases, conds)))
    return failure();
  SmallVector<Value> updated =
      createDealloc(state, b, op->getLoc(), bases, conds, retained);
  updateRetainedOwnership(state, op->getBlock(), retained, updated);
  if (!boundary)
    forwarded.append(updated);
  return success();
}

using LiveOnEdges = llvm::MapVector<Value, std::array<Value, 2>>;

/// [own.retain.branch] A branch ends its block with one dealloc per successor
/// that retains the memrefs passed to it and those live at its start; the
/// updated conditions of the passed ones are appended ([own.block.args]):
///
///   cf.br ^bb1(%a : memref<2xf32>)
///   =>  %o = bufferization.dealloc (%base_a) if (%true) retain (%a)
///       cf.br ^bb1(%a, %o : memref<2xf32>, i1)
/// Records in `live[v][successor]` the updated condition of each value `v`
/// live into the successor.
static void deallocOnEdge(DeallocationState &state, OpBuilder &b,
                          BranchOpInterface op, unsigned successor,
                          ValueRange bases, ValueRange conds,
                          LiveOnEdges &live) {
  SuccessorOperands operands = op.getSuccessorOperands(successor);
  SmallVector<Value> retained = memrefsOf(operands.getForwardedOperands());
  unsigned numForwarded = retained.size();
  llvm::append_range(retained, state.getLiveIn(op->getSuccessor(successor)));
  SmallVector<Value> updated =
      createDealloc(state, b, op.getLoc(), bases, conds, retained);
  operands.append(ArrayRef<Value>(updated).take_front(numForwarded));
  for (auto [value, cond] :
       llvm::drop_begin(llvm::zip(retained, updated), numForwarded))
    live[value][successor] = cond;
}

/// [own.branch.cond] `cf.cond_br %c` has two successors (the other branches
/// with several are rejected, [limit.successors]); the conditions of the two
/// deallocs are conjoined with the edge taken (`%c`, resp. `not %c`), so at
/// most one of them frees anything:
///
///   cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb2
///   =>  %o = bufferization.dealloc (%base_a) if (%c) retain (%a)
///       %nc = arith.xori %c, %true
///       bufferization.dealloc (%base_a) if (%nc)
///       cf.cond_br %c, ^bb1(%a, %o : memref<2xf32>, i1), ^bb2
/// A value live into a successor gets the ownership `arith.select %c, <result
/// on the true edge or false>, <on the false edge or false>` ([own.live.in]).
LogicalResult ReferenceDeallocation::handleBranch(BranchOpInterface op) {
  OpBuilder b(op);
  Block *block = op->getBlock();
  Location loc = op.getLoc();
  SmallVector<Value> bases, conds;
  if (failed(collectDeallocList(state, b, block, bases, conds)))
    return failure();
  auto condBr = dyn_cast<cf::CondBranchOp>(op.getOperation());
  LiveOnEdges live;
  for (unsigned i = 0; i < op->getNumSuccessors(); ++i) {
    SmallVector<Value> edgeConds(conds);
    if (condBr && !conds.empty()) {
      Value taken = condBr.getCondition();
      if (i == 1)
        taken = arith::XOrIOp::create(b, loc, taken, state.getBool(true));
      for (Value &cond : edgeConds)
        cond = isConstant(cond, true) ? taken
               : isConstant(taken, true)
                   ? cond
                   : arith::AndIOp::create(b, loc, cond, taken);
    }
    deallocOnEdge(state, b, op, i, bases, edgeConds, live);
  }
  // The ownership after the branch of each value live into a successor (one
  // whose ownership is the constant `false` keeps it).
  for (auto &[value, onEdge] : live) {
    if (isNeverOwned(state.getOwnership(value, block)))
      continue;
    Value cond = onEdge[0] ? onEdge[0] : state.getBool(false);
    Value other = condBr && !onEdge[1] ? state.getBool(false) : onEdge[1];
    if (condBr && other != cond)
      cond =
          arith::SelectOp::create(b, loc, condBr.getCondition(), cond, other);
    state.setOwnership(value, Ownership::unique(cond), block);
  }
  return success();
}

/// [own.region.opaque] The terminator of a region of an op without the
/// region-branch interface (one region, no results, e.g. linalg.generic)
/// passes no memref on: the block frees all it owns.
///
///   linalg.yield %x : f32   =>   bufferization.dealloc (%base_a) if (%true)
///                                linalg.yield %x : f32
LogicalResult ReferenceDeallocation::handleOpaqueTerminator(Operation *op) {
  OpBuilder b(op);
  SmallVector<Value> bases, conds;
  if (failed(collectDeallocList(state, b, op->getBlock(), bases, conds)))
    return failure();
  createDealloc(state, b, op->getLoc(), bases, conds, {});
  return success();
}

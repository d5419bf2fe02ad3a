//===- OpTableTest.cpp - The op table against both dispatchers ------------===//
//
// OpTable.def is the one list of modelled ops ([op.unsupported]). These
// tests fail when a dispatcher (dealloc-run's Machine, dealloc-verify's
// Encoder) takes an op outside the table or misses one in it, when a row
// names no op of MLIR, when corpus/operations/all-ops.mlir lacks a row, and
// when a row's effects disagree with the op's MemoryEffectOpInterface.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Support/OpTable.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Verify/Verify.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"
#include <set>

using namespace mlir;
using namespace dealloc;

namespace {

struct OpTableTest : ::testing::Test {
  MLIRContext ctx;
  OpTableTest() {
    registerDialects(ctx);
    ctx.loadDialect<func::FuncDialect, cf::ControlFlowDialect, scf::SCFDialect,
                    arith::ArithDialect, memref::MemRefDialect,
                    bufferization::BufferizationDialect, linalg::LinalgDialect,
                    affine::AffineDialect, tensor::TensorDialect,
                    math::MathDialect, vector::VectorDialect, ub::UBDialect>();
  }
  OwningOpRef<ModuleOp> allOps() {
    std::string path =
        std::string(DEALLOC_SOURCE_DIR) + "/corpus/operations/all-ops.mlir";
    return parseSourceFile<ModuleOp>(path, &ctx);
  }
};

std::string names(const std::set<std::string> &s) {
  std::string out;
  for (const std::string &n : s)
    out += " " + n;
  return out;
}

} // namespace

TEST_F(OpTableTest, EveryRowNamesAnOpOfMlir) {
  std::set<std::string> unknown;
  for (const OpInfo &info : modelledOps())
    if (info.id != OpId::LinalgStructured &&
        !RegisteredOperationName::lookup(info.name, &ctx))
      unknown.insert(info.name.str());
  EXPECT_TRUE(unknown.empty())
      << "rows naming no registered op:" << names(unknown);
}

// Both dispatchers' entry predicates over a bare instance of every
// registered op of the loaded dialects: exactly the table's non-terminators.
TEST_F(OpTableTest, DispatchersTakeExactlyTheTable) {
  std::set<std::string> run, verify;
  unsigned seen = 0;
  for (RegisteredOperationName name : ctx.getRegisteredOperations()) {
    OperationState state(UnknownLoc::get(&ctx), name);
    Operation *op = Operation::create(state);
    const OpInfo *info = lookupOp(op);
    bool expected = info && !info->terminator;
    seen += expected;
    if (interpreterDispatches(op) != expected)
      run.insert(name.getStringRef().str());
    if (verify::encoderDispatches(op) != expected)
      verify.insert(name.getStringRef().str());
    op->destroy();
  }
  EXPECT_TRUE(run.empty()) << "dealloc-run disagrees with the table on:"
                           << names(run);
  EXPECT_TRUE(verify.empty())
      << "dealloc-verify disagrees with the table on:" << names(verify);
  // Every named non-terminator row, plus the structured linalg ops.
  EXPECT_GT(seen, 80u);
}

TEST_F(OpTableTest, AllOpsProgramHoldsEveryRow) {
  OwningOpRef<ModuleOp> module = allOps();
  ASSERT_TRUE(module);
  std::set<OpId> present;
  std::set<std::string> outside;
  module->walk([&](Operation *op) {
    if (isa<ModuleOp, func::FuncOp, memref::GlobalOp>(op))
      return;
    if (const OpInfo *info = lookupOp(op))
      present.insert(info->id);
    else
      outside.insert(op->getName().getStringRef().str());
  });
  std::set<std::string> missing;
  for (const OpInfo &info : modelledOps())
    if (!present.count(info.id))
      missing.insert(info.name.str());
  EXPECT_TRUE(missing.empty()) << "rows all-ops.mlir lacks:" << names(missing);
  EXPECT_TRUE(outside.empty()) << "ops outside the table:" << names(outside);
}

// Neither dispatcher misses a row: both run all-ops.mlir to the end.
TEST_F(OpTableTest, BothToolsRunEveryRow) {
  OwningOpRef<ModuleOp> module = allOps();
  ASSERT_TRUE(module);
  auto fn = module->lookupSymbol<func::FuncOp>("all_ops");
  ASSERT_TRUE(fn);
  EXPECT_FALSE(findUnsupported(*module, fn).has_value());
  RunResult run = runFunction(*module, fn, Input(), RunOptions());
  EXPECT_EQ(run.verdict, Verdict::Safe) << run.message;
  verify::FunctionResult v =
      verify::verifyFunction(*module, fn, verify::VerifyOptions());
  EXPECT_EQ(v.verdict, Verdict::Safe) << v.reason;
}

// A row's Allocates / Frees / Reads / Writes are what the op itself says
// (MemoryEffectOpInterface) on its memrefs; ops that say nothing are left
// to the table.
TEST_F(OpTableTest, EffectsAgreeWithTheOps) {
  OwningOpRef<ModuleOp> module = allOps();
  ASSERT_TRUE(module);
  std::set<std::string> wrong;
  module->walk([&](Operation *op) {
    const OpInfo *info = lookupOp(op);
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!info || !iface || info->id == OpId::LinalgStructured)
      return;
    SmallVector<MemoryEffects::EffectInstance, 4> effects;
    iface.getEffects(effects);
    unsigned said = 0;
    for (auto &e : effects) {
      Value v = e.getValue();
      if (!v || !isa<BaseMemRefType>(v.getType()))
        continue;
      bool operand = llvm::is_contained(op->getOperands(), v);
      if (isa<MemoryEffects::Allocate>(e.getEffect()))
        said |= op_effect::Allocates;
      else if (isa<MemoryEffects::Free>(e.getEffect()))
        said |= op_effect::Frees;
      else if (isa<MemoryEffects::Read>(e.getEffect()) && operand)
        said |= op_effect::Reads;
      else if (isa<MemoryEffects::Write>(e.getEffect()) && operand)
        said |= op_effect::Writes;
    }
    unsigned table = info->effects & ~op_effect::Views;
    if (said != table)
      wrong.insert(info->name.str() + "(table " + std::to_string(table) +
                   ", op " + std::to_string(said) + ")");
  });
  EXPECT_TRUE(wrong.empty()) << "effects differ:" << names(wrong);
}

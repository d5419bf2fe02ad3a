//===- EncoderTest.cpp - Encoder internals: unbound SSA values ------------===//
//
// spec/verification.md [verify.unsupported]: a value the encoding did not
// define may only be used where no run reaches the use; otherwise the answer
// is UNKNOWN naming the op and its location. No valid program reaches this
// through the op encoders (every encoded op binds its results), so the
// mechanism is tested directly.
//
//===----------------------------------------------------------------------===//
#include "Encoder/Encoder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace dealloc;
using namespace dealloc::verify;

namespace {
struct EncoderFixture : ::testing::Test {
  mlir::MLIRContext mctx;
  smt::Context ctx;
  VerifyOptions opts;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp fn;
  EncoderFixture() {
    mctx.loadDialect<mlir::func::FuncDialect, mlir::arith::ArithDialect,
                     mlir::memref::MemRefDialect>();
    module = mlir::parseSourceString<mlir::ModuleOp>(R"mlir(
      func.func @f(%x: i32) -> i32 {
        %y = arith.addi %x, %x : i32
        return %y : i32
      })mlir",
                                                     &mctx);
    fn = *module->getOps<mlir::func::FuncOp>().begin();
  }
  /// `%y` (never encoded) used by the return under `guard`.
  std::unique_ptr<Encoder> useUnbound(Expr guard) {
    auto E = std::make_unique<Encoder>(ctx, *module, opts);
    mlir::Operation *ret = fn.getBody().front().getTerminator();
    E->env().setCurrent(ret, guard);
    E->getBV(ret->getOperand(0));
    return E;
  }
};
} // namespace

TEST_F(EncoderFixture, ReachableUnboundUseIsUnknownNamingTheOp) {
  auto E = useUnbound(ctx.freshBool("g"));
  ASSERT_EQ(E->env().unboundUses().size(), 1u);
  EXPECT_FALSE(E->checkUnboundUses());
  ASSERT_TRUE(E->failure().has_value());
  EXPECT_EQ(E->failure()->verdict, Verdict::Unknown);
  EXPECT_NE(E->failure()->reason.find("'func.return' uses result #0 of "
                                      "'arith.addi'"),
            std::string::npos)
      << E->failure()->reason;
  EXPECT_EQ(E->failure()->loc, fn.getBody().front().getTerminator()->getLoc());
}

TEST_F(EncoderFixture, UnboundUseUnderLiterallyFalseGuardIsAccepted) {
  auto E = useUnbound(ctx.boolVal(false));
  EXPECT_TRUE(E->checkUnboundUses());
  EXPECT_FALSE(E->failure().has_value());
}

TEST_F(EncoderFixture, UnboundUseUnderProvablyFalseGuardIsAccepted) {
  // g and not g, through a definition the solver must use.
  Expr g = ctx.freshBool("g"), h = ctx.freshBool("h");
  auto E = useUnbound(ctx.mkAnd(g, h));
  E->heap.assume(ctx.mkEq(h, ctx.mkNot(g)));
  EXPECT_TRUE(E->checkUnboundUses());
  EXPECT_FALSE(E->failure().has_value());
}

TEST_F(EncoderFixture, EveryUseOfAnUnboundValueIsRecorded) {
  auto E = useUnbound(ctx.boolVal(false));
  mlir::Operation *ret = fn.getBody().front().getTerminator();
  E->env().setCurrent(ret, ctx.boolVal(true));
  E->getBV(ret->getOperand(0));
  EXPECT_EQ(E->env().unboundUses().size(), 2u);
  EXPECT_FALSE(E->checkUnboundUses());
}

//===- VerifyFunctionTest.cpp - Safety and equivalence queries ------------===//
#include "dealloc/Verify/Equivalence.h"
#include "dealloc/Verify/Verify.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace dealloc;
using namespace dealloc::verify;

namespace {
struct VerifyFixture : ::testing::Test {
  mlir::MLIRContext ctx;
  VerifyFixture() {
    ctx.loadDialect<mlir::func::FuncDialect, mlir::arith::ArithDialect,
                    mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                    mlir::bufferization::BufferizationDialect>();
  }
  mlir::OwningOpRef<mlir::ModuleOp> parse(const char *text) {
    return mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  }
  FunctionResult verify(const char *text) {
    auto m = parse(text);
    EXPECT_TRUE(m);
    auto fn = *m->getOps<mlir::func::FuncOp>().begin();
    return verifyFunction(*m, fn, VerifyOptions());
  }
};
} // namespace

TEST_F(VerifyFixture, AliasingOperandsFreeOnceIfAnyConditionHolds) {
  auto r = verify(R"mlir(
    func.func @f(%c: i1) {
      %f = arith.constant false
      %a = memref.alloc() : memref<4xf32>
      %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
      bufferization.dealloc (%a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>) if (%f, %c)
      %t = arith.constant true
      %k = arith.xori %c, %t : i1
      scf.if %k {
        memref.dealloc %a : memref<4xf32>
      }
      return
    })mlir");
  EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
}

TEST_F(VerifyFixture, LeakComesWithAReplayedInput) {
  auto r = verify(R"mlir(
    func.func @f(%n: index) {
      %a = memref.alloc() : memref<2xf32>
      %c3 = arith.constant 3 : index
      %ok = arith.cmpi ne, %n, %c3 : index
      scf.if %ok {
        memref.dealloc %a : memref<2xf32>
      }
      return
    })mlir");
  EXPECT_EQ(r.verdict, Verdict::Leak) << r.reason;
  EXPECT_EQ(r.input, "3");
  ASSERT_FALSE(r.trace.empty());
  EXPECT_NE(r.trace.back().find("replayed by dealloc-run: LEAK"),
            std::string::npos);
}

TEST_F(VerifyFixture, InputDependentLoopIsBounded) {
  auto r = verify(R"mlir(
    func.func @f(%n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %n step %c1 {
        %a = memref.alloc() : memref<2xf32>
        memref.dealloc %a : memref<2xf32>
      }
      return
    })mlir");
  EXPECT_EQ(r.verdict, Verdict::Unknown);
  EXPECT_EQ(r.bound, std::optional<unsigned>(4));
}

TEST_F(VerifyFixture, EquivalenceSeesAMovedFree) {
  auto a = parse(R"mlir(
    func.func @f() {
      %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
      memref.dealloc %a : memref<2xf32>
      %b = memref.alloc() {dealloc.site = 1} : memref<2xf32>
      memref.dealloc %b : memref<2xf32>
      return
    })mlir");
  auto b = parse(R"mlir(
    func.func @f() {
      %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
      %b = memref.alloc() {dealloc.site = 1} : memref<2xf32>
      memref.dealloc %a : memref<2xf32>
      memref.dealloc %b : memref<2xf32>
      return
    })mlir");
  EXPECT_EQ(checkEquivalence(*a, *a, "f", VerifyOptions()).verdict,
            EquivVerdict::Equivalent);
  EXPECT_EQ(checkEquivalence(*a, *b, "f", VerifyOptions()).verdict,
            EquivVerdict::Different);
}

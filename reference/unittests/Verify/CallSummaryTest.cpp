//===- CallSummaryTest.cpp - Calls of public functions by their contract --===//
//
// spec/verification.md [verify.encoding.calls.summary]: which calls a
// ModuleVerifier summarises, and that its verdicts are those of the exact
// check (verifyFunction inlines every call).
//
//===----------------------------------------------------------------------===//
#include "dealloc/Verify/Verify.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"
#include <map>

using namespace dealloc;
using namespace dealloc::verify;

namespace {
struct CallSummaryFixture : ::testing::Test {
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  CallSummaryFixture() {
    ctx.loadDialect<mlir::func::FuncDialect, mlir::arith::ArithDialect,
                    mlir::memref::MemRefDialect, mlir::scf::SCFDialect>();
  }
  /// Verdicts by function name: through one ModuleVerifier, and exact.
  std::map<std::string, FunctionResult> summarised, exact;
  VerifyOptions opts;
  void check(llvm::StringRef text) {
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
    ASSERT_TRUE(module);
    ModuleVerifier verifier(*module, opts);
    for (auto fn : module->getOps<mlir::func::FuncOp>()) {
      if (!fn.isPublic() || fn.isDeclaration())
        continue;
      std::string name = fn.getSymName().str();
      summarised[name] = verifier.verify(fn);
      exact[name] = verifyFunction(*module, fn, opts);
      EXPECT_EQ(summarised[name].verdict, exact[name].verdict) << name;
      EXPECT_EQ(summarised[name].reason, exact[name].reason) << name;
      EXPECT_EQ(summarised[name].input, exact[name].input) << name;
      EXPECT_TRUE(exact[name].summarised.empty()) << name;
    }
  }
  /// check() on corpus/verification/calls-summary*.mlir, and which calls
  /// are summarised there.
  void checkCorpus();
  std::vector<std::string> names(std::initializer_list<const char *> xs) {
    return std::vector<std::string>(xs.begin(), xs.end());
  }
};

const char *kChain = R"mlir(
  func.func @top(%a: memref<4xf32>) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %a, %n : memref<4xf32> to memref<4xf32>
    %r = call @mid(%n) : (memref<4xf32>) -> memref<4xf32>
    memref.dealloc %n : memref<4xf32>
    return %r : memref<4xf32>
  }
  func.func @mid(%a: memref<4xf32>) -> memref<4xf32> {
    %r = call @helper(%a) : (memref<4xf32>) -> memref<4xf32>
    return %r : memref<4xf32>
  }
  func.func private @helper(%a: memref<4xf32>) -> memref<4xf32> {
    %r = call @leaf(%a) : (memref<4xf32>) -> memref<4xf32>
    return %r : memref<4xf32>
  }
  func.func @leaf(%a: memref<4xf32>) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %a, %n : memref<4xf32> to memref<4xf32>
    return %n : memref<4xf32>
  }
  func.func @twice(%c: i1) {
    %a = memref.alloc() : memref<4xf32>
    %r = call @leaf(%a) : (memref<4xf32>) -> memref<4xf32>
    memref.dealloc %r : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    scf.if %c {
      memref.dealloc %r : memref<4xf32>
    }
    return
  }
)mlir";
} // namespace

TEST_F(CallSummaryFixture, ChainIsSummarisedThroughPrivateCallees) {
  check(kChain);
  EXPECT_EQ(summarised["top"].verdict, Verdict::Safe);
  EXPECT_EQ(summarised["top"].summarised, names({"mid"}));
  // The private @helper has a contract of its own (its check summarised
  // @leaf), so @mid's call of it is summarised too.
  EXPECT_EQ(summarised["mid"].summarised, names({"helper"}));
  EXPECT_TRUE(summarised["leaf"].summarised.empty());
}

TEST_F(CallSummaryFixture, CallerViolationComesFromTheExactCheck) {
  check(kChain);
  EXPECT_EQ(summarised["twice"].verdict, Verdict::DoubleFree);
  EXPECT_EQ(summarised["twice"].input, "true");
  EXPECT_TRUE(summarised["twice"].summarised.empty());
}

TEST_F(CallSummaryFixture, NoContractWithoutSafeContractCheck) {
  check(R"mlir(
    func.func @frees(%m: memref<2xf32>) {
      memref.dealloc %m : memref<2xf32>
      return
    }
    func.func @zero_only(%m: memref<1xi32>) {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i32
      %v = memref.load %m[%c0] : memref<1xi32>
      %set = arith.cmpi ne, %v, %z : i32
      scf.if %set {
        %x = memref.alloc() : memref<2xf32>
      }
      return
    }
    func.func @caller() {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %m = memref.alloc() : memref<1xi32>
      memref.store %one, %m[%c0] : memref<1xi32>
      call @zero_only(%m) : (memref<1xi32>) -> ()
      memref.dealloc %m : memref<1xi32>
      return
    }
    func.func @frees_caller() {
      %a = memref.alloc() : memref<2xf32>
      call @frees(%a) : (memref<2xf32>) -> ()
      return
    }
  )mlir");
  EXPECT_EQ(summarised["frees"].verdict, Verdict::InvalidFree);
  EXPECT_EQ(summarised["frees_caller"].verdict, Verdict::InvalidFree);
  // SAFE for zero contents only: @caller stores 1 first.
  EXPECT_EQ(summarised["zero_only"].verdict, Verdict::Safe);
  EXPECT_EQ(summarised["caller"].verdict, Verdict::Leak);
  EXPECT_TRUE(summarised["caller"].summarised.empty());
}

// [verify.encoding.calls.recursive]: a call cycle is decided under the
// hypothesis that its functions keep their contracts; neither run
// terminates, so SAFE is partial correctness.
TEST_F(CallSummaryFixture, RecursionIsDecidedByInduction) {
  // Not check(): the exact check (verifyFunction inlines every call) cannot
  // encode the recursive call, and stays UNKNOWN.
  module = mlir::parseSourceString<mlir::ModuleOp>(R"mlir(
    func.func @even(%n: index) {
      call @odd(%n) : (index) -> ()
      return
    }
    func.func @odd(%n: index) {
      call @even(%n) : (index) -> ()
      return
    }
  )mlir",
                                                   &ctx);
  ASSERT_TRUE(module);
  ModuleVerifier verifier(*module, opts);
  for (auto fn : module->getOps<mlir::func::FuncOp>()) {
    std::string name = fn.getSymName().str();
    summarised[name] = verifier.verify(fn);
    exact[name] = verifyFunction(*module, fn, opts);
  }
  EXPECT_EQ(summarised["even"].verdict, Verdict::Safe);
  EXPECT_EQ(summarised["odd"].verdict, Verdict::Safe);
  EXPECT_EQ(summarised["even"].summarised, names({"odd"}));
  EXPECT_EQ(exact["even"].verdict, Verdict::Unknown);
}

// The corpus programs of [verify.encoding.calls.summary]: every verdict
// equals the exact one (check()), and the calls the contract covers are
// summarised.
TEST_F(CallSummaryFixture, CorpusVerdictsEqualExact) { checkCorpus(); }

// With address reuse ([verify.encoding.addr]) too.
TEST_F(CallSummaryFixture, CorpusVerdictsEqualExactReusingAddresses) {
  opts.reuseAddresses = true;
  checkCorpus();
}

void CallSummaryFixture::checkCorpus() {
  for (const char *name : {"calls-summary.mlir", "calls-summary-model.mlir"}) {
    auto buffer = llvm::MemoryBuffer::getFile(std::string(DEALLOC_SOURCE_DIR) +
                                              "/corpus/verification/" + name);
    ASSERT_TRUE(bool(buffer)) << name;
    check((*buffer)->getBuffer());
  }
  EXPECT_EQ(summarised["top"].summarised, names({"mid"}));
  EXPECT_EQ(summarised["mid"].summarised, names({"leaf"}));
  EXPECT_EQ(summarised["result_size"].summarised, names({"sized"}));
  EXPECT_EQ(summarised["upstream_caller"].summarised, names({"leaf"}));
  // Outside the model, or without a contract: never summarised.
  for (const char *f :
       {"caller_bug", "calls_freeing", "sets_flag", "calls_loop",
        "calls_offset", "passes_offset", "maybe_freed", "same_buffer_two_types",
        "same_buffer_two_sizes", "passes_global", "global_written",
        "argument_written", "large_extent", "reads_result_end"})
    EXPECT_TRUE(summarised[f].summarised.empty()) << f;
}

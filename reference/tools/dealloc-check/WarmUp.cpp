//===- WarmUp.cpp - dealloc-check's warm-up before the first job ---------===//
//
// One job of each kind, run before reading jobs, pays first-use costs once
// for all forked jobs.
//
//===----------------------------------------------------------------------===//
#include "Server.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace dealloc::check;

/// A small program with the ops generated programs use most, run once per
/// job kind before the first job: first-use initialization (lazy symbol
/// binding, dialect and interface set-up, the solver) then happens once in
/// this process instead of once in every forked job.
static const char *const kWarmUpProgram = R"mlir(
func.func private @helper(%m: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %r = arith.select %c, %a, %m : memref<4xf32>
  return %r : memref<4xf32>
}
func.func @warm(%arg: memref<4xf32>, %c: i1, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() {dealloc.site = 1 : i64} : memref<4xf32>
  %s = memref.alloca() {dealloc.site = 2 : i64} : memref<4xf32>
  memref.store %cst, %a[%c0] : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %x = memref.load %v[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %i = scf.if %c -> (memref<4xf32>) {
    %b = memref.alloc() {dealloc.site = 3 : i64} : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  %f = scf.for %k = %c0 to %n step %c1 iter_args(%it = %i) -> (memref<4xf32>) {
    %t = bufferization.clone %it {dealloc.site = 4 : i64} : memref<4xf32> to memref<4xf32>
    scf.yield %t : memref<4xf32>
  }
  %w:2 = scf.while (%wa = %f, %wi = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
    %wc = arith.cmpi slt, %wi, %n : index
    scf.condition(%wc) %wa, %wi : memref<4xf32>, index
  } do {
  ^bb0(%wb: memref<4xf32>, %wj: index):
    %wk = arith.addi %wj, %c1 : index
    scf.yield %wb, %wk : memref<4xf32>, index
  }
  memref.copy %s, %w#0 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2(%a : memref<4xf32>)
^bb1:
  %h = func.call @helper(%w#0, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  cf.br ^bb2(%h : memref<4xf32>)
^bb2(%j: memref<4xf32>):
  return %j : memref<4xf32>
}
)mlir";

/// Runs the first `kinds` warm-up jobs (reference, run, verify, equiv);
/// writes a byte to `progressFd` (if >= 0) after each. Returns how many ran.
unsigned dealloc::check::warmUp(const mlir::DialectRegistry &registry,
                                unsigned kinds, int progressFd) {
  JobOptions options;
  // No solver timeout: Z3 runs timeouts on timer threads, which a fork would
  // not copy; with none started, the forked jobs start their own.
  options.verifyTimeoutMs = 0;
  options.verifyFunctionTimeoutMs = 0;
  JobInput out{"warm-up.mlir", kWarmUpProgram};
  const JobKind order[] = {JobKind::Reference, JobKind::Run, JobKind::Verify,
                           JobKind::Equiv};
  unsigned done = 0;
  for (; done < kinds && done < 4; ++done) {
    std::vector<JobInput> inputs = {out};
    if (order[done] == JobKind::Equiv)
      inputs.push_back(out);
    JobOutput r = runJob(order[done], inputs, options, registry);
    if (order[done] == JobKind::Reference && r.exitCode == 0)
      out.text = r.out;
    if (progressFd >= 0 && write(progressFd, "+", 1) != 1)
      break;
  }
  return done;
}

/// How many warm-up jobs run without crashing, tried in a child first: a
/// library that crashes on the warm-up program must not take this process
/// down (then the jobs of that kind and later kinds run cold).
unsigned
dealloc::check::safeWarmUpKinds(const mlir::DialectRegistry &registry) {
  int progress[2];
  if (pipe(progress) != 0)
    return 0;
  pid_t pid = fork();
  if (pid == 0) {
    close(progress[0]);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, STDERR_FILENO);
    alarm(60);
    warmUp(registry, 4, progress[1]);
    _exit(0);
  }
  close(progress[1]);
  unsigned ok = 0;
  char byte;
  while (pid > 0 && read(progress[0], &byte, 1) == 1)
    ++ok;
  close(progress[0]);
  int status = 0;
  if (pid > 0)
    waitpid(pid, &status, 0);
  return ok;
}

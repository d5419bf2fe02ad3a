// dealloc-verify --dot FILE draws the replayed run of the first
// counterexample (or of --function's) as dealloc-run --dot does: the title
// names the function, the counterexample input, the verdict and the input
// file. Without a counterexample nothing is written, stderr says so and the
// exit code is the verdicts' one.
// SPEC: [verify.dot]
//
// RUN: not dealloc-verify --dot %t.first.dot %s 2>%t.first.err | FileCheck %s --check-prefix=VERDICTS
// RUN: FileCheck %s --check-prefix=FIRST < %t.first.dot
// RUN: FileCheck %s --check-prefix=FIRST-NOTE < %t.first.err
// The same picture as dealloc-run draws for that input, apart from the title:
// RUN: not dealloc-run --function diamond --input true --dot %t.run.dot %s
// RUN: sed 1,2d %t.first.dot > %t.first.body
// RUN: sed 1,2d %t.run.dot > %t.run.body
// RUN: diff %t.first.body %t.run.body
// RUN: not dealloc-verify --function leak_late --dot %t.late.dot %s 2>/dev/null
// RUN: FileCheck %s --check-prefix=LATE < %t.late.dot
// No counterexample: no file, a note on stderr, exit code of the verdicts.
// RUN: dealloc-verify --function safe --dot %t.none.dot %s 2>%t.none.err | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=NONE-NOTE < %t.none.err
// RUN: not test -e %t.none.dot
// With --equiv, --dot draws a distinguishing input instead: dot-equiv.mlir.

// VERDICTS: @diamond: DOUBLE_FREE on input true
// VERDICTS: @safe: SAFE
// VERDICTS: @leak_late: LEAK

// FIRST: digraph "dealloc_run" {
// FIRST: label="@diamond(true): DOUBLE_FREE (dealloc-verify counterexample, {{.*}}dot.mlir)\lverdict: DOUBLE_FREE [heap.free.twice]\l
// FIRST: free #1
// FIRST: DOUBLE_FREE [heap.free.twice]
// FIRST-NOTE: dot: counterexample @diamond(true): DOUBLE_FREE (dealloc-verify counterexample, {{.*}}dot.mlir) written to {{.*}}first.dot

// LATE: label="@leak_late(5): LEAK (dealloc-verify counterexample, {{.*}}dot.mlir)\lverdict: LEAK [heap.leak]\l
// LATE: alloc #1

// NONE: @safe: SAFE
// NONE-NOTE: dot: no counterexample to draw (no function has a violation); {{.*}}none.dot not written


func.func @diamond(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<2xf32>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @safe() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// Leaks only when %n is 5: the counterexample input is found by the solver.
func.func @leak_late(%n: index) {
  %five = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32>
  %leak = arith.cmpi eq, %n, %five : index
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

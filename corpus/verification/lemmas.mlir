// Lemmas at joins ("every live heap buffer is viewed by a live memref
// value", "this ownership flag is always true") are proved on slices of the
// formula and asserted only once proved: they speed up the leak check of
// safe programs and change no verdict. Where a lemma does not hold, the
// program leaks or the lemma is simply dropped.
// SPEC: [verify.lemmas]
// SPEC: [verify.queries.local]
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s | dealloc-verify - 2>/dev/null | FileCheck %s --check-prefix=PIPE
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// The reference pipeline's output of a chain of diamonds is safe; the
// ownership flag it passes along is always true (a constant-flag lemma).
// PIPE: @chain: SAFE
// Loop iter_args whose ownership flag is false on the first iteration only:
// the constant-flag lemmas fail and are dropped; the loop is proved for
// every trip count by induction ([verify.induction]).
// PIPE: @iter: SAFE
func.func @chain(%arg0: memref<2xf32>, %p0: i1, %p1: i1, %p2: i1) -> memref<2xf32> {
  %m = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %m : memref<2xf32> to memref<2xf32>
  cf.cond_br %p0, ^t0, ^j0(%m : memref<2xf32>)
^t0:
  %n0 = memref.alloc() : memref<2xf32>
  cf.br ^j0(%n0 : memref<2xf32>)
^j0(%b0: memref<2xf32>):
  cf.cond_br %p1, ^t1, ^j1(%b0 : memref<2xf32>)
^t1:
  %n1 = memref.alloc() : memref<2xf32>
  cf.br ^j1(%n1 : memref<2xf32>)
^j1(%b1: memref<2xf32>):
  cf.cond_br %p2, ^t2, ^j2(%b1 : memref<2xf32>)
^t2:
  %n2 = memref.alloc() : memref<2xf32>
  cf.br ^j2(%n2 : memref<2xf32>)
^j2(%b2: memref<2xf32>):
  return %b2 : memref<2xf32>
}

func.func @iter(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a) -> memref<2xf32> {
    %f = memref.alloc() : memref<2xf32>
    memref.copy %b, %f : memref<2xf32> to memref<2xf32>
    scf.yield %f : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// Without deallocation the chain leaks: the reachability lemma fails at the
// first join (the replaced buffer is live but no live value views it); the
// leak is found and replayed.
// CHECK-LABEL: @chain: LEAK on input
// CHECK: replayed by dealloc-run: LEAK
// CHECK-LABEL: @iter: LEAK on input

// Equivalence needs no cooperation ([equiv.match], issue 37): the input's
// allocations carry dealloc.site (as the harness tags them); upstream's
// output, with every tag and location removed by a pass
// (dealloc-test-strip-annotations, as a pass that rebuilds ops drops them),
// printed in the generic form and with its private function renamed, is
// compared with the reference's output, which keeps its tags. Both ways
// round, decided as with the tags kept.
// SPEC: [equiv.match], [equiv.match.structure]
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-opt --load-pass-plugin=%dealloc_build/lib/DeallocTestPlugin.so --pass-pipeline='builtin.module(dealloc-test-strip-annotations)' --mlir-print-op-generic %t.up.mlir | sed 's/@make\b/@renamed_make/g; s/"make"/"renamed_make"/g' > %t.stripped.mlir
// RUN: not grep -q 'dealloc.site\|@make\b' %t.stripped.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s
// RUN: dealloc-verify --equiv %t.stripped.mlir %t.ref.mlir | FileCheck %s
// RUN: dealloc-verify --equiv %t.ref.mlir %t.stripped.mlir | FileCheck %s
// One free moved across a call that allocates (harness/tests/impls/
// strip_annotations.py: upstream's pipeline, stripped or not), DIFFERENT
// either way:
// RUN: %python %repo/harness/tests/impls/strip_annotations.py --move-free %s > %t.moved-stripped.mlir
// RUN: %python %repo/harness/tests/impls/strip_annotations.py --keep --move-free %s > %t.moved-tagged.mlir
// RUN: not dealloc-verify --equiv --function call_between %t.moved-stripped.mlir %t.ref.mlir | FileCheck %s --check-prefix=MOVED
// RUN: not dealloc-verify --equiv --function call_between %t.moved-tagged.mlir %t.ref.mlir | FileCheck %s --check-prefix=MOVED

// CHECK-LABEL: @diamond: EQUIVALENT
// CHECK-NEXT: @loop: EQUIVALENT
// CHECK-NEXT: @caller: EQUIVALENT
// CHECK: @call_between: EQUIVALENT
// MOVED: @call_between: DIFFERENT on input 0 (a buffer of site {{.*}} is freed at a different point
// MOVED-NEXT: A: SAFE
// MOVED-NEXT: B: SAFE

func.func @diamond(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() {dealloc.site = 1 : i64} : memref<2xf32>
  %1 = arith.select %c, %0, %a : memref<2xf32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  %2 = memref.alloc() {dealloc.site = 2 : i64} : memref<2xf32>
  cf.br ^b3(%2 : memref<2xf32>)
^b2:
  cf.br ^b3(%1 : memref<2xf32>)
^b3(%r: memref<2xf32>):
  return %r : memref<2xf32>
}

func.func @loop(%ub: index, %init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> memref<4xf32> {
    %n = memref.alloc() {dealloc.site = 3 : i64} : memref<4xf32>
    memref.copy %acc, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @make(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) {dealloc.site = 4 : i64} : memref<?xf32>
  return %a : memref<?xf32>
}

func.func @caller(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = call @make(%n) : (index) -> memref<?xf32>
  %b = memref.alloc(%n) {dealloc.site = 5 : i64} : memref<?xf32>
  %s = arith.select %c, %a, %b : memref<?xf32>
  %v = memref.load %s[%c0] : memref<?xf32>
  return %v : f32
}

func.func private @scratch(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() {dealloc.site = 6 : i64} : memref<8xf32>
  memref.store %v, %b[%c0] : memref<8xf32>
  %w = memref.load %b[%c0] : memref<8xf32>
  return %w : f32
}

func.func @call_between(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {dealloc.site = 7 : i64} : memref<4xf32>
  memref.store %x, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = call @scratch(%v) : (f32) -> f32
  return %w : f32
}

// --stages proves loops ([verify.stages], issue 37): the stage that inserts
// deallocation is verified as dealloc-verify verifies a file (scf.for,
// scf.while, affine.for and nested loops SAFE for every trip count by
// [verify.induction], not bounded), and every later stage is compared with
// its predecessor for every trip count ([equiv.loops]). A plugin stage that
// strips every dealloc.site and location is EQUIVALENT (compared by
// structure, [equiv.match]); one that drops every free is DIFFERENT.
// SPEC: [verify.stages] [verify.induction] [equiv.loops]
// RUN: dealloc-verify --stages buffer-deallocation-pipeline %s | FileCheck %s
// RUN: dealloc-verify --load-pass-plugin=%dealloc_build/lib/DeallocTestPlugin.so --stages 'builtin.module(buffer-deallocation-pipeline,dealloc-test-strip-annotations)' %s | FileCheck %s --check-prefixes=CHECK,STRIP
// RUN: not dealloc-verify --load-pass-plugin=%dealloc_build/lib/DeallocTestPlugin.so --stages 'builtin.module(buffer-deallocation-pipeline,dealloc-test-drop-frees)' %s | FileCheck %s --check-prefix=DROP

// CHECK: stage 3 ownership-based-buffer-deallocation{{.*}}: inserts deallocation; safety of its output:
// CHECK-NEXT: @for_iter_alloc: SAFE (on defined inputs
// CHECK: @while_alloc: SAFE
// CHECK-NEXT: @affine_temp: SAFE
// CHECK-NEXT: @nested: SAFE
// CHECK-NEXT: @while_nested: SAFE
// CHECK: stage 4 canonicalize{{.*}}: compared with the previous stage:
// CHECK-NEXT: @for_iter_alloc: EQUIVALENT (on defined inputs
// CHECK: @while_alloc: EQUIVALENT
// CHECK-NEXT: @affine_temp: EQUIVALENT
// CHECK-NEXT: @nested: EQUIVALENT
// CHECK-NEXT: @while_nested: EQUIVALENT
// CHECK: stage 5 buffer-deallocation-simplification{{.*}}: compared with the previous stage:
// CHECK-NEXT: @for_iter_alloc: EQUIVALENT (on defined inputs
// CHECK: @while_alloc: EQUIVALENT
// CHECK-NEXT: @affine_temp: EQUIVALENT
// CHECK-NEXT: @nested: EQUIVALENT
// CHECK-NEXT: @while_nested: EQUIVALENT
// CHECK: stage 6 bufferization-lower-deallocations{{.*}}: compared with the previous stage:
// CHECK-NEXT: @for_iter_alloc: EQUIVALENT (on defined inputs
// CHECK: @while_alloc: EQUIVALENT
// CHECK-NEXT: @affine_temp: EQUIVALENT
// CHECK-NEXT: @nested: EQUIVALENT
// CHECK-NEXT: @while_nested: EQUIVALENT
// CHECK: stage 7 cse{{.*}}: compared with the previous stage:
// CHECK-NEXT: @for_iter_alloc: EQUIVALENT (on defined inputs
// CHECK: @while_alloc: EQUIVALENT
// CHECK-NEXT: @affine_temp: EQUIVALENT
// CHECK-NEXT: @nested: EQUIVALENT
// CHECK-NEXT: @while_nested: EQUIVALENT
// CHECK: stage 8 canonicalize{{.*}}: compared with the previous stage:
// CHECK-NEXT: @for_iter_alloc: EQUIVALENT (on defined inputs
// CHECK: @while_alloc: EQUIVALENT
// CHECK-NEXT: @affine_temp: EQUIVALENT
// CHECK-NEXT: @nested: EQUIVALENT
// CHECK-NEXT: @while_nested: EQUIVALENT
// STRIP: stage 9 dealloc-test-strip-annotations: compared with the previous stage:
// STRIP-NEXT: @for_iter_alloc: EQUIVALENT (on defined inputs
// STRIP: @while_alloc: EQUIVALENT
// STRIP-NEXT: @affine_temp: EQUIVALENT
// STRIP-NEXT: @nested: EQUIVALENT
// STRIP-NEXT: @while_nested: EQUIVALENT
// CHECK-NEXT: no stage changed deallocation behaviour
// DROP: stage 3 ownership-based-buffer-deallocation{{.*}}: inserts deallocation; safety of its output:
// DROP: stage 9 dealloc-test-drop-frees: compared with the previous stage:
// DROP-NEXT: @for_iter_alloc: DIFFERENT on input {{.*}} (A: returns without violation; B: LEAK
// DROP: @while_alloc: DIFFERENT on input {{.*}} (A: returns without violation; B: LEAK
// DROP: @affine_temp: DIFFERENT on input {{.*}} (A: returns without violation; B: LEAK
// DROP: @nested: DIFFERENT on input {{.*}} (A: returns without violation; B: LEAK
// DROP: @while_nested: DIFFERENT on input {{.*}} (A: returns without violation; B: LEAK
// DROP: stage 9 (dealloc-test-drop-frees) changed deallocation behaviour

func.func @for_iter_alloc(%lb: index, %ub: index, %step: index, %init: memref<4xf32>) -> memref<4xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %acc, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @while_alloc(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%m = %a, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %c = arith.cmpi slt, %i, %n : index
    scf.condition(%c) %m, %i : memref<2xf32>, index
  } do {
  ^bb0(%m: memref<2xf32>, %i: index):
    %t = memref.alloc() : memref<2xf32>
    memref.copy %m, %t : memref<2xf32> to memref<2xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %t, %j : memref<2xf32>, index
  }
  return %r#0 : memref<2xf32>
}

func.func @affine_temp(%out: memref<8xf32>, %x: f32) {
  affine.for %i = 0 to 8 {
    %t = memref.alloc() : memref<8xf32>
    affine.store %x, %t[%i] : memref<8xf32>
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}

func.func @nested(%n: index, %m: index, %init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> memref<4xf32> {
    %s = scf.for %j = %c0 to %m step %c1 iter_args(%in = %acc) -> memref<4xf32> {
      %t = memref.alloc() : memref<4xf32>
      memref.copy %in, %t : memref<4xf32> to memref<4xf32>
      scf.yield %t : memref<4xf32>
    }
    scf.yield %s : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @while_nested(%n: index, %m: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%x = %a, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %c = arith.cmpi slt, %i, %n : index
    scf.condition(%c) %x, %i : memref<2xf32>, index
  } do {
  ^bb0(%x: memref<2xf32>, %i: index):
    scf.for %j = %c0 to %m step %c1 {
      %t = memref.alloc() : memref<2xf32>
      memref.copy %x, %t : memref<2xf32> to memref<2xf32>
    }
    %j = arith.addi %i, %c1 : index
    scf.yield %x, %j : memref<2xf32>, index
  }
  return %r#0 : memref<2xf32>
}

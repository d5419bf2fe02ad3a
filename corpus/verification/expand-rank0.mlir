// [view.same_buffer]: memref.expand_shape of a rank-0 memref has no
// reassociation groups; its unit dimensions get stride 1, as in dealloc-run.
// Every use of such a view crashed dealloc-verify (null strides): a load, a
// copy, linalg.fill, a join, a loop's initial value, a call.
// SPEC: [view.same_buffer], [safety.oob]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @load: SAFE
// EXEC-LABEL: @load: SAFE
func.func @load() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<f32>
  %f = arith.constant 1.0 : f32
  memref.store %f, %a[] : memref<f32>
  %e = memref.expand_shape %a [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %w = memref.load %e[%c0, %c0] : memref<1x1xf32>
  memref.dealloc %a : memref<f32>
  return %w : f32
}

// CHECK-LABEL: @fill_and_copy: SAFE
// EXEC-LABEL: @fill_and_copy: SAFE
func.func @fill_and_copy(%v: f32) {
  %a = memref.alloc() : memref<f32>
  %e = memref.expand_shape %a [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%v : f32) outs(%e : memref<1xf32>)
  %b = memref.alloc() : memref<1xf32>
  memref.copy %e, %b : memref<1xf32> to memref<1xf32>
  memref.dealloc %b : memref<1xf32>
  memref.dealloc %a : memref<f32>
  return
}

// On `true` the fresh buffer is returned and the rank-0 one leaks.
// CHECK-LABEL: @join: LEAK on input true
// EXEC-LABEL: @join: LEAK
func.func @join(%c: i1) -> memref<1xf32> {
  %a = memref.alloc() : memref<f32>
  %e = memref.expand_shape %a [] output_shape [1] : memref<f32> into memref<1xf32>
  %r = scf.if %c -> (memref<1xf32>) {
    %b = memref.alloc() : memref<1xf32>
    scf.yield %b : memref<1xf32>
  } else {
    scf.yield %e : memref<1xf32>
  }
  return %r : memref<1xf32>
}

// CHECK-LABEL: @loop_init: LEAK
// EXEC-LABEL: @loop_init: LEAK
func.func @loop_init(%n: index) -> memref<1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<f32>
  %e = memref.expand_shape %a [] output_shape [1] : memref<f32> into memref<1xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %e) -> (memref<1xf32>) {
    %y = memref.alloc() : memref<1xf32>
    scf.yield %y : memref<1xf32>
  }
  return %r : memref<1xf32>
}

func.func private @callee(%p: memref<1xf32>) {
  return
}

// CHECK-LABEL: @call: SAFE
// EXEC-LABEL: @call: SAFE
func.func @call() {
  %a = memref.alloc() : memref<f32>
  %e = memref.expand_shape %a [] output_shape [1] : memref<f32> into memref<1xf32>
  func.call @callee(%e) : (memref<1xf32>) -> ()
  memref.dealloc %a : memref<f32>
  return
}

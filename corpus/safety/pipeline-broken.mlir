// Hand-broken variants of upstream pipeline output (the lowered
// dealloc_helper form of Inputs/pipeline-shapes.mlir @selects-like code):
// a negated guard, a dropped retain, a free moved before a use.
// SPEC: [heap.use] [heap.free.twice] [heap.leak] [dealloc.retain]
// RUN: not dealloc-run %s | FileCheck %s

// Upstream's output for a diamond with the guard of the free negated:
// frees the caller's buffer on one path and leaks on the other.
// CHECK-LABEL: @negated_guard: INVALID_FREE (1 input)
// CHECK-NEXT:    input: false,b0
func.func @negated_guard(%arg0: i1, %arg1: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() : memref<2xf32>
  %0 = arith.select %arg0, %alloc, %arg1 : memref<2xf32>
  %1 = memref.load %0[%c0] : memref<2xf32>
  %true = arith.constant true
  %2 = arith.xori %arg0, %true : i1
  scf.if %2 {
    memref.dealloc %0 : memref<2xf32>
  }
  return %1 : f32
}

// bufferization.dealloc with the still-needed value dropped from retain:
// the later load is a use after free.
// CHECK-LABEL: @dropped_retain: USE_AFTER_FREE (1 input)
// CHECK-NEXT:    input: false
func.func @dropped_retain(%arg0: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %alloc = memref.alloc() : memref<2xf32>
  %alloc_0 = memref.alloc() : memref<2xf32>
  %0 = arith.select %arg0, %alloc, %alloc_0 : memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
  %base_1, %off_1, %sz_1, %st_1 = memref.extract_strided_metadata %alloc_0 : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base, %base_1 : memref<f32>, memref<f32>) if (%true, %true)
  %1 = memref.load %0[%c0] : memref<2xf32>
  return %1 : f32
}

// The same with the retain in place is safe; the result says who owns it.
// CHECK-LABEL: @kept_retain: SAFE (2 inputs)
func.func @kept_retain(%arg0: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %alloc = memref.alloc() : memref<2xf32>
  %alloc_0 = memref.alloc() : memref<2xf32>
  %0 = arith.select %arg0, %alloc, %alloc_0 : memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
  %base_1, %off_1, %sz_1, %st_1 = memref.extract_strided_metadata %alloc_0 : memref<2xf32> -> memref<f32>, index, index, index
  %own = bufferization.dealloc (%base, %base_1 : memref<f32>, memref<f32>) if (%true, %true) retain (%0 : memref<2xf32>)
  %1 = memref.load %0[%c0] : memref<2xf32>
  %b2, %o2, %s2, %t2 = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%b2 : memref<f32>) if (%own)
  return %1 : f32
}

// A duplicated guarded free in lowered output.
// CHECK-LABEL: @duplicated_guarded_free: DOUBLE_FREE (2 inputs)
// CHECK-NEXT:    input: true
func.func @duplicated_guarded_free(%arg0: i1) {
  %alloc = memref.alloc() : memref<2xf32>
  scf.if %arg0 {
    memref.dealloc %alloc : memref<2xf32>
  }
  scf.if %arg0 {
    memref.dealloc %alloc : memref<2xf32>
  } else {
    memref.dealloc %alloc : memref<2xf32>
  }
  return
}

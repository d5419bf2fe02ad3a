// A read or write of a freed buffer is USE_AFTER_FREE, with a trace.
// SPEC: [heap.use]
// RUN: not dealloc-run %s | FileCheck %s

// CHECK-LABEL: @load_after_free: USE_AFTER_FREE (2 inputs)
// CHECK-NEXT:    input: true
// CHECK-NEXT:    reason: [heap.use] 'memref.load' accesses freed buffer #1
// CHECK-NEXT:    trace:
// CHECK-NEXT:      allocated buffer #1 at loc({{.*}}:[[@LINE+6]]:8)
// CHECK-NEXT:      freed at loc({{.*}}:[[@LINE+8]]:5)
// CHECK-NEXT:      used at loc({{.*}}:[[@LINE+9]]:8)
func.func @load_after_free(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  %x = memref.load %a[%c0] : memref<2xf32>
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<2xf32>
  }
  return %x : f32
}

// A store through a view of a freed buffer (upstream pipeline output with the
// free moved before the use).
// CHECK-LABEL: @store_through_view: USE_AFTER_FREE
// CHECK:         used at
func.func @store_through_view() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  memref.dealloc %a : memref<4xf32>
  memref.store %f, %v[%c0] : memref<2xf32, strided<[1], offset: 2>>
  return
}

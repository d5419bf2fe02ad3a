// An owned unranked value (a clone of an unranked memref) is freed through a
// rank-0 memref.reinterpret_cast and the base buffer of its strided metadata
// ([own.dealloc.list]); upstream's pipeline does the same. Both outputs are
// checked by dealloc-run and dealloc-verify ([view.unranked.reinterpret]),
// and proven equivalent.
// RUN: dealloc-opt %s --reference-buffer-deallocation | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt %s --buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt %s --buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt %s --buffer-deallocation-pipeline -o %t.up.mlir
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline -o %t.ref.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV
// EXEC-NOT: {{LEAK|DOUBLE_FREE|USE_AFTER_FREE|INVALID_FREE|ABI_VIOLATION|UNSUPPORTED|UNKNOWN}}
// EQUIV: @two_clones: EQUIVALENT
// EQUIV: @clone_read_back: EQUIVALENT

func.func private @printMemrefF32(memref<*xf32>)

// SPEC: [own.dealloc.list] [view.unranked.reinterpret]
// CHECK-LABEL: func @two_clones
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[U:.*]] = memref.cast %[[A]]
//       CHECK: %[[C:.*]] = bufferization.clone %[[U]] : memref<*xf32> to memref<*xf32>
//       CHECK: %[[D:.*]] = bufferization.clone %[[U]] : memref<*xf32> to memref<*xf32>
//       CHECK: %[[RC:.*]] = memref.reinterpret_cast %[[C]] to offset: [0], sizes: [], strides: [] : memref<*xf32> to memref<f32, strided<[]>>
//       CHECK: %[[BC:.*]], %{{.*}} = memref.extract_strided_metadata %[[RC]]
//       CHECK: %[[RD:.*]] = memref.reinterpret_cast %[[D]] to offset: [0], sizes: [], strides: []
//       CHECK: %[[BD:.*]], %{{.*}} = memref.extract_strided_metadata %[[RD]]
//       CHECK: bufferization.dealloc (%{{.*}}, %[[BC]], %[[BD]] : memref<f32>, memref<f32>, memref<f32>) if (%true, %true, %true)
// EXEC: @two_clones: SAFE
func.func @two_clones() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %c = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  %d = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  call @printMemrefF32(%d) : (memref<*xf32>) -> ()
  return
}

// SPEC: [own.dealloc.list] [view.unranked.reinterpret]
// The clone's contents are read back through a cast to the source's type.
// CHECK-LABEL: func @clone_read_back
//       CHECK: %[[C:.*]] = bufferization.clone %{{.*}} : memref<*xf32> to memref<*xf32>
//       CHECK: memref.reinterpret_cast %[[C]] to offset: [0], sizes: [], strides: []
// EXEC: @clone_read_back: SAFE
func.func @clone_read_back(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %x, %a[%c0] : memref<?xf32>
  %u = memref.cast %a : memref<?xf32> to memref<*xf32>
  %c = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  %d = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  call @printMemrefF32(%d) : (memref<*xf32>) -> ()
  %r = memref.cast %c : memref<*xf32> to memref<?xf32>
  %v = memref.load %r[%c0] : memref<?xf32>
  return %v : f32
}

// SPEC: [view.unranked.reinterpret]
// [view.unranked.reinterpret]: a reinterpret_cast of an unranked value views
// the buffer of the descriptor it is, with the op's offset, sizes and strides
// (here the pattern both deallocation pipelines use to free an owned
// unranked value: rank 0 at offset 0, then the base buffer). Upstream's
// lowering runs each as dealloc-run says.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @free_clone_through_reinterpret SAFE
// EXPECT: @reinterpret_reads_buffer SAFE
// EXPECT: @free_twice DOUBLE_FREE
// EXPECT: @clone_leaked LEAK

func.func @free_clone_through_reinterpret(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %x, %a[%c0] : memref<4xf32>
  %c = bufferization.clone %a : memref<4xf32> to memref<*xf32>
  %r = memref.cast %c : memref<*xf32> to memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  %rc = memref.reinterpret_cast %c to offset: [0], sizes: [], strides: []
      : memref<*xf32> to memref<f32, strided<[]>>
  %base, %off = memref.extract_strided_metadata %rc
      : memref<f32, strided<[]>> -> memref<f32>, index
  memref.dealloc %base : memref<f32>
  memref.dealloc %a : memref<4xf32>
  return %v : f32
}

func.func @reinterpret_reads_buffer(%x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<2x3xf32>
  memref.store %x, %a[%c1, %c2] : memref<2x3xf32>
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [1], sizes: [5], strides: [1]
      : memref<*xf32> to memref<5xf32, strided<[1], offset: 1>>
  %v = memref.load %r[%c4] : memref<5xf32, strided<[1], offset: 1>>
  memref.dealloc %a : memref<2x3xf32>
  return %v : f32
}

func.func @free_twice() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %u to offset: [0], sizes: [], strides: []
      : memref<*xf32> to memref<f32, strided<[]>>
  %base, %off = memref.extract_strided_metadata %r
      : memref<f32, strided<[]>> -> memref<f32>, index
  memref.dealloc %base : memref<f32>
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @clone_leaked() {
  %a = memref.alloc() : memref<4xf32>
  %c = bufferization.clone %a : memref<4xf32> to memref<*xf32>
  %r = memref.reinterpret_cast %c to offset: [0], sizes: [4], strides: [1]
      : memref<*xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

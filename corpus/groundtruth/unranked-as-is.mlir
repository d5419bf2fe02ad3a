// [view.unranked], [view.cast]: an unranked value is the descriptor it was
// cast from. Freeing through it frees the buffer; a cast back reads the
// same buffer; forgetting the free leaks; freeing through both names is a
// double free. Upstream's lowering runs each as dealloc-run says.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @free_through_unranked SAFE
// EXPECT: @cast_back_reads SAFE
// EXPECT: @unranked_leak LEAK
// EXPECT: @free_both_names DOUBLE_FREE

func.func @free_through_unranked(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %u = memref.cast %a : memref<?xf32> to memref<*xf32>
  memref.dealloc %u : memref<*xf32>
  return
}

func.func @cast_back_reads(%x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<3xf32>
  %u = memref.cast %a : memref<3xf32> to memref<*xf32>
  %r = memref.cast %u : memref<*xf32> to memref<3xf32>
  memref.store %x, %r[%c1] : memref<3xf32>
  %v = memref.load %a[%c1] : memref<3xf32>
  memref.dealloc %u : memref<*xf32>
  return %v : f32
}

func.func @unranked_leak(%x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2x2xf32>
  %u = memref.cast %a : memref<2x2xf32> to memref<*xf32>
  %r = memref.cast %u : memref<*xf32> to memref<?x?xf32>
  memref.store %x, %r[%c1, %c1] : memref<?x?xf32>
  %v = memref.load %a[%c1, %c1] : memref<2x2xf32>
  return %v : f32
}

func.func @free_both_names() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %u : memref<*xf32>
  return
}

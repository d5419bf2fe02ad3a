// memref.realloc in hand-written IR (the pipeline expands it before
// dealloc-run sees it). Lowered with upstream's --expand-realloc: growing
// moves the data and frees the source (a later use is a USE_AFTER_FREE on
// both sides); shrinking yields a view of the source and frees nothing. The
// spec takes the op's contract instead ([op.memref.realloc]: the source counts
// as freed in every case), so using the source after a SHRINKING realloc is a
// USE_AFTER_FREE for dealloc-run that real execution cannot observe: the
// expected disagreements below. realloc of an argument frees the argument
// (INVALID_FREE); a zero-sized allocation that is not freed still leaks.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @shrink_then_use SAFE
// EXPECT: @grow_then_use USE_AFTER_FREE
// EXPECT: @empty_leak LEAK
// EXPECT: @realloc_arg INVALID_FREE
// EXPECT: @shrink_then_use_old SAFE
// DEVIATION: @shrink_then_use_old(0,b0) run=USE_AFTER_FREE valgrind=SAFE [op.memref.realloc]
// DEVIATION: @shrink_then_use_old(1,b0) run=USE_AFTER_FREE valgrind=SAFE [op.memref.realloc]
// DEVIATION: @shrink_then_use_old(2,b0) run=USE_AFTER_FREE valgrind=SAFE [op.memref.realloc]

func.func @shrink_then_use(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  %1 = memref.realloc %0(%n) : memref<4xf32> to memref<?xf32>
  %s = memref.subview %out[0] [%n] [1] : memref<2xf32> to memref<?xf32, strided<[1]>>
  memref.copy %1, %s : memref<?xf32> to memref<?xf32, strided<[1]>>
  memref.dealloc %1 : memref<?xf32>
  return
}
func.func @grow_then_use(%out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  %1 = memref.realloc %0 : memref<2xf32> to memref<4xf32>
  %v = memref.load %0[%c0] : memref<2xf32>
  memref.store %v, %out[%c0] : memref<2xf32>
  memref.dealloc %1 : memref<4xf32>
  return
}
func.func @empty_leak(%n: index, %out: memref<2xf32>) {
  %0 = memref.alloc(%n) : memref<?xf32>
  %s = memref.subview %out[0] [%n] [1] : memref<2xf32> to memref<?xf32, strided<[1]>>
  memref.copy %s, %0 : memref<?xf32, strided<[1]>> to memref<?xf32>
  return
}
func.func @realloc_arg(%a: memref<2xf32>) {
  %1 = memref.realloc %a : memref<2xf32> to memref<4xf32>
  memref.dealloc %1 : memref<4xf32>
  return
}
func.func @shrink_then_use_old(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  %1 = memref.realloc %0(%n) : memref<4xf32> to memref<?xf32>
  %v = memref.load %0[%c0] : memref<4xf32>
  memref.store %v, %out[%c0] : memref<2xf32>
  memref.dealloc %1 : memref<?xf32>
  return
}

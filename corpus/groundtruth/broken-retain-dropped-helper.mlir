// Broken variant "drop an entry from a retain list" in the generic form
// (lowered through dealloc_helper): upstream's ownership output for a select
// between an allocation and an argument, with the result no longer retained.
// %c = true: the allocation is the result and gets freed: ABI_VIOLATION.
// %c = false: the result is a clone of %b, freed too: ABI_VIOLATION.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f ABI_VIOLATION

func.func @f(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) -> memref<2xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %alloc = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %alloc : memref<2xf32> to memref<2xf32>
  %0 = arith.select %arg0, %alloc, %arg2 : memref<2xf32>
  %2 = scf.if %arg0 -> (memref<2xf32>) {
    scf.yield %0 : memref<2xf32>
  } else {
    %4 = bufferization.clone %0 : memref<2xf32> to memref<2xf32>
    scf.yield %4 : memref<2xf32>
  }
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %arg1 : memref<2xf32> -> memref<f32>, index, index, index
  %base_buffer_2, %offset_3, %sizes_4, %strides_5 = memref.extract_strided_metadata %arg2 : memref<2xf32> -> memref<f32>, index, index, index
  %base_buffer_6, %offset_7, %sizes_8, %strides_9 = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
  %base_buffer_10, %offset_11, %sizes_12, %strides_13 = memref.extract_strided_metadata %2 : memref<2xf32> -> memref<f32>, index, index, index
  %3 = bufferization.dealloc (%base_buffer, %base_buffer_2, %base_buffer_6, %base_buffer_10 : memref<f32>, memref<f32>, memref<f32>, memref<f32>) if (%false, %false, %true, %true) retain (%arg1 : memref<2xf32>)
  return %2 : memref<2xf32>
}

// [verify.induction]: broken variants of upstream's pipeline output of
// induction-live-bools.mlir's @nested (an allocating scf.for inside an
// allocating scf.for, each carrying a buffer and its ownership flag, the
// inner result selected on an i1 argument): the candidates about
// loop-invariant i1 values that decide the correct output must not hide a
// violation. Each counterexample is replayed by dealloc-verify
// ([verify.replay]); a leak that needs 7 outer iterations is not SAFE with
// the default bound, found with a deeper one, and run by dealloc-run.
// SPEC: [verify.induction], [verify.replay]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --unroll 8 --function leak_after_bound %s 2>/dev/null | FileCheck %s --check-prefix=DEEP
// RUN: not dealloc-run --function leak_after_bound --input=7,true,b0 %s 2>/dev/null | FileCheck %s --check-prefix=RUN7

// The outer loop does not free the buffer its first iter_arg carried when
// the helper says it is owned and replaced.
// CHECK-LABEL: @leak_replaced: LEAK on input 3,true,b0

// The second ownership flag yielded is the first's.
// CHECK-LABEL: @second_flag_wrong: ABI_VIOLATION on input 2,true,b0

// The inner loop claims ownership of the buffer it yields, also where that
// is the outer loop's buffer.
// CHECK-LABEL: @inner_flag_true: ABI_VIOLATION on input 2,false,b0

// The replaced buffer is not freed in the iteration with index 5.
// CHECK-LABEL: @leak_after_bound: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5,
// DEEP-LABEL: @leak_after_bound: LEAK on input 6,true,b0
// RUN7-LABEL: @leak_after_bound: LEAK (1 input)
module {
  func.func @leak_replaced(%arg0: index, %arg1: i1, %arg2: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
    %c2 = arith.constant 2 : index
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<2xf32>
    %0:4 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %alloc, %arg5 = %arg2, %arg6 = %false, %arg7 = %false) -> (memref<2xf32>, memref<2xf32>, i1, i1) {
      %6:2 = scf.for %arg8 = %c0 to %arg3 step %c1 iter_args(%arg9 = %arg4, %arg10 = %false) -> (memref<2xf32>, i1) {
        %alloc_44 = memref.alloc() : memref<2xf32>
        memref.copy %arg9, %alloc_44 : memref<2xf32> to memref<2xf32>
        %13 = arith.select %arg1, %alloc_44, %arg9 : memref<2xf32>
        %base_buffer_45, %offset_46, %sizes_47, %strides_48 = memref.extract_strided_metadata %arg9 : memref<2xf32> -> memref<f32>, index, index, index
        %intptr_49 = memref.extract_aligned_pointer_as_index %base_buffer_45 : memref<f32> -> index
        %intptr_50 = memref.extract_aligned_pointer_as_index %13 : memref<2xf32> -> index
        %14 = arith.cmpi ne, %intptr_49, %intptr_50 : index
        %15 = arith.andi %14, %arg10 : i1
        scf.if %15 {
          memref.dealloc %base_buffer_45 : memref<f32>
        }
        %16 = arith.cmpi eq, %intptr_49, %intptr_50 : index
        %17 = arith.andi %16, %arg10 : i1
        %intptr_51 = memref.extract_aligned_pointer_as_index %alloc_44 : memref<2xf32> -> index
        %18 = arith.cmpi ne, %intptr_51, %intptr_50 : index
        scf.if %18 {
          memref.dealloc %alloc_44 : memref<2xf32>
        }
        %19 = arith.cmpi eq, %intptr_51, %intptr_50 : index
        %20 = arith.ori %17, %19 : i1
        scf.yield %13, %20 : memref<2xf32>, i1
      }
      %7 = arith.select %arg1, %arg5, %6#0 : memref<2xf32>
      %base_buffer_17, %offset_18, %sizes_19, %strides_20 = memref.extract_strided_metadata %arg4 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_21, %offset_22, %sizes_23, %strides_24 = memref.extract_strided_metadata %arg5 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_25, %offset_26, %sizes_27, %strides_28 = memref.extract_strided_metadata %6#0 : memref<2xf32> -> memref<f32>, index, index, index
      %alloc_29 = memref.alloc() : memref<3xindex>
      %alloc_30 = memref.alloc() : memref<3xi1>
      %alloc_31 = memref.alloc() : memref<2xindex>
      %intptr_32 = memref.extract_aligned_pointer_as_index %base_buffer_17 : memref<f32> -> index
      memref.store %intptr_32, %alloc_29[%c0] : memref<3xindex>
      %intptr_33 = memref.extract_aligned_pointer_as_index %base_buffer_21 : memref<f32> -> index
      memref.store %intptr_33, %alloc_29[%c1] : memref<3xindex>
      %intptr_34 = memref.extract_aligned_pointer_as_index %base_buffer_25 : memref<f32> -> index
      memref.store %intptr_34, %alloc_29[%c2] : memref<3xindex>
      memref.store %arg6, %alloc_30[%c0] : memref<3xi1>
      memref.store %arg7, %alloc_30[%c1] : memref<3xi1>
      memref.store %6#1, %alloc_30[%c2] : memref<3xi1>
      %intptr_35 = memref.extract_aligned_pointer_as_index %6#0 : memref<2xf32> -> index
      memref.store %intptr_35, %alloc_31[%c0] : memref<2xindex>
      %intptr_36 = memref.extract_aligned_pointer_as_index %7 : memref<2xf32> -> index
      memref.store %intptr_36, %alloc_31[%c1] : memref<2xindex>
      %cast_37 = memref.cast %alloc_29 : memref<3xindex> to memref<?xindex>
      %cast_38 = memref.cast %alloc_30 : memref<3xi1> to memref<?xi1>
      %cast_39 = memref.cast %alloc_31 : memref<2xindex> to memref<?xindex>
      %alloc_40 = memref.alloc() : memref<3xi1>
      %alloc_41 = memref.alloc() : memref<2xi1>
      %cast_42 = memref.cast %alloc_40 : memref<3xi1> to memref<?xi1>
      %cast_43 = memref.cast %alloc_41 : memref<2xi1> to memref<?xi1>
      func.call @dealloc_helper(%cast_37, %cast_39, %cast_38, %cast_42, %cast_43) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
      %8 = memref.load %alloc_40[%c0] : memref<3xi1>
      scf.if %8 {
      }
      %9 = memref.load %alloc_40[%c1] : memref<3xi1>
      scf.if %9 {
        memref.dealloc %base_buffer_21 : memref<f32>
      }
      %10 = memref.load %alloc_40[%c2] : memref<3xi1>
      scf.if %10 {
        memref.dealloc %base_buffer_25 : memref<f32>
      }
      %11 = memref.load %alloc_41[%c0] : memref<2xi1>
      %12 = memref.load %alloc_41[%c1] : memref<2xi1>
      memref.dealloc %alloc_29 : memref<3xindex>
      memref.dealloc %alloc_31 : memref<2xindex>
      memref.dealloc %alloc_30 : memref<3xi1>
      memref.dealloc %alloc_40 : memref<3xi1>
      memref.dealloc %alloc_41 : memref<2xi1>
      scf.yield %6#0, %7, %11, %12 : memref<2xf32>, memref<2xf32>, i1, i1
    }
    %1 = scf.if %0#2 -> (memref<2xf32>) {
      scf.yield %0#0 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#0 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %2 = scf.if %0#3 -> (memref<2xf32>) {
      scf.yield %0#1 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#1 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<2xf32> -> memref<f32>, index, index, index
    %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %0#1 : memref<2xf32> -> memref<f32>, index, index, index
    %alloc_4 = memref.alloc() : memref<3xindex>
    %alloc_5 = memref.alloc() : memref<3xi1>
    %alloc_6 = memref.alloc() : memref<2xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<2xf32> -> index
    memref.store %intptr, %alloc_4[%c0] : memref<3xindex>
    %intptr_7 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr_7, %alloc_4[%c1] : memref<3xindex>
    %intptr_8 = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
    memref.store %intptr_8, %alloc_4[%c2] : memref<3xindex>
    memref.store %true, %alloc_5[%c0] : memref<3xi1>
    memref.store %0#2, %alloc_5[%c1] : memref<3xi1>
    memref.store %0#3, %alloc_5[%c2] : memref<3xi1>
    %intptr_9 = memref.extract_aligned_pointer_as_index %1 : memref<2xf32> -> index
    memref.store %intptr_9, %alloc_6[%c0] : memref<2xindex>
    %intptr_10 = memref.extract_aligned_pointer_as_index %2 : memref<2xf32> -> index
    memref.store %intptr_10, %alloc_6[%c1] : memref<2xindex>
    %cast = memref.cast %alloc_4 : memref<3xindex> to memref<?xindex>
    %cast_11 = memref.cast %alloc_5 : memref<3xi1> to memref<?xi1>
    %cast_12 = memref.cast %alloc_6 : memref<2xindex> to memref<?xindex>
    %alloc_13 = memref.alloc() : memref<3xi1>
    %alloc_14 = memref.alloc() : memref<2xi1>
    %cast_15 = memref.cast %alloc_13 : memref<3xi1> to memref<?xi1>
    %cast_16 = memref.cast %alloc_14 : memref<2xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_12, %cast_11, %cast_15, %cast_16) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %3 = memref.load %alloc_13[%c0] : memref<3xi1>
    scf.if %3 {
      memref.dealloc %alloc : memref<2xf32>
    }
    %4 = memref.load %alloc_13[%c1] : memref<3xi1>
    scf.if %4 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %5 = memref.load %alloc_13[%c2] : memref<3xi1>
    scf.if %5 {
      memref.dealloc %base_buffer_0 : memref<f32>
    }
    memref.dealloc %alloc_4 : memref<3xindex>
    memref.dealloc %alloc_6 : memref<2xindex>
    memref.dealloc %alloc_5 : memref<3xi1>
    memref.dealloc %alloc_13 : memref<3xi1>
    memref.dealloc %alloc_14 : memref<2xi1>
    return %1, %2 : memref<2xf32>, memref<2xf32>
  }

  func.func @second_flag_wrong(%arg0: index, %arg1: i1, %arg2: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
    %c2 = arith.constant 2 : index
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<2xf32>
    %0:4 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %alloc, %arg5 = %arg2, %arg6 = %false, %arg7 = %false) -> (memref<2xf32>, memref<2xf32>, i1, i1) {
      %6:2 = scf.for %arg8 = %c0 to %arg3 step %c1 iter_args(%arg9 = %arg4, %arg10 = %false) -> (memref<2xf32>, i1) {
        %alloc_44 = memref.alloc() : memref<2xf32>
        memref.copy %arg9, %alloc_44 : memref<2xf32> to memref<2xf32>
        %13 = arith.select %arg1, %alloc_44, %arg9 : memref<2xf32>
        %base_buffer_45, %offset_46, %sizes_47, %strides_48 = memref.extract_strided_metadata %arg9 : memref<2xf32> -> memref<f32>, index, index, index
        %intptr_49 = memref.extract_aligned_pointer_as_index %base_buffer_45 : memref<f32> -> index
        %intptr_50 = memref.extract_aligned_pointer_as_index %13 : memref<2xf32> -> index
        %14 = arith.cmpi ne, %intptr_49, %intptr_50 : index
        %15 = arith.andi %14, %arg10 : i1
        scf.if %15 {
          memref.dealloc %base_buffer_45 : memref<f32>
        }
        %16 = arith.cmpi eq, %intptr_49, %intptr_50 : index
        %17 = arith.andi %16, %arg10 : i1
        %intptr_51 = memref.extract_aligned_pointer_as_index %alloc_44 : memref<2xf32> -> index
        %18 = arith.cmpi ne, %intptr_51, %intptr_50 : index
        scf.if %18 {
          memref.dealloc %alloc_44 : memref<2xf32>
        }
        %19 = arith.cmpi eq, %intptr_51, %intptr_50 : index
        %20 = arith.ori %17, %19 : i1
        scf.yield %13, %20 : memref<2xf32>, i1
      }
      %7 = arith.select %arg1, %arg5, %6#0 : memref<2xf32>
      %base_buffer_17, %offset_18, %sizes_19, %strides_20 = memref.extract_strided_metadata %arg4 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_21, %offset_22, %sizes_23, %strides_24 = memref.extract_strided_metadata %arg5 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_25, %offset_26, %sizes_27, %strides_28 = memref.extract_strided_metadata %6#0 : memref<2xf32> -> memref<f32>, index, index, index
      %alloc_29 = memref.alloc() : memref<3xindex>
      %alloc_30 = memref.alloc() : memref<3xi1>
      %alloc_31 = memref.alloc() : memref<2xindex>
      %intptr_32 = memref.extract_aligned_pointer_as_index %base_buffer_17 : memref<f32> -> index
      memref.store %intptr_32, %alloc_29[%c0] : memref<3xindex>
      %intptr_33 = memref.extract_aligned_pointer_as_index %base_buffer_21 : memref<f32> -> index
      memref.store %intptr_33, %alloc_29[%c1] : memref<3xindex>
      %intptr_34 = memref.extract_aligned_pointer_as_index %base_buffer_25 : memref<f32> -> index
      memref.store %intptr_34, %alloc_29[%c2] : memref<3xindex>
      memref.store %arg6, %alloc_30[%c0] : memref<3xi1>
      memref.store %arg7, %alloc_30[%c1] : memref<3xi1>
      memref.store %6#1, %alloc_30[%c2] : memref<3xi1>
      %intptr_35 = memref.extract_aligned_pointer_as_index %6#0 : memref<2xf32> -> index
      memref.store %intptr_35, %alloc_31[%c0] : memref<2xindex>
      %intptr_36 = memref.extract_aligned_pointer_as_index %7 : memref<2xf32> -> index
      memref.store %intptr_36, %alloc_31[%c1] : memref<2xindex>
      %cast_37 = memref.cast %alloc_29 : memref<3xindex> to memref<?xindex>
      %cast_38 = memref.cast %alloc_30 : memref<3xi1> to memref<?xi1>
      %cast_39 = memref.cast %alloc_31 : memref<2xindex> to memref<?xindex>
      %alloc_40 = memref.alloc() : memref<3xi1>
      %alloc_41 = memref.alloc() : memref<2xi1>
      %cast_42 = memref.cast %alloc_40 : memref<3xi1> to memref<?xi1>
      %cast_43 = memref.cast %alloc_41 : memref<2xi1> to memref<?xi1>
      func.call @dealloc_helper(%cast_37, %cast_39, %cast_38, %cast_42, %cast_43) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
      %8 = memref.load %alloc_40[%c0] : memref<3xi1>
      scf.if %8 {
        memref.dealloc %base_buffer_17 : memref<f32>
      }
      %9 = memref.load %alloc_40[%c1] : memref<3xi1>
      scf.if %9 {
        memref.dealloc %base_buffer_21 : memref<f32>
      }
      %10 = memref.load %alloc_40[%c2] : memref<3xi1>
      scf.if %10 {
        memref.dealloc %base_buffer_25 : memref<f32>
      }
      %11 = memref.load %alloc_41[%c0] : memref<2xi1>
      %12 = memref.load %alloc_41[%c1] : memref<2xi1>
      memref.dealloc %alloc_29 : memref<3xindex>
      memref.dealloc %alloc_31 : memref<2xindex>
      memref.dealloc %alloc_30 : memref<3xi1>
      memref.dealloc %alloc_40 : memref<3xi1>
      memref.dealloc %alloc_41 : memref<2xi1>
      scf.yield %6#0, %7, %11, %11 : memref<2xf32>, memref<2xf32>, i1, i1
    }
    %1 = scf.if %0#2 -> (memref<2xf32>) {
      scf.yield %0#0 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#0 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %2 = scf.if %0#3 -> (memref<2xf32>) {
      scf.yield %0#1 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#1 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<2xf32> -> memref<f32>, index, index, index
    %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %0#1 : memref<2xf32> -> memref<f32>, index, index, index
    %alloc_4 = memref.alloc() : memref<3xindex>
    %alloc_5 = memref.alloc() : memref<3xi1>
    %alloc_6 = memref.alloc() : memref<2xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<2xf32> -> index
    memref.store %intptr, %alloc_4[%c0] : memref<3xindex>
    %intptr_7 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr_7, %alloc_4[%c1] : memref<3xindex>
    %intptr_8 = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
    memref.store %intptr_8, %alloc_4[%c2] : memref<3xindex>
    memref.store %true, %alloc_5[%c0] : memref<3xi1>
    memref.store %0#2, %alloc_5[%c1] : memref<3xi1>
    memref.store %0#3, %alloc_5[%c2] : memref<3xi1>
    %intptr_9 = memref.extract_aligned_pointer_as_index %1 : memref<2xf32> -> index
    memref.store %intptr_9, %alloc_6[%c0] : memref<2xindex>
    %intptr_10 = memref.extract_aligned_pointer_as_index %2 : memref<2xf32> -> index
    memref.store %intptr_10, %alloc_6[%c1] : memref<2xindex>
    %cast = memref.cast %alloc_4 : memref<3xindex> to memref<?xindex>
    %cast_11 = memref.cast %alloc_5 : memref<3xi1> to memref<?xi1>
    %cast_12 = memref.cast %alloc_6 : memref<2xindex> to memref<?xindex>
    %alloc_13 = memref.alloc() : memref<3xi1>
    %alloc_14 = memref.alloc() : memref<2xi1>
    %cast_15 = memref.cast %alloc_13 : memref<3xi1> to memref<?xi1>
    %cast_16 = memref.cast %alloc_14 : memref<2xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_12, %cast_11, %cast_15, %cast_16) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %3 = memref.load %alloc_13[%c0] : memref<3xi1>
    scf.if %3 {
      memref.dealloc %alloc : memref<2xf32>
    }
    %4 = memref.load %alloc_13[%c1] : memref<3xi1>
    scf.if %4 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %5 = memref.load %alloc_13[%c2] : memref<3xi1>
    scf.if %5 {
      memref.dealloc %base_buffer_0 : memref<f32>
    }
    memref.dealloc %alloc_4 : memref<3xindex>
    memref.dealloc %alloc_6 : memref<2xindex>
    memref.dealloc %alloc_5 : memref<3xi1>
    memref.dealloc %alloc_13 : memref<3xi1>
    memref.dealloc %alloc_14 : memref<2xi1>
    return %1, %2 : memref<2xf32>, memref<2xf32>
  }

  func.func @inner_flag_true(%arg0: index, %arg1: i1, %arg2: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
    %c2 = arith.constant 2 : index
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<2xf32>
    %0:4 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %alloc, %arg5 = %arg2, %arg6 = %false, %arg7 = %false) -> (memref<2xf32>, memref<2xf32>, i1, i1) {
      %6:2 = scf.for %arg8 = %c0 to %arg3 step %c1 iter_args(%arg9 = %arg4, %arg10 = %false) -> (memref<2xf32>, i1) {
        %alloc_44 = memref.alloc() : memref<2xf32>
        memref.copy %arg9, %alloc_44 : memref<2xf32> to memref<2xf32>
        %13 = arith.select %arg1, %alloc_44, %arg9 : memref<2xf32>
        %base_buffer_45, %offset_46, %sizes_47, %strides_48 = memref.extract_strided_metadata %arg9 : memref<2xf32> -> memref<f32>, index, index, index
        %intptr_49 = memref.extract_aligned_pointer_as_index %base_buffer_45 : memref<f32> -> index
        %intptr_50 = memref.extract_aligned_pointer_as_index %13 : memref<2xf32> -> index
        %14 = arith.cmpi ne, %intptr_49, %intptr_50 : index
        %15 = arith.andi %14, %arg10 : i1
        scf.if %15 {
          memref.dealloc %base_buffer_45 : memref<f32>
        }
        %16 = arith.cmpi eq, %intptr_49, %intptr_50 : index
        %17 = arith.andi %16, %arg10 : i1
        %intptr_51 = memref.extract_aligned_pointer_as_index %alloc_44 : memref<2xf32> -> index
        %18 = arith.cmpi ne, %intptr_51, %intptr_50 : index
        scf.if %18 {
          memref.dealloc %alloc_44 : memref<2xf32>
        }
        %19 = arith.cmpi eq, %intptr_51, %intptr_50 : index
        %20 = arith.ori %17, %19 : i1
        scf.yield %13, %true : memref<2xf32>, i1
      }
      %7 = arith.select %arg1, %arg5, %6#0 : memref<2xf32>
      %base_buffer_17, %offset_18, %sizes_19, %strides_20 = memref.extract_strided_metadata %arg4 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_21, %offset_22, %sizes_23, %strides_24 = memref.extract_strided_metadata %arg5 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_25, %offset_26, %sizes_27, %strides_28 = memref.extract_strided_metadata %6#0 : memref<2xf32> -> memref<f32>, index, index, index
      %alloc_29 = memref.alloc() : memref<3xindex>
      %alloc_30 = memref.alloc() : memref<3xi1>
      %alloc_31 = memref.alloc() : memref<2xindex>
      %intptr_32 = memref.extract_aligned_pointer_as_index %base_buffer_17 : memref<f32> -> index
      memref.store %intptr_32, %alloc_29[%c0] : memref<3xindex>
      %intptr_33 = memref.extract_aligned_pointer_as_index %base_buffer_21 : memref<f32> -> index
      memref.store %intptr_33, %alloc_29[%c1] : memref<3xindex>
      %intptr_34 = memref.extract_aligned_pointer_as_index %base_buffer_25 : memref<f32> -> index
      memref.store %intptr_34, %alloc_29[%c2] : memref<3xindex>
      memref.store %arg6, %alloc_30[%c0] : memref<3xi1>
      memref.store %arg7, %alloc_30[%c1] : memref<3xi1>
      memref.store %6#1, %alloc_30[%c2] : memref<3xi1>
      %intptr_35 = memref.extract_aligned_pointer_as_index %6#0 : memref<2xf32> -> index
      memref.store %intptr_35, %alloc_31[%c0] : memref<2xindex>
      %intptr_36 = memref.extract_aligned_pointer_as_index %7 : memref<2xf32> -> index
      memref.store %intptr_36, %alloc_31[%c1] : memref<2xindex>
      %cast_37 = memref.cast %alloc_29 : memref<3xindex> to memref<?xindex>
      %cast_38 = memref.cast %alloc_30 : memref<3xi1> to memref<?xi1>
      %cast_39 = memref.cast %alloc_31 : memref<2xindex> to memref<?xindex>
      %alloc_40 = memref.alloc() : memref<3xi1>
      %alloc_41 = memref.alloc() : memref<2xi1>
      %cast_42 = memref.cast %alloc_40 : memref<3xi1> to memref<?xi1>
      %cast_43 = memref.cast %alloc_41 : memref<2xi1> to memref<?xi1>
      func.call @dealloc_helper(%cast_37, %cast_39, %cast_38, %cast_42, %cast_43) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
      %8 = memref.load %alloc_40[%c0] : memref<3xi1>
      scf.if %8 {
        memref.dealloc %base_buffer_17 : memref<f32>
      }
      %9 = memref.load %alloc_40[%c1] : memref<3xi1>
      scf.if %9 {
        memref.dealloc %base_buffer_21 : memref<f32>
      }
      %10 = memref.load %alloc_40[%c2] : memref<3xi1>
      scf.if %10 {
        memref.dealloc %base_buffer_25 : memref<f32>
      }
      %11 = memref.load %alloc_41[%c0] : memref<2xi1>
      %12 = memref.load %alloc_41[%c1] : memref<2xi1>
      memref.dealloc %alloc_29 : memref<3xindex>
      memref.dealloc %alloc_31 : memref<2xindex>
      memref.dealloc %alloc_30 : memref<3xi1>
      memref.dealloc %alloc_40 : memref<3xi1>
      memref.dealloc %alloc_41 : memref<2xi1>
      scf.yield %6#0, %7, %11, %12 : memref<2xf32>, memref<2xf32>, i1, i1
    }
    %1 = scf.if %0#2 -> (memref<2xf32>) {
      scf.yield %0#0 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#0 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %2 = scf.if %0#3 -> (memref<2xf32>) {
      scf.yield %0#1 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#1 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<2xf32> -> memref<f32>, index, index, index
    %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %0#1 : memref<2xf32> -> memref<f32>, index, index, index
    %alloc_4 = memref.alloc() : memref<3xindex>
    %alloc_5 = memref.alloc() : memref<3xi1>
    %alloc_6 = memref.alloc() : memref<2xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<2xf32> -> index
    memref.store %intptr, %alloc_4[%c0] : memref<3xindex>
    %intptr_7 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr_7, %alloc_4[%c1] : memref<3xindex>
    %intptr_8 = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
    memref.store %intptr_8, %alloc_4[%c2] : memref<3xindex>
    memref.store %true, %alloc_5[%c0] : memref<3xi1>
    memref.store %0#2, %alloc_5[%c1] : memref<3xi1>
    memref.store %0#3, %alloc_5[%c2] : memref<3xi1>
    %intptr_9 = memref.extract_aligned_pointer_as_index %1 : memref<2xf32> -> index
    memref.store %intptr_9, %alloc_6[%c0] : memref<2xindex>
    %intptr_10 = memref.extract_aligned_pointer_as_index %2 : memref<2xf32> -> index
    memref.store %intptr_10, %alloc_6[%c1] : memref<2xindex>
    %cast = memref.cast %alloc_4 : memref<3xindex> to memref<?xindex>
    %cast_11 = memref.cast %alloc_5 : memref<3xi1> to memref<?xi1>
    %cast_12 = memref.cast %alloc_6 : memref<2xindex> to memref<?xindex>
    %alloc_13 = memref.alloc() : memref<3xi1>
    %alloc_14 = memref.alloc() : memref<2xi1>
    %cast_15 = memref.cast %alloc_13 : memref<3xi1> to memref<?xi1>
    %cast_16 = memref.cast %alloc_14 : memref<2xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_12, %cast_11, %cast_15, %cast_16) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %3 = memref.load %alloc_13[%c0] : memref<3xi1>
    scf.if %3 {
      memref.dealloc %alloc : memref<2xf32>
    }
    %4 = memref.load %alloc_13[%c1] : memref<3xi1>
    scf.if %4 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %5 = memref.load %alloc_13[%c2] : memref<3xi1>
    scf.if %5 {
      memref.dealloc %base_buffer_0 : memref<f32>
    }
    memref.dealloc %alloc_4 : memref<3xindex>
    memref.dealloc %alloc_6 : memref<2xindex>
    memref.dealloc %alloc_5 : memref<3xi1>
    memref.dealloc %alloc_13 : memref<3xi1>
    memref.dealloc %alloc_14 : memref<2xi1>
    return %1, %2 : memref<2xf32>, memref<2xf32>
  }

  func.func @leak_after_bound(%arg0: index, %arg1: i1, %arg2: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
    %c2 = arith.constant 2 : index
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<2xf32>
    %0:4 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %alloc, %arg5 = %arg2, %arg6 = %false, %arg7 = %false) -> (memref<2xf32>, memref<2xf32>, i1, i1) {
      %6:2 = scf.for %arg8 = %c0 to %arg3 step %c1 iter_args(%arg9 = %arg4, %arg10 = %false) -> (memref<2xf32>, i1) {
        %alloc_44 = memref.alloc() : memref<2xf32>
        memref.copy %arg9, %alloc_44 : memref<2xf32> to memref<2xf32>
        %13 = arith.select %arg1, %alloc_44, %arg9 : memref<2xf32>
        %base_buffer_45, %offset_46, %sizes_47, %strides_48 = memref.extract_strided_metadata %arg9 : memref<2xf32> -> memref<f32>, index, index, index
        %intptr_49 = memref.extract_aligned_pointer_as_index %base_buffer_45 : memref<f32> -> index
        %intptr_50 = memref.extract_aligned_pointer_as_index %13 : memref<2xf32> -> index
        %14 = arith.cmpi ne, %intptr_49, %intptr_50 : index
        %15 = arith.andi %14, %arg10 : i1
        scf.if %15 {
          memref.dealloc %base_buffer_45 : memref<f32>
        }
        %16 = arith.cmpi eq, %intptr_49, %intptr_50 : index
        %17 = arith.andi %16, %arg10 : i1
        %intptr_51 = memref.extract_aligned_pointer_as_index %alloc_44 : memref<2xf32> -> index
        %18 = arith.cmpi ne, %intptr_51, %intptr_50 : index
        scf.if %18 {
          memref.dealloc %alloc_44 : memref<2xf32>
        }
        %19 = arith.cmpi eq, %intptr_51, %intptr_50 : index
        %20 = arith.ori %17, %19 : i1
        scf.yield %13, %20 : memref<2xf32>, i1
      }
      %7 = arith.select %arg1, %arg5, %6#0 : memref<2xf32>
      %base_buffer_17, %offset_18, %sizes_19, %strides_20 = memref.extract_strided_metadata %arg4 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_21, %offset_22, %sizes_23, %strides_24 = memref.extract_strided_metadata %arg5 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_25, %offset_26, %sizes_27, %strides_28 = memref.extract_strided_metadata %6#0 : memref<2xf32> -> memref<f32>, index, index, index
      %alloc_29 = memref.alloc() : memref<3xindex>
      %alloc_30 = memref.alloc() : memref<3xi1>
      %alloc_31 = memref.alloc() : memref<2xindex>
      %intptr_32 = memref.extract_aligned_pointer_as_index %base_buffer_17 : memref<f32> -> index
      memref.store %intptr_32, %alloc_29[%c0] : memref<3xindex>
      %intptr_33 = memref.extract_aligned_pointer_as_index %base_buffer_21 : memref<f32> -> index
      memref.store %intptr_33, %alloc_29[%c1] : memref<3xindex>
      %intptr_34 = memref.extract_aligned_pointer_as_index %base_buffer_25 : memref<f32> -> index
      memref.store %intptr_34, %alloc_29[%c2] : memref<3xindex>
      memref.store %arg6, %alloc_30[%c0] : memref<3xi1>
      memref.store %arg7, %alloc_30[%c1] : memref<3xi1>
      memref.store %6#1, %alloc_30[%c2] : memref<3xi1>
      %intptr_35 = memref.extract_aligned_pointer_as_index %6#0 : memref<2xf32> -> index
      memref.store %intptr_35, %alloc_31[%c0] : memref<2xindex>
      %intptr_36 = memref.extract_aligned_pointer_as_index %7 : memref<2xf32> -> index
      memref.store %intptr_36, %alloc_31[%c1] : memref<2xindex>
      %cast_37 = memref.cast %alloc_29 : memref<3xindex> to memref<?xindex>
      %cast_38 = memref.cast %alloc_30 : memref<3xi1> to memref<?xi1>
      %cast_39 = memref.cast %alloc_31 : memref<2xindex> to memref<?xindex>
      %alloc_40 = memref.alloc() : memref<3xi1>
      %alloc_41 = memref.alloc() : memref<2xi1>
      %cast_42 = memref.cast %alloc_40 : memref<3xi1> to memref<?xi1>
      %cast_43 = memref.cast %alloc_41 : memref<2xi1> to memref<?xi1>
      func.call @dealloc_helper(%cast_37, %cast_39, %cast_38, %cast_42, %cast_43) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
      %8 = memref.load %alloc_40[%c0] : memref<3xi1>
      %c5 = arith.constant 5 : index
      %late = arith.cmpi ne, %arg3, %c5 : index
      %late8 = arith.andi %8, %late : i1
      scf.if %late8 {
        memref.dealloc %base_buffer_17 : memref<f32>
      }
      %9 = memref.load %alloc_40[%c1] : memref<3xi1>
      scf.if %9 {
        memref.dealloc %base_buffer_21 : memref<f32>
      }
      %10 = memref.load %alloc_40[%c2] : memref<3xi1>
      scf.if %10 {
        memref.dealloc %base_buffer_25 : memref<f32>
      }
      %11 = memref.load %alloc_41[%c0] : memref<2xi1>
      %12 = memref.load %alloc_41[%c1] : memref<2xi1>
      memref.dealloc %alloc_29 : memref<3xindex>
      memref.dealloc %alloc_31 : memref<2xindex>
      memref.dealloc %alloc_30 : memref<3xi1>
      memref.dealloc %alloc_40 : memref<3xi1>
      memref.dealloc %alloc_41 : memref<2xi1>
      scf.yield %6#0, %7, %11, %12 : memref<2xf32>, memref<2xf32>, i1, i1
    }
    %1 = scf.if %0#2 -> (memref<2xf32>) {
      scf.yield %0#0 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#0 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %2 = scf.if %0#3 -> (memref<2xf32>) {
      scf.yield %0#1 : memref<2xf32>
    } else {
      %6 = bufferization.clone %0#1 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<2xf32> -> memref<f32>, index, index, index
    %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %0#1 : memref<2xf32> -> memref<f32>, index, index, index
    %alloc_4 = memref.alloc() : memref<3xindex>
    %alloc_5 = memref.alloc() : memref<3xi1>
    %alloc_6 = memref.alloc() : memref<2xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<2xf32> -> index
    memref.store %intptr, %alloc_4[%c0] : memref<3xindex>
    %intptr_7 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr_7, %alloc_4[%c1] : memref<3xindex>
    %intptr_8 = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
    memref.store %intptr_8, %alloc_4[%c2] : memref<3xindex>
    memref.store %true, %alloc_5[%c0] : memref<3xi1>
    memref.store %0#2, %alloc_5[%c1] : memref<3xi1>
    memref.store %0#3, %alloc_5[%c2] : memref<3xi1>
    %intptr_9 = memref.extract_aligned_pointer_as_index %1 : memref<2xf32> -> index
    memref.store %intptr_9, %alloc_6[%c0] : memref<2xindex>
    %intptr_10 = memref.extract_aligned_pointer_as_index %2 : memref<2xf32> -> index
    memref.store %intptr_10, %alloc_6[%c1] : memref<2xindex>
    %cast = memref.cast %alloc_4 : memref<3xindex> to memref<?xindex>
    %cast_11 = memref.cast %alloc_5 : memref<3xi1> to memref<?xi1>
    %cast_12 = memref.cast %alloc_6 : memref<2xindex> to memref<?xindex>
    %alloc_13 = memref.alloc() : memref<3xi1>
    %alloc_14 = memref.alloc() : memref<2xi1>
    %cast_15 = memref.cast %alloc_13 : memref<3xi1> to memref<?xi1>
    %cast_16 = memref.cast %alloc_14 : memref<2xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_12, %cast_11, %cast_15, %cast_16) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %3 = memref.load %alloc_13[%c0] : memref<3xi1>
    scf.if %3 {
      memref.dealloc %alloc : memref<2xf32>
    }
    %4 = memref.load %alloc_13[%c1] : memref<3xi1>
    scf.if %4 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %5 = memref.load %alloc_13[%c2] : memref<3xi1>
    scf.if %5 {
      memref.dealloc %base_buffer_0 : memref<f32>
    }
    memref.dealloc %alloc_4 : memref<3xindex>
    memref.dealloc %alloc_6 : memref<2xindex>
    memref.dealloc %alloc_5 : memref<3xi1>
    memref.dealloc %alloc_13 : memref<3xi1>
    memref.dealloc %alloc_14 : memref<2xi1>
    return %1, %2 : memref<2xf32>, memref<2xf32>
  }

  func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %false = arith.constant false
    %dim = memref.dim %arg0, %c0 : memref<?xindex>
    %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
    scf.for %arg5 = %c0 to %dim_0 step %c1 {
      memref.store %false, %arg4[%arg5] : memref<?xi1>
    }
    scf.for %arg5 = %c0 to %dim step %c1 {
      %0 = memref.load %arg0[%arg5] : memref<?xindex>
      %1 = memref.load %arg2[%arg5] : memref<?xi1>
      %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
        %5 = memref.load %arg1[%arg6] : memref<?xindex>
        %6 = arith.cmpi eq, %5, %0 : index
        scf.if %6 {
          %9 = memref.load %arg4[%arg6] : memref<?xi1>
          %10 = arith.ori %9, %1 : i1
          memref.store %10, %arg4[%arg6] : memref<?xi1>
        }
        %7 = arith.cmpi ne, %5, %0 : index
        %8 = arith.andi %arg7, %7 : i1
        scf.yield %8 : i1
      }
      %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
        %5 = memref.load %arg0[%arg6] : memref<?xindex>
        %6 = arith.cmpi ne, %5, %0 : index
        %7 = arith.andi %arg7, %6 : i1
        scf.yield %7 : i1
      }
      %4 = arith.andi %3, %1 : i1
      memref.store %4, %arg3[%arg5] : memref<?xi1>
    }
    return
  }
}

// dealloc-run finding (for helper sem): crashes non-deterministically (about 1 run in 2)
// with SIGSEGV in dealloc::Machine::execControl -> llvm::APInt::sadd_ov, on
// upstream's --buffer-deallocation-pipeline output of bench/shapes.py for-iterargs 10:
//   for i in 1 2 3 4 5 6; do dealloc-run bench/repro/dealloc-run-crash-for-iterargs-10.mlir --function entry --input b0,2,true; echo rc=$?; done
// Same for bench/shapes.py for-loops 30 (input b0,2). Seen with the dealloc-run binaries
// built 19:08-19:41 UTC; not reproduced (0 of 8 runs) with build-sem's binary of 19:45.
// Looks like a dangling reference
// to an APInt (e.g. the scf.for induction value) across a container reallocation.
module {
  func.func @entry(%arg0: memref<4xf32>, %arg1: index, %arg2: i1) -> memref<4xf32> {
    %c9 = arith.constant 9 : index
    %c8 = arith.constant 8 : index
    %c7 = arith.constant 7 : index
    %c6 = arith.constant 6 : index
    %c5 = arith.constant 5 : index
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_0 : memref<4xf32> to memref<4xf32>
    %alloc_1 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_1 : memref<4xf32> to memref<4xf32>
    %alloc_2 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_2 : memref<4xf32> to memref<4xf32>
    %alloc_3 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_3 : memref<4xf32> to memref<4xf32>
    %alloc_4 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_4 : memref<4xf32> to memref<4xf32>
    %alloc_5 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_5 : memref<4xf32> to memref<4xf32>
    %alloc_6 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_6 : memref<4xf32> to memref<4xf32>
    %alloc_7 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_7 : memref<4xf32> to memref<4xf32>
    %alloc_8 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %alloc_8 : memref<4xf32> to memref<4xf32>
    %0:6 = scf.for %arg3 = %c0 to %arg1 step %c1 iter_args(%arg4 = %alloc, %arg5 = %alloc_1, %arg6 = %alloc_3, %arg7 = %alloc_5, %arg8 = %alloc_7, %arg9 = %false) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, i1) {
      %alloc_44 = memref.alloc() : memref<4xf32>
      memref.copy %arg4, %alloc_44 : memref<4xf32> to memref<4xf32>
      memref.store %cst, %alloc_0[%c0] : memref<4xf32>
      %alloc_45 = memref.alloc() : memref<4xf32>
      memref.copy %arg5, %alloc_45 : memref<4xf32> to memref<4xf32>
      memref.store %cst, %alloc_2[%c0] : memref<4xf32>
      %alloc_46 = memref.alloc() : memref<4xf32>
      memref.copy %arg6, %alloc_46 : memref<4xf32> to memref<4xf32>
      memref.store %cst, %alloc_4[%c0] : memref<4xf32>
      %alloc_47 = memref.alloc() : memref<4xf32>
      memref.copy %arg7, %alloc_47 : memref<4xf32> to memref<4xf32>
      memref.store %cst, %alloc_6[%c0] : memref<4xf32>
      %alloc_48 = memref.alloc() : memref<4xf32>
      memref.copy %arg8, %alloc_48 : memref<4xf32> to memref<4xf32>
      memref.store %cst, %alloc_8[%c0] : memref<4xf32>
      %base_buffer_49, %offset_50, %sizes_51, %strides_52 = memref.extract_strided_metadata %arg4 : memref<4xf32> -> memref<f32>, index, index, index
      %base_buffer_53, %offset_54, %sizes_55, %strides_56 = memref.extract_strided_metadata %arg5 : memref<4xf32> -> memref<f32>, index, index, index
      %base_buffer_57, %offset_58, %sizes_59, %strides_60 = memref.extract_strided_metadata %arg6 : memref<4xf32> -> memref<f32>, index, index, index
      %base_buffer_61, %offset_62, %sizes_63, %strides_64 = memref.extract_strided_metadata %arg7 : memref<4xf32> -> memref<f32>, index, index, index
      %base_buffer_65, %offset_66, %sizes_67, %strides_68 = memref.extract_strided_metadata %arg8 : memref<4xf32> -> memref<f32>, index, index, index
      scf.if %arg9 {
        memref.dealloc %base_buffer_49 : memref<f32>
        memref.dealloc %base_buffer_53 : memref<f32>
        memref.dealloc %base_buffer_57 : memref<f32>
        memref.dealloc %base_buffer_61 : memref<f32>
        memref.dealloc %base_buffer_65 : memref<f32>
      }
      scf.yield %alloc_44, %alloc_45, %alloc_46, %alloc_47, %alloc_48, %true : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, i1
    }
    %1 = scf.if %0#5 -> (memref<4xf32>) {
      scf.yield %0#0 : memref<4xf32>
    } else {
      %12 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
      scf.yield %12 : memref<4xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<4xf32> -> memref<f32>, index, index, index
    %base_buffer_9, %offset_10, %sizes_11, %strides_12 = memref.extract_strided_metadata %0#1 : memref<4xf32> -> memref<f32>, index, index, index
    %base_buffer_13, %offset_14, %sizes_15, %strides_16 = memref.extract_strided_metadata %0#2 : memref<4xf32> -> memref<f32>, index, index, index
    %base_buffer_17, %offset_18, %sizes_19, %strides_20 = memref.extract_strided_metadata %0#3 : memref<4xf32> -> memref<f32>, index, index, index
    %base_buffer_21, %offset_22, %sizes_23, %strides_24 = memref.extract_strided_metadata %0#4 : memref<4xf32> -> memref<f32>, index, index, index
    memref.dealloc %alloc_0 : memref<4xf32>
    memref.dealloc %alloc_2 : memref<4xf32>
    memref.dealloc %alloc_4 : memref<4xf32>
    memref.dealloc %alloc_6 : memref<4xf32>
    memref.dealloc %alloc_8 : memref<4xf32>
    %alloc_25 = memref.alloc() : memref<10xindex>
    %alloc_26 = memref.alloc() : memref<10xi1>
    %alloc_27 = memref.alloc() : memref<1xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<4xf32> -> index
    memref.store %intptr, %alloc_25[%c0] : memref<10xindex>
    %intptr_28 = memref.extract_aligned_pointer_as_index %alloc_1 : memref<4xf32> -> index
    memref.store %intptr_28, %alloc_25[%c1] : memref<10xindex>
    %intptr_29 = memref.extract_aligned_pointer_as_index %alloc_3 : memref<4xf32> -> index
    memref.store %intptr_29, %alloc_25[%c2] : memref<10xindex>
    %intptr_30 = memref.extract_aligned_pointer_as_index %alloc_5 : memref<4xf32> -> index
    memref.store %intptr_30, %alloc_25[%c3] : memref<10xindex>
    %intptr_31 = memref.extract_aligned_pointer_as_index %alloc_7 : memref<4xf32> -> index
    memref.store %intptr_31, %alloc_25[%c4] : memref<10xindex>
    %intptr_32 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr_32, %alloc_25[%c5] : memref<10xindex>
    %intptr_33 = memref.extract_aligned_pointer_as_index %base_buffer_9 : memref<f32> -> index
    memref.store %intptr_33, %alloc_25[%c6] : memref<10xindex>
    %intptr_34 = memref.extract_aligned_pointer_as_index %base_buffer_13 : memref<f32> -> index
    memref.store %intptr_34, %alloc_25[%c7] : memref<10xindex>
    %intptr_35 = memref.extract_aligned_pointer_as_index %base_buffer_17 : memref<f32> -> index
    memref.store %intptr_35, %alloc_25[%c8] : memref<10xindex>
    %intptr_36 = memref.extract_aligned_pointer_as_index %base_buffer_21 : memref<f32> -> index
    memref.store %intptr_36, %alloc_25[%c9] : memref<10xindex>
    memref.store %true, %alloc_26[%c0] : memref<10xi1>
    memref.store %true, %alloc_26[%c1] : memref<10xi1>
    memref.store %true, %alloc_26[%c2] : memref<10xi1>
    memref.store %true, %alloc_26[%c3] : memref<10xi1>
    memref.store %true, %alloc_26[%c4] : memref<10xi1>
    memref.store %0#5, %alloc_26[%c5] : memref<10xi1>
    memref.store %0#5, %alloc_26[%c6] : memref<10xi1>
    memref.store %0#5, %alloc_26[%c7] : memref<10xi1>
    memref.store %0#5, %alloc_26[%c8] : memref<10xi1>
    memref.store %0#5, %alloc_26[%c9] : memref<10xi1>
    %intptr_37 = memref.extract_aligned_pointer_as_index %1 : memref<4xf32> -> index
    memref.store %intptr_37, %alloc_27[%c0] : memref<1xindex>
    %cast = memref.cast %alloc_25 : memref<10xindex> to memref<?xindex>
    %cast_38 = memref.cast %alloc_26 : memref<10xi1> to memref<?xi1>
    %cast_39 = memref.cast %alloc_27 : memref<1xindex> to memref<?xindex>
    %alloc_40 = memref.alloc() : memref<10xi1>
    %alloc_41 = memref.alloc() : memref<1xi1>
    %cast_42 = memref.cast %alloc_40 : memref<10xi1> to memref<?xi1>
    %cast_43 = memref.cast %alloc_41 : memref<1xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_39, %cast_38, %cast_42, %cast_43) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %2 = memref.load %alloc_40[%c0] : memref<10xi1>
    scf.if %2 {
      memref.dealloc %alloc : memref<4xf32>
    }
    %3 = memref.load %alloc_40[%c1] : memref<10xi1>
    scf.if %3 {
      memref.dealloc %alloc_1 : memref<4xf32>
    }
    %4 = memref.load %alloc_40[%c2] : memref<10xi1>
    scf.if %4 {
      memref.dealloc %alloc_3 : memref<4xf32>
    }
    %5 = memref.load %alloc_40[%c3] : memref<10xi1>
    scf.if %5 {
      memref.dealloc %alloc_5 : memref<4xf32>
    }
    %6 = memref.load %alloc_40[%c4] : memref<10xi1>
    scf.if %6 {
      memref.dealloc %alloc_7 : memref<4xf32>
    }
    %7 = memref.load %alloc_40[%c5] : memref<10xi1>
    scf.if %7 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %8 = memref.load %alloc_40[%c6] : memref<10xi1>
    scf.if %8 {
      memref.dealloc %base_buffer_9 : memref<f32>
    }
    %9 = memref.load %alloc_40[%c7] : memref<10xi1>
    scf.if %9 {
      memref.dealloc %base_buffer_13 : memref<f32>
    }
    %10 = memref.load %alloc_40[%c8] : memref<10xi1>
    scf.if %10 {
      memref.dealloc %base_buffer_17 : memref<f32>
    }
    %11 = memref.load %alloc_40[%c9] : memref<10xi1>
    scf.if %11 {
      memref.dealloc %base_buffer_21 : memref<f32>
    }
    memref.dealloc %alloc_25 : memref<10xindex>
    memref.dealloc %alloc_27 : memref<1xindex>
    memref.dealloc %alloc_26 : memref<10xi1>
    memref.dealloc %alloc_40 : memref<10xi1>
    memref.dealloc %alloc_41 : memref<1xi1>
    return %1 : memref<4xf32>
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


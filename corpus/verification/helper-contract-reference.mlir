// Calls of the reference pipeline's helper (reference_dealloc_helper,
// [own.pipeline.helper]) are encoded by what it computes, as upstream's
// dealloc_helper is (helper-contract.mlir), with its own argument order
// (bases, conditions, retained, decisions, ownership) and its own rule: an
// earlier entry of the same buffer blocks a free only if its condition
// holds. The answers equal those of inlining it.
// SPEC: [verify.encoding.helper]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --no-helper-contract %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --reuse-addresses %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --solver-stats %s 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=STATS
// RUN: not dealloc-verify --no-helper-contract --solver-stats %s 2>&1 \
// RUN:   >/dev/null | FileCheck %s --check-prefix=INLINED

// The same buffer twice: freed once, by the first entry whose condition
// holds (upstream's helper leaks this one where %p is false:
// helper-contract.mlir, @duplicate_first_false).
// CHECK-LABEL: @first_false: SAFE
// STATS: @first_false: {{.*}} 1 dealloc_helper calls by their specification
// INLINED: @first_false: {{.*}} 0 dealloc_helper calls by their specification
func.func @first_false(%p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %bases = memref.alloc() : memref<2xindex>
  %conds = memref.alloc() : memref<2xi1>
  %retained = memref.alloc() : memref<0xindex>
  %out = memref.alloc() : memref<2xi1>
  %own = memref.alloc() : memref<0xi1>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  memref.store %pa, %bases[%c0] : memref<2xindex>
  memref.store %pa, %bases[%c1] : memref<2xindex>
  memref.store %p, %conds[%c0] : memref<2xi1>
  memref.store %true, %conds[%c1] : memref<2xi1>
  %b = memref.cast %bases : memref<2xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<0xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<2xi1> to memref<?xi1>
  %o = memref.cast %out : memref<2xi1> to memref<?xi1>
  %w = memref.cast %own : memref<0xi1> to memref<?xi1>
  call @reference_dealloc_helper(%b, %k, %r, %o, %w) : (memref<?xindex>, memref<?xi1>, memref<?xindex>, memref<?xi1>, memref<?xi1>) -> ()
  %d0 = memref.load %out[%c0] : memref<2xi1>
  scf.if %d0 {
    memref.dealloc %a : memref<4xf32>
  }
  %d1 = memref.load %out[%c1] : memref<2xi1>
  scf.if %d1 {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %bases : memref<2xindex>
  memref.dealloc %conds : memref<2xi1>
  memref.dealloc %retained : memref<0xindex>
  memref.dealloc %out : memref<2xi1>
  memref.dealloc %own : memref<0xi1>
  return
}

// Both conditions true: the second entry is not freed again.
// CHECK-LABEL: @both_true: SAFE
// STATS: @both_true: {{.*}} 1 dealloc_helper calls by their specification
func.func @both_true(%p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %bases = memref.alloc() : memref<2xindex>
  %conds = memref.alloc() : memref<2xi1>
  %retained = memref.alloc() : memref<0xindex>
  %out = memref.alloc() : memref<2xi1>
  %own = memref.alloc() : memref<0xi1>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  memref.store %pa, %bases[%c0] : memref<2xindex>
  memref.store %pa, %bases[%c1] : memref<2xindex>
  memref.store %true, %conds[%c0] : memref<2xi1>
  memref.store %true, %conds[%c1] : memref<2xi1>
  %b = memref.cast %bases : memref<2xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<0xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<2xi1> to memref<?xi1>
  %o = memref.cast %out : memref<2xi1> to memref<?xi1>
  %w = memref.cast %own : memref<0xi1> to memref<?xi1>
  call @reference_dealloc_helper(%b, %k, %r, %o, %w) : (memref<?xindex>, memref<?xi1>, memref<?xindex>, memref<?xi1>, memref<?xi1>) -> ()
  %d0 = memref.load %out[%c0] : memref<2xi1>
  scf.if %d0 {
    memref.dealloc %a : memref<4xf32>
  }
  %d1 = memref.load %out[%c1] : memref<2xi1>
  scf.if %d1 {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %bases : memref<2xindex>
  memref.dealloc %conds : memref<2xi1>
  memref.dealloc %retained : memref<0xindex>
  memref.dealloc %out : memref<2xi1>
  memref.dealloc %own : memref<0xi1>
  return
}

// Freeing the second entry whatever the helper decided is a double free
// where the first one's condition holds.
// CHECK-LABEL: @second_always: DOUBLE_FREE on input true
// CHECK: replayed by dealloc-run: DOUBLE_FREE
// STATS: @second_always: {{.*}} 1 dealloc_helper calls by their specification
func.func @second_always(%p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %bases = memref.alloc() : memref<2xindex>
  %conds = memref.alloc() : memref<2xi1>
  %retained = memref.alloc() : memref<0xindex>
  %out = memref.alloc() : memref<2xi1>
  %own = memref.alloc() : memref<0xi1>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  memref.store %pa, %bases[%c0] : memref<2xindex>
  memref.store %pa, %bases[%c1] : memref<2xindex>
  memref.store %p, %conds[%c0] : memref<2xi1>
  memref.store %true, %conds[%c1] : memref<2xi1>
  %b = memref.cast %bases : memref<2xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<0xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<2xi1> to memref<?xi1>
  %o = memref.cast %out : memref<2xi1> to memref<?xi1>
  %w = memref.cast %own : memref<0xi1> to memref<?xi1>
  call @reference_dealloc_helper(%b, %k, %r, %o, %w) : (memref<?xindex>, memref<?xi1>, memref<?xindex>, memref<?xi1>, memref<?xi1>) -> ()
  %d0 = memref.load %out[%c0] : memref<2xi1>
  scf.if %d0 {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %bases : memref<2xindex>
  memref.dealloc %conds : memref<2xi1>
  memref.dealloc %retained : memref<0xindex>
  memref.dealloc %out : memref<2xi1>
  memref.dealloc %own : memref<0xi1>
  return
}

func.func private @reference_dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xi1>, %arg2: memref<?xindex>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
  %true = arith.constant true
  %false = arith.constant false
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?xindex>
  %dim_0 = memref.dim %arg2, %c0 : memref<?xindex>
  scf.for %arg5 = %c0 to %dim_0 step %c1 {
    %0 = memref.load %arg2[%arg5] : memref<?xindex>
    %1 = scf.for %arg6 = %c0 to %dim step %c1 iter_args(%arg7 = %false) -> (i1) {
      %2 = memref.load %arg0[%arg6] : memref<?xindex>
      %3 = memref.load %arg1[%arg6] : memref<?xi1>
      %4 = arith.cmpi eq, %2, %0 : index
      %5 = arith.andi %3, %4 : i1
      %6 = arith.ori %arg7, %5 : i1
      scf.yield %6 : i1
    }
    memref.store %1, %arg4[%arg5] : memref<?xi1>
  }
  scf.for %arg5 = %c0 to %dim step %c1 {
    %0 = memref.load %arg0[%arg5] : memref<?xindex>
    %1 = memref.load %arg1[%arg5] : memref<?xi1>
    %2 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %false) -> (i1) {
      %7 = memref.load %arg0[%arg6] : memref<?xindex>
      %8 = memref.load %arg1[%arg6] : memref<?xi1>
      %9 = arith.cmpi eq, %7, %0 : index
      %10 = arith.andi %8, %9 : i1
      %11 = arith.ori %arg7, %10 : i1
      scf.yield %11 : i1
    }
    %3 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %false) -> (i1) {
      %7 = memref.load %arg2[%arg6] : memref<?xindex>
      %8 = arith.cmpi eq, %7, %0 : index
      %9 = arith.ori %arg7, %8 : i1
      scf.yield %9 : i1
    }
    %4 = arith.ori %2, %3 : i1
    %5 = arith.xori %4, %true : i1
    %6 = arith.andi %1, %5 : i1
    memref.store %6, %arg3[%arg5] : memref<?xi1>
  }
  return
}

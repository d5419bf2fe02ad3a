// Calls of upstream's generic dealloc_helper are encoded by what the helper
// computes, where the call meets the preconditions; elsewhere, and with
// --no-helper-contract, the helper is inlined. The answers are the same.
// SPEC: [verify.encoding.helper]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --no-helper-contract %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --reuse-addresses %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --reuse-addresses --no-helper-contract %s \
// RUN:   2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --solver-stats %s 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=STATS
// RUN: not dealloc-verify --no-helper-contract --solver-stats %s 2>&1 \
// RUN:   >/dev/null | FileCheck %s --check-prefix=INLINED

// The same buffer twice in the list: only its first entry frees it.
// CHECK-LABEL: @duplicate: SAFE
// STATS: @duplicate: {{.*}} 1 dealloc_helper calls by their specification
// INLINED: @duplicate: {{.*}} 0 dealloc_helper calls by their specification

func.func @duplicate(%p: i1) {
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
  memref.store %p, %conds[%c1] : memref<2xi1>
  %b = memref.cast %bases : memref<2xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<0xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<2xi1> to memref<?xi1>
  %o = memref.cast %out : memref<2xi1> to memref<?xi1>
  %w = memref.cast %own : memref<0xi1> to memref<?xi1>
  call @dealloc_helper(%b, %r, %k, %o, %w) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
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

// Whether it frees it is the first entry's condition, whatever the
// second's ([dev.dealloc.alias.first-condition]).
// CHECK-LABEL: @duplicate_first_false: LEAK on input false
// CHECK: replayed by dealloc-run: LEAK
// STATS: @duplicate_first_false: {{.*}} 1 dealloc_helper calls by their specification
func.func @duplicate_first_false(%p: i1) {
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
  call @dealloc_helper(%b, %r, %k, %o, %w) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
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

// A retained buffer is not freed; its ownership comes back instead.
// CHECK-LABEL: @retained: SAFE
// STATS: @retained: {{.*}} 1 dealloc_helper calls by their specification

func.func @retained(%p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %bases = memref.alloc() : memref<1xindex>
  %conds = memref.alloc() : memref<1xi1>
  %retained = memref.alloc() : memref<1xindex>
  %out = memref.alloc() : memref<1xi1>
  %own = memref.alloc() : memref<1xi1>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  memref.store %pa, %bases[%c0] : memref<1xindex>
  memref.store %p, %conds[%c0] : memref<1xi1>
  memref.store %pa, %retained[%c0] : memref<1xindex>
  %b = memref.cast %bases : memref<1xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<1xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<1xi1> to memref<?xi1>
  %o = memref.cast %out : memref<1xi1> to memref<?xi1>
  %w = memref.cast %own : memref<1xi1> to memref<?xi1>
  call @dealloc_helper(%b, %r, %k, %o, %w) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
  %d0 = memref.load %out[%c0] : memref<1xi1>
  scf.if %d0 {
    memref.dealloc %a : memref<4xf32>
  }
  %x = arith.xori %p, %true : i1
  scf.if %x {
    memref.dealloc %a : memref<4xf32>
  }
  %g = memref.load %own[%c0] : memref<1xi1>
  scf.if %g {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %bases : memref<1xindex>
  memref.dealloc %conds : memref<1xi1>
  memref.dealloc %retained : memref<1xindex>
  memref.dealloc %out : memref<1xi1>
  memref.dealloc %own : memref<1xi1>
  return
}

// The ownership the helper returns, negated, is a leak.
// CHECK-LABEL: @retained_negated: LEAK on input true
// CHECK: replayed by dealloc-run: LEAK
// STATS: @retained_negated: {{.*}} 1 dealloc_helper calls by their specification

func.func @retained_negated(%p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %bases = memref.alloc() : memref<1xindex>
  %conds = memref.alloc() : memref<1xi1>
  %retained = memref.alloc() : memref<1xindex>
  %out = memref.alloc() : memref<1xi1>
  %own = memref.alloc() : memref<1xi1>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  memref.store %pa, %bases[%c0] : memref<1xindex>
  memref.store %p, %conds[%c0] : memref<1xi1>
  memref.store %pa, %retained[%c0] : memref<1xindex>
  %b = memref.cast %bases : memref<1xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<1xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<1xi1> to memref<?xi1>
  %o = memref.cast %out : memref<1xi1> to memref<?xi1>
  %w = memref.cast %own : memref<1xi1> to memref<?xi1>
  call @dealloc_helper(%b, %r, %k, %o, %w) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
  %d0 = memref.load %out[%c0] : memref<1xi1>
  scf.if %d0 {
    memref.dealloc %a : memref<4xf32>
  }
  %x = arith.xori %p, %true : i1
  scf.if %x {
    memref.dealloc %a : memref<4xf32>
  }
  %g = memref.load %own[%c0] : memref<1xi1>
  %h = arith.xori %g, %true : i1
  scf.if %h {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %bases : memref<1xindex>
  memref.dealloc %conds : memref<1xi1>
  memref.dealloc %retained : memref<1xindex>
  memref.dealloc %out : memref<1xi1>
  memref.dealloc %own : memref<1xi1>
  return
}

// Base addresses that are not those of views are compared as numbers.
// CHECK-LABEL: @numbers: DOUBLE_FREE on input 0,1
// CHECK: replayed by dealloc-run: DOUBLE_FREE
// STATS: @numbers: {{.*}} 1 dealloc_helper calls by their specification

func.func @numbers(%x: index, %y: index) {
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
  memref.store %x, %bases[%c0] : memref<2xindex>
  memref.store %y, %bases[%c1] : memref<2xindex>
  memref.store %true, %conds[%c0] : memref<2xi1>
  memref.store %true, %conds[%c1] : memref<2xi1>
  %b = memref.cast %bases : memref<2xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<0xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<2xi1> to memref<?xi1>
  %o = memref.cast %out : memref<2xi1> to memref<?xi1>
  %w = memref.cast %own : memref<0xi1> to memref<?xi1>
  call @dealloc_helper(%b, %r, %k, %o, %w) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
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

// A list freed before the call: the helper is inlined, and its first read
// of the list is the use after free.
// CHECK-LABEL: @freed_list: USE_AFTER_FREE on input ""
// CHECK: replayed by dealloc-run: USE_AFTER_FREE [heap.use]: 'memref.load' accesses freed buffer
// STATS: @freed_list: {{.*}} 0 dealloc_helper calls by their specification

func.func @freed_list() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %bases = memref.alloc() : memref<1xindex>
  %conds = memref.alloc() : memref<1xi1>
  %retained = memref.alloc() : memref<0xindex>
  %out = memref.alloc() : memref<1xi1>
  %own = memref.alloc() : memref<0xi1>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  memref.store %pa, %bases[%c0] : memref<1xindex>
  memref.store %true, %conds[%c0] : memref<1xi1>
  %b = memref.cast %bases : memref<1xindex> to memref<?xindex>
  %r = memref.cast %retained : memref<0xindex> to memref<?xindex>
  %k = memref.cast %conds : memref<1xi1> to memref<?xi1>
  %o = memref.cast %out : memref<1xi1> to memref<?xi1>
  %w = memref.cast %own : memref<0xi1> to memref<?xi1>
  memref.dealloc %bases : memref<1xindex>
  call @dealloc_helper(%b, %r, %k, %o, %w) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
  %d0 = memref.load %out[%c0] : memref<1xi1>
  scf.if %d0 {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %conds : memref<1xi1>
  memref.dealloc %retained : memref<0xindex>
  memref.dealloc %out : memref<1xi1>
  memref.dealloc %own : memref<0xi1>
  return
}

// A function that is not upstream's helper (one comparison differs) is
// inlined: it frees a buffer listed twice twice.
// CHECK-LABEL: @not_the_helper: DOUBLE_FREE on input true
// CHECK: replayed by dealloc-run: DOUBLE_FREE
// STATS: @not_the_helper: {{.*}} 0 dealloc_helper calls by their specification

func.func @not_the_helper(%p: i1) {
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
  call @modified_helper(%b, %r, %k, %o, %w) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
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

func.func private @modified_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
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
      %6 = arith.cmpi eq, %5, %0 : index
      %7 = arith.andi %arg7, %6 : i1
      scf.yield %7 : i1
    }
    %4 = arith.andi %3, %1 : i1
    memref.store %4, %arg3[%arg5] : memref<?xi1>
  }
  return
}

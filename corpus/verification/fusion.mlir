// Buffers a merged memref value may view are renamed to one slot after a
// join where no other view reaches them ([verify.encoding.fusion]); the
// answers are those of the unfused encoding, and every counterexample is
// replayed by dealloc-run.
// SPEC: [verify.encoding.fusion]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --reuse-addresses %s 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=REUSE

// A chain of joins that pass on a fresh buffer (freeing the incoming one)
// or the incoming buffer, as the reference pipeline's output does.
// CHECK-LABEL: @chain: SAFE
// REUSE-LABEL: @chain: SAFE
func.func @chain(%p0: i1, %p1: i1, %p2: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %p0, ^t0, ^j0(%a : memref<2xf32>)
^t0:
  %n0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %n0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  cf.br ^j0(%n0 : memref<2xf32>)
^j0(%b0: memref<2xf32>):
  cf.cond_br %p1, ^t1, ^j1(%b0 : memref<2xf32>)
^t1:
  %n1 = memref.alloc() : memref<2xf32>
  memref.copy %b0, %n1 : memref<2xf32> to memref<2xf32>
  memref.dealloc %b0 : memref<2xf32>
  cf.br ^j1(%n1 : memref<2xf32>)
^j1(%b1: memref<2xf32>):
  cf.cond_br %p2, ^t2, ^j2(%b1 : memref<2xf32>)
^t2:
  %n2 = memref.alloc() : memref<2xf32>
  memref.copy %b1, %n2 : memref<2xf32> to memref<2xf32>
  memref.dealloc %b1 : memref<2xf32>
  cf.br ^j2(%n2 : memref<2xf32>)
^j2(%b2: memref<2xf32>):
  return %b2 : memref<2xf32>
}

// The buffer a merged value does not view stays behind: with %c true, %a
// is never freed, and that is reported at the return.
// CHECK-LABEL: @left_behind: LEAK on input true
// CHECK-NEXT: allocated by memref.alloc at {{.*}}fusion.mlir:[[#@LINE+4]]:8
// CHECK: replayed by dealloc-run: LEAK
// REUSE-LABEL: @left_behind: LEAK on input true
func.func @left_behind(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^j(%a : memref<2xf32>)
^t:
  %n = memref.alloc() : memref<2xf32>
  cf.br ^j(%n : memref<2xf32>)
^j(%m: memref<2xf32>):
  return %m : memref<2xf32>
}

// The fused slot itself leaks (the second join drops it when %d holds);
// the trace shows the allocation of the buffer it stands for.
// CHECK-LABEL: @fused_slot_leaks: LEAK on input false,true
// CHECK-NEXT: allocated by memref.alloc at {{.*}}fusion.mlir:[[#@LINE+4]]:8
// CHECK: replayed by dealloc-run: LEAK
// REUSE-LABEL: @fused_slot_leaks: LEAK on input false,true
func.func @fused_slot_leaks(%c: i1, %d: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^j(%a : memref<2xf32>)
^t:
  %n = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  cf.br ^j(%n : memref<2xf32>)
^j(%m: memref<2xf32>):
  cf.cond_br %d, ^t2, ^j2(%m : memref<2xf32>)
^t2:
  %k = memref.alloc() : memref<2xf32>
  cf.br ^j2(%k : memref<2xf32>)
^j2(%r: memref<2xf32>):
  return %r : memref<2xf32>
}

// An address taken before the join is compared with the merged value's
// after it: the comparison is of addresses then, not of slots (as slots, %a
// and the fused slot would never be equal, and the free below would seem
// never to happen).
// CHECK-LABEL: @address_across_join: SAFE
// With address reuse %n may take the address of the freed %a.
// REUSE-LABEL: @address_across_join: DOUBLE_FREE on input true
// REUSE: replayed by dealloc-run: DOUBLE_FREE
func.func @address_across_join(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  cf.cond_br %c, ^t, ^j(%a : memref<2xf32>)
^t:
  memref.dealloc %a : memref<2xf32>
  %n = memref.alloc() : memref<2xf32>
  memref.dealloc %n : memref<2xf32>
  cf.br ^j(%n : memref<2xf32>)
^j(%m: memref<2xf32>):
  %pm = memref.extract_aligned_pointer_as_index %m : memref<2xf32> -> index
  %same = arith.cmpi eq, %pa, %pm : index
  scf.if %same {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// %a is still used after the join, so it is not fused; freeing both %a and
// %m is a double free when %c is false.
// CHECK-LABEL: @still_viewed: DOUBLE_FREE on input false
// CHECK: replayed by dealloc-run: DOUBLE_FREE
// REUSE-LABEL: @still_viewed: DOUBLE_FREE on input false
func.func @still_viewed(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^j(%a : memref<2xf32>)
^t:
  %n = memref.alloc() : memref<2xf32>
  cf.br ^j(%n : memref<2xf32>)
^j(%m: memref<2xf32>):
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %m : memref<2xf32>
  return
}

// Results of scf.if are merged values too; the use after the free is on
// the fused slot.
// CHECK-LABEL: @if_result: USE_AFTER_FREE on input false
// CHECK-NEXT: allocated by memref.alloc at {{.*}}fusion.mlir:[[#@LINE+4]]:8
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
// REUSE-LABEL: @if_result: USE_AFTER_FREE on input false
func.func @if_result(%c: i1, %x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %m = scf.if %c -> memref<2xf32> {
    memref.dealloc %a : memref<2xf32>
    %n = memref.alloc() : memref<2xf32>
    scf.yield %n : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  memref.store %x, %m[%c0] : memref<2xf32>
  memref.dealloc %m : memref<2xf32>
  return
}

// The trace of a fused slot shows the events of the buffer it is on the
// violating run (%n), not those of the other buffers it may stand for (%a
// is allocated and freed on that run too).
// CHECK-LABEL: @trace_of_part: DOUBLE_FREE on input true
// CHECK-NEXT: allocated by memref.alloc at {{.*}}fusion.mlir:[[#@LINE+10]]:8
// CHECK-NEXT: freed at {{.*}}fusion.mlir:[[#@LINE+13]]:5
// CHECK-NEXT: DOUBLE_FREE at {{.*}}fusion.mlir:[[#@LINE+14]]:3
// CHECK-NEXT: replayed by dealloc-run: DOUBLE_FREE
// REUSE-LABEL: @trace_of_part: DOUBLE_FREE on input true
func.func @trace_of_part(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^j(%a : memref<2xf32>)
^t:
  memref.dealloc %a : memref<2xf32>
  %n = memref.alloc() : memref<2xf32>
  cf.br ^j(%n : memref<2xf32>)
^j(%m: memref<2xf32>):
  scf.if %c {
    memref.dealloc %m : memref<2xf32>
  }
  memref.dealloc %m : memref<2xf32>
  return
}

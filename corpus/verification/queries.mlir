// The safety question is split into queries per op, and a query that runs
// out is split further; a timeout on any part that is not outweighed by a
// violation found elsewhere makes the answer UNKNOWN, never SAFE.
// SPEC: [verify.queries]
// RUN: not dealloc-verify --timeout 300 %s 2>/dev/null | FileCheck %s

// The free of %a is skipped only if x * y is the prime 4611685975477714979
// with 1 < x, y < 2^32: no input does that, but proving it means proving the
// number prime by bit-blasting a 32x32-bit multiplication, far beyond 300 ms.
// The free of %b is decided at once; the answer must still be UNKNOWN.
// CHECK-LABEL: @unprovable: UNKNOWN (timeout after 300 ms
func.func @unprovable(%x: i64, %y: i64) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  %p = arith.muli %x, %y : i64
  %n = arith.constant 4611685975477714979 : i64
  %one = arith.constant 1 : i64
  %lim = arith.constant 4294967296 : i64
  %c1 = arith.cmpi eq, %p, %n : i64
  %c2 = arith.cmpi ugt, %x, %one : i64
  %c3 = arith.cmpi ugt, %y, %one : i64
  %c4 = arith.cmpi ult, %x, %lim : i64
  %c5 = arith.cmpi ult, %y, %lim : i64
  %d1 = arith.andi %c1, %c2 : i1
  %d2 = arith.andi %d1, %c3 : i1
  %d3 = arith.andi %d2, %c4 : i1
  %hard = arith.andi %d3, %c5 : i1
  scf.if %hard {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The same hard condition, next to an easy leak of %b (input %c false): the
// easy query is decided although the hard one runs out, and the leak is
// reported and replayed.
// CHECK-LABEL: @easy_next_to_hard: LEAK on input
// CHECK: replayed by dealloc-run: LEAK
func.func @easy_next_to_hard(%x: i64, %y: i64, %c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %b : memref<2xf32>
  }
  %p = arith.muli %x, %y : i64
  %n = arith.constant 4611685975477714979 : i64
  %one = arith.constant 1 : i64
  %lim = arith.constant 4294967296 : i64
  %c1 = arith.cmpi eq, %p, %n : i64
  %c2 = arith.cmpi ugt, %x, %one : i64
  %c3 = arith.cmpi ugt, %y, %one : i64
  %c4 = arith.cmpi ult, %x, %lim : i64
  %c5 = arith.cmpi ult, %y, %lim : i64
  %d1 = arith.andi %c1, %c2 : i1
  %d2 = arith.andi %d1, %c3 : i1
  %d3 = arith.andi %d2, %c4 : i1
  %hard = arith.andi %d3, %c5 : i1
  scf.if %hard {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Many ops, all decided: SAFE.
// CHECK-LABEL: @many_ops: SAFE
func.func @many_ops(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %e = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %d {
    memref.dealloc %b : memref<2xf32>
    memref.dealloc %e : memref<2xf32>
  } else {
    memref.dealloc %e : memref<2xf32>
    memref.dealloc %b : memref<2xf32>
  }
  return
}

// The worked truth table of spec/bufferization-dealloc.md, executed by the
// reference semantics. %a and its subview %s view buffer B with conditions
// c0, c1; the retained value %r views B iff %rs (else another buffer). The
// program asserts that the result is (c0 OR c1) AND rs, then frees B iff it
// must still be live ((NOT (c0 OR c1)) OR rs): it is SAFE for every input iff
// the op frees B exactly once iff (c0 OR c1) AND NOT rs, and computes the
// result as specified (a failing cf.assert shows as "aborted").
// SPEC: [dealloc.free.condition]
// SPEC: [dealloc.free.once]
// SPEC: [dealloc.results]
// SPEC: [dealloc.retain]
// RUN: dealloc-run %s | FileCheck %s --check-prefix=CONFORM
// CONFORM: @truth_table: SAFE (8 inputs){{$}}
//
// Upstream's lowering (the last column of the table): the row c0 = false,
// c1 = true, rs = false leaks; every other row, and every result, agrees.
// SPEC: [dev.dealloc.alias.first-condition]
// RUN: mlir-opt %s -bufferization-lower-deallocations | not dealloc-run --all-inputs - | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM:      @truth_table(false,false,false,0): SAFE
// UPSTREAM-NEXT: @truth_table(false,false,true,0): SAFE
// UPSTREAM-NEXT: @truth_table(false,true,false,0): LEAK
// UPSTREAM:      @truth_table(false,true,true,0): SAFE
// UPSTREAM-NEXT: @truth_table(true,false,false,0): SAFE
// UPSTREAM-NEXT: @truth_table(true,false,true,0): SAFE
// UPSTREAM-NEXT: @truth_table(true,true,false,0): SAFE
// UPSTREAM-NEXT: @truth_table(true,true,true,0): SAFE

func.func @truth_table(%c0: i1, %c1: i1, %rs: i1, %f: f32) {
  %i = arith.constant 0 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %o = memref.alloc() : memref<4xf32>
  %s = memref.subview %a[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.store %f, %s[%i] : memref<2xf32, strided<[1], offset: 1>>
  %r = arith.select %rs, %a, %o : memref<4xf32>
  %x = bufferization.dealloc (%a, %s : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) if (%c0, %c1) retain (%r : memref<4xf32>)
  %any = arith.ori %c0, %c1 : i1
  %exp = arith.andi %any, %rs : i1
  %ok = arith.cmpi eq, %x, %exp : i1
  cf.assert %ok, "result is not the disjunction over aliases"
  %none = arith.xori %any, %t : i1
  %live = arith.ori %none, %rs : i1
  bufferization.dealloc (%a : memref<4xf32>) if (%live)
  memref.dealloc %o : memref<4xf32>
  return
}

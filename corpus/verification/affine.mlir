// affine.apply / min / max are encoded as dealloc-run evaluates them: 64-bit
// two's complement, mod / floordiv / ceildiv rounding toward minus / plus
// infinity, a non-positive divisor a stop. Each SAFE below depends on that
// rounding; each violation's input is replayed by dealloc-run.
// SPEC: [op.affine.apply]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s | FileCheck %s --check-prefix=EXEC

// x mod 4 is in [0, 4) for every x, negative ones too.
// CHECK-LABEL: @mod_in_range: SAFE
// EXEC-LABEL: @mod_in_range: SAFE
func.func @mod_in_range(%x: index) {
  %c4 = arith.constant 4 : index
  %m = affine.apply affine_map<(d0) -> (d0 mod 4)>(%x)
  %a = memref.alloc() : memref<2xf32>
  %ok = arith.cmpi ult, %m, %c4 : index
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// floordiv rounds down: (x floordiv 2) * 2 <= x; ceildiv rounds up, so
// (x ceildiv 2) * 2 >= x, except where that product wraps around: at the
// largest index (dealloc-run's enumeration does not reach it).
// CHECK-LABEL: @floor_and_ceil: LEAK on input 9223372036854775807 (
// CHECK: replayed by dealloc-run: LEAK
func.func @floor_and_ceil(%x: index) {
  %lo = affine.apply affine_map<(d0) -> ((d0 floordiv 2) * 2)>(%x)
  %hi = affine.apply affine_map<(d0) -> ((d0 ceildiv 2) * 2)>(%x)
  %a = memref.alloc() : memref<2xf32>
  %below = arith.cmpi sle, %lo, %x : index
  %above = arith.cmpi sge, %hi, %x : index
  %ok = arith.andi %below, %above : i1
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A leak for exactly one input: x floordiv 3 == -1 holds for x in [-3, -1];
// with min against 0 and max against -2, only x = -3 .. -1 and the clamp
// matter. The input is replayed.
// CHECK-LABEL: @leak_on_negative: LEAK on input -1 (
// CHECK: replayed by dealloc-run: LEAK
func.func @leak_on_negative(%x: index) {
  %c-1 = arith.constant -1 : index
  %q = affine.apply affine_map<(d0) -> (d0 floordiv 3)>(%x)
  %lo = affine.max affine_map<(d0) -> (d0, -2)>(%q)
  %v = affine.min affine_map<(d0) -> (d0, 0)>(%lo)
  %a = memref.alloc() : memref<2xf32>
  %leak = arith.cmpi eq, %v, %c-1 : index
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A symbol divisor that may be non-positive stops the run: UNKNOWN with
// the stop's input, never SAFE.
// CHECK-LABEL: @divisor_not_positive: UNKNOWN (input 0,0 reaches affine mod/floordiv/ceildiv by a non-positive value
// EXEC-LABEL: @divisor_not_positive: UNKNOWN
func.func @divisor_not_positive(%x: index, %s: index) -> index {
  %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%x)[%s]
  return %q : index
}

// memref.rank is the rank of the type.
// CHECK-LABEL: @rank: SAFE
// EXEC-LABEL: @rank: SAFE
func.func @rank(%m: memref<?x?xf32>) {
  %c2 = arith.constant 2 : index
  %r = memref.rank %m : memref<?x?xf32>
  %a = memref.alloc() : memref<2xf32>
  %ok = arith.cmpi eq, %r, %c2 : index
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

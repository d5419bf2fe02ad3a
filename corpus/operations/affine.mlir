// affine.apply / affine.min / affine.max compute their map on index values,
// as their lowering to arith does; values checked with cf.assert ("(1
// input){{$}}" rejects an abort).
// SPEC: [op.affine.apply]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s

// CHECK-LABEL: @apply_min_max: SAFE (1 input){{$}}
func.func @apply_min_max() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %m7 = arith.constant -7 : index
  // 3 * 2 + 5 = 11
  %a = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%c3)[%c5]
  %c11 = arith.constant 11 : index
  %ok1 = arith.cmpi eq, %a, %c11 : index
  cf.assert %ok1, "apply"
  // -7 mod 3 = 2, -7 floordiv 3 = -3, -7 ceildiv 3 = -2: sum -3
  %b = affine.apply affine_map<(d0) -> (d0 mod 3 + d0 floordiv 3 + d0 ceildiv 3)>(%m7)
  %cm3 = arith.constant -3 : index
  %ok2 = arith.cmpi eq, %b, %cm3 : index
  cf.assert %ok2, "mod / floordiv / ceildiv of a negative value"
  %mn = affine.min affine_map<(d0, d1) -> (d0, d1, 4)>(%c3, %c5)
  %ok3 = arith.cmpi eq, %mn, %c3 : index
  cf.assert %ok3, "min"
  %mx = affine.max affine_map<(d0, d1) -> (d0, d1, 4)>(%c3, %c5)
  %ok4 = arith.cmpi eq, %mx, %c5 : index
  cf.assert %ok4, "max"
  return
}

// A symbol divisor of 0 (here the argument on its first input) is undefined.
// CHECK-LABEL: @divide_by_symbol: UNKNOWN (3 inputs): affine mod/floordiv/ceildiv by a non-positive value (undefined behaviour, [op.affine.apply]) at loc(
// CHECK-NEXT:    input: 0
func.func @divide_by_symbol(%n: index) -> index {
  %c7 = arith.constant 7 : index
  %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%c7)[%n]
  return %q : index
}

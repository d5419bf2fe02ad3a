// --equiv on vectors of more than 1024 lanes ([op.vector.values]): both
// versions share the arguments' lanes, made when either asks for one; a
// distinguishing input prints a large vector sparse ([input.text]), and
// dealloc-run replays it.
// SPEC: [verify.encoding.vector]
// SPEC: [op.vector.values] [input.text]
// RUN: not dealloc-verify --equiv %s %S/Inputs/equiv-lazy-vector-b.mlir | FileCheck %s
// RUN: not dealloc-run --function lane_frees --input='<0 | 3000:-3>' %S/Inputs/equiv-lazy-vector-b.mlir | FileCheck %s --check-prefix=REPLAY

// CHECK-LABEL: @big_read: EQUIVALENT
func.func @big_read(%t: memref<256x256xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  %v = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true, true]} : memref<256x256xf32>, vector<256x256xf32>
  %e = vector.extract %v[3, 5] : f32 from vector<256x256xf32>
  memref.dealloc %a : memref<2xf32>
  return %e : f32
}

// CHECK-LABEL: @big_arith: EQUIVALENT
func.func @big_arith(%a: vector<32x90xf32>, %b: vector<32x90xf32>) -> vector<32x90xf32> {
  %r = arith.subf %a, %b : vector<32x90xf32>
  return %r : vector<32x90xf32>
}

// CHECK-LABEL: @lane_frees: DIFFERENT on input <0 | 3000:-3> (
// REPLAY: @lane_frees: LEAK
func.func @lane_frees(%v: vector<4096xi32>) {
  %a = memref.alloc() {dealloc.site = 1} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// A distinguishing input of --equiv is small: every integer argument takes
// the value of smallest magnitude that still tells the versions apart, the
// non-negative one first (0, 1, -1, 2, -2, ...), so a negative input shows as
// -1001 or -1 rather than a solver's 64-bit pattern.
// SPEC: [verify.inputs] [equiv.output] [input.vector]
// RUN: not dealloc-verify --equiv %s %S/Inputs/equiv-small-inputs-b.mlir | FileCheck %s
// The inputs replay under dealloc-run:
// RUN: not dealloc-run --function below --input=-1001 %S/Inputs/equiv-small-inputs-b.mlir | FileCheck %s --check-prefix=REPLAY
// RUN: dealloc-run --function below --input=-1000 %S/Inputs/equiv-small-inputs-b.mlir | FileCheck %s --check-prefix=REPLAY-SAFE
// RUN: not dealloc-run --function vector_lane --input='<0 -3 0 0>' %S/Inputs/equiv-small-inputs-b.mlir | FileCheck %s --check-prefix=REPLAY-VEC

// The largest negative value below -1000:
// CHECK-LABEL: @below: DIFFERENT on input -1001 (
// CHECK-NEXT: A: SAFE
// CHECK-NEXT: B: LEAK
// 5 and -5 both distinguish; 5 comes first:
// CHECK-LABEL: @either_sign: DIFFERENT on input 5 (
// Above 2^40 unsigned: -1 is the smallest magnitude; %k then takes 7:
// CHECK-LABEL: @unsigned_large: DIFFERENT on input -1,7 (
// REPLAY: @below: LEAK
// REPLAY-SAFE: @below: SAFE

func.func @below(%n: index) {
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @either_sign(%n: index) {
  %a = memref.alloc() {dealloc.site = 1} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @unsigned_large(%n: index, %k: i32) {
  %a = memref.alloc() {dealloc.site = 2} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// A vector argument ([input.vector]): every lane 0 where it can be, lane 1
// the smallest magnitude that distinguishes.
// CHECK-LABEL: @vector_lane: DIFFERENT on input <0 -3 0 0> (
// REPLAY-VEC: @vector_lane: LEAK
func.func @vector_lane(%v: vector<4xi32>) {
  %a = memref.alloc() {dealloc.site = 3} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

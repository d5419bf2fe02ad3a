// Vector values cross function boundaries: results, call operands and
// results (a called function's vector arguments), and an external callee's
// vector result (every lane 0), and the arguments of the function checked
// ([input.vector]).
// SPEC: [op.vector.values]
// SPEC: [input.vector]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC

// A vector read from a buffer and returned.
// CHECK-LABEL: @read_return: SAFE
// EXEC-LABEL: @read_return: SAFE
func.func @read_return(%m: memref<8xf32>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i], %pad : memref<8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// Vectors through a call: the callee's result lane is the store's index,
// in bounds for every input.
// CHECK-LABEL: @through_call: SAFE
// EXEC-LABEL: @through_call: SAFE
func.func private @clamp(%v: vector<2xindex>) -> vector<2xindex> {
  %c3 = arith.constant dense<3> : vector<2xindex>
  %r = arith.minui %v, %c3 : vector<2xindex>
  return %r : vector<2xindex>
}
func.func @through_call(%n: index) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %v = vector.broadcast %n : index to vector<2xindex>
  %w = func.call @clamp(%v) : (vector<2xindex>) -> vector<2xindex>
  %i = vector.extract %w[1] : index from vector<2xindex>
  %z = arith.constant 0.0 : f32
  memref.store %z, %a[%i] : memref<4xf32>
  return %a : memref<4xf32>
}

// A leak decided by a lane that went through a call: only n = 5 reaches
// it; verify finds it and dealloc-run replays it.
// CHECK-LABEL: @lane_after_call: LEAK on input 5 (
// CHECK: replayed by dealloc-run: LEAK
// EXEC-LABEL: @lane_after_call: SAFE
func.func private @pass(%v: vector<2xindex>) -> vector<2xindex> {
  return %v : vector<2xindex>
}
func.func @lane_after_call(%n: index) {
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<4xf32>
  %v = vector.broadcast %n : index to vector<2xindex>
  %w = func.call @pass(%v) : (vector<2xindex>) -> vector<2xindex>
  %i = vector.extract %w[1] : index from vector<2xindex>
  %five = arith.cmpi eq, %i, %c5 : index
  scf.if %five {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// An external callee's vector result has every lane 0 (false): the buffer
// is freed on every run.
// CHECK-LABEL: @external_vector: SAFE
// EXEC-LABEL: @external_vector: SAFE
func.func private @make_mask() -> vector<4xi1>
func.func @external_vector() {
  %a = memref.alloc() : memref<2xf32>
  %m = func.call @make_mask() : () -> vector<4xi1>
  %b = vector.extract %m[0] : i1 from vector<4xi1>
  scf.if %b {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A 2-D vector carried through scf.if and returned; a use after free on
// the branch that builds it from a freed buffer.
// CHECK-LABEL: @returns_2d: USE_AFTER_FREE on input true (
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
// EXEC-LABEL: @returns_2d: USE_AFTER_FREE
func.func @returns_2d(%c: i1) -> vector<2x3xf32> {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %r = scf.if %c -> vector<2x3xf32> {
    %c0 = arith.constant 0 : index
    %y = memref.load %a[%c0] : memref<2xf32>
    %s = vector.broadcast %y : f32 to vector<2x3xf32>
    scf.yield %s : vector<2x3xf32>
  } else {
    %z = arith.constant dense<0.0> : vector<2x3xf32>
    scf.yield %z : vector<2x3xf32>
  }
  return %r : vector<2x3xf32>
}

// A vector argument of the function checked: its inputs are [input.vector]'s.
// CHECK-LABEL: @vector_argument: SAFE
// EXEC-LABEL: @vector_argument: SAFE (2 inputs)
func.func @vector_argument(%v: vector<4xf32>) -> vector<4xf32> {
  return %v : vector<4xf32>
}

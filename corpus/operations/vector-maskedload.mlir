// vector.maskedload / vector.maskedstore: vector.load / store with a mask.
// Masked-off lanes take the pass-through lane (load) or are not written
// (store), and are never out of bounds; a set lane out of bounds is
// undefined behaviour ([safety.oob]), an input both tools exclude.
// SPEC: [op.vector.maskedload]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %S/Inputs/vector-maskedload-nodealloc.mlir | dealloc-verify - | FileCheck %s --check-prefix=PIPE

// The tail of a dynamic buffer copied by masked lanes past its end: SAFE.
// EXEC-LABEL: @tail_copy: SAFE
// VERIFY-LABEL: @tail_copy: SAFE{{$}}
func.func @tail_copy(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  %pass = vector.broadcast %pad : f32 to vector<4xf32>
  %v = vector.maskedload %a[%c0], %mask, %pass : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %t = memref.alloc() : memref<4xf32>
  vector.maskedstore %t[%c0], %mask, %v : memref<4xf32>, vector<4xi1>, vector<4xf32>
  %x = memref.load %t[%c0] : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return %x : f32
}

// Masked-off lanes take the pass-through lane: lane 3 is 7.0 for n < 4, and
// the buffer is freed then; at n >= 4 lane 3 is loaded (1.0) and it leaks.
// dealloc-run's inputs are 0, 1, 2: SAFE; dealloc-verify finds n = 4.
// EXEC-LABEL: @pass_through: SAFE
// VERIFY-LABEL: @pass_through: LEAK on input 4 (
// VERIFY: replayed by dealloc-run: LEAK
func.func @pass_through(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %ones = arith.constant dense<1.0> : vector<4xf32>
  vector.store %ones, %m[%c0] : memref<4xf32>, vector<4xf32>
  %pass = arith.constant dense<[0.0, 0.0, 0.0, 7.0]> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.maskedload %m[%c0], %mask, %pass : memref<4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %l = vector.extract %v[3] : f32 from vector<4xf32>
  %seven = arith.constant 7.0 : f32
  %p = arith.cmpf oeq, %l, %seven : f32
  scf.if %p {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// Masked-off lanes are not written: lane 1 keeps its 0.0 for n < 2, and
// the buffer leaks there.
// EXEC-LABEL: @masked_store: LEAK
// EXEC-NEXT: input: 0
// VERIFY-LABEL: @masked_store: LEAK on input 0 (
// VERIFY: replayed by dealloc-run: LEAK
func.func @masked_store(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zeros = arith.constant dense<0.0> : vector<4xf32>
  vector.store %zeros, %m[%c0] : memref<4xf32>, vector<4xf32>
  %ones = arith.constant dense<1.0> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  vector.maskedstore %m[%c0], %mask, %ones : memref<4xf32>, vector<4xi1>, vector<4xf32>
  %e = memref.load %m[%c1] : memref<4xf32>
  %one = arith.constant 1.0 : f32
  %w = arith.cmpf oeq, %e, %one : f32
  scf.if %w {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// A set lane past the end is undefined: every input with n > 2 is
// excluded, and the leak at n = 1 remains.
// EXEC-LABEL: @set_lane_out_of_bounds: LEAK
// EXEC-NEXT: input: 1
// VERIFY-LABEL: @set_lane_out_of_bounds: LEAK on input 1 (
func.func @set_lane_out_of_bounds(%n: index) {
  %m = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.maskedload %m[%c0], %mask, %pass : memref<2xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %is1 = arith.cmpi eq, %n, %c1 : index
  scf.if %is1 {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// A masked load of a freed buffer: the set lanes use it after its free.
// EXEC-LABEL: @after_free: USE_AFTER_FREE
// EXEC-NEXT: input: 1
// VERIFY-LABEL: @after_free: USE_AFTER_FREE on input 1 (
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @after_free(%n: index) -> vector<4xf32> {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  memref.dealloc %m : memref<4xf32>
  %c1 = arith.constant 1 : index
  %any = arith.cmpi uge, %n, %c1 : index
  %v = scf.if %any -> vector<4xf32> {
    %l = vector.maskedload %m[%c0], %mask, %pass : memref<4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    scf.yield %l : vector<4xf32>
  } else {
    scf.yield %pass : vector<4xf32>
  }
  return %v : vector<4xf32>
}

// PIPE-LABEL: @copy_tail: SAFE

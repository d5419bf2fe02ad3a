// Masked transfers ([op.vector.transfer.mask]): a lane whose mask lane is
// false is not accessed (transfer_read gives the padding, transfer_write
// writes nothing) and is never out of bounds; the other lanes are accessed
// as without a mask ([op.vector.transfer]). Each function frees its buffer
// only if the lanes are the right ones, so a wrong semantics shows up as a
// LEAK; the out-of-bounds lanes a mask does not cover stop the run.
// SPEC: [op.vector.transfer.mask]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY
// RUN: mlir-opt --one-shot-bufferize=bufferize-function-boundaries %S/Inputs/vector-mask-tensors.mlir -o %t.buf.mlir
// RUN: mlir-opt --buffer-deallocation-pipeline %t.buf.mlir -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// Lanes 1 and 3 masked off: they read the padding (9.0), lanes 0 and 2
// the memref; the write stores lanes 0 and 2 only, so element 1 keeps 5.0.
// EXEC-LABEL: @read_write: SAFE (1 input)
// VERIFY-LABEL: @read_write: SAFE{{$}}
func.func @read_write() {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %five = arith.constant 5.0 : f32
  %nine = arith.constant 9.0 : f32
  linalg.fill ins(%five : f32) outs(%m : memref<4xf32>)
  %mask = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %v = vector.transfer_read %m[%c0], %nine, %mask : memref<4xf32>, vector<4xf32>
  %l1 = vector.extract %v[1] : f32 from vector<4xf32>
  %l2 = vector.extract %v[2] : f32 from vector<4xf32>
  %ok1 = arith.cmpf oeq, %l1, %nine : f32
  %ok2 = arith.cmpf oeq, %l2, %five : f32
  %ones = arith.constant dense<1.0> : vector<4xf32>
  vector.transfer_write %ones, %m[%c0], %mask : vector<4xf32>, memref<4xf32>
  %e1 = memref.load %m[%c1] : memref<4xf32>
  %ok3 = arith.cmpf oeq, %e1, %five : f32
  %k = arith.andi %ok1, %ok2 : i1
  %ok = arith.andi %k, %ok3 : i1
  scf.if %ok {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// A mask from vector.create_mask %n covers the lanes past the end of a
// dimension declared in bounds: with n <= 2 no lane is outside; n = 3
// reaches element 6 of a 6-element memref, undefined behaviour (excluded).
// EXEC-LABEL: @create_mask_bounds: SAFE
// VERIFY-LABEL: @create_mask_bounds: SAFE (on defined inputs: undefined behaviour excluded
func.func @create_mask_bounds(%n: index) {
  %m = memref.alloc() : memref<6xf32>
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.transfer_read %m[%c4], %pad, %mask {in_bounds = [true]} : memref<6xf32>, vector<4xf32>
  memref.dealloc %m : memref<6xf32>
  return
}

// The mask decides whether a write reaches the element the free depends on.
// EXEC-LABEL: @mask_decides_free: LEAK
// VERIFY-LABEL: @mask_decides_free: LEAK on input {{[0-9]+}}
// VERIFY: replayed by dealloc-run: LEAK
func.func @mask_decides_free(%n: index) {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%z : f32) outs(%m : memref<4xf32>)
  %mask = vector.create_mask %n : vector<4xi1>
  %ones = vector.broadcast %one : f32 to vector<4xf32>
  vector.transfer_write %ones, %m[%c0], %mask {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %e = memref.load %m[%c3] : memref<4xf32>
  %w = arith.cmpf oeq, %e, %one : f32
  scf.if %w {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// A mask lane read from uninitialized memory decides which lanes are
// accessed: the run stops (UNKNOWN, [op.uninit.control]).
// EXEC-LABEL: @uninitialized_mask: UNKNOWN
// VERIFY-LABEL: @uninitialized_mask: UNKNOWN
func.func @uninitialized_mask() {
  %b = memref.alloc() : memref<4xi1>
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %mask = vector.load %b[%c0] : memref<4xi1>, vector<4xi1>
  %v = vector.transfer_read %m[%c0], %pad, %mask : memref<4xf32>, vector<4xf32>
  memref.dealloc %m : memref<4xf32>
  memref.dealloc %b : memref<4xi1>
  return
}

// Both pipelines on a masked transfer of a tensor (Inputs/vector-mask-tensors.mlir).
// PIPE-LABEL: @masked_tensor: SAFE
// EQUIV-LABEL: @masked_tensor: EQUIVALENT

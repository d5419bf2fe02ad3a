// Tensor programs with vector.transfer_read / transfer_write on tensors, as
// vectorised linalg code carries them, bufferized by One-Shot Bufferize:
// the transfers become transfers on memrefs (on the function's arguments,
// fresh buffers and a global), with vectors carried by an scf.for and
// reduced. Both pipelines' outputs are SAFE for dealloc-run (values checked
// with cf.assert: padded lanes, skipped writes) and dealloc-verify, and
// free the same buffers at the same points (--equiv).
// SPEC: [op.vector.transfer]
// SPEC: [op.vector.values]
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries" %s -o %t.buf.mlir
// RUN: mlir-opt --buffer-deallocation-pipeline %t.buf.mlir -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

// A read of an argument, a broadcast, a write into a fresh buffer returned.
// EXEC-LABEL: @scale: SAFE (1 input){{$}}
// VERIFY-LABEL: @scale: SAFE{{$}}
// EQUIV-LABEL: @scale: EQUIVALENT
func.func @scale(%a: tensor<16xf32>, %s: f32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : tensor<16xf32>, vector<16xf32>
  %b = vector.broadcast %s : f32 to vector<16xf32>
  %m = arith.mulf %v, %b : vector<16xf32>
  %r = vector.transfer_write %m, %e[%c0] {in_bounds = [true]} : vector<16xf32>, tensor<16xf32>
  return %r : tensor<16xf32>
}

// Tiles of 4 along a dynamic size: reads and writes past the end of the
// last tile are padded and skipped; the accumulator is a loop-carried vector.
// EXEC-LABEL: @tiles: SAFE (3 inputs){{$}}
// VERIFY-LABEL: @tiles: SAFE{{$}}
// EQUIV-LABEL: @tiles: EQUIVALENT
func.func @tiles(%a: tensor<?xf32>, %n: index) -> (tensor<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %zero = vector.broadcast %pad : f32 to vector<4xf32>
  %r:2 = scf.for %i = %c0 to %d step %c4 iter_args(%t = %e, %acc = %zero) -> (tensor<?xf32>, vector<4xf32>) {
    %v = vector.transfer_read %a[%i], %pad : tensor<?xf32>, vector<4xf32>
    %w = arith.addf %v, %v : vector<4xf32>
    %t2 = vector.transfer_write %w, %t[%i] : vector<4xf32>, tensor<?xf32>
    %acc2 = arith.addf %acc, %w : vector<4xf32>
    scf.yield %t2, %acc2 : tensor<?xf32>, vector<4xf32>
  }
  %s = vector.reduction <add>, %r#1 : vector<4xf32> into f32
  return %r#0, %s : tensor<?xf32>, f32
}

// A buffer made in one branch, an argument in the other, read after the join.
// EXEC-LABEL: @choose: SAFE (4 inputs){{$}}
// VERIFY-LABEL: @choose: SAFE{{$}}
// EQUIV-LABEL: @choose: EQUIVALENT
func.func @choose(%a: tensor<8xi32>, %b: tensor<8xi32>, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %t = scf.if %c -> tensor<8xi32> {
    %v = vector.transfer_read %a[%c0], %p {in_bounds = [true]} : tensor<8xi32>, vector<8xi32>
    %k = arith.constant dense<3> : vector<8xi32>
    %w = arith.muli %v, %k : vector<8xi32>
    %e = tensor.empty() : tensor<8xi32>
    %x = vector.transfer_write %w, %e[%c0] {in_bounds = [true]} : vector<8xi32>, tensor<8xi32>
    scf.yield %x : tensor<8xi32>
  } else {
    scf.yield %b : tensor<8xi32>
  }
  %v = vector.transfer_read %t[%c0], %p {in_bounds = [true]} : tensor<8xi32>, vector<8xi32>
  %s = vector.reduction <add>, %v : vector<8xi32> into i32
  return %s : i32
}

// The padding of lanes past the end (3 + ... + 8 + 100 + 100 = 233), and a
// write past the end that writes its lanes 0-3 only (3 + 4 + 5 + 6 = 18).
// EXEC-LABEL: @values: SAFE (1 input){{$}}
// VERIFY-LABEL: @values: SAFE{{$}}
// EQUIV-LABEL: @values: EQUIVALENT
func.func @values() -> tensor<8xi32> {
  %a = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 100 : i32
  %v = vector.transfer_read %a[%c2], %pad : tensor<8xi32>, vector<8xi32>
  %s = vector.reduction <add>, %v : vector<8xi32> into i32
  %want = arith.constant 233 : i32
  %ok = arith.cmpi eq, %s, %want : i32
  cf.assert %ok, "padded read"
  %e = tensor.empty() : tensor<8xi32>
  %z = arith.constant dense<0> : vector<8xi32>
  %c0 = arith.constant 0 : index
  %e0 = vector.transfer_write %z, %e[%c0] : vector<8xi32>, tensor<8xi32>
  %w = vector.transfer_write %v, %e0[%c4] : vector<8xi32>, tensor<8xi32>
  %back = vector.transfer_read %w[%c0], %pad {in_bounds = [true]} : tensor<8xi32>, vector<8xi32>
  %s2 = vector.reduction <add>, %back : vector<8xi32> into i32
  %want2 = arith.constant 18 : i32
  %ok2 = arith.cmpi eq, %s2, %want2 : i32
  cf.assert %ok2, "skipped lanes"
  return %w : tensor<8xi32>
}

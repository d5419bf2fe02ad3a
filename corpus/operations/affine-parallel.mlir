// affine.parallel without reductions ([op.affine.parallel]): the
// scf.parallel of its bounds (largest lower, smallest upper bound per
// dimension), iterations in lexicographic order, in both tools. Both
// pipelines on a program with one: corpus/pipeline/blind-more.mlir
// @affine_parallel_temp.
// SPEC: [op.affine.parallel]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// Each iteration frees its own buffer; the bound min(4, n) is at most 4.
// EXEC-LABEL: @frees_each: SAFE
// VERIFY-LABEL: @frees_each: SAFE{{$}}
func.func @frees_each(%out: memref<4x4xf32>, %n: index) {
  affine.parallel (%i, %j) = (0, 0) to (4, min(4, symbol(%n))) {
    %t = memref.alloc() : memref<2xf32>
    %v = affine.load %out[%i, %j] : memref<4x4xf32>
    affine.store %v, %t[0] : memref<2xf32>
    memref.dealloc %t : memref<2xf32>
  }
  return
}

// The iteration (2, 1) is the last one (the last dimension varies
// fastest): its buffer is #7 (the argument's is #1) and leaks.
// EXEC-LABEL: @last_leaks: LEAK
// EXEC: buffer #7 (memref.alloc) is live
// VERIFY-LABEL: @last_leaks: LEAK on input
// VERIFY: replayed by dealloc-run: LEAK [heap.leak]: buffer #7
func.func @last_leaks(%out: memref<3x2xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (3, 2) {
    %t = memref.alloc() : memref<2xf32>
    %last = affine.if affine_set<(d0, d1) : (d0 - 2 == 0, d1 - 1 == 0)>(%i, %j) -> i1 {
      %f = arith.constant false
      affine.yield %f : i1
    } else {
      %t2 = arith.constant true
      affine.yield %t2 : i1
    }
    scf.if %last {
      memref.dealloc %t : memref<2xf32>
    }
  }
  return
}

// From max(1, lo) below 10 by 3: the buffer is freed iff element 4 was
// written, i.e. for lo <= 1 (stores at 1, 4, 7) and lo = 4; lo = 2 leaks.
// EXEC-LABEL: @bounds_and_step: LEAK
// VERIFY-LABEL: @bounds_and_step: LEAK on input {{[0-9]+}}
// VERIFY: replayed by dealloc-run: LEAK
func.func @bounds_and_step(%lo: index) {
  %m = memref.alloc() : memref<10xf32>
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%z : f32) outs(%m : memref<10xf32>)
  affine.parallel (%i) = (max(1, symbol(%lo))) to (10) step (3) {
    affine.store %one, %m[%i] : memref<10xf32>
  }
  %c4 = arith.constant 4 : index
  %v = memref.load %m[%c4] : memref<10xf32>
  %w = arith.cmpf oeq, %v, %one : f32
  scf.if %w {
    memref.dealloc %m : memref<10xf32>
  }
  return
}

// An input-dependent trip count: proved for every trip count
// ([verify.induction]).
// EXEC-LABEL: @dynamic_bound: SAFE
// VERIFY-LABEL: @dynamic_bound: SAFE{{$}}
func.func @dynamic_bound(%n: index) {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %t = memref.alloc() : memref<1xf32>
    memref.dealloc %t : memref<1xf32>
  }
  return
}

// With a reduction: UNSUPPORTED.
// EXEC-LABEL: @reduction: UNSUPPORTED
// VERIFY-LABEL: @reduction: UNSUPPORTED
func.func @reduction(%in: memref<4xf32>) -> f32 {
  %r = affine.parallel (%i) = (0) to (4) reduce ("addf") -> f32 {
    %v = affine.load %in[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return %r : f32
}

// memref.reshape and memref.transpose are encoded as dealloc-run runs them:
// reshape reads its sizes from the shape buffer (a use of that buffer, with
// bounds) and stops on a negative size or one that differs from the result
// type; transpose permutes sizes and strides. Both view the source's buffer.
// SPEC: [view.reshape], [view.transpose], [verify.verdict]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-run --strict-ub %s --function reshape_input --input=-1 2>/dev/null | FileCheck %s --check-prefix=NEG

// The size comes from the input: -1 is undefined behaviour.
// CHECK-LABEL: @reshape_input: UNKNOWN (input -{{[0-9]+}} reaches memref.reshape to a negative size
// NEG: @reshape_input: UNKNOWN (1 input): memref.reshape to size -1
func.func @reshape_input(%n: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %shape = memref.alloc() : memref<1xindex>
  %small = arith.cmpi slt, %n, %c4 : index
  scf.if %small {
    memref.store %n, %shape[%c0] : memref<1xindex>
    %r = memref.reshape %a(%shape) : (memref<4xf32>, memref<1xindex>) -> memref<?xf32>
  }
  memref.dealloc %shape : memref<1xindex>
  memref.dealloc %a : memref<4xf32>
  return
}

// The reshaped view's dim decides a free: exact through the shape buffer.
// CHECK-LABEL: @reshape_dim: SAFE
// INTERP-LABEL: @reshape_dim: SAFE
func.func @reshape_dim(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %shape = memref.alloc() : memref<2xindex>
  %d0 = arith.select %c, %c1, %c2 : index
  %d1 = arith.select %c, %c4, %c2 : index
  memref.store %d0, %shape[%c0] : memref<2xindex>
  memref.store %d1, %shape[%c1] : memref<2xindex>
  %r = memref.reshape %a(%shape) : (memref<4xf32>, memref<2xindex>) -> memref<?x?xf32>
  %x = memref.dim %r, %c1 : memref<?x?xf32>
  %b = memref.alloc() : memref<2xf32>
  %four = arith.cmpi eq, %x, %c4 : index
  scf.if %four {
    memref.dealloc %b : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %shape : memref<2xindex>
  memref.dealloc %a : memref<4xf32>
  return
}

// Freeing the transposed view frees the source's buffer.
// CHECK-LABEL: @transpose_free: DOUBLE_FREE on input true (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
// INTERP-LABEL: @transpose_free: DOUBLE_FREE
func.func @transpose_free(%c: i1) {
  %a = memref.alloc() : memref<2x3xf32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  memref.dealloc %t : memref<3x2xf32, strided<[1, 3]>>
  scf.if %c {
    memref.dealloc %a : memref<2x3xf32>
  }
  return
}

// Element [2, 1] of the transposed view is element [1, 2] of the source.
// CHECK-LABEL: @transpose_element: SAFE
// INTERP-LABEL: @transpose_element: SAFE
func.func @transpose_element(%c: i1) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = memref.alloc() : memref<2x3xi1>
  %t = memref.transpose %f (i, j) -> (j, i) : memref<2x3xi1> to memref<3x2xi1, strided<[1, 3]>>
  memref.store %c, %f[%c1, %c2] : memref<2x3xi1>
  %x = memref.load %t[%c2, %c1] : memref<3x2xi1, strided<[1, 3]>>
  %b = memref.alloc() : memref<2xf32>
  scf.if %x {
    memref.dealloc %b : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %b : memref<2xf32>
  }
  memref.dealloc %f : memref<2x3xi1>
  return
}

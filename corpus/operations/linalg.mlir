// linalg structured ops on memrefs run as their loop nests: the iteration
// domain comes from the operands' run-time sizes, the body runs at every
// point in lexicographic order on the elements the indexing maps select, and
// the yielded values are stored through the output maps. Values are checked
// with cf.assert: a wrong value would abort the input ("1 aborted by
// cf.assert"), which the {{$}} after "(1 input)" rejects; @wrong_expectation
// shows that such an abort is reported.
// SPEC: [op.linalg.structured]
// SPEC: [op.linalg.domain]
// SPEC: [op.linalg.order]
// SPEC: [op.linalg.index]
// SPEC: [op.linalg.uses]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#rev = affine_map<(d0) -> (-d0 + 2)>
#next = affine_map<(d0) -> (d0 + 1)>

memref.global "private" constant @a : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
memref.global "private" constant @b : memref<3x2xf32> = dense<[[1.0, 0.0], [0.0, 1.0], [2.0, 3.0]]>
memref.global "private" constant @v : memref<3xi32> = dense<[10, 20, 30]>

// CHECK-LABEL: @fill_and_copy: SAFE (1 input){{$}}
func.func @fill_and_copy() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 7.0 : f32
  %m = memref.alloc() : memref<3xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<3xf32>)
  %n = memref.alloc() : memref<3xf32>
  linalg.copy ins(%m : memref<3xf32>) outs(%n : memref<3xf32>)
  %e = memref.load %n[%c2] : memref<3xf32>
  %ok = arith.cmpf oeq, %e, %x : f32
  cf.assert %ok, "fill/copy value"
  memref.dealloc %m : memref<3xf32>
  memref.dealloc %n : memref<3xf32>
  return
}

// A wrong expected value aborts the input: the checks above can fail.
// CHECK-LABEL: @wrong_expectation: SAFE (1 input, 1 aborted by cf.assert){{$}}
func.func @wrong_expectation() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 7.0 : f32
  %y = arith.constant 8.0 : f32
  %m = memref.alloc() : memref<3xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<3xf32>)
  %e = memref.load %m[%c0] : memref<3xf32>
  memref.dealloc %m : memref<3xf32>
  %ok = arith.cmpf oeq, %e, %y : f32
  cf.assert %ok, "expected to fail"
  return
}

// Elementwise generic on two operands, and a row-sum reduction into an
// initialized output (the output element is read at every point).
// CHECK-LABEL: @generic_elementwise_and_reduction: SAFE (1 input){{$}}
func.func @generic_elementwise_and_reduction() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.get_global @a : memref<2x3xf32>
  %sum = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %a : memref<2x3xf32>, memref<2x3xf32>) outs(%sum : memref<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  %e = memref.load %sum[%c1, %c2] : memref<2x3xf32>
  %twelve = arith.constant 12.0 : f32
  %ok = arith.cmpf oeq, %e, %twelve : f32
  cf.assert %ok, "2 * a[1][2]"
  %rows = memref.alloc() : memref<2xf32>
  linalg.fill ins(%zero : f32) outs(%rows : memref<2xf32>)
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%sum : memref<2x3xf32>) outs(%rows : memref<2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  %r1 = memref.load %rows[%c1] : memref<2xf32>
  %thirty = arith.constant 30.0 : f32
  %ok2 = arith.cmpf oeq, %r1, %thirty : f32
  cf.assert %ok2, "row sum 2 * (4 + 5 + 6)"
  memref.dealloc %sum : memref<2x3xf32>
  memref.dealloc %rows : memref<2xf32>
  return
}

// linalg.matmul: c[1][1] = 4*0 + 5*1 + 6*3 = 23.
// CHECK-LABEL: @matmul: SAFE (1 input){{$}}
func.func @matmul() {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.get_global @a : memref<2x3xf32>
  %b = memref.get_global @b : memref<3x2xf32>
  %c = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<2x2xf32>)
  linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x2xf32>) outs(%c : memref<2x2xf32>)
  %e = memref.load %c[%c1, %c1] : memref<2x2xf32>
  %expected = arith.constant 23.0 : f32
  %ok = arith.cmpf oeq, %e, %expected : f32
  cf.assert %ok, "matmul"
  memref.dealloc %c : memref<2x2xf32>
  return
}

// linalg.map, linalg.reduce, linalg.transpose, linalg.broadcast (named ops
// with their own maps), linalg.index inside a generic.
// CHECK-LABEL: @named_ops_and_index: SAFE (1 input){{$}}
func.func @named_ops_and_index() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = memref.get_global @v : memref<3xi32>
  %neg = memref.alloc() : memref<3xi32>
  linalg.map ins(%v : memref<3xi32>) outs(%neg : memref<3xi32>)
    (%x: i32, %o: i32) {
      %z = arith.constant 0 : i32
      %n = arith.subi %z, %x : i32
      linalg.yield %n : i32
    }
  %e0 = memref.load %neg[%c2] : memref<3xi32>
  %m30 = arith.constant -30 : i32
  %ok0 = arith.cmpi eq, %e0, %m30 : i32
  cf.assert %ok0, "map"
  %acc = memref.alloca() : memref<i32>
  %z = arith.constant 0 : i32
  memref.store %z, %acc[] : memref<i32>
  linalg.reduce ins(%v : memref<3xi32>) outs(%acc : memref<i32>) dimensions = [0]
    (%x: i32, %a: i32) {
      %s = arith.addi %x, %a : i32
      linalg.yield %s : i32
    }
  %e1 = memref.load %acc[] : memref<i32>
  %sixty = arith.constant 60 : i32
  %ok1 = arith.cmpi eq, %e1, %sixty : i32
  cf.assert %ok1, "reduce"
  %a = memref.get_global @a : memref<2x3xf32>
  %t = memref.alloc() : memref<3x2xf32>
  linalg.transpose ins(%a : memref<2x3xf32>) outs(%t : memref<3x2xf32>) permutation = [1, 0]
  %e2 = memref.load %t[%c2, %c1] : memref<3x2xf32>
  %six = arith.constant 6.0 : f32
  %ok2 = arith.cmpf oeq, %e2, %six : f32
  cf.assert %ok2, "transpose"
  %bc = memref.alloc() : memref<2x3xi32>
  linalg.broadcast ins(%v : memref<3xi32>) outs(%bc : memref<2x3xi32>) dimensions = [0]
  %e3 = memref.load %bc[%c1, %c2] : memref<2x3xi32>
  %thirty = arith.constant 30 : i32
  %ok3 = arith.cmpi eq, %e3, %thirty : i32
  cf.assert %ok3, "broadcast"
  %iota = memref.alloc() : memref<3xindex>
  linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]}
      outs(%iota : memref<3xindex>) {
  ^bb0(%o: index):
    %i = linalg.index 0 : index
    %sq = arith.muli %i, %i : index
    linalg.yield %sq : index
  }
  %e4 = memref.load %iota[%c2] : memref<3xindex>
  %c4 = arith.constant 4 : index
  %ok4 = arith.cmpi eq, %e4, %c4 : index
  cf.assert %ok4, "linalg.index"
  memref.dealloc %neg : memref<3xi32>
  memref.dealloc %t : memref<3x2xf32>
  memref.dealloc %bc : memref<2x3xi32>
  memref.dealloc %iota : memref<3xindex>
  return
}

// In place with a reversing input map: the points run in order d0 = 0, 1, 2,
// each reading before it writes, as the loop nest would: [1, 2, 3] becomes
// [3, 2, 3].
// CHECK-LABEL: @in_place_order: SAFE (1 input){{$}}
func.func @in_place_order() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloc() : memref<3xi32>
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  memref.store %one, %m[%c0] : memref<3xi32>
  memref.store %two, %m[%c1] : memref<3xi32>
  memref.store %three, %m[%c2] : memref<3xi32>
  linalg.generic {indexing_maps = [#rev, #id1], iterator_types = ["parallel"]}
      ins(%m : memref<3xi32>) outs(%m : memref<3xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  }
  %e = memref.load %m[%c2] : memref<3xi32>
  %ok = arith.cmpi eq, %e, %three : i32
  cf.assert %ok, "loop order"
  memref.dealloc %m : memref<3xi32>
  return
}

// Dynamic sizes: the domain is the run-time size (2 by [input.memref.extents],
// 3 with b0[3]).
// CHECK-LABEL: @dynamic_fill: SAFE (1 input){{$}}
func.func @dynamic_fill(%arg: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 5.0 : f32
  %n = memref.dim %arg, %c0 : memref<?xf32>
  %m = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<?xf32>)
  linalg.copy ins(%m : memref<?xf32>) outs(%arg : memref<?xf32>)
  %e = memref.load %arg[%c1] : memref<?xf32>
  %ok = arith.cmpf oeq, %e, %x : f32
  cf.assert %ok, "dynamic"
  memref.dealloc %m : memref<?xf32>
  return
}

// Operand sizes that disagree at run time are undefined behaviour.
// CHECK-LABEL: @size_mismatch: UNKNOWN (1 input): linalg operand 1 has size 3 in dimension 0 where the iteration domain has 2 (undefined behaviour, [op.linalg.domain]) at loc(
func.func @size_mismatch(%arg: memref<?xf32>) {
  %c3 = arith.constant 3 : index
  %m = memref.alloc(%c3) : memref<?xf32>
  linalg.copy ins(%arg : memref<?xf32>) outs(%m : memref<?xf32>)
  memref.dealloc %m : memref<?xf32>
  return
}

// A map that reaches past the buffer is [safety.oob].
// CHECK-LABEL: @past_the_end: UNKNOWN (1 input): out-of-bounds access, outside the ownership model ([safety.oob]) at loc(
func.func @past_the_end() {
  %c2 = arith.constant 2 : index
  %m = memref.alloc(%c2) : memref<?xi32>
  %n = memref.alloc(%c2) : memref<?xi32>
  linalg.generic {indexing_maps = [#next, #id1], iterator_types = ["parallel"]}
      ins(%n : memref<?xi32>) outs(%m : memref<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  }
  memref.dealloc %m : memref<?xi32>
  memref.dealloc %n : memref<?xi32>
  return
}

// Reading or writing a freed buffer through a linalg op is a use after free,
// by the op's memory effects, even if no element is touched.
// CHECK-LABEL: @fill_freed: USE_AFTER_FREE (1 input)
// CHECK:         reason: [heap.use] 'linalg.fill' accesses freed buffer #1
// CHECK:         used at loc(
func.func @fill_freed() {
  %x = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<3xf32>
  memref.dealloc %m : memref<3xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<3xf32>)
  return
}

// CHECK-LABEL: @generic_reads_freed_input: USE_AFTER_FREE (1 input)
// CHECK:         reason: [heap.use] 'linalg.generic' accesses freed buffer #1
func.func @generic_reads_freed_input() {
  %c0 = arith.constant 0 : index
  %in = memref.alloc(%c0) : memref<?xf32>
  %out = memref.alloc(%c0) : memref<?xf32>
  memref.dealloc %in : memref<?xf32>
  linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%in : memref<?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %out : memref<?xf32>
  return
}

// Tensor programs are not run: bufferize first (the first op with a tensor
// result is named).
// CHECK-LABEL: @on_tensors: UNSUPPORTED 'tensor.empty' at loc(
// CHECK-NEXT:    reason: op not modelled
func.func @on_tensors(%t: memref<2xf32>) {
  %x = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  return
}

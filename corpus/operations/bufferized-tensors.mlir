// Tensor programs as users write them, bufferized by upstream's
// one-shot-bufferize and deallocated by upstream's pipeline: dealloc-run
// executes the output (linalg ops on memrefs, views, copies, affine.apply,
// memref.reshape, clones and the pipeline's ownership code). The computed
// values are checked with cf.assert; "(N inputs){{$}}" rejects any input that
// aborted on a wrong value.
// SPEC: [op.linalg.structured]
// SPEC: [op.linalg.index]
// SPEC: [op.affine.apply]
// SPEC: [view.reshape]
// RUN: mlir-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline %s \
// RUN:   | dealloc-run - | FileCheck %s
// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" \
// RUN:   --buffer-deallocation-pipeline %s | dealloc-run - --json | FileCheck %s --check-prefix=JSON

#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>

// matmul, a reduction, a linalg.map under scf.if, slices copied in place.
// CHECK-LABEL: @matmul_reduce_select: SAFE (2 inputs){{$}}
// JSON: {"aborted":0,"capped":false,"function":"matmul_reduce_select","inputs":2,"total_inputs":2,"verdict":"SAFE"}
func.func @matmul_reduce_select(%c: i1) -> (tensor<4xf32>, tensor<4x2xf32>) {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [0.0, 0.0, 1.0], [1.0, 1.0, 1.0]]> : tensor<4x3xf32>
  %b = arith.constant dense<[[1.0, 0.0], [0.0, 1.0], [2.0, 3.0]]> : tensor<3x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%m : tensor<4x2xf32>) outs(%f2 : tensor<4xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
  } -> tensor<4xf32>
  // Row 1 of the product is [4 + 12, 5 + 18] = [16, 23]; its sum 39.
  %c1 = arith.constant 1 : index
  %r1 = tensor.extract %r[%c1] : tensor<4xf32>
  %expected = arith.constant 39.0 : f32
  %ok = arith.cmpf oeq, %r1, %expected : f32
  cf.assert %ok, "row sum of the product"
  %sel = scf.if %c -> tensor<4x2xf32> {
    %x = linalg.map ins(%m : tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) (%v: f32, %o: f32) {
      %n = arith.negf %v : f32
      linalg.yield %n : f32
    }
    scf.yield %x : tensor<4x2xf32>
  } else {
    scf.yield %m : tensor<4x2xf32>
  }
  %sl = tensor.extract_slice %sel[0, 0] [2, 2] [1, 1] : tensor<4x2xf32> to tensor<2x2xf32>
  %ins = tensor.insert_slice %sl into %sel[2, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x2xf32>
  %c3 = arith.constant 3 : index
  %v31 = tensor.extract %ins[%c3, %c1] : tensor<4x2xf32>
  %sq = arith.mulf %v31, %v31 : f32
  %sq_expected = arith.constant 529.0 : f32
  %ok2 = arith.cmpf oeq, %sq, %sq_expected : f32
  cf.assert %ok2, "copied slice, negated or not"
  return %r, %ins : tensor<4xf32>, tensor<4x2xf32>
}

// A loop carrying a tensor through a linalg.generic; the trip count is an
// argument (0, 1, 2 by [input.int]). The second RUN line lets the loop
// return a new allocation per iteration (ownership through iter_args).
// CHECK-LABEL: @loop_increment: SAFE (3 inputs){{$}}
// JSON: {"aborted":0,"capped":false,"function":"loop_increment","inputs":3,"total_inputs":3,"verdict":"SAFE"}
func.func @loop_increment(%n: index, %init: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %init) -> tensor<4xf32> {
    %g = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%t : tensor<4xf32>) {
    ^bb0(%o: f32):
      %one = arith.constant 1.0 : f32
      %s = arith.addf %o, %one : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    scf.yield %g : tensor<4xf32>
  }
  // The argument is zero-filled ([input.memref.contents]): every element is n.
  %c3 = arith.constant 3 : index
  %v = tensor.extract %r[%c3] : tensor<4xf32>
  %ni = arith.index_cast %n : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %ok = arith.cmpf oeq, %v, %nf : f32
  cf.assert %ok, "n increments"
  return %r : tensor<4xf32>
}

// Reshapes, padding, concatenation (its size is an affine.apply), generate
// (linalg.index), from_elements, tensor.reshape (memref.reshape), splat.
// CHECK-LABEL: @shapes: SAFE (1 input){{$}}
// JSON: {"aborted":0,"capped":false,"function":"shapes","inputs":1,"total_inputs":1,"verdict":"SAFE"}
func.func @shapes(%t: tensor<2x3xf32>, %d: tensor<?xf32>) -> (tensor<6xf32>, tensor<4x3xf32>, tensor<?xf32>, tensor<3xindex>, tensor<2x2xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %x = tensor.expand_shape %c [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %pad = arith.constant 9.0 : f32
  %p = tensor.pad %t low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad : f32
  } : tensor<2x3xf32> to tensor<4x3xf32>
  %p30 = tensor.extract %p[%c0, %c2] : tensor<4x3xf32>
  %okp = arith.cmpf oeq, %p30, %pad : f32
  cf.assert %okp, "padding value"
  %cc = tensor.concat dim(0) %d, %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %len = tensor.dim %cc, %c0 : tensor<?xf32>
  %c4 = arith.constant 4 : index
  %okc = arith.cmpi eq, %len, %c4 : index
  cf.assert %okc, "concat of two 2-element tensors"
  %g = tensor.generate {
  ^bb0(%i: index):
    %sq = arith.muli %i, %i : index
    tensor.yield %sq : index
  } : tensor<3xindex>
  %g2 = tensor.extract %g[%c2] : tensor<3xindex>
  %okg = arith.cmpi eq, %g2, %c4 : index
  cf.assert %okg, "generate"
  %v = tensor.extract %x[%c1, %c1] : tensor<3x2xf32>
  %cc2 = tensor.insert %v into %cc[%c1] : tensor<?xf32>
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %fe = tensor.from_elements %a, %b, %b, %a : tensor<4xf32>
  %shape = arith.constant dense<[2, 2]> : tensor<2xindex>
  %r = tensor.reshape %fe(%shape) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  %r10 = tensor.extract %r[%c1, %c0] : tensor<2x2xf32>
  %okr = arith.cmpf oeq, %r10, %b : f32
  cf.assert %okr, "reshape"
  %sp = tensor.splat %b : tensor<4xf32>
  return %c, %p, %cc2, %g, %r, %sp : tensor<6xf32>, tensor<4x3xf32>, tensor<?xf32>, tensor<3xindex>, tensor<2x2xf32>, tensor<4xf32>
}

// scf.while carrying a tensor updated with tensor.insert; a slice copied
// into a new tensor with materialize_in_destination.
// CHECK-LABEL: @while_insert: SAFE (3 inputs){{$}}
// JSON: {"aborted":0,"capped":false,"function":"while_insert","inputs":3,"total_inputs":3,"verdict":"SAFE"}
func.func @while_insert(%n: index, %s: tensor<?xf32>) -> (tensor<?xf32>, tensor<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %w:2 = scf.while (%i = %c0, %t = %s) : (index, tensor<?xf32>) -> (index, tensor<?xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t : index, tensor<?xf32>
  } do {
  ^bb0(%i: index, %t: tensor<?xf32>):
    %v = tensor.extract %t[%c1] : tensor<?xf32>
    %v2 = arith.addf %v, %one : f32
    %t2 = tensor.insert %v2 into %t[%c1] : tensor<?xf32>
    %i2 = arith.addi %i, %c1 : index
    scf.yield %i2, %t2 : index, tensor<?xf32>
  }
  %sl = tensor.extract_slice %w#1[%c1] [1] [1] : tensor<?xf32> to tensor<1xf32>
  %out = tensor.empty() : tensor<1xf32>
  %cp = bufferization.materialize_in_destination %sl in %out : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %v = tensor.extract %cp[%c0] : tensor<1xf32>
  %ni = arith.index_cast %n : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %ok = arith.cmpf oeq, %v, %nf : f32
  cf.assert %ok, "n increments of element 1"
  return %w#1, %cp : tensor<?xf32>, tensor<1xf32>
}

// Upstream pipeline: what linalg vectorisation makes of a matmul, a row
// reduction and a transposing elementwise op, after bufferization
// ([op.vector.contract], [op.vector.reduction], [op.vector.lanes],
// [op.ub.poison]): transfers padded with ub.poison, vector.contract,
// vector.multi_reduction, vector.transpose, into buffers that are returned
// or freed; a row sum decides whether a scratch buffer is freed early.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// EXPECT: @matmul SAFE

#lhs = affine_map<(i, j, k) -> (i, k)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func @matmul(%a: memref<2x4xf32>, %b: memref<4x2xf32>, %c: i1) -> memref<2x2xf32> {
  %c0 = arith.constant 0 : index
  %p = ub.poison : f32
  %z = arith.constant dense<0.0> : vector<2x2xf32>
  %va = vector.transfer_read %a[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x4xf32>, vector<2x4xf32>
  %vb = vector.transfer_read %b[%c0, %c0], %p {in_bounds = [true, true]} : memref<4x2xf32>, vector<4x2xf32>
  %mm = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %z : vector<2x4xf32>, vector<4x2xf32> into vector<2x2xf32>
  %t = vector.transpose %mm, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
  %out = memref.alloc() : memref<2x2xf32>
  vector.transfer_write %t, %out[%c0, %c0] {in_bounds = [true, true]} : vector<2x2xf32>, memref<2x2xf32>
  %scratch = memref.alloc() : memref<2xf32>
  %rows = arith.constant dense<0.0> : vector<2xf32>
  %sums = vector.multi_reduction <add>, %t, %rows [1] : vector<2x2xf32> to vector<2xf32>
  vector.store %sums, %scratch[%c0] : memref<2xf32>, vector<2xf32>
  %s0 = memref.load %scratch[%c0] : memref<2xf32>
  %zero = arith.constant 0.0 : f32
  %isz = arith.cmpf oeq, %s0, %zero : f32
  %early = arith.andi %isz, %c : i1
  %res = scf.if %early -> memref<2x2xf32> {
    scf.yield %out : memref<2x2xf32>
  } else {
    %cp = memref.alloc() : memref<2x2xf32>
    memref.copy %out, %cp : memref<2x2xf32> to memref<2x2xf32>
    scf.yield %cp : memref<2x2xf32>
  }
  return %res : memref<2x2xf32>
}

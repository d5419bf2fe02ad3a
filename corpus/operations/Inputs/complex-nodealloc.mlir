// Buffers of complex<f32> without deallocation, for both pipelines
// (corpus/operations/complex.mlir).
memref.global "private" constant @ctab : memref<2xcomplex<f32>> = dense<[(1.0, 2.0), (3.0, 4.0)]>

func.func @table_part(%i: index) -> f32 {
  %m = memref.get_global @ctab : memref<2xcomplex<f32>>
  %c1 = arith.constant 1 : index
  %j = arith.minui %i, %c1 : index
  %z = memref.load %m[%j] : memref<2xcomplex<f32>>
  %re = complex.re %z : complex<f32>
  return %re : f32
}

func.func @sum_parts(%x: f32, %c: i1) -> memref<2xcomplex<f32>> {
  %a = memref.alloc() : memref<2xcomplex<f32>>
  %b = memref.alloc() : memref<2xcomplex<f32>>
  %z = complex.create %x, %x : complex<f32>
  linalg.fill ins(%z : complex<f32>) outs(%a : memref<2xcomplex<f32>>)
  memref.copy %a, %b : memref<2xcomplex<f32>> to memref<2xcomplex<f32>>
  %c0 = arith.constant 0 : index
  %y = memref.load %b[%c0] : memref<2xcomplex<f32>>
  %s = complex.add %y, %z : complex<f32>
  %r = arith.select %c, %a, %b : memref<2xcomplex<f32>>
  memref.store %s, %r[%c0] : memref<2xcomplex<f32>>
  return %r : memref<2xcomplex<f32>>
}

// [op.complex.values], [op.complex]: a complex<f32> is laid out and
// computed as the compiled program does, so a free decided by its parts
// happens in both. Element 1 of the table is (3, 4): @table_decides frees;
// @table_leaks (the parts swapped) leaks. On the input 0.0, (x, 1) + (1, 1)
// - (0, 2) = (1, 0) decides @add_sub_decides.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @table_decides SAFE
// EXPECT: @table_leaks LEAK
// EXPECT: @add_sub_decides SAFE

memref.global "private" constant @ctab : memref<2xcomplex<f32>> = dense<[(1.0, 2.0), (3.0, 4.0)]>

func.func @table_decides() {
  %a = memref.alloc() : memref<2xf32>
  %m = memref.get_global @ctab : memref<2xcomplex<f32>>
  %c1 = arith.constant 1 : index
  %z = memref.load %m[%c1] : memref<2xcomplex<f32>>
  %re = complex.re %z : complex<f32>
  %three = arith.constant 3.0 : f32
  %ok = arith.cmpf oeq, %re, %three : f32
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @table_leaks() {
  %a = memref.alloc() : memref<2xf32>
  %m = memref.get_global @ctab : memref<2xcomplex<f32>>
  %c1 = arith.constant 1 : index
  %z = memref.load %m[%c1] : memref<2xcomplex<f32>>
  %im = complex.im %z : complex<f32>
  %three = arith.constant 3.0 : f32
  %ok = arith.cmpf oeq, %im, %three : f32
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @add_sub_decides(%x: f32) {
  %a = memref.alloc() : memref<2xcomplex<f32>>
  %one = arith.constant 1.0 : f32
  %z = complex.create %x, %one : complex<f32>
  %c0 = arith.constant 0 : index
  memref.store %z, %a[%c0] : memref<2xcomplex<f32>>
  %y = memref.load %a[%c0] : memref<2xcomplex<f32>>
  %k = complex.constant [1.0 : f32, 1.0 : f32] : complex<f32>
  %s = complex.add %y, %k : complex<f32>
  %n = complex.constant [0.0 : f32, 2.0 : f32] : complex<f32>
  %d = complex.sub %s, %n : complex<f32>
  %re = complex.re %d : complex<f32>
  %im = complex.im %d : complex<f32>
  %zero = arith.constant 0.0 : f32
  %ok1 = arith.cmpf oeq, %re, %one : f32
  %ok2 = arith.cmpf oeq, %im, %zero : f32
  %ok = arith.andi %ok1, %ok2 : i1
  scf.if %ok {
    memref.dealloc %a : memref<2xcomplex<f32>>
  }
  return
}

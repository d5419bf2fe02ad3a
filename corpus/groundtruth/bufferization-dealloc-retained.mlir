// bufferization.dealloc with a retained operand that may alias the freed
// one ([dealloc.retain]), lowered by upstream's single-memref lowering. The
// retained %m is the allocation when %c is true: then it is kept, the op's
// result (its ownership) is true and the later guarded free releases it;
// otherwise the allocation is freed at once. (Aliasing operands with
// differing conditions: deviation-dealloc-first-condition.mlir.)
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @retained SAFE

func.func @retained(%c: i1, %a: memref<2xf32>, %b: memref<2xf32>) {
  %true = arith.constant true
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %a, %0 : memref<2xf32> to memref<2xf32>
  %m = arith.select %c, %0, %a : memref<2xf32>
  %base, %o, %sz, %st = memref.extract_strided_metadata %m : memref<2xf32> -> memref<f32>, index, index, index
  %base0, %o0, %sz0, %st0 = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
  %own = bufferization.dealloc (%base0 : memref<f32>) if (%true) retain (%m : memref<2xf32>)
  memref.copy %m, %b : memref<2xf32> to memref<2xf32>
  scf.if %own {
    memref.dealloc %0 : memref<2xf32>
  }
  return
}

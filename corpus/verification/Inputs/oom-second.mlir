// Inputs of memory.test: @ok is SAFE; @f, unrolled 10,000 times, runs out
// of a 1 GiB job limit.
func.func @ok(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    %c7 = arith.constant 7 : index
    %e = arith.cmpi ne, %i, %c7 : index
    scf.if %e {
      memref.dealloc %a : memref<4xf32>
    }
  }
  return
}

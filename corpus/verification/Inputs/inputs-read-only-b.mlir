// Version B of inputs-read-only.mlir's @equiv_written_in_b: writes %a.
func.func @equiv_written_in_b(%a: memref<4xf32>, %b: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  memref.store %one, %a[%c0] : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  memref.store %zero, %a[%c0] : memref<4xf32>
  %seen = arith.cmpf oeq, %x, %one : f32
  %m = memref.alloc() : memref<2xf32>
  scf.if %seen {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return %x : f32
}

// memref.generic_atomic_rmw on a local buffer: upstream MLIR 22's pass rejects it
// ([dev.own.memref-free-region]); input of conformance.test.
func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %v, %a[%c0] : memref<2xf32>
  %old = memref.generic_atomic_rmw %a[%c0] : memref<2xf32> {
  ^bb0(%cur: f32):
    %s = arith.addf %cur, %v : f32
    memref.atomic_yield %s : f32
  }
  return %old : f32
}

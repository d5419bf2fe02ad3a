// Pipeline input (no frees): a private callee returns either its argument or
// a new buffer.
func.func private @maybe_new(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = arith.select %c, %a, %m : memref<2xf32>
  return %r : memref<2xf32>
}
func.func @dynamic_ownership(%c: i1, %d: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %r = call @maybe_new(%c, %a) : (i1, memref<2xf32>) -> memref<2xf32>
  %s = call @maybe_new(%d, %r) : (i1, memref<2xf32>) -> memref<2xf32>
  %x = memref.load %s[%c0] : memref<2xf32>
  return %x : f32
}

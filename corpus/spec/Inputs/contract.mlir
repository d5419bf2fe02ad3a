// Input of conformance-contract.test: a plain file (no RUN lines), two
// public functions and a private helper that returns a fresh buffer.
func.func private @make(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}
func.func @f(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  %a = func.call @make(%m) : (index) -> memref<?xf32>
  memref.store %x, %a[%c0] : memref<?xf32>
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}
func.func @g(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = arith.select %c, %a, %b : memref<4xf32>
  return %r : memref<4xf32>
}

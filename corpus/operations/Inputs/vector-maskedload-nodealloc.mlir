// vector-maskedload.mlir's input to the reference pipeline: a buffer
// written and read by masked lanes, with no deallocation yet.
func.func @copy_tail(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  %pass = vector.broadcast %pad : f32 to vector<4xf32>
  %v = vector.maskedload %a[%c0], %mask, %pass : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %t = memref.alloc() : memref<4xf32>
  vector.maskedstore %t[%c0], %mask, %v : memref<4xf32>, vector<4xi1>, vector<4xf32>
  %x = memref.load %t[%c0] : memref<4xf32>
  return %x : f32
}

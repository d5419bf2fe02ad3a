// Pipeline input (no frees): external results are owned and freed by the
// deallocated program.
func.func private @ext(memref<2xf32>) -> (memref<?xf32>, memref<?xf32>, index, i1)
func.func @pipeline_input(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %x, %y, %n, %b = call @ext(%a) : (memref<2xf32>) -> (memref<?xf32>, memref<?xf32>, index, i1)
  %s = arith.select %c, %x, %y : memref<?xf32>
  %v = memref.load %s[%c0] : memref<?xf32>
  return %v : f32
}

// Input of bad-input.mlir: a leak, so that both tools have a verdict and a
// run to draw when their output cannot be written.
func.func @leaks() {
  %a = memref.alloc() : memref<4xf32>
  return
}

// Upstream MLIR 22 reproducer (not a test): `mlir-opt linalg-floordiv-zero.mlir`
// rejects the op with "inferred input/output operand #0 has shape's dimension #0
// to be greater than or equal to N" where N changes from run to run (a
// garbage value from folding `floordiv 0`), i.e. a nondeterministic diagnostic.
func.func @div0() {
  %m = memref.alloc() : memref<2xi32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 floordiv 0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%m : memref<2xi32>) outs(%m : memref<2xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  }
  memref.dealloc %m : memref<2xi32>
  return
}

// Version B of equiv-lazy-vector.mlir.

func.func @big_read(%t: memref<256x256xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  %v = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true, true]} : memref<256x256xf32>, vector<256x256xf32>
  memref.dealloc %a : memref<2xf32>
  %e = vector.extract %v[3, 5] : f32 from vector<256x256xf32>
  return %e : f32
}

func.func @big_arith(%a: vector<32x90xf32>, %b: vector<32x90xf32>) -> vector<32x90xf32> {
  %r = arith.subf %a, %b : vector<32x90xf32>
  return %r : vector<32x90xf32>
}

// Frees its buffer unless lane 3000 is -3 or less.
func.func @lane_frees(%v: vector<4096xi32>) {
  %c = arith.constant -3 : i32
  %x = vector.extract %v[3000] : i32 from vector<4096xi32>
  %a = memref.alloc() {dealloc.site = 1} : memref<2xf32>
  %leak = arith.cmpi sle, %x, %c : i32
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

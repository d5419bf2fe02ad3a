// realloc-contents.mlir in byte mode (the module has a memref.view): i32
// elements, copied byte by byte.
func.func @grow_static_i32(%c: i1) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %a = memref.alloc() : memref<2xi32>
  %b = memref.alloc() : memref<4xf32>
  %v = arith.extui %c : i1 to i32
  memref.store %v, %a[%i1] : memref<2xi32>
  %r = memref.realloc %a : memref<2xi32> to memref<3xi32>
  %w = memref.load %r[%i1] : memref<3xi32>
  %f = arith.cmpi ne, %w, %z : i32
  scf.if %f {
    memref.dealloc %b : memref<4xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %r : memref<3xi32>
  return
}

func.func @shrink_i32(%c: i1) {
  %i0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %a = memref.alloc() : memref<4xi32>
  %b = memref.alloc() : memref<4xf32>
  %v = arith.extui %c : i1 to i32
  memref.store %v, %a[%i0] : memref<4xi32>
  %r = memref.realloc %a : memref<4xi32> to memref<1xi32>
  %w = memref.load %r[%i0] : memref<1xi32>
  %f = arith.cmpi ne, %w, %z : i32
  scf.if %f {
    memref.dealloc %b : memref<4xf32>
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %r : memref<1xi32>
  %raw = memref.alloc() : memref<8xi8>
  %view = memref.view %raw[%i0][] : memref<8xi8> to memref<2xf32>
  memref.dealloc %raw : memref<8xi8>
  return
}

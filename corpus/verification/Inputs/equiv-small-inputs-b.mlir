// equiv-small-inputs.mlir's functions, each leaking its buffer on the inputs
// the condition selects.
func.func @below(%n: index) {
  %c = arith.constant -1000 : index
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  %leak = arith.cmpi slt, %n, %c : index
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @either_sign(%n: index) {
  %c5 = arith.constant 5 : index
  %cm5 = arith.constant -5 : index
  %a = memref.alloc() {dealloc.site = 1} : memref<2xf32>
  %p = arith.cmpi eq, %n, %c5 : index
  %q = arith.cmpi eq, %n, %cm5 : index
  %leak = arith.ori %p, %q : i1
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @unsigned_large(%n: index, %k: i32) {
  %big = arith.constant 1099511627776 : index
  %kc = arith.constant 7 : i32
  %a = memref.alloc() {dealloc.site = 2} : memref<2xf32>
  %p = arith.cmpi ugt, %n, %big : index
  %q = arith.cmpi sge, %k, %kc : i32
  %leak = arith.andi %p, %q : i1
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @vector_lane(%v: vector<4xi32>) {
  %c = arith.constant -3 : i32
  %x = vector.extract %v[1] : i32 from vector<4xi32>
  %a = memref.alloc() {dealloc.site = 3} : memref<2xf32>
  %leak = arith.cmpi sle, %x, %c : i32
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

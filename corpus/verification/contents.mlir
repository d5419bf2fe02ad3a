// Conditions that flow through memory are exact; float arithmetic is
// uninterpreted.
// SPEC: [verify.encoding.float]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// CHECK-LABEL: @flag_in_memory: SAFE
func.func @flag_in_memory(%c: i1) {
  %f = memref.alloc() : memref<2xi1>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %nc = arith.xori %c, %t : i1
  memref.store %c, %f[%c0] : memref<2xi1>
  memref.store %nc, %f[%c1] : memref<2xi1>
  %a = memref.alloc() : memref<2xf32>
  %x = memref.load %f[%c0] : memref<2xi1>
  %y = memref.load %f[%c1] : memref<2xi1>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %y {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %f : memref<2xi1>
  return
}

// The second flag is stored at the same index: input true frees twice.
// CHECK-LABEL: @flag_overwritten: DOUBLE_FREE on input true (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
func.func @flag_overwritten(%c: i1) {
  %f = memref.alloc() : memref<2xi1>
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  memref.store %c, %f[%c0] : memref<2xi1>
  %a = memref.alloc() : memref<2xf32>
  %x = memref.load %f[%c0] : memref<2xi1>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  %y = memref.load %f[%c0] : memref<2xi1>
  scf.if %y {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %f : memref<2xi1>
  %nx = arith.xori %x, %t : i1
  scf.if %nx {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Copies move flags between buffers.
// CHECK-LABEL: @copied_flag: SAFE
func.func @copied_flag(%c: i1) {
  %f = memref.alloc() : memref<1xi1>
  %g = memref.alloc() : memref<1xi1>
  %c0 = arith.constant 0 : index
  memref.store %c, %f[%c0] : memref<1xi1>
  memref.copy %f, %g : memref<1xi1> to memref<1xi1>
  %a = memref.alloc() : memref<2xf32>
  %x = memref.load %g[%c0] : memref<1xi1>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %f : memref<1xi1>
  memref.dealloc %g : memref<1xi1>
  return
}

// A float comparison decides a free: both outcomes are considered.
// CHECK-LABEL: @float_guard: LEAK on input 
func.func @float_guard(%x: f32) {
  %a = memref.alloc() : memref<2xf32>
  %one = arith.constant 1.0 : f32
  %y = arith.addf %x, %one : f32
  %p = arith.cmpf ogt, %y, %one : f32
  scf.if %p {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

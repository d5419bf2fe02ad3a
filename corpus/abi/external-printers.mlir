// The runtime library's memref printers only read their argument: a value
// stored before the print is still there after it, so a free it decides
// goes one way. Any other external callee may write the buffer
// ([abi.external]), and the same program has a leak dealloc-verify cannot
// replay (dealloc-run runs the execution in which the callee writes
// nothing). A printer handed a freed buffer is a use after free.
// SPEC: [abi.external.printers]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @_mlir_ciface_printMemrefI32(memref<*xi32>)
func.func private @consume(memref<*xf32>)
// The printer's name with another signature: an ordinary external callee.
func.func private @printMemrefF64(memref<*xf64>, index)

// CHECK-LABEL: @print_keeps_contents: SAFE
// EXEC-LABEL: @print_keeps_contents: SAFE
func.func @print_keeps_contents() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %k = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %x = memref.load %a[%c0] : memref<4xf32>
  %same = arith.cmpf oeq, %x, %one : f32
  scf.if %same {
    memref.dealloc %k : memref<2xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: @ciface_i32: SAFE
// EXEC-LABEL: @ciface_i32: SAFE
func.func @ciface_i32() {
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7 : i32
  %a = memref.alloc() : memref<2x2xi32>
  %k = memref.alloc() : memref<2xf32>
  memref.store %seven, %a[%c1, %c1] : memref<2x2xi32>
  %u = memref.cast %a : memref<2x2xi32> to memref<*xi32>
  call @_mlir_ciface_printMemrefI32(%u) : (memref<*xi32>) -> ()
  %x = memref.load %a[%c1, %c1] : memref<2x2xi32>
  %same = arith.cmpi eq, %x, %seven : i32
  scf.if %same {
    memref.dealloc %k : memref<2xf32>
  }
  memref.dealloc %a : memref<2x2xi32>
  return
}

// CHECK-LABEL: @other_callee_writes: UNKNOWN (counterexample LEAK
// CHECK-SAME: did not reproduce
// EXEC-LABEL: @other_callee_writes: SAFE
func.func @other_callee_writes() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %k = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @consume(%u) : (memref<*xf32>) -> ()
  %x = memref.load %a[%c0] : memref<4xf32>
  %same = arith.cmpf oeq, %x, %one : f32
  scf.if %same {
    memref.dealloc %k : memref<2xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: @printer_name_other_signature: UNKNOWN (counterexample LEAK
// EXEC-LABEL: @printer_name_other_signature: SAFE
func.func @printer_name_other_signature() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f64
  %a = memref.alloc() : memref<4xf64>
  %k = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<4xf64>
  %u = memref.cast %a : memref<4xf64> to memref<*xf64>
  call @printMemrefF64(%u, %c0) : (memref<*xf64>, index) -> ()
  %x = memref.load %a[%c0] : memref<4xf64>
  %same = arith.cmpf oeq, %x, %one : f64
  scf.if %same {
    memref.dealloc %k : memref<2xf32>
  }
  memref.dealloc %a : memref<4xf64>
  return
}

// CHECK-LABEL: @print_after_free: USE_AFTER_FREE
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
// EXEC-LABEL: @print_after_free: USE_AFTER_FREE
func.func @print_after_free() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

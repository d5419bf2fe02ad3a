// vector.print writes the program's output and nothing else: a no-op for
// buffers and ownership in both tools, whatever it prints (an
// uninitialized lane included).
// SPEC: [op.vector.print]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify %s | FileCheck %s --check-prefix=VERIFY

// INTERP-LABEL: @print_values: SAFE
// VERIFY-LABEL: @print_values: SAFE
func.func @print_values(%x: f32, %i: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  %v = vector.broadcast %x : f32 to vector<8xf32>
  vector.store %v, %a[%c0] : memref<8xf32>, vector<8xf32>
  %l = vector.load %a[%c0] : memref<8xf32>, vector<8xf32>
  vector.print %l : vector<8xf32>
  vector.print %i : index
  vector.print str "done"
  memref.dealloc %a : memref<8xf32>
  return
}

// INTERP-LABEL: @print_uninitialized: SAFE
// VERIFY-LABEL: @print_uninitialized: SAFE
func.func @print_uninitialized() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi32>
  %l = vector.load %a[%c0] : memref<4xi32>, vector<4xi32>
  vector.print %l : vector<4xi32>
  memref.dealloc %a : memref<4xi32>
  return
}

// Printing does not keep a buffer alive nor free it: the leak stays.
// INTERP-LABEL: @print_then_leak: LEAK
// VERIFY-LABEL: @print_then_leak: LEAK
func.func @print_then_leak(%x: i64) {
  %a = memref.alloc() : memref<2xi64>
  vector.print %x : i64
  return
}

// A use after free stays one when the freed buffer's value was printed
// before.
// INTERP-LABEL: @print_then_use_after_free: USE_AFTER_FREE
// VERIFY-LABEL: @print_then_use_after_free: USE_AFTER_FREE
func.func @print_then_use_after_free() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %l = vector.load %a[%c0] : memref<4xf32>, vector<4xf32>
  vector.print %l : vector<4xf32>
  memref.dealloc %a : memref<4xf32>
  %m = vector.load %a[%c0] : memref<4xf32>, vector<4xf32>
  vector.print %m : vector<4xf32>
  return
}

// Ops and types without semantics make the verdict UNSUPPORTED, decided by a
// static scan of the function and its callees before any input runs — even
// when no input would reach the op. Exit code 2. The op no tool models is
// the test plugin's `dealloc_test.opaque` (unknown effects).
// SPEC: [op.unsupported]
// RUN: not dealloc-run --load-dialect-plugin=%dealloc_test_plugin %s | FileCheck %s
// RUN: dealloc-run --load-dialect-plugin=%dealloc_test_plugin %s --function safe_one
// RUN: %python -c "import subprocess,sys; sys.exit(0 if subprocess.run(['dealloc-run','--load-dialect-plugin=%dealloc_test_plugin','%s','--function','in_callee']).returncode == 2 else 1)"
// RUN: not dealloc-run --load-dialect-plugin=%dealloc_test_plugin %s --json --function unreached_op | FileCheck %s --check-prefix=JSON
// RUN: %python -c "import subprocess,sys; sys.exit(0 if subprocess.run(['dealloc-run','--load-dialect-plugin=%dealloc_test_plugin','%s','--json','--function','unreached_op']).returncode == 2 else 1)"

// CHECK-LABEL: @safe_one: SAFE (1 input)
func.func @safe_one() {
  return
}

// CHECK-LABEL: @unreached_op: UNSUPPORTED 'dealloc_test.opaque'
// CHECK-SAME:    at loc({{.*}}:[[@LINE+7]]:10)
// CHECK-NEXT:    reason: op not modelled
// JSON: {"clause":"[op.unsupported]","function":"unreached_op","inputs":0,"loc":"{{.*}}unsupported.mlir:[[@LINE+5]]:10","message":"op not modelled","op":"dealloc_test.opaque","verdict":"UNSUPPORTED"}
func.func @unreached_op(%c: i1, %x: f32) -> f32 {
  %r = scf.if %c -> f32 {
    scf.yield %x : f32
  } else {
    %s = dealloc_test.opaque %x : (f32) -> f32
    scf.yield %s : f32
  }
  return %r : f32
}

// CHECK-LABEL: @in_callee: UNSUPPORTED 'dealloc_test.opaque'
func.func private @fill(%m: memref<2xf32>) {
  %z = arith.constant -1.0 : f32
  %c0 = arith.constant 0 : index
  %a = dealloc_test.opaque %z : (f32) -> f32
  memref.store %a, %m[%c0] : memref<2xf32>
  return
}
func.func @in_callee(%m: memref<2xf32>) {
  call @fill(%m) : (memref<2xf32>) -> ()
  return
}

// CHECK-LABEL: @tensor_arg: UNSUPPORTED 'func.func'
// CHECK-NEXT:    reason: argument type tensor<2xf32> has no input model
func.func @tensor_arg(%t: tensor<2xf32>) {
  return
}

// Unranked values are modelled only where [view.unranked] allows them
// (casts, frees, clones, calls to declarations); a region result is not.
// CHECK-LABEL: @unranked: UNSUPPORTED 'scf.if'
// CHECK-NEXT:    reason: result type memref<*xf32> not modelled
func.func @unranked(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %u = memref.cast %a : memref<2xf32> to memref<*xf32>
  %v = scf.if %c -> memref<*xf32> {
    scf.yield %u : memref<*xf32>
  } else {
    scf.yield %u : memref<*xf32>
  }
  memref.dealloc %a : memref<2xf32>
  return
}

// Unknown dialects parse (they are not a read error) and are unsupported.
// CHECK-LABEL: @unknown_dialect: UNSUPPORTED 'mydialect.op'
func.func @unknown_dialect() {
  "mydialect.op"() : () -> ()
  return
}

// Verdict per function over its inputs, the first violation ends a run, and
// the exit codes: 0 all SAFE, 1 a violation, 2 UNSUPPORTED/UNKNOWN only.
// SPEC: [safety.verdicts] [safety.first]
// RUN: not dealloc-run --strict-ub %s | FileCheck %s
// RUN: not dealloc-run --strict-ub --json %s | FileCheck %s --check-prefix=JSON
// RUN: %python -c "import subprocess,sys; sys.exit(0 if subprocess.run(['dealloc-run','%s']).returncode == 1 else 1)"
// RUN: %python -c "import subprocess,sys; sys.exit(0 if subprocess.run(['dealloc-run','%S/Inputs/all-safe.mlir']).returncode == 0 else 1)"
// RUN: %python -c "import subprocess,sys; sys.exit(0 if subprocess.run(['dealloc-run','--strict-ub','%S/Inputs/unknown-only.mlir']).returncode == 2 else 1)"

// The first violation ends the run: the later double free and the leak are
// not reported, only the use after free.
// CHECK-LABEL: @first_violation_only: USE_AFTER_FREE (1 input)
// JSON: {"aborted":0,"capped":false,"clause":"[heap.use]","function":"first_violation_only","input":"","inputs":1,"message":"'memref.load' accesses freed buffer #1","total_inputs":1,"trace":[{"buffer":1,"event":"alloc","loc":"{{.*}}verdicts.mlir:[[@LINE+3]]:8"},{"buffer":1,"event":"free","loc":{{.*}}},{"buffer":1,"event":"use","loc":{{.*}}}],"verdict":"USE_AFTER_FREE"}
func.func @first_violation_only() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %x = memref.load %a[%c0] : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return %x : f32
}

// A violation on a later input outranks UNKNOWN on an earlier one.
// CHECK-LABEL: @violation_outranks_unknown: LEAK (3 inputs)
// CHECK-NEXT:    input: 2
func.func @violation_outranks_unknown(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %q = arith.divui %c2, %n : index
  %a = memref.alloc() : memref<2xf32>
  %keep = arith.cmpi eq, %q, %c1 : index
  scf.if %keep {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// UNKNOWN on one input is never reported as SAFE.
// CHECK-LABEL: @unknown_is_not_safe: UNKNOWN (3 inputs): division by zero
// CHECK-NEXT:    input: 0
// JSON: {"aborted":0,"capped":false,"function":"unknown_is_not_safe","input":"0","inputs":3,"loc":"{{.*}}verdicts.mlir:47:8","message":"division by zero{{.*}}","op":"arith.divui","total_inputs":3,"verdict":"UNKNOWN"}
func.func @unknown_is_not_safe(%n: index) -> index {
  %c2 = arith.constant 2 : index
  %q = arith.divui %c2, %n : index
  return %q : index
}

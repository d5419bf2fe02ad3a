// Safety over defined inputs ([safety.defined]): an input whose run reaches
// undefined behaviour before any violation is excluded from the verdict and
// listed per site (kind, op location, first input, count); a violation
// before the undefined behaviour on the same run still counts; no defined
// input at all is UNKNOWN, not a vacuous SAFE; a failed cf.assert is
// defined. --strict-ub keeps the strict reading (UNKNOWN).
// SPEC: [safety.defined] [safety.verdicts] [safety.defined.run]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: not dealloc-run --json %s | FileCheck %s --check-prefix=JSON
// RUN: not dealloc-run --strict-ub %s | FileCheck %s --check-prefix=STRICT
// RUN: dealloc-run --all-inputs --function oob_excluded %s | FileCheck %s --check-prefix=ALL
// RUN: not dealloc-run --function negative_size --input=-1 %s | FileCheck %s --check-prefix=NEG
// RUN: dealloc-run --function negative_size --input=0 %s | FileCheck %s --check-prefix=NEG0

// Input 2 loads out of bounds: excluded; inputs 0 and 1 are defined.
// CHECK-LABEL: @oob_excluded: SAFE (3 inputs, 1 excluded: undefined behaviour)
// CHECK-NEXT:    excluded: out-of-bounds at loc({{.*}}defined-inputs.mlir":[[@LINE+7]]:8) ('memref.load'), 1 input, first b0,2: out-of-bounds access
// JSON: {"aborted":0,"capped":false,"defined_inputs":2,"excluded":[{"count":1,"input":"b0,2","kind":"out-of-bounds","loc":"{{.*}}defined-inputs.mlir:[[@LINE+6]]:8","message":"out-of-bounds access{{.*}}","op":"memref.load"}],"function":"oob_excluded","inputs":3,"total_inputs":3,"verdict":"SAFE"}
// STRICT-LABEL: @oob_excluded: UNKNOWN (3 inputs): out-of-bounds access
// ALL: @oob_excluded(b0,0): SAFE
// ALL: @oob_excluded(b0,1): SAFE
// ALL: @oob_excluded(b0,2): UNKNOWN (excluded: undefined behaviour)
func.func @oob_excluded(%m: memref<2xf32>, %i: index) -> f32 {
  %x = memref.load %m[%i] : memref<2xf32>
  return %x : f32
}

// A double free, then an out-of-bounds load on the same run: the run ends
// at the double free ([safety.first]) and never reaches the load.
// CHECK-LABEL: @double_free_then_oob: DOUBLE_FREE (1 input)
// CHECK-NEXT:    input: b0,0
// STRICT-LABEL: @double_free_then_oob: DOUBLE_FREE (1 input)
func.func @double_free_then_oob(%m: memref<2xf32>, %i: index) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %x = memref.load %m[%i] : memref<2xf32>
  return %x : f32
}

// Input 0 divides by zero (excluded); the defined input 1 leaks.
// CHECK-LABEL: @leak_on_defined_input: LEAK (2 inputs)
// CHECK-NEXT:    input: 1
// STRICT-LABEL: @leak_on_defined_input: LEAK (2 inputs)
func.func @leak_on_defined_input(%d: index) -> index {
  %c4 = arith.constant 4 : index
  %q = arith.divui %c4, %d : index
  %a = memref.alloc() : memref<2xf32>
  return %q : index
}

// The leaking branch always ends in undefined behaviour (the load at 2 is
// out of bounds): no defined input leaks, and the run never returns.
// CHECK-LABEL: @leak_only_where_undefined: SAFE (3 inputs, 1 excluded: undefined behaviour)
// CHECK-NEXT:    excluded: out-of-bounds at {{.*}}, 1 input, first b0,2:
// STRICT-LABEL: @leak_only_where_undefined: UNKNOWN (3 inputs): out-of-bounds access
func.func @leak_only_where_undefined(%m: memref<2xf32>, %i: index) {
  %c2 = arith.constant 2 : index
  %big = arith.cmpi sge, %i, %c2 : index
  scf.if %big {
    %a = memref.alloc() : memref<2xf32>
    %x = memref.load %m[%i] : memref<2xf32>
  }
  return
}

// Every input divides by zero: no defined input, UNKNOWN.
// CHECK-LABEL: @no_defined_input: UNKNOWN (3 inputs, 3 excluded: undefined behaviour): no defined input: every input run reaches undefined behaviour
// CHECK-NEXT:    input: 0
// CHECK-NEXT:    excluded: division at {{.*}} ('arith.divsi'), 3 inputs, first 0: division by zero
// JSON: {"aborted":0,"capped":false,"clause":"[safety.defined]","defined_inputs":0,"excluded":[{"count":3,"input":"0","kind":"division",{{.*}}"op":"arith.divsi"}],"function":"no_defined_input","input":"0",{{.*}}"message":"no defined input: every input run reaches undefined behaviour",{{.*}}"verdict":"UNKNOWN"}
// STRICT-LABEL: @no_defined_input: UNKNOWN (3 inputs): division by zero
func.func @no_defined_input(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %d = arith.divsi %x, %c0 : i32
  return %d : i32
}

// An abort is defined behaviour ([op.cf.assert]): input 0 aborts, input 2
// is excluded, input 1 runs to the end.
// CHECK-LABEL: @abort_is_defined: SAFE (3 inputs, 1 aborted by cf.assert, 1 excluded: undefined behaviour)
// CHECK-NEXT:    excluded: non-positive-step at {{.*}} ('scf.for'), 1 input, first 2:
// STRICT-LABEL: @abort_is_defined: UNKNOWN (3 inputs, 1 aborted by cf.assert): scf.for with a non-positive step
func.func @abort_is_defined(%i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %ok = arith.cmpi ne, %i, %c0 : index
  cf.assert %ok, "zero"
  %step = arith.subi %c2, %i : index
  scf.for %k = %c0 to %c2 step %step {
  }
  return
}

// A size from an index argument: dealloc-run enumerates 0, 1, 2; the
// negative size is reached only by an input given with --input.
// CHECK-LABEL: @negative_size: SAFE (3 inputs)
// NEG: @negative_size: UNKNOWN (1 input, 1 excluded: undefined behaviour): no defined input
// NEG-NEXT: input: -1
// NEG-NEXT: excluded: negative-size at {{.*}} ('memref.alloc'), 1 input, first -1: negative allocation size
// NEG0: @negative_size: SAFE (1 input)
func.func @negative_size(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

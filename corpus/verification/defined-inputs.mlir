// dealloc-verify over defined inputs ([safety.defined]): an input whose run
// reaches undefined behaviour before any violation is excluded; SAFE lists
// each excluded site (kind, op, location) with a witness input that
// dealloc-run replays; a violation before the undefined behaviour on the
// same run is still reported; no defined input is UNKNOWN. --strict-ub
// keeps the strict reading: a stop, UNKNOWN ([verify.stops]).
// SPEC: [safety.defined] [verify.verdict] [safety.defined.verify]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s --check-prefix=STRICT

// The acceptance case of issue 27: undefined behaviour only on a negative
// size, which no caller passes.
// CHECK-LABEL: @negative_size: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded: negative-size at {{.*}}defined-inputs.mlir:[[@LINE+6]]:8 ('memref.alloc'): negative allocation size (undefined behaviour), on input -1; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (1 site, [safety.defined])
// JSON: {"excluded":[{"input":"-1","kind":"negative-size","loc":"{{.*}}defined-inputs.mlir:[[@LINE+4]]:8","message":"negative allocation size (undefined behaviour)","op":"memref.alloc","replayed":true,"run":"dealloc-run says UNKNOWN {{.*}}","run_message":"negative allocation size {{.*}}"}],"excluded_complete":true,"function":"negative_size","seconds":{{[0-9.]+}},"verdict":"SAFE"}
// STRICT-LABEL: @negative_size: UNKNOWN (input -1 reaches negative allocation size (undefined behaviour), where a run stops without a verdict
// STRICT-NEXT: note: stop at {{.*}} ('memref.alloc'): negative allocation size (undefined behaviour), on input -1; replayed by dealloc-run
func.func @negative_size(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// The same program with a leak on a defined input.
// CHECK-LABEL: @negative_size_and_leak: LEAK on input 0,false
// STRICT-LABEL: @negative_size_and_leak: LEAK on input 0,false
func.func @negative_size_and_leak(%n: index, %c: i1) {
  %a = memref.alloc(%n) : memref<?xf32>
  scf.if %c {
    memref.dealloc %a : memref<?xf32>
  }
  return
}

// A double free, then an out-of-bounds load on the same run: the double
// free is the run's first violation under both readings.
// CHECK-LABEL: @double_free_then_oob: DOUBLE_FREE on input b0,0
// STRICT-LABEL: @double_free_then_oob: DOUBLE_FREE on input b0,0
func.func @double_free_then_oob(%m: memref<2xf32>, %i: index) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %x = memref.load %m[%i] : memref<2xf32>
  return %x : f32
}

// An ABI violation at a public callee's return, then an out-of-bounds load
// on the same run: the violation is first ([abi.results.heap]).
// CHECK-LABEL: @returns_arg: ABI_VIOLATION on input b0
// CHECK-LABEL: @abi_then_oob: ABI_VIOLATION on input b0,0
// STRICT-LABEL: @abi_then_oob: ABI_VIOLATION on input b0,0
func.func @returns_arg(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}
func.func @abi_then_oob(%m: memref<2xf32>, %i: index) -> f32 {
  %r = call @returns_arg(%m) : (memref<2xf32>) -> memref<2xf32>
  %x = memref.load %r[%i] : memref<2xf32>
  return %x : f32
}

// A use after free on the inputs that later divide by zero: the violation
// comes first on that run, so it counts.
// CHECK-LABEL: @use_after_free_then_division: USE_AFTER_FREE on input 0,true
// STRICT-LABEL: @use_after_free_then_division: USE_AFTER_FREE on input 0,true
func.func @use_after_free_then_division(%d: index, %c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<2xindex>
  scf.if %c {
    memref.dealloc %a : memref<2xindex>
  }
  %x = memref.load %a[%c0] : memref<2xindex>
  %q = arith.divui %c4, %d : index
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xindex>
  }
  return %q : index
}

// The leaking branch always reaches an out-of-bounds load before the
// return: the program leaks only on inputs where it is undefined.
// CHECK-LABEL: @leak_only_where_undefined: SAFE (on defined inputs
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}} ('memref.load'): out-of-bounds access, on input b0,2; replayed by dealloc-run
// STRICT-LABEL: @leak_only_where_undefined: UNKNOWN (input b0,2 reaches out-of-bounds access
func.func @leak_only_where_undefined(%m: memref<2xf32>, %i: index) {
  %c2 = arith.constant 2 : index
  %big = arith.cmpi sge, %i, %c2 : index
  scf.if %big {
    %a = memref.alloc() : memref<2xf32>
    %x = memref.load %m[%i] : memref<2xf32>
  }
  return
}

// Two kinds at two sites, both listed in encoding order.
// CHECK-LABEL: @two_sites: SAFE (on defined inputs
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}}defined-inputs.mlir:[[@LINE+5]]:8 ('memref.load'): out-of-bounds access, on input -1,0,b0; replayed by dealloc-run
// CHECK-NEXT: note: excluded: division at {{.*}}defined-inputs.mlir:[[@LINE+5]]:8 ('arith.divui'): undefined behaviour in arith.divui, on input 0,0,b0; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (2 sites, [safety.defined])
func.func @two_sites(%i: index, %d: index, %a: memref<2xi32>) -> index {
  %c4 = arith.constant 4 : index
  %x = memref.load %a[%i] : memref<2xi32>
  %q = arith.divui %c4, %d : index
  return %q : index
}

// Every input divides by zero: nothing is defined, so SAFE would be vacuous.
// CHECK-LABEL: @no_defined_input: UNKNOWN (no defined input: every input reaches undefined behaviour ([safety.defined])
// CHECK-SAME: at {{.*}}defined-inputs.mlir:[[@LINE+6]]:8)
// CHECK-NEXT: note: excluded: division at {{.*}} ('arith.divsi'): undefined behaviour in arith.divsi, on input 0; replayed by dealloc-run
// JSON: {"clause":"[safety.defined]","excluded":[{"input":"0","kind":"division",{{.*}}}],"excluded_complete":true,"function":"no_defined_input","input":"0",{{.*}}"message":"no defined input: every input reaches undefined behaviour",{{.*}}"verdict":"UNKNOWN"}
// STRICT-LABEL: @no_defined_input: UNKNOWN (input 0 reaches undefined behaviour in arith.divsi
func.func @no_defined_input(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %d = arith.divsi %x, %c0 : i32
  return %d : i32
}

// The tool's own limit is not undefined behaviour: a loop that leaks in
// its sixth iteration is unrolled to the bound and stays UNKNOWN (bounded)
// under both readings, though input -1 also reaches a negative size.
// CHECK-LABEL: @loop_bound: UNKNOWN (bounded: no violation with loops unrolled 4 times, but input 5 iterates more
// STRICT-LABEL: @loop_bound: UNKNOWN (input -1 reaches negative allocation size
func.func @loop_bound(%n: index) {
  %lb = arith.constant 0 : index
  %s = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %b = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  scf.for %i = %lb to %n step %s {
    %a = memref.alloc() : memref<2xf32>
    %last = arith.cmpi eq, %i, %c5 : index
    scf.if %last {
    } else {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

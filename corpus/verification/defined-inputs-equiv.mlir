// --equiv over defined inputs ([safety.defined], [equiv.def]): an input on
// which either version reaches undefined behaviour is excluded from the
// comparison and its site listed per version, with a witness input that
// dealloc-run replays; --strict-ub keeps the strict reading, where such a
// run is a stop and the answer UNKNOWN. A difference on a defined input is
// still DIFFERENT.
// SPEC: [safety.defined] [equiv.def] [safety.defined.verify]
// RUN: mlir-opt --buffer-deallocation-pipeline --mlir-print-debuginfo %s -o %t.a.mlir
// RUN: mlir-opt --canonicalize --mlir-print-debuginfo %t.a.mlir -o %t.b.mlir
// RUN: dealloc-verify --equiv --function sized %t.a.mlir %t.b.mlir | FileCheck %s
// RUN: dealloc-verify --equiv --json --function sized %t.a.mlir %t.b.mlir | FileCheck %s --check-prefix=JSON
// RUN: not dealloc-verify --equiv --strict-ub --function sized %t.a.mlir %t.b.mlir | FileCheck %s --check-prefix=STRICT
// A version without the free of %b differs on every defined input (sites
// are matched by their dealloc.site attributes: the file names differ).
// RUN: sed "s/memref.dealloc %b.*//" %s > %t.leaky.mlir
// RUN: not dealloc-verify --equiv --function freed %s %t.leaky.mlir | FileCheck %s --check-prefix=DIFF
// RUN: not dealloc-verify --equiv --function no_defined_input %s %s | FileCheck %s --check-prefix=NONE

// CHECK: @sized: EQUIVALENT (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded: negative-size at {{.*}}defined-inputs-equiv.mlir:[[@LINE+9]]:8 ('memref.alloc') in A: negative allocation size (undefined behaviour), on input -1,0,false; replayed by dealloc-run
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}}defined-inputs-equiv.mlir:[[@LINE+11]]:8 ('memref.load') in A: out-of-bounds access, on input 0,0,false; replayed by dealloc-run
// CHECK-NEXT: note: excluded: negative-size at {{.*}} ('memref.alloc') in B: negative allocation size (undefined behaviour), on input -1,0,false; replayed by dealloc-run
// CHECK-NEXT: note: excluded: out-of-bounds at {{.*}} ('memref.load') in B: out-of-bounds access, on input 0,0,false; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (4 sites, [safety.defined])
// JSON: {"excluded":[{"input":"-1,0,false","kind":"negative-size",{{.*}}"op":"memref.alloc","replayed":true,{{.*}}"version":"A"},
// JSON-SAME: "excluded_complete":true,"function":"sized","seconds":{{[0-9.]+}},"verdict":"EQUIVALENT"}
// STRICT: @sized: UNKNOWN (no difference found, but input {{.*}} reaches
func.func @sized(%n: index, %i: index, %c: i1) -> f32 {
  %a = memref.alloc(%n) {dealloc.site = 1} : memref<?xf32>
  %b = memref.alloc() {dealloc.site = 2} : memref<2xf32>
  %s = arith.select %c, %a, %a : memref<?xf32>
  %x = memref.load %s[%i] : memref<?xf32>
  return %x : f32
}

// DIFF: @freed: DIFFERENT on input 0 (A: returns without violation; B: LEAK at
func.func @freed(%n: index) {
  %b = memref.alloc(%n) {dealloc.site = 3} : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// NONE: @no_defined_input: UNKNOWN (no defined input: on every input a version reaches undefined behaviour ([safety.defined]))
// NONE-NEXT: note: excluded: division at {{.*}} in A:
func.func @no_defined_input(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %d = arith.divsi %x, %c0 : i32
  return %d : i32
}

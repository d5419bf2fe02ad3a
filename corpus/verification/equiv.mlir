// dealloc-equivalence: upstream's output before and after canonicalize is
// EQUIVALENT; removing one free or negating one guard is DIFFERENT, with a
// distinguishing input that dealloc-run replays on both versions.
// SPEC: [equiv.def]
// SPEC: [equiv.output]
// RUN: mlir-opt --buffer-deallocation-pipeline --mlir-print-debuginfo %S/pipeline-outputs.mlir -o %t.a.mlir
// RUN: mlir-opt --canonicalize --mlir-print-debuginfo %t.a.mlir -o %t.b.mlir
// RUN: dealloc-verify --equiv %t.a.mlir %t.b.mlir | FileCheck %s --check-prefix=CANON
// --solver-stats: one line per function pair, on stderr.
// RUN: dealloc-verify --solver-stats --equiv --function diamond %t.a.mlir %t.b.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: stats: @diamond: equivalence: EQUIVALENT in {{[0-9.]+}} s; encoding {{[0-9.]+}} s (A: {{[0-9]+}} violation conditions, {{[0-9]+}} constraints, {{[0-9]+}} heap slots, B: {{.*}}); queries {{[0-9.]+}} s ({{[1-9][0-9]*}})
// RUN: mlir-opt --ownership-based-buffer-deallocation --mlir-print-debuginfo %S/pipeline-outputs.mlir -o %t.own.mlir
// RUN: dealloc-verify --equiv %t.own.mlir %t.a.mlir | FileCheck %s --check-prefix=CANON
// One free removed (the first memref.dealloc of the file, in @diamond):
// RUN: sed '0,/memref.dealloc/{/memref.dealloc/d}' %t.a.mlir > %t.c.mlir
// RUN: not dealloc-verify --equiv %t.a.mlir %t.c.mlir | FileCheck %s --check-prefix=FREE
// One guard negated (the first pointer comparison, in @diamond):
// RUN: sed '0,/arith.cmpi ne/{s/arith.cmpi ne/arith.cmpi eq/}' %t.a.mlir > %t.d.mlir
// RUN: not dealloc-verify --equiv %t.a.mlir %t.d.mlir | FileCheck %s --check-prefix=GUARD
// A free moved past an input-program allocation:
// RUN: not dealloc-verify --equiv %s %S/Inputs/equiv-late-free.mlir | FileCheck %s --check-prefix=LATE
// RUN: dealloc-verify --equiv --json %s %s | FileCheck %s --check-prefix=JSON

// CANON: @diamond: EQUIVALENT
// CANON-NEXT: @select_args: EQUIVALENT
// CANON-NEXT: @if_yield: EQUIVALENT
// CANON-NEXT: @loop_iter_args: EQUIVALENT
// CANON-NEXT: @calls: EQUIVALENT

// FREE: @diamond: DIFFERENT on input true,b0 (A: returns without violation; B: LEAK
// FREE-NEXT: A: SAFE
// FREE-NEXT: B: LEAK
// FREE-NEXT: @select_args: EQUIVALENT

// GUARD: @diamond: DIFFERENT on input false,b0 (A: returns without violation; B: LEAK
// GUARD-NEXT: A: SAFE
// GUARD-NEXT: B: LEAK

// LATE: @early: DIFFERENT on input "" (a buffer of site dealloc.site = 0 is freed at a different point
// LATE-NEXT: A: SAFE
// LATE-NEXT: B: SAFE
// JSON: {"function":"early","seconds":{{[0-9]+\.[0-9]+}},"verdict":"EQUIVALENT"}
func.func @early() {
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 1} : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

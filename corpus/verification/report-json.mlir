// dealloc-verify --json uses dealloc-run's field names: "clause", "message",
// "input", "loc", "op", and a "trace" of the replayed run's buffer events
// exactly as `dealloc-run --json --input` prints them; "seconds" (the only
// field that differs between runs) is in JSON only. --equiv answers say in
// "A" and "B" what each version does on the distinguishing input.
// SPEC: [verify.report.json]
//
// RUN: not dealloc-verify --json %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: not dealloc-run --json --function leaks --input false %s | FileCheck %s --check-prefix=REPLAY
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=TEXT
// Two runs differ only in "seconds":
// RUN: not dealloc-verify --json %s 2>/dev/null | sed 's/"seconds":[0-9.]*,//' > %t.1
// RUN: not dealloc-verify --json %s 2>/dev/null | sed 's/"seconds":[0-9.]*,//' > %t.2
// RUN: diff %t.1 %t.2
// RUN: FileCheck %s --check-prefix=NOSECONDS < %t.1
// --equiv: one free removed from @leaks' safe twin.
// RUN: sed 's/memref.dealloc %b : memref<2xf32>//' %s > %t.nofree.mlir
// RUN: not dealloc-verify --json --equiv --function frees %s %t.nofree.mlir | FileCheck %s --check-prefix=EQUIV

// VERIFY: {"clause":"[heap.leak]","function":"leaks","input":"false","loc":"{{.*}}report-json.mlir:[[LINE:[0-9]+]]:3","message":"buffer allocated by memref.alloc is not freed","seconds":{{[0-9]+\.[0-9]+}},"trace":[{"buffer":1,"event":"alloc","loc":"{{.*}}report-json.mlir:[[ALLOC:[0-9]+]]:8"},{"buffer":1,"event":"leak","loc":"{{.*}}report-json.mlir:[[LINE]]:3"}],"verdict":"LEAK"}
// VERIFY-NEXT: {"function":"frees","seconds":{{[0-9]+\.[0-9]+}},"verdict":"SAFE"}
// VERIFY-NEXT: {"clause":"[verify.unsupported]","function":"unsupported_op","loc":"{{.*}}report-json.mlir:{{[0-9]+}}:8","message":"'math.ctlz': op not modelled","op":"math.ctlz","seconds":{{[0-9]+\.[0-9]+}},"verdict":"UNSUPPORTED"}

// REPLAY: {"aborted":0,"capped":false,"clause":"[heap.leak]","function":"leaks","input":"false","inputs":1,"message":"buffer #1 (memref.alloc) is live and not returned when the function returns","total_inputs":1,"trace":[{"buffer":1,"event":"alloc","loc":"{{.*}}report-json.mlir:{{[0-9]+}}:8"},{"buffer":1,"event":"leak","loc":"{{.*}}report-json.mlir:{{[0-9]+}}:3"}],"verdict":"LEAK"}

// TEXT-NOT: seconds
// TEXT: @leaks: LEAK on input false
// TEXT-NOT: seconds

// NOSECONDS-NOT: seconds

// EQUIV: {"A":{"verdict":"SAFE"},"B":{"clause":"[heap.leak]","message":"buffer #{{[0-9]+}} (memref.alloc) is live and not returned when the function returns","verdict":"LEAK"},"function":"frees","input":"","message":"A: returns without violation; B: LEAK at {{.*}}","seconds":{{[0-9]+\.[0-9]+}},"verdict":"DIFFERENT"}

func.func @leaks(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @frees() {
  %b = memref.alloc() {dealloc.site = 1 : i64} : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @unsupported_op(%i: i32) -> i32 {
  %r = math.ctlz %i : i32
  return %r : i32
}

// Output formats: one line per public function in module order, JSON with
// "function" and "verdict", diagnostics at the violation's location, exit
// codes of Verdict.h.
// SPEC: [verify.output]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: dealloc-verify %s --verify-diagnostics
// RUN: dealloc-verify --function ok %s
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--function','leaks','%s'],stderr=subprocess.DEVNULL,stdout=subprocess.DEVNULL) != 1)"

// CHECK: @ok: SAFE
// CHECK-NEXT: @leaks: LEAK on input false (buffer allocated by memref.alloc is not freed ([heap.leak]))
// CHECK-NEXT:   allocated by memref.alloc at {{.*}}output.mlir:{{[0-9]+}}:8
// CHECK-NEXT:   LEAK at {{.*}}output.mlir:{{[0-9]+}}:3: buffer allocated by memref.alloc is not freed ([heap.leak])
// CHECK-NEXT:   replayed by dealloc-run: LEAK [heap.leak]
// JSON: {"function":"ok","seconds":{{[0-9]+\.[0-9]+}},"verdict":"SAFE"}
// JSON-NEXT: {"clause":"[heap.leak]","function":"leaks","input":"false","loc":"{{.*}}output.mlir:{{[0-9]+}}:3","message":"buffer allocated by memref.alloc is not freed","seconds":{{[0-9]+\.[0-9]+}},"trace":[{{.*}}],"verdict":"LEAK"}
func.func @ok() {
  return
}

func.func @leaks(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-error @+1 {{@leaks: LEAK on input false (buffer allocated by memref.alloc is not freed}}
  return
}

func.func private @not_checked() {
  %a = memref.alloc() : memref<2xf32>
  return
}

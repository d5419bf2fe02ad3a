// Unreadable input — a parse error or a verifier error — is an MLIR
// diagnostic with a location and exit code 3, never a verdict or a crash.
// SPEC: [safety.verdicts]
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s'],capture_output=True,text=True); sys.stderr.write(r.stderr); sys.exit(0 if r.returncode == 3 and r.stdout == '' else 1)" 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%S/Inputs/verifier-error.mlir'],capture_output=True,text=True); sys.stderr.write(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%S/does-not-exist.mlir'],capture_output=True,text=True); sys.stderr.write(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" 2>&1 | FileCheck %s --check-prefix=MISSING

// PARSE: malformed.mlir:[[@LINE+5]]:{{[0-9]+}}: error:
// VERIFY: verifier-error.mlir:3:{{[0-9]+}}: error:
// MISSING: error: cannot read
func.func @f() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a memref<2xf32>
  return
}

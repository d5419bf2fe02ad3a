// Unreadable input: a parser diagnostic with its location, exit code 3.
// SPEC: [verify.output]
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','%s']) != 3)" 2>&1 | FileCheck %s
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','%S/does-not-exist.mlir']) != 3)" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--equiv','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=ARGS

// CHECK: bad-input.mlir:[[@LINE+4]]:{{[0-9]+}}: error:
// MISSING: error: cannot read
// ARGS: error: expected 2 input file(s), got 1
func.func @f() {
  %a = memref.alloc() : memref<2xf32
  return
}

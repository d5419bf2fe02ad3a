// Unreadable input: a parser diagnostic with its location, exit code 3.
// SPEC: [verify.output]
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','%s']) != 3)" 2>&1 | FileCheck %s
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','%S/does-not-exist.mlir']) != 3)" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--equiv','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=ARGS

// Bad flags and flag values are bad input too (cl's own exit code is 1,
// which would read as a violation), for dealloc-run as well.
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--bogus','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--timeout','-5','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','--unroll-nothing','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','--max-inputs','0','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=NOINPUTS
// NOINPUTS: error: --max-inputs must be at least 1
// A module without a public function with a body: nothing is checked, and
// both tools say so on stderr (exit 0).
// RUN: echo "module {}" | dealloc-verify - 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: echo "module {}" | dealloc-run - 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: note: no public function with a body in '-'

// CHECK: bad-input.mlir:[[@LINE+6]]:{{[0-9]+}}: error:
// FLAG: Unknown command line argument
// VALUE: for the --timeout option: '-5' value invalid
// MISSING: error: cannot read
// ARGS: error: expected 2 input file(s), got 1
func.func @f() {
  %a = memref.alloc() : memref<2xf32
  return
}

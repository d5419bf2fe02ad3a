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
// A module without a public function with a body, or an empty file (a
// crashed producer in a pipe): nothing is checked, which is no answer, not
// SAFE: both tools say so on stderr and exit 2 (issue 28).
// RUN: echo "module {}" | %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','-']) != 2)" 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: echo "module {}" | %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','-']) != 2)" 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','/dev/null']) != 2)" 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','/dev/null']) != 2)" 2>&1 | FileCheck %s --check-prefix=EMPTY
// NONE: error: no public function with a body in '-': nothing to check
// EMPTY: error: no public function with a body in '/dev/null': nothing to check
//
// Output that cannot be written is exit 3 with a message, not 1 (which reads
// as a violation) after "written to".
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','%S/Inputs/leak-for-output.mlir'], stdout=open('/dev/full','w')) != 3)" 2>&1 | FileCheck %s --check-prefix=STDOUT
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','%S/Inputs/leak-for-output.mlir'], stdout=open('/dev/full','w')) != 3)" 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: error: cannot write standard output: No space left on device
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','--dot','/dev/full','%S/Inputs/leak-for-output.mlir']) != 3)" 2>&1 | FileCheck %s --check-prefix=DOT
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--dot','/dev/full','%S/Inputs/leak-for-output.mlir']) != 3)" 2>&1 | FileCheck %s --check-prefix=DOT
// DOT-NOT: written to
// DOT: error: cannot write '/dev/full': No space left on device
// DOT-NOT: written to

// CHECK: bad-input.mlir:[[@LINE+6]]:{{[0-9]+}}: error:
// FLAG: Unknown command line argument
// VALUE: for the --timeout option: '-5' value invalid
// MISSING: error: cannot read
// ARGS: error: expected 2 input file(s), got 1
func.func @f() {
  %a = memref.alloc() : memref<2xf32
  return
}

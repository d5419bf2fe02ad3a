// An op of an unregistered dialect, in generic syntax, is readable input: both
// tools parse it and answer UNSUPPORTED naming the op and its location, exit
// code 2 ([safety.verdicts]: 2 unsupported or unknown, 3 unreadable input). Only
// input that does not parse is exit 3 (bad-input.mlir).
// SPEC: [verify.unsupported] [op.unsupported] [verify.output]
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','%s']) != 2)" 2>/dev/null | FileCheck %s
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','%s']) != 2)" 2>/dev/null | FileCheck %s --check-prefix=RUN-TOO
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--equiv','%s','%s']) != 2)" 2>/dev/null | FileCheck %s --check-prefix=EQUIV
// The exit codes are in both tools' --help:
// RUN: dealloc-verify --help | FileCheck %s --check-prefix=HELP
// RUN: dealloc-run --help | FileCheck %s --check-prefix=HELP

// CHECK: @custom_op: UNSUPPORTED ('downstream.frob': op not modelled at {{.*}}unregistered-op.mlir:[[#@LINE+8]]:3)
// CHECK-NEXT: @plain: SAFE
// RUN-TOO: @custom_op: UNSUPPORTED {{.*}}downstream.frob
// RUN-TOO: @plain: SAFE
// EQUIV: @custom_op: UNKNOWN ({{.*}}'downstream.frob'
// HELP: Exit codes: 0 all SAFE{{.*}}, 2 UNSUPPORTED (an op without {{.*}}also one of an unregistered dialect) or UNKNOWN, or nothing to check {{.*}}, 3 unreadable input
func.func @custom_op() {
  %a = memref.alloc() : memref<2xf32>
  "downstream.frob"(%a) : (memref<2xf32>) -> ()
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @plain() {
  return
}

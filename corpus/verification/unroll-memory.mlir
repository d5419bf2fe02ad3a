// [verify.memory]: comparing a loop with itself unrolled 10,000 times
// (Inputs/oom-second.mlir's @f, which induction does not prove) grows the
// encoding until memory runs out; under an address-space limit
// (--memory-limit, by default half the machine's memory) the check answers
// UNKNOWN (exit 2) instead of exhausting the machine.
// SPEC: [verify.memory], [verify.bound]
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--equiv','--unroll','10000','--memory-limit','2048','%S/Inputs/oom-second.mlir','%S/Inputs/oom-second.mlir']) != 2)" 2>&1 | FileCheck %s
// CHECK: error: out of memory; the function being checked is UNKNOWN
// With --json the function being compared is an UNKNOWN object, as in safety
// mode (it printed nothing).
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-verify','--equiv','--json','--unroll','10000','--memory-limit','2048','%S/Inputs/oom-second.mlir','%S/Inputs/oom-second.mlir'],capture_output=True,text=True); print(r.stdout); sys.exit(r.returncode != 2)" | FileCheck %s --check-prefix=JSON
// JSON: {"clause":"[verify.memory]","function":"f","message":"out of memory",{{.*}}"verdict":"UNKNOWN"}
// A negative limit is a bad argument, and so is one under 2048 MiB (the
// address space of the start-up and the reserved 1 GiB stack: every answer
// would be UNKNOWN), and an --unroll whose encoding alone takes gigabytes
// (100,000: 11 GB before UNKNOWN).
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--memory-limit=-5','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--memory-limit=2000','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: --memory-limit must be 0 (none) or at least 2048 (MiB)
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--unroll=100000','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=UNROLL
// At the smallest limit a function is still answered (SAFE here: the loop
// is proved by induction), not UNKNOWN for lack of memory.
// RUN: dealloc-verify --memory-limit=2048 %s | FileCheck %s --check-prefix=MIN
// MIN: @loop: SAFE
// UNROLL: error: --unroll must be at most 10000
func.func @loop(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<4xf32>
  memref.store %cst, %init[%c0] : memref<4xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<4xf32>) {
    %next = memref.alloc() : memref<4xf32>
    memref.copy %cur, %next : memref<4xf32> to memref<4xf32>
    memref.dealloc %cur : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  %v = memref.load %last[%c0] : memref<4xf32>
  memref.dealloc %last : memref<4xf32>
  return %v : f32
}

func.func @trivial() {
  %m = memref.alloc() : memref<2xf32>
  memref.dealloc %m : memref<2xf32>
  return
}

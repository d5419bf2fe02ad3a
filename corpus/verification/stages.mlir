// Translation validation of a pipeline: each stage after the one that
// inserts deallocation is checked against its predecessor.
// SPEC: [verify.stages]
// RUN: dealloc-verify --stages buffer-deallocation-pipeline %s | FileCheck %s
// RUN: not dealloc-verify --stages 'no-such-pass' %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: dealloc-verify --stages "builtin.module(ownership-based-buffer-deallocation,canonicalize)" %s | FileCheck %s --check-prefix=ANCHORED
// A pipeline without a deallocation stage verifies nothing: exit 2, not 0.
// An empty pipeline, and --stages with --equiv, are bad arguments (exit 3).
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--stages','canonicalize','%s']) != 2)" | FileCheck %s --check-prefix=NONE
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--stages=','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--stages','canonicalize','--equiv','%s','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=BOTH
// NONE: no stage inserts deallocation: nothing was verified
// EMPTY: error: --stages needs a pipeline
// BOTH: error: --stages validates one file's pipeline; it does not combine with --equiv

// CHECK: stage 1 expand-realloc{{.*}}: no deallocation yet
// CHECK: stage 3 ownership-based-buffer-deallocation{{.*}}: inserts deallocation; safety of its output:
// CHECK-NEXT: @f: SAFE
// CHECK: stage 4 canonicalize{{.*}}: compared with the previous stage:
// CHECK-NEXT: @f: EQUIVALENT
// CHECK: stage 6 bufferization-lower-deallocations: compared with the previous stage:
// CHECK-NEXT: @f: EQUIVALENT
// CHECK: stage 8 canonicalize{{.*}}: compared with the previous stage:
// CHECK-NEXT: @f: EQUIVALENT
// CHECK-NEXT: no stage changed deallocation behaviour
// BAD: error: invalid pipeline
func.func @f(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = arith.select %c, %0, %a : memref<2xf32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  %2 = memref.alloc() : memref<2xf32>
  cf.br ^b3(%2 : memref<2xf32>)
^b2:
  cf.br ^b3(%1 : memref<2xf32>)
^b3(%r: memref<2xf32>):
  return %r : memref<2xf32>
}
// ANCHORED: stage 1 ownership-based-buffer-deallocation{{.*}}: inserts deallocation; safety of its output:
// ANCHORED-NEXT: @f: SAFE
// ANCHORED: stage 2 canonicalize{{.*}}: compared with the previous stage:
// ANCHORED-NEXT: @f: EQUIVALENT

// --load-pass-plugin: a downstream pass loaded from a plugin library is run
// by dealloc-opt (as by mlir-opt) and validated stage by stage by
// dealloc-verify --stages ([verify.stages]). The test plugin's pass erases
// every memref.dealloc: the stage that leaks is named.
// SPEC: [verify.stages]
// RUN: dealloc-opt --load-pass-plugin=%dealloc_build/lib/DeallocTestPlugin.so --pass-pipeline='builtin.module(buffer-deallocation-pipeline,dealloc-test-drop-frees)' %s | FileCheck %s --check-prefix=OPT
// RUN: not dealloc-verify --load-pass-plugin=%dealloc_build/lib/DeallocTestPlugin.so --stages 'builtin.module(buffer-deallocation-pipeline,dealloc-test-drop-frees)' %s | FileCheck %s
// A library that cannot be loaded is a bad argument (exit 3).
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--load-pass-plugin=/nonexistent/plugin.so','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=BAD
// OPT-LABEL: func.func @keep
// OPT-NOT: memref.dealloc
// CHECK: stage 3 ownership-based-buffer-deallocation{{.*}}: inserts deallocation; safety of its output:
// CHECK-NEXT: @keep: SAFE
// CHECK: stage 9 dealloc-test-drop-frees: compared with the previous stage:
// CHECK-NEXT: @keep: DIFFERENT on input 0 (A: returns without violation; B: LEAK
// CHECK: stage 9 (dealloc-test-drop-frees) changed deallocation behaviour
// BAD: error: --load-pass-plugin: cannot load '/nonexistent/plugin.so'
func.func @keep(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %x, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}

// --load-dialect-plugin=LIB (repeatable, mlir-opt's option): every tool
// that reads IR reads the dialects of a plugin library, here the test
// plugin's `dealloc_test`, whose ops no tool models ([op.unsupported]).
// A library that cannot be loaded is a bad argument: a message naming it
// and exit 3 (dealloc-opt: 1, its code for unreadable input, where
// mlir-opt ignores the library), never a crash.
// SPEC: [safety.verdicts]
// SPEC: [op.unsupported]
// RUN: not dealloc-run --load-dialect-plugin=%dealloc_test_plugin %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify --load-dialect-plugin=%dealloc_test_plugin %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-opt --load-dialect-plugin=%dealloc_test_plugin %s | FileCheck %s --check-prefix=OPT
// Upstream's mlir-opt loads the same library (one libMLIR).
// RUN: mlir-opt --load-dialect-plugin=%dealloc_test_plugin %s | FileCheck %s --check-prefix=OPT
// dealloc-check's jobs read the plugin's dialects too.
// RUN: %python -c "import json,sys; print(json.dumps({'id': 1, 'tool': 'run', 'inputs': [open(sys.argv[1]).read()]}))" %s | dealloc-check --no-warm-up --load-dialect-plugin=%dealloc_test_plugin | FileCheck %s --check-prefix=CHECK-JOB
//
// Without the plugin the custom syntax does not parse: unreadable input.
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
//
// A missing library and a file that is no library: exit 3 with the reason.
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','--load-dialect-plugin=%t.missing.so','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--load-dialect-plugin=%t.missing.so','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-check','--load-dialect-plugin=%t.missing.so'], stdin=subprocess.DEVNULL) != 3)" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-opt','--load-dialect-plugin=%t.missing.so','%s']) != 1)" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-verify','--load-dialect-plugin=%s','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=NOTLIB
// A library that loads but is no dialect plugin (no mlirGetDialectPluginInfo).
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.call(['dealloc-run','--load-dialect-plugin=%llvm_lib/libmlir_c_runner_utils.so','%s']) != 3)" 2>&1 | FileCheck %s --check-prefix=NOENTRY

// EXEC-LABEL: @opaque: UNSUPPORTED 'dealloc_test.opaque'
// EXEC-NEXT:    reason: op not modelled
// VERIFY-LABEL: @opaque: UNSUPPORTED ('dealloc_test.opaque': op not modelled
// OPT-LABEL: func.func @opaque
// OPT: dealloc_test.opaque %{{.*}} : (f32) -> f32
// OPT: dealloc_test.pure_opaque %{{.*}} : f32
// CHECK-JOB: "exit":2,"id":1,
// CHECK-JOB-SAME: \"op\":\"dealloc_test.opaque\"
// NOPLUGIN: error: Dialect `dealloc_test' not found for custom op 'dealloc_test.opaque'
// MISSING: error: --load-dialect-plugin: cannot load '{{.*}}missing.so': Could not load library
// NOTLIB: error: --load-dialect-plugin: cannot load '{{.*}}dialect-plugin.mlir': Could not load library
// NOENTRY: error: --load-dialect-plugin: cannot load '{{.*}}libmlir_c_runner_utils.so':
func.func @opaque(%x: f32) -> f32 {
  %y = dealloc_test.opaque %x : (f32) -> f32
  %z = dealloc_test.pure_opaque %y : f32
  return %z : f32
}

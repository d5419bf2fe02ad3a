// A private declaration is a declaration-only callee even with
// private-function-dynamic-ownership: no indicator results, its results are
// owned by the caller. The private function with a body next to it does get
// an indicator (so the option is in effect).
// SPEC: [abi.private.declaration] [abi.external] [dev.psa.private-declaration]
// RUN: mlir-opt %s --buffer-deallocation-pipeline="private-function-dynamic-ownership=true" | FileCheck %s --check-prefix=IR
// RUN: mlir-opt %s --buffer-deallocation-pipeline="private-function-dynamic-ownership=true" | dealloc-run - | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt %s --buffer-deallocation-pipeline="private-function-dynamic-ownership=true" | dealloc-verify - | FileCheck %s --check-prefix=EXEC

// IR-LABEL: func.func private @ext(memref<2xf32>) -> memref<2xf32>{{$}}
func.func private @ext(memref<2xf32>) -> memref<2xf32>

// IR-LABEL: func.func private @body(%{{.*}}: memref<2xf32>) -> (memref<2xf32>, i1)
func.func private @body(%m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %m, %a : memref<2xf32> to memref<2xf32>
  return %a : memref<2xf32>
}

// IR-LABEL: func.func @caller()
// IR:         %[[X:.*]] = call @ext(%{{.*}}) : (memref<2xf32>) -> memref<2xf32>
// IR:         %{{.*}}:2 = call @body(%[[X]]) : (memref<2xf32>) -> (memref<2xf32>, i1)
// EXEC: @caller: SAFE
func.func @caller() {
  %a = memref.alloc() : memref<2xf32>
  %x = call @ext(%a) : (memref<2xf32>) -> memref<2xf32>
  %y = call @body(%x) : (memref<2xf32>) -> memref<2xf32>
  memref.copy %y, %a : memref<2xf32> to memref<2xf32>
  return
}

// private-function-dynamic-ownership=true: a private function with a body
// returns an ownership indicator per memref result, so it need not clone a
// result it does not own (here: its argument); the caller frees the result
// iff the indicator is true. Without the option the callee clones.
// SPEC: [pipeline.option.private-dynamic-ownership]
// RUN: mlir-opt %s -buffer-deallocation-pipeline=private-function-dynamic-ownership=true | FileCheck %s --check-prefix=DYN
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=STATIC

// DYN-LABEL: func.func private @pick
// DYN-SAME: -> (memref<2xf32>, i1)
// DYN-NOT: bufferization.clone
// DYN: return %{{.*}}, %{{.*}} : memref<2xf32>, i1
// STATIC-LABEL: func.func private @pick
// STATIC-SAME: -> memref<2xf32>
// STATIC: bufferization.clone
func.func private @pick(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    scf.yield %arg : memref<2xf32>
  } else {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// DYN-LABEL: func.func @caller
// DYN: %[[R:.*]]:2 = call @pick(%{{.*}}, %{{.*}}) : (i1, memref<2xf32>) -> (memref<2xf32>, i1)
// DYN: memref.load %[[R]]#0
// DYN: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
// DYN: scf.if %[[R]]#1 {
// DYN-NEXT: memref.dealloc %[[BASE]]
// STATIC-LABEL: func.func @caller
// STATIC: %[[R:.*]] = call @pick(%{{.*}}, %{{.*}}) : (i1, memref<2xf32>) -> memref<2xf32>
// STATIC: memref.dealloc
func.func @caller(%c: i1, %arg: memref<2xf32>) -> f32 {
  %r = call @pick(%c, %arg) : (i1, memref<2xf32>) -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}

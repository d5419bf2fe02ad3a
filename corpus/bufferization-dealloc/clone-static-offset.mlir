// A clone whose result type has a static offset: upstream's pipeline emits
// one when a public function returns a subview of its argument
// ([abi.results.no_arg_alias] needs a copy, and the copy has the returned
// type). The clone's buffer is padded by the offset ([clone.layout]); the
// caller frees it. Upstream's lowering cannot lower the clone.
// SPEC: [clone.layout], [clone.fresh]
// RUN: mlir-opt %s --buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE
// RUN: mlir-opt %s --buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=INTERP
// RUN: mlir-opt %s --buffer-deallocation-pipeline | dealloc-verify - | FileCheck %s --check-prefix=VERIFY
// RUN: mlir-opt %s --buffer-deallocation-pipeline | not mlir-opt -convert-bufferization-to-memref 2>&1 | FileCheck %s --check-prefix=LOWER

// PIPE-LABEL: func.func @return_subview
// PIPE: bufferization.clone %{{.*}} : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32, strided<[1], offset: 2>>
// LOWER: error: failed to legalize operation 'bufferization.clone'
func.func @return_subview(%a: memref<8xf32>) -> memref<2xf32, strided<[1], offset: 2>> {
  %s = memref.subview %a[2] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %s : memref<2xf32, strided<[1], offset: 2>>
}

// The caller reads the copied element at offset 2 of the padded buffer; the
// pipeline frees the whole buffer through the view.
// INTERP-LABEL: @caller_frees: SAFE
// VERIFY-LABEL: @caller_frees: SAFE
func.func @caller_frees() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  memref.store %one, %a[%c3] : memref<8xf32>
  %r = call @return_subview(%a) : (memref<8xf32>) -> memref<2xf32, strided<[1], offset: 2>>
  %v = memref.load %r[%c0] : memref<2xf32, strided<[1], offset: 2>>
  return %v : f32
}

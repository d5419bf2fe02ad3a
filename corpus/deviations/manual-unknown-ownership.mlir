// A manual free (bufferization.manual_deallocation) of a value that is an
// automatically managed buffer on some inputs. The spec guards it with
// `cf.assert (not indicator)` whenever the indicator is not the constant
// false ([own.manual]); upstream MLIR 22 inserts the assertion only when the
// value's ownership is Unique, so for an arith.select it frees the automatic
// buffer manually and then again at the end of the block.
// SPEC: [dev.own.manual-unknown]
// RUN: mlir-opt %s --buffer-deallocation-pipeline | not dealloc-run - | FileCheck %s --check-prefix=UP
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=REF
// RUN: mlir-opt %s --ownership-based-buffer-deallocation | FileCheck %s --check-prefix=UPIR

// UP: @manual_select: DOUBLE_FREE
// UP-NEXT: input: false
// REF: @manual_select: SAFE (2 inputs, 1 aborted by cf.assert)
// UPIR-LABEL: func.func @manual_select
//   UPIR-NOT: cf.assert
//       UPIR: memref.dealloc %{{.*}} {bufferization.manual_deallocation}
func.func @manual_select(%c: i1) {
  %a = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  memref.dealloc %s {bufferization.manual_deallocation} : memref<2xf32>
  return
}

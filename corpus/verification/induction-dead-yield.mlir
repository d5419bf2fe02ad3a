// [verify.induction]: an iteration in which every run stops before the
// yield (here at the free of an argument, an invalid free) yields a memref
// value of no buffer; the candidates of the header after the iteration are
// asked of it like of any other (the "layout" candidate crashed on it:
// found by corpus/verification/induction-nested-agree.test's generator).
// SPEC: [verify.induction], [abi.args.not_owned]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @free_arg_in_loop: INVALID_FREE on input 1,false,b0 (free of the buffer of argument 2, which the caller owns ([abi.args.not_owned]))
// CHECK: replayed by dealloc-run: INVALID_FREE
// EXEC-LABEL: @free_arg_in_loop: ABI_VIOLATION
func.func @free_arg_in_loop(%m: index, %c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a1 = memref.alloc() : memref<2xf32>
  %r1 = scf.for %i1 = %c0 to %m step %c1 iter_args(%x1 = %a1) -> (memref<2xf32>) {
    memref.dealloc %arg : memref<2xf32>
    %q6 = scf.if %c -> (memref<2xf32>) {
      scf.yield %arg : memref<2xf32>
    } else {
      %t8 = memref.alloc() : memref<2xf32>
      scf.yield %t8 : memref<2xf32>
    }
    scf.yield %q6 : memref<2xf32>
  }
  return %arg : memref<2xf32>
}

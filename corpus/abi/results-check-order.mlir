// Which clause a result breaks when it breaks several ([abi.results.order]):
// the checks run result by result, and for one result heap kind, liveness,
// argument alias, distinctness, in that order.
// SPEC: [abi.results.order]
// RUN: not dealloc-run --json %s | FileCheck %s --check-prefix=INTERP
// RUN: not dealloc-verify --json %s | FileCheck %s --check-prefix=VERIFY

// An entry function's argument buffer is caller-provided (kind `arg`): the
// result is both non-heap and an argument's buffer, and breaks
// [abi.results.heap].
// INTERP: "clause":"[abi.results.heap]"{{.*}}"function":"return_arg"
// VERIFY: "clause":"[abi.results.heap]"{{.*}}"function":"return_arg"
func.func @return_arg(%a: memref<2xf32>) -> memref<2xf32> {
  return %a : memref<2xf32>
}

// Through a public callee, the argument's buffer is the caller's heap
// buffer: the same return breaks [abi.results.no_arg_alias].
// INTERP: "clause":"[abi.results.no_arg_alias]"{{.*}}"function":"lend_heap"
// VERIFY: "clause":"[abi.results.no_arg_alias]"{{.*}}"function":"lend_heap"
func.func @lend_heap() {
  %a = memref.alloc() : memref<2xf32>
  %r = call @return_arg(%a) : (memref<2xf32>) -> memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  return
}

// Result 0 is fine, result 1 is an argument's buffer and result 2 repeats
// result 0: the earlier result decides, [abi.results.no_arg_alias].
// INTERP: "clause":"[abi.results.no_arg_alias]"{{.*}}"function":"first_result_decides"
// VERIFY: "clause":"[abi.results.no_arg_alias]"{{.*}}"function":"first_result_decides"
func.func @first_result_decides() {
  %a = memref.alloc() : memref<2xf32>
  %r:3 = call @three(%a) : (memref<2xf32>) -> (memref<2xf32>, memref<2xf32>, memref<2xf32>)
  return
}
func.func @three(%a: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>, memref<2xf32>) {
  %b = memref.alloc() : memref<2xf32>
  return %b, %a, %b : memref<2xf32>, memref<2xf32>, memref<2xf32>
}

// dealloc-run's input count saturates at 2^64 - 1: it says "2^64 or more",
// not a wrapped or a bogus exact count (issue 28); JSON keeps the saturated
// count unsigned.
// SPEC: [input.order]
// RUN: dealloc-run %s | FileCheck %s
// RUN: dealloc-run --json %s | FileCheck %s --check-prefix=JSON
// CHECK: @many: SAFE (4096 inputs, capped at 4096 of 2^64 or more)
// JSON: "capped":true,"function":"many","inputs":4096,"total_inputs":18446744073709551615
func.func @many(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index, %a12: index, %a13: index, %a14: index, %a15: index, %a16: index, %a17: index, %a18: index, %a19: index, %a20: index, %a21: index, %a22: index, %a23: index, %a24: index, %a25: index, %a26: index, %a27: index, %a28: index, %a29: index, %a30: index, %a31: index, %a32: index, %a33: index, %a34: index, %a35: index, %a36: index, %a37: index, %a38: index, %a39: index, %a40: index, %a41: index, %a42: index, %a43: index, %a44: index, %a45: index, %a46: index, %a47: index) {
  return
}

// A loop of the control-flow graph is not encoded: UNKNOWN naming the branch.
// SPEC: [verify.encoding.cfg]
// RUN: not dealloc-verify %s 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: dealloc-verify %s --verify-diagnostics

// LOOP: @cf_loop: UNKNOWN (loop in the control-flow graph
func.func @cf_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %j = arith.addi %i, %c1 : index
  // expected-warning @+1 {{@cf_loop: UNKNOWN (loop in the control-flow graph}}
  cf.br ^head(%j : index)
^exit:
  return
}

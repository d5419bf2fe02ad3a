// linalg structured ops on memrefs are encoded by their memory effects:
// reads and writes are uses, the domain's undefined behaviour and
// out-of-bounds accesses are stops, outputs hold any values (linalg.copy
// and linalg.fill of small static shapes are exact). A counterexample that
// depends on the outputs is replayed by dealloc-run.
// SPEC: [verify.encoding.linalg]
// (The test plugin's dialect `dealloc_test` has ops no tool models.)
// RUN: not dealloc-verify --load-dialect-plugin=%dealloc_test_plugin --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run --load-dialect-plugin=%dealloc_test_plugin --strict-ub %s --function mismatch --input=b0[2],b1[4] 2>/dev/null | FileCheck %s --check-prefix=INTERP

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: @fill_then_free: SAFE
func.func @fill_then_free(%in: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %in, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  %cst = arith.constant 1.0 : f32
  linalg.fill ins(%cst : f32) outs(%a : memref<?xf32>)
  memref.dealloc %a : memref<?xf32>
  return
}

// CHECK-LABEL: @use_after_free: USE_AFTER_FREE on input true (
// CHECK: replayed by dealloc-run: USE_AFTER_FREE
func.func @use_after_free(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  scf.if %c {
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// Operand sizes that differ from the domain: undefined behaviour.
// CHECK-LABEL: @mismatch: UNKNOWN (input b0[2],b1[{{[0-9]+}}] reaches linalg operand sizes differ from the iteration domain
// INTERP: @mismatch: UNKNOWN{{.*}}undefined behaviour
func.func @mismatch(%x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.addf %i, %o : f32
    linalg.yield %s : f32
  }
  return
}

// linalg.copy of a one-element flag buffer is exact.
// CHECK-LABEL: @copied_flag: SAFE
func.func @copied_flag(%c: i1) {
  %f = memref.alloc() : memref<1xi1>
  %c0 = arith.constant 0 : index
  memref.store %c, %f[%c0] : memref<1xi1>
  %g = memref.alloc() : memref<1xi1>
  linalg.copy ins(%f : memref<1xi1>) outs(%g : memref<1xi1>)
  %x = memref.load %g[%c0] : memref<1xi1>
  %a = memref.alloc() : memref<2xf32>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %f : memref<1xi1>
  memref.dealloc %g : memref<1xi1>
  return
}

// A generic's outputs hold whatever its body yields: the encoding does not
// know the flag, and the counterexample it finds does not replay.
// CHECK-LABEL: @generic_flag: UNKNOWN (counterexample
// CHECK-SAME: did not reproduce: dealloc-run says SAFE
func.func @generic_flag(%c: i1) {
  %f = memref.alloc() : memref<1xi1>
  %c0 = arith.constant 0 : index
  memref.store %c, %f[%c0] : memref<1xi1>
  %g = memref.alloc() : memref<1xi1>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%f : memref<1xi1>) outs(%g : memref<1xi1>) {
  ^bb0(%i: i1, %o: i1):
    linalg.yield %i : i1
  }
  %x = memref.load %g[%c0] : memref<1xi1>
  %a = memref.alloc() : memref<2xf32>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %f : memref<1xi1>
  memref.dealloc %g : memref<1xi1>
  return
}

// An indexing map d0 + 1 reads one element past the input.
// CHECK-LABEL: @shifted_read: UNKNOWN (input b0[{{[0-9]+}}],b1[{{[0-9]+}}] reaches out-of-bounds access by a linalg indexing map
func.func @shifted_read(%x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 + 1)>, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  }
  return
}

// The same map over an input one element longer stays in bounds.
// CHECK-LABEL: @shifted_read_ok: SAFE
func.func @shifted_read_ok(%y: memref<4xf32>) {
  %x = memref.alloc() : memref<5xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 + 1)>, #id], iterator_types = ["parallel"]}
      ins(%x : memref<5xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  }
  memref.dealloc %x : memref<5xf32>
  return
}

// A body that divides may stop on some element: not encoded, UNKNOWN.
// CHECK-LABEL: @dividing_body: UNKNOWN
// CHECK-SAME: linalg body divides
func.func @dividing_body(%x: memref<4xi32>, %y: memref<4xi32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xi32>) outs(%y : memref<4xi32>) {
  ^bb0(%i: i32, %o: i32):
    %d = arith.divsi %o, %i : i32
    linalg.yield %d : i32
  }
  return
}

// A body op outside arith and math is not encoded, even without effects.
// CHECK-LABEL: @opaque_body: UNSUPPORTED ('linalg.generic': body op 'dealloc_test.pure_opaque' is not encoded
func.func @opaque_body(%x: memref<4xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %a = dealloc_test.pure_opaque %i : f32
    linalg.yield %a : f32
  }
  return
}

// Contents are kept per buffer: explicit elements for small static buffers,
// an array for the others; a view with several candidate buffers reads and
// writes the one its identity flags select.
// SPEC: [verify.encoding.contents]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s

// A dynamic buffer (array contents) written and read at a symbolic index
// (inside its bounds): the loaded flag is the stored one.
// CHECK-LABEL: @array_same_index: SAFE
func.func @array_same_index(%m: memref<?xi1>, %i: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xi1>
  %in = arith.cmpi ult, %i, %d : index
  scf.if %in {
    memref.store %c, %m[%i] : memref<?xi1>
    %x = memref.load %m[%i] : memref<?xi1>
    %a = memref.alloc() : memref<2xf32>
    scf.if %x {
      memref.dealloc %a : memref<2xf32>
    }
    %t = arith.constant true
    %nc = arith.xori %c, %t : i1
    scf.if %nc {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// Read at another index: the caller's zeros, so %c true frees nothing.
// CHECK-LABEL: @array_other_index: LEAK on input b0[{{[0-9]+}}],{{[0-9]+}},{{[0-9]+}},true (
// CHECK: replayed by dealloc-run: LEAK
func.func @array_other_index(%m: memref<?xi1>, %i: index, %j: index, %c: i1) {
  memref.store %c, %m[%i] : memref<?xi1>
  %x = memref.load %m[%j] : memref<?xi1>
  %a = memref.alloc() : memref<2xf32>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  %t = arith.constant true
  %nc = arith.xori %c, %t : i1
  scf.if %nc {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A store through a view that is one of two small buffers updates only the
// selected one: %f holds %p's value iff the view was %f.
// CHECK-LABEL: @two_candidates: SAFE
func.func @two_candidates(%p: i1) {
  %f = memref.alloc() : memref<2xi1>
  %g = memref.alloc() : memref<2xi1>
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %true = arith.constant true
  memref.store %false, %f[%c0] : memref<2xi1>
  memref.store %false, %g[%c0] : memref<2xi1>
  %v = arith.select %p, %f, %g : memref<2xi1>
  memref.store %true, %v[%c0] : memref<2xi1>
  %x = memref.load %f[%c0] : memref<2xi1>
  %y = memref.load %g[%c0] : memref<2xi1>
  %a = memref.alloc() : memref<2xf32>
  // Exactly one of %x, %y holds.
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %y {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %f : memref<2xi1>
  memref.dealloc %g : memref<2xi1>
  return
}

// Both flags are read from %f: when the view was %g, %a leaks.
// CHECK-LABEL: @two_candidates_wrong: LEAK on input false (
// CHECK: replayed by dealloc-run: LEAK
func.func @two_candidates_wrong(%p: i1) {
  %f = memref.alloc() : memref<2xi1>
  %g = memref.alloc() : memref<2xi1>
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %true = arith.constant true
  memref.store %false, %f[%c0] : memref<2xi1>
  memref.store %false, %g[%c0] : memref<2xi1>
  %v = arith.select %p, %f, %g : memref<2xi1>
  memref.store %true, %v[%c0] : memref<2xi1>
  %x = memref.load %f[%c0] : memref<2xi1>
  %a = memref.alloc() : memref<2xf32>
  scf.if %x {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %f : memref<2xi1>
  memref.dealloc %g : memref<2xi1>
  return
}

// A copy of a dynamic buffer makes the destination's contents unknown to
// the encoding; the counterexample that depends on them does not replay
// (the copy is exact in dealloc-run), so the answer is UNKNOWN, not a
// verdict dealloc-run does not reproduce.
// CHECK-LABEL: @dynamic_copy: UNKNOWN
// CHECK-SAME: dealloc-run
func.func @dynamic_copy(%m: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xi1>
  %one = arith.constant 1 : index
  %big = arith.cmpi uge, %d, %one : index
  scf.if %big {
    %true = arith.constant true
    memref.store %true, %m[%c0] : memref<?xi1>
  }
  %k = memref.alloc(%d) : memref<?xi1>
  memref.copy %m, %k : memref<?xi1> to memref<?xi1>
  %a = memref.alloc() : memref<2xf32>
  scf.if %big {
    %x = memref.load %k[%c0] : memref<?xi1>
    scf.if %x {
      memref.dealloc %a : memref<2xf32>
    }
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %k : memref<?xi1>
  return
}

// Vectors of more than 1024 lanes, up to 65,536: dealloc-run holds every
// lane; dealloc-verify makes a lane's term only when an op asks for it (a
// read of 65,536 lanes of which one is extracted makes one load), and asks
// for every lane of one op up to 4096 lanes. A vector argument of that size
// has the input model of [input.vector]; a counterexample prints it as
// `<a | k:v ...>` ([input.text]), which dealloc-run replays.
// SPEC: [verify.encoding.vector]
// SPEC: [op.vector.values]
// SPEC: [input.vector]
// SPEC: [input.text]
// SPEC: [op.vector.transfer]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: not dealloc-run %s --function lane_decides --input '<0 | 2000:7>' | FileCheck %s --check-prefix=REPLAY
// RUN: dealloc-run %s --function lane_decides --input '<0 | 2000:6 5:7>' | FileCheck %s --check-prefix=REPLAY-SAFE

// A read of 256x256 lanes, one extracted.
// EXEC-LABEL: @big_read: SAFE
// VERIFY-LABEL: @big_read: SAFE{{$}}
func.func @big_read(%t: memref<256x256xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true, true]} : memref<256x256xf32>, vector<256x256xf32>
  %e = vector.extract %v[3, 5] : f32 from vector<256x256xf32>
  return %e : f32
}

// Elementwise arith on two arguments of 2880 lanes, returned.
// EXEC-LABEL: @big_arith: SAFE
// VERIFY-LABEL: @big_arith: SAFE{{$}}
func.func @big_arith(%a: vector<32x90xf32>, %b: vector<32x90xf32>) -> vector<32x90xf32> {
  %r = arith.subf %a, %b : vector<32x90xf32>
  return %r : vector<32x90xf32>
}

// A vector of 2048 lanes written into a buffer, read back at one lane.
// EXEC-LABEL: @big_write: SAFE
// VERIFY-LABEL: @big_write: SAFE{{$}}
func.func @big_write(%x: f32, %v: vector<2048xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4096xf32>
  %b = vector.broadcast %x : f32 to vector<2048xf32>
  %s = arith.addf %b, %v : vector<2048xf32>
  vector.transfer_write %s, %m[%c0] {in_bounds = [true]} : vector<2048xf32>, memref<4096xf32>
  %e = memref.load %m[%c0] : memref<4096xf32>
  memref.dealloc %m : memref<4096xf32>
  return %e : f32
}

// Use after free through a read of 65,536 lanes.
// EXEC-LABEL: @big_read_after_free: USE_AFTER_FREE
// EXEC:         reason: [heap.use] 'vector.transfer_read' accesses freed buffer #1
// VERIFY-LABEL: @big_read_after_free: USE_AFTER_FREE on input
// VERIFY:        replayed by dealloc-run
func.func @big_read_after_free(%i: index) -> f32 {
  %pad = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<256x256xf32>
  memref.dealloc %m : memref<256x256xf32>
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true, true]} : memref<256x256xf32>, vector<256x256xf32>
  %e = vector.extract %v[0, 0] : f32 from vector<256x256xf32>
  return %e : f32
}

// A read whose index puts its last lanes past the buffer: undefined for
// every input but 0 ([safety.oob], excluded), so SAFE.
// EXEC-LABEL: @big_read_shifted: SAFE
// VERIFY-LABEL: @big_read_shifted: SAFE (on defined inputs
func.func @big_read_shifted(%i: index) -> f32 {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<2048xf32>
  %v = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<2048xf32>, vector<2048xf32>
  %e = vector.extract %v[2047] : f32 from vector<2048xf32>
  memref.dealloc %m : memref<2048xf32>
  return %e : f32
}

// Lane 2000 of the argument decides a leak: dealloc-run's inputs (splats
// 0, 1, 2 and the ramp) miss it, dealloc-verify finds it and prints the
// input sparse.
// EXEC-LABEL: @lane_decides: SAFE
// VERIFY-LABEL: @lane_decides: LEAK on input <0 | 2000:7>
// VERIFY:        replayed by dealloc-run
// REPLAY: @lane_decides: LEAK
// REPLAY-SAFE: @lane_decides: SAFE
func.func @lane_decides(%v: vector<2048xi32>) {
  %c7 = arith.constant 7 : i32
  %x = vector.extract %v[2000] : i32 from vector<2048xi32>
  %a = memref.alloc() : memref<2xf32>
  %leak = arith.cmpi eq, %x, %c7 : i32
  scf.if %leak {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A lazy vector joined at a merge: its lanes are not known to
// dealloc-verify, which says so.
// EXEC-LABEL: @big_merge: SAFE
// VERIFY-LABEL: @big_merge: UNKNOWN (the lanes of a vector<2048xi32> value are not known here
func.func @big_merge(%c: i1, %a: vector<2048xi32>, %b: vector<2048xi32>) -> i32 {
  %v = scf.if %c -> vector<2048xi32> {
    scf.yield %a : vector<2048xi32>
  } else {
    scf.yield %b : vector<2048xi32>
  }
  %x = vector.extract %v[7] : i32 from vector<2048xi32>
  return %x : i32
}

// An elementwise op on 8192 lanes asks for more lanes than dealloc-verify
// makes in one op.
// EXEC-LABEL: @too_many_demanded: SAFE
// VERIFY-LABEL: @too_many_demanded: UNSUPPORTED (every lane of a vector<8192xf32> value is taken: more than 4096 lanes
func.func @too_many_demanded(%a: vector<8192xf32>) -> vector<8192xf32> {
  %r = arith.addf %a, %a : vector<8192xf32>
  return %r : vector<8192xf32>
}

// More lanes than either tool models.
// EXEC-LABEL: @too_large: UNSUPPORTED 'func.func'
// EXEC-NEXT:     reason: argument type vector<65537xf32> has no input model (more than 65536 lanes)
// VERIFY-LABEL: @too_large: UNSUPPORTED (argument #0 of type vector<65537xf32> has no input model (more than 65536 lanes)
func.func @too_large(%v: vector<65537xf32>) {
  return
}

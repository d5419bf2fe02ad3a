// The vector dialect's ops in bufferized, vectorised programs: values of
// lanes, arith / math lane by lane, element accesses per lane with the
// transfers' padding and skipped writes, undefined out-of-bounds lanes
// excluded ([safety.defined]); use-after-free and leaks through them, found
// by both tools. (@lanes, @contract: dealloc-run's enumerated inputs miss
// the violation that dealloc-verify finds and replays.)
// SPEC: [op.vector.values]
// SPEC: [input.vector]
// SPEC: [op.vector.elementwise]
// SPEC: [op.vector.transfer]
// SPEC: [op.vector.load]
// SPEC: [op.vector.lanes]
// SPEC: [op.vector.reduction]
// SPEC: [op.vector.contract]
// SPEC: [op.ub.poison]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY

// A vectorised copy with an accumulator carried by a loop: SAFE for every
// trip count.
// EXEC-LABEL: @copy_loop: SAFE
// VERIFY-LABEL: @copy_loop: SAFE{{$}}
func.func @copy_loop(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %zero = vector.broadcast %pad : f32 to vector<8xf32>
  %t = memref.alloc() : memref<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> vector<8xf32> {
    %v = vector.transfer_read %a[%c0], %pad : memref<?xf32>, vector<8xf32>
    %w = vector.fma %v, %v, %acc : vector<8xf32>
    scf.yield %w : vector<8xf32>
  }
  vector.transfer_write %r, %t[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  %l = vector.load %t[%c0] : memref<8xf32>, vector<8xf32>
  %s = vector.reduction <add>, %l : vector<8xf32> into f32
  memref.dealloc %t : memref<8xf32>
  return %s : f32
}

// Use after free through vector.transfer_read.
// EXEC-LABEL: @read_after_free: USE_AFTER_FREE
// EXEC:         reason: [heap.use] 'vector.transfer_read' accesses freed buffer #1
// VERIFY-LABEL: @read_after_free: USE_AFTER_FREE on input
// VERIFY:        replayed by dealloc-run
func.func @read_after_free(%i: index) -> f32 {
  %pad = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  %v = vector.transfer_read %m[%i], %pad : memref<16xf32>, vector<8xf32>
  %e = vector.extract %v[0] : f32 from vector<8xf32>
  return %e : f32
}

// Use after free through vector.store.
// EXEC-LABEL: @store_after_free: USE_AFTER_FREE
// EXEC:         reason: [heap.use] 'vector.store' accesses freed buffer #1
// VERIFY-LABEL: @store_after_free: USE_AFTER_FREE on input
// VERIFY:        replayed by dealloc-run
func.func @store_after_free(%x: f32) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<2x8xf32>
  %b = vector.broadcast %x : f32 to vector<8xf32>
  memref.dealloc %m : memref<2x8xf32>
  vector.store %b, %m[%c0, %c0] : memref<2x8xf32>, vector<8xf32>
  return
}

// A leak: the buffer a transfer writes is never freed.
// EXEC-LABEL: @leak: LEAK
// VERIFY-LABEL: @leak: LEAK on input
// VERIFY:        replayed by dealloc-run
func.func @leak(%i: index) {
  %m = memref.alloc() : memref<4x8xi32>
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : vector<8xi32>
  %c0 = arith.constant 0 : index
  vector.transfer_write %c, %m[%i, %c0] : vector<8xi32>, memref<4x8xi32>
  return
}

// in_bounds declared but false for %i > 8: undefined behaviour, the inputs
// that reach it are excluded; the program is otherwise SAFE.
// EXEC-LABEL: @in_bounds_lie: SAFE
// VERIFY-LABEL: @in_bounds_lie: SAFE (on defined inputs
// VERIFY:        note: excluded: out-of-bounds at {{.*}}vector.mlir:[[@LINE+4]]:8 ('vector.transfer_read'): out-of-bounds access by a lane, outside the ownership model ([safety.oob]), on input {{.*}}; replayed by dealloc-run
func.func @in_bounds_lie(%i: index) -> f32 {
  %pad = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<16xf32>
  %v = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<16xf32>, vector<8xf32>
  memref.dealloc %m : memref<16xf32>
  %e = vector.extract %v[0] : f32 from vector<8xf32>
  return %e : f32
}

// Lanes past the end read the padding: lane 5 of a read at 12 of 16 is
// the padding 7, which frees the buffer; a read at 8 (lane 5 is element 13,
// written 0) leaks it.
// EXEC-LABEL: @padding: LEAK
// EXEC-NEXT:     input: 0
// VERIFY-LABEL: @padding: LEAK on input
// VERIFY:        replayed by dealloc-run
func.func @padding(%i: index) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %seven = arith.constant 7 : i32
  %m = memref.alloc() : memref<16xi32>
  %zs = vector.broadcast %z : i32 to vector<16xi32>
  vector.store %zs, %m[%c0] : memref<16xi32>, vector<16xi32>
  %c12 = arith.constant 12 : index
  %j = arith.minui %i, %c12 : index
  %v = vector.transfer_read %m[%j], %seven : memref<16xi32>, vector<8xi32>
  %e = vector.extract %v[5] : i32 from vector<8xi32>
  %is = arith.cmpi eq, %e, %seven : i32
  scf.if %is {
    memref.dealloc %m : memref<16xi32>
  }
  return
}

// A write past the end writes nothing: the element after the view stays.
// EXEC-LABEL: @write_skips: SAFE
// VERIFY-LABEL: @write_skips: SAFE{{$}}
func.func @write_skips(%x: i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<8xi32>
  %first = memref.subview %m[0] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1]>>
  %k = arith.constant 1 : i32
  memref.store %k, %m[%c4] : memref<8xi32>
  %c2 = arith.constant 2 : index
  %b = vector.broadcast %x : i32 to vector<4xi32>
  vector.transfer_write %b, %first[%c2] : vector<4xi32>, memref<4xi32, strided<[1]>>
  %after = memref.load %m[%c4] : memref<8xi32>
  %same = arith.cmpi eq, %after, %k : i32
  scf.if %same {
    memref.dealloc %m : memref<8xi32>
  }
  return
}

// Lanes, masks of comparisons, selects: lane 2 of the minimum of a loaded
// row and 7 is 7 only where the row's element is at least 7.
// EXEC-LABEL: @lanes: SAFE (3 inputs)
// VERIFY-LABEL: @lanes: USE_AFTER_FREE on input
// VERIFY:        replayed by dealloc-run
func.func @lanes(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = arith.constant 0 : i32
  %a = memref.alloca() : memref<2x4xi32>
  %row = vector.broadcast %x : i32 to vector<4xi32>
  %m = vector.broadcast %row : vector<4xi32> to vector<2x4xi32>
  %k = arith.constant dense<7> : vector<4xi32>
  %m2 = vector.insert %k, %m[1] : vector<4xi32> into vector<2x4xi32>
  vector.transfer_write %m2, %a[%c0, %c0] : vector<2x4xi32>, memref<2x4xi32>
  %r0 = vector.load %a[%c0, %c0] : memref<2x4xi32>, vector<4xi32>
  %r1 = vector.load %a[%c1, %c0] : memref<2x4xi32>, vector<4xi32>
  %lt = arith.cmpi slt, %r0, %r1 : vector<4xi32>
  %sel = arith.select %lt, %r0, %r1 : vector<4xi1>, vector<4xi32>
  %e = vector.extract %sel[2] : i32 from vector<4xi32>
  %big = arith.constant 7 : i32
  %eq = arith.cmpi eq, %e, %big : i32
  %buf = memref.alloc() : memref<2xi32>
  memref.dealloc %buf : memref<2xi32>
  scf.if %eq {
    memref.store %e, %buf[%c0] : memref<2xi32>
  }
  return %e : i32
}

// Lane 0 is written, lane 1 is not: branching on lane 1 is
// [op.uninit.control], reached on every input, after the free lane 0
// decides.
// EXEC-LABEL: @uninit_lane: UNKNOWN
// EXEC:          excluded: uninit-control at loc({{.*}}:[[@LINE+15]]:3)
// VERIFY-LABEL: @uninit_lane: UNKNOWN (no defined input
func.func @uninit_lane(%x: i32) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<8xi32>
  memref.store %x, %m[%c0] : memref<8xi32>
  %v = vector.load %m[%c0] : memref<8xi32>, vector<8xi32>
  %e0 = vector.extract %v[0] : i32 from vector<8xi32>
  %z = arith.constant 0 : i32
  %c = arith.cmpi eq, %e0, %z : i32
  scf.if %c {
    memref.dealloc %m : memref<8xi32>
  }
  %e1 = vector.extract %v[1] : i32 from vector<8xi32>
  %d = arith.cmpi eq, %e1, %z : i32
  scf.if %d {
    memref.dealloc %m : memref<8xi32>
  }
  return
}

// Division by zero in one lane is undefined behaviour.
// EXEC-LABEL: @division: SAFE (3 inputs, 1 excluded: undefined behaviour)
// VERIFY-LABEL: @division: SAFE (on defined inputs
// VERIFY:        note: excluded: division
func.func @division(%x: i32) -> i32 {
  %m = memref.alloc() : memref<4xf32>
  %v = vector.broadcast %x : i32 to vector<4xi32>
  %one = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %q = arith.divsi %one, %v : vector<4xi32>
  memref.dealloc %m : memref<4xf32>
  %r = vector.reduction <maxsi>, %q : vector<4xi32> into i32
  return %r : i32
}

// A reduction decides a free.
// EXEC-LABEL: @reduce: LEAK
// EXEC-NEXT:     input: 1
// VERIFY-LABEL: @reduce: LEAK on input 1
func.func @reduce(%x: i32) {
  %v = vector.broadcast %x : i32 to vector<4xi32>
  %z = arith.constant 0 : i32
  %s = vector.reduction <add>, %v, %z : vector<4xi32> into i32
  %c = arith.cmpi eq, %s, %z : i32
  %m = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// vector.contract (a 2x2 matrix product of splats: every lane is 2 x^2)
// decides a free: a leak where x is not 0.
// EXEC-LABEL: @contract: SAFE (1 input)
// VERIFY-LABEL: @contract: LEAK on input
// VERIFY:        replayed by dealloc-run
func.func @contract(%x: f32) {
  %z = arith.constant 0.0 : f32
  %a = vector.broadcast %x : f32 to vector<2x2xf32>
  %acc = vector.broadcast %z : f32 to vector<2x2xf32>
  %mm = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %a, %acc : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
  %e = vector.extract %mm[1, 0] : f32 from vector<2x2xf32>
  %c = arith.cmpf oeq, %e, %z : f32
  %m = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// A transpose and a reduction of rows: row sums of [[x, x, x], [1, 2, 3]]
// transposed back are (3x, 6); the buffer is freed iff 3x == 6.
// EXEC-LABEL: @transpose_rows: LEAK
// EXEC-NEXT:     input: 0
// VERIFY-LABEL: @transpose_rows: LEAK on input 0
func.func @transpose_rows(%x: i32) {
  %r = vector.broadcast %x : i32 to vector<2x3xi32>
  %k = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %m2 = vector.insert %k, %r[1] : vector<3xi32> into vector<2x3xi32>
  %t = vector.transpose %m2, [1, 0] : vector<2x3xi32> to vector<3x2xi32>
  %zero = arith.constant dense<0> : vector<2xi32>
  %sums = vector.multi_reduction <add>, %t, %zero [0] : vector<3x2xi32> to vector<2xi32>
  %s0 = vector.extract %sums[0] : i32 from vector<2xi32>
  %s1 = vector.extract %sums[1] : i32 from vector<2xi32>
  %c = arith.cmpi eq, %s0, %s1 : i32
  %m = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// ub.poison pads a read: a lane past the end is uninitialized, and
// branching on it is [op.uninit.control], excluded; at 0 every lane is in
// the buffer and the run is defined (and SAFE).
// EXEC-LABEL: @poison_pad: SAFE (3 inputs, 2 excluded: undefined behaviour)
// VERIFY-LABEL: @poison_pad: SAFE (on defined inputs
// VERIFY:        note: excluded: out-of-bounds
// VERIFY:        note: excluded: uninit-control
func.func @poison_pad(%i: index) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %m = memref.alloc() : memref<8xi32>
  %zs = vector.broadcast %z : i32 to vector<8xi32>
  vector.store %zs, %m[%c0] : memref<8xi32>, vector<8xi32>
  %p = ub.poison : i32
  %v = vector.transfer_read %m[%i], %p : memref<8xi32>, vector<8xi32>
  %e = vector.extract %v[7] : i32 from vector<8xi32>
  %c = arith.cmpi eq, %e, %z : i32
  scf.if %c {
    memref.dealloc %m : memref<8xi32>
  } else {
    memref.dealloc %m : memref<8xi32>
  }
  return
}

// Lanes moved by shape_cast, strided slices, shuffle and to_elements, and
// masks from create_mask / step: lane 1 of the selected row is x where
// %n > 1, else the constant 5; the buffer is freed iff that lane is 5.
// EXEC-LABEL: @moves: LEAK (3 inputs)
// EXEC-NEXT:     input: 0,2
// VERIFY-LABEL: @moves: LEAK on input
// VERIFY:        replayed by dealloc-run
func.func @moves(%x: i32, %n: index) {
  %r = vector.broadcast %x : i32 to vector<2x4xi32>
  %flat = vector.shape_cast %r : vector<2x4xi32> to vector<8xi32>
  %odd = vector.extract_strided_slice %flat {offsets = [1], sizes = [4], strides = [1]} : vector<8xi32> to vector<4xi32>
  %five = arith.constant dense<5> : vector<4xi32>
  %sh = vector.shuffle %odd, %five [4, 5, 2, 3] : vector<4xi32>, vector<4xi32>
  %mask = vector.create_mask %n : vector<4xi1>
  %sel = arith.select %mask, %odd, %sh : vector<4xi1>, vector<4xi32>
  %steps = vector.step : vector<4xindex>
  %i = vector.extract %steps[1] : index from vector<4xindex>
  %one = arith.constant 1 : index
  %ok = arith.cmpi eq, %i, %one : index
  cf.assert %ok, "step"
  %e0, %e1, %e2, %e3 = vector.to_elements %sel : vector<4xi32>
  %c5 = arith.constant 5 : i32
  %is5 = arith.cmpi eq, %e1, %c5 : i32
  %m = memref.alloc() : memref<4xf32>
  scf.if %is5 {
    memref.dealloc %m : memref<4xf32>
  }
  return
}

// Not modelled: a scalable vector, a masked transfer, a vector argument.
// EXEC-LABEL: @scalable: UNSUPPORTED 'vector.transfer_read'
// EXEC-NEXT:     reason: result type vector<[4]xf32> not modelled (a scalable vector)
// VERIFY-LABEL: @scalable: UNSUPPORTED ('vector.transfer_read': result type vector<[4]xf32> not modelled (a scalable vector)
func.func @scalable(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0], %pad : memref<16xf32>, vector<[4]xf32>
  return
}

// A mask is modelled with a minor identity map only (vector-mask.mlir).
// EXEC-LABEL: @masked_transposed: UNSUPPORTED 'vector.transfer_read'
// EXEC-NEXT:     reason: a masked transfer with a permutation map other than a minor identity is not modelled
// VERIFY-LABEL: @masked_transposed: UNSUPPORTED ('vector.transfer_read': a masked transfer with a permutation map other than a minor identity is not modelled
func.func @masked_transposed(%m: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %mask = arith.constant dense<true> : vector<4x4xi1>
  %v = vector.transfer_read %m[%c0, %c0], %pad, %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x4xf32>, vector<4x4xf32>
  return
}

// A vector argument takes [input.vector]'s inputs; one of more lanes than
// the lane model holds has no input model.
// EXEC-LABEL: @vector_argument: SAFE (2 inputs)
// VERIFY-LABEL: @vector_argument: SAFE
func.func @vector_argument(%v: vector<4xf32>) {
  return
}

// EXEC-LABEL: @vector_argument_too_large: UNSUPPORTED 'func.func'
// EXEC-NEXT:     reason: argument type vector<256x257xf32> has no input model (more than 65536 lanes)
// VERIFY-LABEL: @vector_argument_too_large: UNSUPPORTED (argument #0 of type vector<256x257xf32> has no input model (more than 65536 lanes)
func.func @vector_argument_too_large(%v: vector<256x257xf32>) {
  return
}

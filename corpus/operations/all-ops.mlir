// Every op of the op table (reference/include/dealloc/Support/OpTable.def)
// at least once, in one program without violations: both tools run it to
// the end. The op table's unit test (reference/unittests/Verify/
// OpTableTest.cpp) checks that this file holds every row of the table, and
// that neither dispatcher answers UNSUPPORTED on it.
// SPEC: [op.unsupported]
// RUN: dealloc-run %s | FileCheck %s
// RUN: dealloc-verify %s | FileCheck %s

memref.global "private" constant @table : memref<2xi32> = dense<[7, 9]>

// cf: blocks, branches, switch, assert.
func.func private @blocks(%k: index, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  cf.assert %t, "never fails"
  %i = arith.index_cast %k : index to i32
  cf.switch %i : i32, [
    default: ^other,
    1: ^one
  ]
^one:
  %v = memref.load %m[%c0] : memref<4xf32>
  cf.br ^done(%v : f32)
^other:
  %z = arith.constant 0.0 : f32
  %c = arith.cmpi eq, %k, %c0 : index
  cf.cond_br %c, ^done(%z : f32), ^done(%z : f32)
^done(%r: f32):
  return %r : f32
}

// arith: every modelled op on in-range operands.
func.func private @arith(%a: i32, %b: i32, %x: f32, %y: f32) -> (i32, f32) {
  %s0 = arith.addi %a, %b : i32
  %s1 = arith.subi %s0, %b : i32
  %s2 = arith.muli %s1, %b : i32
  %s3 = arith.divsi %s2, %b : i32
  %s4 = arith.divui %s3, %b : i32
  %s5 = arith.remsi %s4, %b : i32
  %s6 = arith.remui %s5, %b : i32
  %s7 = arith.ceildivsi %s6, %b : i32
  %s8 = arith.ceildivui %s7, %b : i32
  %s9 = arith.floordivsi %s8, %b : i32
  %t0 = arith.andi %s9, %a : i32
  %t1 = arith.ori %t0, %a : i32
  %t2 = arith.xori %t1, %b : i32
  %c1 = arith.constant 1 : i32
  %t3 = arith.shli %t2, %c1 : i32
  %t4 = arith.shrsi %t3, %c1 : i32
  %t5 = arith.shrui %t4, %c1 : i32
  %t6 = arith.maxsi %t5, %a : i32
  %t7 = arith.maxui %t6, %a : i32
  %t8 = arith.minsi %t7, %b : i32
  %t9 = arith.minui %t8, %b : i32
  %lt = arith.cmpi slt, %t9, %a : i32
  %t10 = arith.select %lt, %t9, %a : i32
  %ix = arith.index_cast %t10 : i32 to index
  %ux = arith.index_castui %ix : index to i32
  %w = arith.extsi %ux : i32 to i64
  %wbits = arith.bitcast %w : i64 to f64
  %wu = arith.extui %ux : i32 to i64
  %ws = arith.addi %w, %wu : i64
  %n = arith.trunci %ws : i64 to i32
  %f0 = arith.sitofp %n : i32 to f32
  %f1 = arith.uitofp %n : i32 to f32
  %f2 = arith.addf %f0, %f1 : f32
  %f3 = arith.subf %f2, %x : f32
  %f4 = arith.mulf %f3, %y : f32
  %f5 = arith.divf %f4, %y : f32
  %f6 = arith.remf %f5, %y : f32
  %f7 = arith.negf %f6 : f32
  %f8 = arith.maximumf %f7, %x : f32
  %f9 = arith.minimumf %f8, %y : f32
  %f10 = arith.maxnumf %f9, %x : f32
  %f11 = arith.minnumf %f10, %y : f32
  %d = arith.extf %f11 : f32 to f64
  %f12a = arith.truncf %d : f64 to f32
  // math ([op.math])
  %ma = math.absf %f12a : f32
  %ms = math.sqrt %ma : f32
  %mr = math.rsqrt %ms : f32
  %me = math.exp %mr : f32
  %me2 = math.exp2 %me : f32
  %ml = math.log %me2 : f32
  %ml2 = math.log2 %ml : f32
  %mt = math.tanh %ml2 : f32
  %msn = math.sin %mt : f32
  %mc = math.cos %msn : f32
  %mer = math.erf %mc : f32
  %mfl = math.floor %mer : f32
  %mce = math.ceil %mfl : f32
  %mp = math.powf %mce, %y : f32
  %mcs = math.copysign %mp, %x : f32
  %mf = math.fma %mcs, %x, %y : f32
  %mi = math.absi %n : i32
  %mif = arith.sitofp %mi : i32 to f32
  %f12 = arith.addf %mf, %mif : f32
  %fl = arith.cmpf olt, %f12, %y : f32
  %f13 = arith.select %fl, %f12, %y : f32
  %i0 = arith.fptosi %f13 : f32 to i32
  %i1 = arith.fptoui %f13 : f32 to i32
  %r = arith.addi %i0, %i1 : i32
  return %r, %f13 : i32, f32
}

// index ([op.index.*]): the arith ops on index.
func.func private @index_ops(%a: index, %b: index) -> index {
  %k = index.constant 3
  %t = index.bool.constant true
  %sz = index.sizeof
  %s0 = index.add %a, %k
  %s1 = index.sub %s0, %b
  %s2 = index.mul %s1, %k
  %s3 = index.divs %s2, %k
  %s4 = index.divu %s3, %k
  %s5 = index.ceildivs %s4, %k
  %s6 = index.ceildivu %s5, %k
  %s7 = index.floordivs %s6, %k
  %s8 = index.rems %s7, %k
  %s9 = index.remu %s8, %k
  %t0 = index.maxs %s9, %a
  %t1 = index.maxu %t0, %b
  %t2 = index.mins %t1, %sz
  %t3 = index.minu %t2, %sz
  %t4 = index.shl %t3, %k
  %t5 = index.shrs %t4, %k
  %t6 = index.shru %t5, %k
  %t7 = index.and %t6, %a
  %t8 = index.or %t7, %b
  %t9 = index.xor %t8, %k
  %c = index.cmp slt(%t9, %a)
  %both = arith.andi %c, %t : i1
  %n = index.casts %t9 : index to i32
  %u = index.castu %n : i32 to index
  %r = arith.select %both, %u, %t9 : index
  return %r : index
}

// vector: values of lanes, element accesses per lane.
func.func private @vectors(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %m = memref.alloc() : memref<2x8xf32>
  %b = vector.broadcast %x : f32 to vector<8xf32>
  vector.store %b, %m[%c0, %c0] : memref<2x8xf32>, vector<8xf32>
  %one = arith.constant dense<1.0> : vector<8xf32>
  %l = vector.load %m[%c0, %c0] : memref<2x8xf32>, vector<8xf32>
  %mk = vector.constant_mask [5] : vector<8xi1>
  vector.maskedstore %m[%c0, %c0], %mk, %l : memref<2x8xf32>, vector<8xi1>, vector<8xf32>
  %ml = vector.maskedload %m[%c0, %c0], %mk, %b : memref<2x8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %f = vector.fma %ml, %one, %b : vector<8xf32>
  %k = vector.insert %x, %f[3] : f32 into vector<8xf32>
  vector.print %k : vector<8xf32>
  vector.transfer_write %k, %m[%c0, %c0] {in_bounds = [true]} : vector<8xf32>, memref<2x8xf32>
  %r = vector.transfer_read %m[%c0, %c0], %x : memref<2x8xf32>, vector<8xf32>
  %e = vector.extract %r[3] : f32 from vector<8xf32>
  %s0 = vector.reduction <add>, %r, %e : vector<8xf32> into f32
  %p = ub.poison : vector<2x8xf32>
  %q = vector.transfer_read %m[%c0, %c0], %x {in_bounds = [true, true]} : memref<2x8xf32>, vector<2x8xf32>
  %t = vector.transpose %q, [1, 0] : vector<2x8xf32> to vector<8x2xf32>
  %z = arith.constant dense<0.0> : vector<2x2xf32>
  %mm = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %t, %z : vector<2x8xf32>, vector<8x2xf32> into vector<2x2xf32>
  %rows = arith.constant dense<0.0> : vector<2xf32>
  %mr = vector.multi_reduction <add>, %mm, %rows [1] : vector<2x2xf32> to vector<2xf32>
  %pr = arith.select %true, %q, %p : vector<2x8xf32>
  %m0 = vector.extract %mr[0] : f32 from vector<2xf32>
  %flat = vector.shape_cast %pr : vector<2x8xf32> to vector<16xf32>
  %half = vector.extract_strided_slice %flat {offsets = [2], sizes = [4], strides = [1]} : vector<16xf32> to vector<4xf32>
  %two = vector.from_elements %m0, %x : vector<2xf32>
  %sh = vector.shuffle %two, %two [0, 3, -1] : vector<2xf32>, vector<2xf32>
  %back = vector.insert_strided_slice %two, %half {offsets = [1], strides = [1]} : vector<2xf32> into vector<4xf32>
  %e0, %e1, %e2, %e3 = vector.to_elements %back : vector<4xf32>
  %st = vector.step : vector<4xindex>
  %cm = vector.constant_mask [3] : vector<4xi1>
  %c3 = arith.constant 3 : index
  %dm = vector.create_mask %c3 : vector<4xi1>
  %same = arith.cmpi eq, %cm, %dm : vector<4xi1>
  %lanes = arith.select %same, %back, %half : vector<4xi1>, vector<4xf32>
  %l1 = vector.extract %lanes[1] : f32 from vector<4xf32>
  %s1 = arith.addf %s0, %m0 : f32
  %s = arith.addf %s1, %l1 : f32
  memref.dealloc %m : memref<2x8xf32>
  return %s : f32
}

// complex ([op.complex]): a complex<f32> value through memory.
func.func private @complex_ops(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %k = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %z = complex.create %x, %x : complex<f32>
  %s = complex.add %z, %k : complex<f32>
  %d = complex.sub %s, %k : complex<f32>
  %m = memref.alloca() : memref<1xcomplex<f32>>
  memref.store %d, %m[%c0] : memref<1xcomplex<f32>>
  %l = memref.load %m[%c0] : memref<1xcomplex<f32>>
  %re = complex.re %l : complex<f32>
  %im = complex.im %l : complex<f32>
  %r = arith.addf %re, %im : f32
  return %r : f32
}

// CHECK-LABEL: @all_ops: SAFE
func.func @all_ops() -> (i32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.5 : f32
  %i3 = arith.constant 3 : i32
  %i5 = arith.constant 5 : i32
  %true = arith.constant true

  // Buffers and views.
  %a = memref.alloc() : memref<4xf32>
  %s = memref.alloca() : memref<2xf32>
  %g = memref.get_global @table : memref<2xi32>
  %scoped = memref.alloca_scope -> f32 {
    %t = memref.alloca() : memref<1xf32>
    memref.store %f1, %t[%c0] : memref<1xf32>
    %tv = memref.load %t[%c0] : memref<1xf32>
    memref.alloca_scope.return %tv : f32
  }
  memref.store %f1, %a[%c0] : memref<4xf32>
  memref.store %f1, %a[%c1] : memref<4xf32>
  memref.store %f1, %a[%c2] : memref<4xf32>
  memref.store %f1, %a[%c1] : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %sv = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.copy %sv, %s : memref<2xf32, strided<[1], offset: 1>> to memref<2xf32>
  %dyn = memref.cast %a : memref<4xf32> to memref<?xf32>
  %rc = memref.reinterpret_cast %a to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  %tr = memref.transpose %rc (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %col = memref.collapse_shape %rc [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  %ex = memref.expand_shape %col [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  %al = memref.assume_alignment %ex, 4 : memref<2x2xf32>
  %ms = memref.memory_space_cast %al : memref<2x2xf32> to memref<2x2xf32, 1>
  memref.prefetch %ms[%c1, %c0], read, locality<3>, data : memref<2x2xf32, 1>
  %shape = memref.alloca() : memref<1xindex>
  memref.store %c4, %shape[%c0] : memref<1xindex>
  %rs = memref.reshape %al(%shape) : (memref<2x2xf32>, memref<1xindex>) -> memref<4xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %rs : memref<4xf32> -> memref<f32>, index, index, index
  %p = memref.extract_aligned_pointer_as_index %base : memref<f32> -> index
  %d0 = memref.dim %dyn, %c0 : memref<?xf32>
  %rk = memref.rank %tr : memref<2x2xf32, strided<[1, 2]>>
  %bytes = memref.alloc() : memref<16xi8>
  %vw = memref.view %bytes[%c0][] : memref<16xi8> to memref<4xf32>
  memref.store %f1, %vw[%c2] : memref<4xf32>
  %gv = memref.load %g[%c1] : memref<2xi32>
  %old = memref.atomic_rmw addf %f1, %vw[%c0] : (f32, memref<4xf32>) -> f32
  %gen = memref.generic_atomic_rmw %vw[%c1] : memref<4xf32> {
  ^bb0(%cur: f32):
    %sum = arith.addf %cur, %old : f32
    memref.atomic_yield %sum : f32
  }

  // linalg: a structured op with linalg.index and linalg.yield.
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]} outs(%vw : memref<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    linalg.yield %fi : f32
  }

  // affine
  %ap = affine.apply affine_map<(d0) -> (d0 + 1)>(%c1)
  %mn = affine.min affine_map<(d0) -> (d0, 3)>(%ap)
  %mx = affine.max affine_map<(d0) -> (d0, 0)>(%mn)
  %asum = affine.for %i = 0 to min affine_map<(d0) -> (d0, 4)>(%c2) iter_args(%acc = %f1) -> f32 {
    %v = affine.load %vw[%i + 1] : memref<4xf32>
    affine.store %v, %vw[%i] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  affine.parallel (%i, %j) = (0, 0) to (2, symbol(%c1)) {
    %v = affine.load %vw[%i + %j] : memref<4xf32>
    affine.store %v, %vw[%i] : memref<4xf32>
  }
  %aif = affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%c1) -> f32 {
    affine.yield %asum : f32
  } else {
    affine.yield %f1 : f32
  }

  // scf
  %cl = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %f1) -> f32 {
    %v = memref.load %cl[%i] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  %w = scf.while (%k = %c0) : (index) -> index {
    %more = arith.cmpi slt, %k, %c2 : index
    scf.condition(%more) %k : index
  } do {
  ^bb0(%k: index):
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  %picked = scf.if %true -> f32 {
    %both = arith.addf %sum, %aif : f32
    scf.yield %both : f32
  } else {
    scf.yield %f1 : f32
  }
  %er = scf.execute_region -> index {
    scf.yield %w : index
  }
  %sw = scf.index_switch %er -> index
  case 2 {
    scf.yield %c1 : index
  }
  default {
    scf.yield %c0 : index
  }
  %red = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%c0) -> index {
    scf.reduce(%i : index) {
    ^bb0(%l: index, %r: index):
      %t = arith.addi %l, %r : index
      scf.reduce.return %t : index
    }
  }

  scf.forall (%i, %j) in (2, 2) {
    memref.store %f1, %rc[%i, %j] : memref<2x2xf32>
  }

  // calls, and the last uses before the buffers go.
  %bl = func.call @blocks(%c1, %a) : (index, memref<4xf32>) -> f32
  %ar:2 = func.call @arith(%i5, %i3, %picked, %f1) : (i32, i32, f32, f32) -> (i32, f32)
  %grown = memref.realloc %cl : memref<4xf32> to memref<8xf32>
  bufferization.dealloc (%grown, %bytes : memref<8xf32>, memref<16xi8>) if (%true, %true)
  memref.dealloc %a : memref<4xf32>

  %x0 = arith.addi %off, %sz : index
  %x1 = arith.addi %x0, %st : index
  %x2 = arith.addi %x1, %d0 : index
  %x3 = arith.addi %x2, %rk : index
  %x4 = arith.addi %x3, %mx : index
  %x5 = arith.addi %x4, %sw : index
  %x6 = arith.addi %x5, %red : index
  %xi = func.call @index_ops(%c4, %c2) : (index, index) -> index
  %x7a = arith.subi %p, %p : index
  %x7 = arith.addi %x7a, %xi : index
  %x8 = arith.addi %x6, %x7 : index
  %r0 = arith.addi %ar#0, %gv : i32
  %r1a = arith.addf %ar#1, %bl : f32
  %r1b = arith.addf %r1a, %gen : f32
  %vs = func.call @vectors(%f1) : (f32) -> f32
  %cx = func.call @complex_ops(%f1) : (f32) -> f32
  %r1c = arith.addf %r1b, %vs : f32
  %r1 = arith.addf %r1c, %cx : f32
  return %r0, %r1, %x8 : i32, f32, index
}

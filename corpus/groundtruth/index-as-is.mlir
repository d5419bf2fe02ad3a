// [op.index.ops], [op.index.cast], [op.index.constant]: the index dialect
// computes what the compiled program (--convert-index-to-llvm) computes, so
// a free decided by it happens in both. On every enumerated input @right
// frees (its identities hold), @ceil_wrong leaks (7 ceildivu 2 is 4, not 3)
// and @sizeof_free frees only because index.sizeof is 64.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @right SAFE
// EXPECT: @ceil_wrong LEAK
// EXPECT: @sizeof_free SAFE

func.func @right(%x: index, %y: index) {
  %a = memref.alloc() : memref<2xf32>
  %s = index.add %x, %y
  %back = index.sub %s, %y
  %k1 = index.cmp eq(%back, %x)
  %c3 = index.constant 3
  %m = index.mul %x, %c3
  %q = index.divs %m, %c3
  %sx = index.shl %x, %c3
  %sr = index.shrs %sx, %c3
  %hi = index.maxs %x, %y
  %lo = index.mins %x, %y
  %k3 = index.cmp sge(%hi, %lo)
  %t = index.casts %x : index to i32
  %u = index.castu %t : i32 to index
  %mask = index.constant 4294967295
  %low = index.and %x, %mask
  %k4 = index.cmp eq(%u, %low)
  %r = index.remu %u, %c3
  %k5 = index.cmp ult(%r, %c3)
  %x2 = index.xor %sr, %sr
  %o = index.or %x2, %x2
  %z = index.constant 0
  %k6 = index.cmp eq(%o, %z)
  %k2 = index.cmp ne(%q, %z)
  %kq = arith.ori %k2, %k6 : i1
  %a1 = arith.andi %k1, %k3 : i1
  %a2 = arith.andi %k4, %k5 : i1
  %a3 = arith.andi %a1, %a2 : i1
  %ok = arith.andi %a3, %kq : i1
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @ceil_wrong(%x: index) {
  %a = memref.alloc() : memref<2xf32>
  %c7 = index.constant 7
  %c2 = index.constant 2
  %q = index.ceildivu %c7, %c2
  %c3 = index.constant 3
  %eq = index.cmp eq(%q, %c3)
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @sizeof_free() {
  %a = memref.alloc() : memref<2xf32>
  %n = index.sizeof
  %c64 = index.constant 64
  %t = index.bool.constant true
  %eq = index.cmp eq(%n, %c64)
  %ok = arith.andi %eq, %t : i1
  scf.if %ok {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

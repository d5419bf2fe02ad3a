// The index dialect ([op.index.constant], [op.index.ops], [op.index.ub],
// [op.index.cast]): arith's ops on index. Each function frees its buffer
// only if every computed value is right, so a wrong semantics shows up as a
// LEAK; dealloc-run and dealloc-verify agree on every function, undefined
// behaviour included (by default its inputs are excluded, [safety.defined];
// with --strict-ub both answer UNKNOWN). Ground truth under valgrind:
// corpus/groundtruth/index-as-is.mlir; both pipelines:
// corpus/pipeline/blind-more.mlir @index_dialect.
// SPEC: [op.index.constant] [op.index.ops] [op.index.ub] [op.index.cast]
// RUN: not dealloc-run %s | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: not dealloc-run --strict-ub --function divs_by %s | FileCheck %s --check-prefix=STRICT-EXEC
// RUN: not dealloc-verify --strict-ub --function divs_by %s 2>/dev/null | FileCheck %s --check-prefix=STRICT-VERIFY
// RUN: not dealloc-run --input=-1 --function floordivs_overflow %s | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: @floordivs_overflow: UNKNOWN (1 input, 1 excluded: undefined behaviour): no defined input
// OVERFLOW: signed division overflow (undefined behaviour, [op.arith.ub])

// Every binary op on -7 and 3, and on MIN and 5 (the expected values are
// those of two's-complement 64-bit arithmetic).
// EXEC-LABEL: @ops_neg7_3: SAFE (1 input)
// VERIFY-LABEL: @ops_neg7_3: SAFE{{$}}
func.func @ops_neg7_3() {
  %a = index.constant -7
  %b = index.constant 3
  %ok0 = index.bool.constant true
  %r_add = index.add %a, %b
  %e_add = index.constant -4
  %k_add = index.cmp eq(%r_add, %e_add)
  %ok1 = arith.andi %ok0, %k_add : i1
  %r_sub = index.sub %a, %b
  %e_sub = index.constant -10
  %k_sub = index.cmp eq(%r_sub, %e_sub)
  %ok2 = arith.andi %ok1, %k_sub : i1
  %r_mul = index.mul %a, %b
  %e_mul = index.constant -21
  %k_mul = index.cmp eq(%r_mul, %e_mul)
  %ok3 = arith.andi %ok2, %k_mul : i1
  %r_divs = index.divs %a, %b
  %e_divs = index.constant -2
  %k_divs = index.cmp eq(%r_divs, %e_divs)
  %ok4 = arith.andi %ok3, %k_divs : i1
  %r_divu = index.divu %a, %b
  %e_divu = index.constant 6148914691236517203
  %k_divu = index.cmp eq(%r_divu, %e_divu)
  %ok5 = arith.andi %ok4, %k_divu : i1
  %r_ceildivs = index.ceildivs %a, %b
  %e_ceildivs = index.constant -2
  %k_ceildivs = index.cmp eq(%r_ceildivs, %e_ceildivs)
  %ok6 = arith.andi %ok5, %k_ceildivs : i1
  %r_ceildivu = index.ceildivu %a, %b
  %e_ceildivu = index.constant 6148914691236517203
  %k_ceildivu = index.cmp eq(%r_ceildivu, %e_ceildivu)
  %ok7 = arith.andi %ok6, %k_ceildivu : i1
  %r_floordivs = index.floordivs %a, %b
  %e_floordivs = index.constant -3
  %k_floordivs = index.cmp eq(%r_floordivs, %e_floordivs)
  %ok8 = arith.andi %ok7, %k_floordivs : i1
  %r_rems = index.rems %a, %b
  %e_rems = index.constant -1
  %k_rems = index.cmp eq(%r_rems, %e_rems)
  %ok9 = arith.andi %ok8, %k_rems : i1
  %r_remu = index.remu %a, %b
  %e_remu = index.constant 0
  %k_remu = index.cmp eq(%r_remu, %e_remu)
  %ok10 = arith.andi %ok9, %k_remu : i1
  %r_maxs = index.maxs %a, %b
  %e_maxs = index.constant 3
  %k_maxs = index.cmp eq(%r_maxs, %e_maxs)
  %ok11 = arith.andi %ok10, %k_maxs : i1
  %r_maxu = index.maxu %a, %b
  %e_maxu = index.constant -7
  %k_maxu = index.cmp eq(%r_maxu, %e_maxu)
  %ok12 = arith.andi %ok11, %k_maxu : i1
  %r_mins = index.mins %a, %b
  %e_mins = index.constant -7
  %k_mins = index.cmp eq(%r_mins, %e_mins)
  %ok13 = arith.andi %ok12, %k_mins : i1
  %r_minu = index.minu %a, %b
  %e_minu = index.constant 3
  %k_minu = index.cmp eq(%r_minu, %e_minu)
  %ok14 = arith.andi %ok13, %k_minu : i1
  %r_shl = index.shl %a, %b
  %e_shl = index.constant -56
  %k_shl = index.cmp eq(%r_shl, %e_shl)
  %ok15 = arith.andi %ok14, %k_shl : i1
  %r_shrs = index.shrs %a, %b
  %e_shrs = index.constant -1
  %k_shrs = index.cmp eq(%r_shrs, %e_shrs)
  %ok16 = arith.andi %ok15, %k_shrs : i1
  %r_shru = index.shru %a, %b
  %e_shru = index.constant 2305843009213693951
  %k_shru = index.cmp eq(%r_shru, %e_shru)
  %ok17 = arith.andi %ok16, %k_shru : i1
  %r_and = index.and %a, %b
  %e_and = index.constant 1
  %k_and = index.cmp eq(%r_and, %e_and)
  %ok18 = arith.andi %ok17, %k_and : i1
  %r_or = index.or %a, %b
  %e_or = index.constant -5
  %k_or = index.cmp eq(%r_or, %e_or)
  %ok19 = arith.andi %ok18, %k_or : i1
  %r_xor = index.xor %a, %b
  %e_xor = index.constant -6
  %k_xor = index.cmp eq(%r_xor, %e_xor)
  %ok20 = arith.andi %ok19, %k_xor : i1
  %buf = memref.alloc() : memref<2xf32>
  scf.if %ok20 {
    memref.dealloc %buf : memref<2xf32>
  }
  return
}

// EXEC-LABEL: @ops_min_5: SAFE (1 input)
// VERIFY-LABEL: @ops_min_5: SAFE{{$}}
func.func @ops_min_5() {
  %a = index.constant -9223372036854775808
  %b = index.constant 5
  %ok0 = index.bool.constant true
  %r_add = index.add %a, %b
  %e_add = index.constant -9223372036854775803
  %k_add = index.cmp eq(%r_add, %e_add)
  %ok1 = arith.andi %ok0, %k_add : i1
  %r_sub = index.sub %a, %b
  %e_sub = index.constant 9223372036854775803
  %k_sub = index.cmp eq(%r_sub, %e_sub)
  %ok2 = arith.andi %ok1, %k_sub : i1
  %r_mul = index.mul %a, %b
  %e_mul = index.constant -9223372036854775808
  %k_mul = index.cmp eq(%r_mul, %e_mul)
  %ok3 = arith.andi %ok2, %k_mul : i1
  %r_divs = index.divs %a, %b
  %e_divs = index.constant -1844674407370955161
  %k_divs = index.cmp eq(%r_divs, %e_divs)
  %ok4 = arith.andi %ok3, %k_divs : i1
  %r_divu = index.divu %a, %b
  %e_divu = index.constant 1844674407370955161
  %k_divu = index.cmp eq(%r_divu, %e_divu)
  %ok5 = arith.andi %ok4, %k_divu : i1
  %r_ceildivs = index.ceildivs %a, %b
  %e_ceildivs = index.constant -1844674407370955161
  %k_ceildivs = index.cmp eq(%r_ceildivs, %e_ceildivs)
  %ok6 = arith.andi %ok5, %k_ceildivs : i1
  %r_ceildivu = index.ceildivu %a, %b
  %e_ceildivu = index.constant 1844674407370955162
  %k_ceildivu = index.cmp eq(%r_ceildivu, %e_ceildivu)
  %ok7 = arith.andi %ok6, %k_ceildivu : i1
  %r_floordivs = index.floordivs %a, %b
  %e_floordivs = index.constant -1844674407370955162
  %k_floordivs = index.cmp eq(%r_floordivs, %e_floordivs)
  %ok8 = arith.andi %ok7, %k_floordivs : i1
  %r_rems = index.rems %a, %b
  %e_rems = index.constant -3
  %k_rems = index.cmp eq(%r_rems, %e_rems)
  %ok9 = arith.andi %ok8, %k_rems : i1
  %r_remu = index.remu %a, %b
  %e_remu = index.constant 3
  %k_remu = index.cmp eq(%r_remu, %e_remu)
  %ok10 = arith.andi %ok9, %k_remu : i1
  %r_maxs = index.maxs %a, %b
  %e_maxs = index.constant 5
  %k_maxs = index.cmp eq(%r_maxs, %e_maxs)
  %ok11 = arith.andi %ok10, %k_maxs : i1
  %r_maxu = index.maxu %a, %b
  %e_maxu = index.constant -9223372036854775808
  %k_maxu = index.cmp eq(%r_maxu, %e_maxu)
  %ok12 = arith.andi %ok11, %k_maxu : i1
  %r_mins = index.mins %a, %b
  %e_mins = index.constant -9223372036854775808
  %k_mins = index.cmp eq(%r_mins, %e_mins)
  %ok13 = arith.andi %ok12, %k_mins : i1
  %r_minu = index.minu %a, %b
  %e_minu = index.constant 5
  %k_minu = index.cmp eq(%r_minu, %e_minu)
  %ok14 = arith.andi %ok13, %k_minu : i1
  %r_shl = index.shl %a, %b
  %e_shl = index.constant 0
  %k_shl = index.cmp eq(%r_shl, %e_shl)
  %ok15 = arith.andi %ok14, %k_shl : i1
  %r_shrs = index.shrs %a, %b
  %e_shrs = index.constant -288230376151711744
  %k_shrs = index.cmp eq(%r_shrs, %e_shrs)
  %ok16 = arith.andi %ok15, %k_shrs : i1
  %r_shru = index.shru %a, %b
  %e_shru = index.constant 288230376151711744
  %k_shru = index.cmp eq(%r_shru, %e_shru)
  %ok17 = arith.andi %ok16, %k_shru : i1
  %r_and = index.and %a, %b
  %e_and = index.constant 0
  %k_and = index.cmp eq(%r_and, %e_and)
  %ok18 = arith.andi %ok17, %k_and : i1
  %r_or = index.or %a, %b
  %e_or = index.constant -9223372036854775803
  %k_or = index.cmp eq(%r_or, %e_or)
  %ok19 = arith.andi %ok18, %k_or : i1
  %r_xor = index.xor %a, %b
  %e_xor = index.constant -9223372036854775803
  %k_xor = index.cmp eq(%r_xor, %e_xor)
  %ok20 = arith.andi %ok19, %k_xor : i1
  %buf = memref.alloc() : memref<2xf32>
  scf.if %ok20 {
    memref.dealloc %buf : memref<2xf32>
  }
  return
}

// sizeof, the casts, identities over every input.
// EXEC-LABEL: @identities: SAFE (9 inputs)
// VERIFY-LABEL: @identities: SAFE{{$}}
func.func @identities(%x: index, %y: index) {
  %size = index.sizeof
  %c64 = index.constant 64
  %k1 = index.cmp eq(%size, %c64)
  %s = index.add %x, %y
  %back = index.sub %s, %y
  %k2 = index.cmp eq(%back, %x)
  %m = index.maxs %x, %y
  %k3 = index.cmp sge(%m, %x)
  %n = index.minu %x, %y
  %k4 = index.cmp ule(%n, %y)
  %t = index.casts %x : index to i32
  %tx = index.casts %t : i32 to index
  %tu = index.castu %t : i32 to index
  %lo = index.constant 4294967295
  %low = index.and %x, %lo
  %k5 = index.cmp eq(%tu, %low)
  %c32 = index.constant 32
  %up = index.shl %tx, %c32
  %down = index.shrs %up, %c32
  %k6 = index.cmp eq(%down, %tx)
  %k7 = index.cmp sle(%x, %y)
  %k8 = index.cmp sgt(%x, %y)
  %either = arith.xori %k7, %k8 : i1
  %a1 = arith.andi %k1, %k2 : i1
  %a2 = arith.andi %k3, %k4 : i1
  %a3 = arith.andi %k5, %k6 : i1
  %a4 = arith.andi %a1, %a2 : i1
  %a5 = arith.andi %a3, %either : i1
  %ok = arith.andi %a4, %a5 : i1
  %buf = memref.alloc() : memref<2xf32>
  scf.if %ok {
    memref.dealloc %buf : memref<2xf32>
  }
  return
}

// A wrong constant: the buffer leaks, both tools find it.
// EXEC-LABEL: @wrong_expectation: LEAK (1 input)
// VERIFY-LABEL: @wrong_expectation: LEAK on input ""
// VERIFY:         replayed by dealloc-run: LEAK
func.func @wrong_expectation() {
  %a = index.constant 7
  %b = index.constant 2
  %q = index.ceildivu %a, %b
  %e = index.constant 3
  %ok = index.cmp eq(%q, %e)
  %buf = memref.alloc() : memref<2xf32>
  scf.if %ok {
    memref.dealloc %buf : memref<2xf32>
  }
  return
}

// Division by zero: undefined behaviour. The input 0 is excluded (SAFE
// with the exclusion listed); under --strict-ub it is UNKNOWN.
// EXEC-LABEL: @divs_by: SAFE (3 inputs, 1 excluded: undefined behaviour)
// EXEC-NEXT:    excluded: division at {{.*}} ('index.divs'), 1 input, first 0: division by zero
// VERIFY-LABEL: @divs_by: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// VERIFY-NEXT:    note: excluded: division at {{.*}} ('index.divs'): undefined behaviour in index.divs, on input 0; replayed by dealloc-run
// STRICT-EXEC-LABEL: @divs_by: UNKNOWN (3 inputs): division by zero (undefined behaviour, [op.arith.ub])
// STRICT-VERIFY-LABEL: @divs_by: UNKNOWN (input 0 reaches undefined behaviour in index.divs
func.func @divs_by(%n: index) -> index {
  %buf = memref.alloc() : memref<2xf32>
  %c6 = index.constant 6
  %q = index.divs %c6, %n
  memref.dealloc %buf : memref<2xf32>
  return %q : index
}

// A leak before the undefined behaviour still counts: LEAK, on an input
// where the division is defined or not.
// EXEC-LABEL: @leak_then_remu: LEAK (2 inputs)
// EXEC-NEXT:    input: 1
// VERIFY-LABEL: @leak_then_remu: LEAK on input 1
// VERIFY:         replayed by dealloc-run: LEAK
func.func @leak_then_remu(%n: index) -> index {
  %buf = memref.alloc() : memref<2xf32>
  %c6 = index.constant 6
  %q = index.remu %c6, %n
  return %q : index
}

// MIN / -1 of the signed divisions: undefined behaviour; the leak happens
// only on the inputs where it is not reached.
// EXEC-LABEL: @floordivs_overflow: LEAK (2 inputs)
// VERIFY-LABEL: @floordivs_overflow: LEAK on input
// VERIFY:         replayed by dealloc-run: LEAK
func.func @floordivs_overflow(%n: index) -> index {
  %min = index.constant -9223372036854775808
  %q = index.floordivs %min, %n
  %buf = memref.alloc() : memref<2xf32>
  return %q : index
}

// A shift by 64 or more is poison: deciding a free on it is
// [op.uninit.control], on every input.
// EXEC-LABEL: @shift_poison: UNKNOWN (3 inputs, 3 excluded: undefined behaviour): no defined input
// VERIFY-LABEL: @shift_poison: UNKNOWN (no defined input: every input reaches undefined behaviour ([safety.defined])
func.func @shift_poison(%s: index) {
  %one = index.constant 1
  %c64 = index.constant 64
  %big = index.maxu %s, %c64
  %r = index.shru %one, %big
  %z = index.constant 0
  %ok = index.cmp eq(%r, %z)
  %buf = memref.alloc() : memref<2xf32>
  scf.if %ok {
    memref.dealloc %buf : memref<2xf32>
  }
  return
}

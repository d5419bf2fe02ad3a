// Unranked memref arguments: dealloc-run runs the ranks 0, 1 and 2 (extents
// 2); --input takes the whole shape (`b0[]` is rank 0). dealloc-verify checks
// each of those ranks, SAFE only where no op tells a larger rank apart.
// SPEC: [input.unranked] [input.text] [input.order]
// RUN: dealloc-run --all-inputs %s --function enumeration | FileCheck %s --check-prefix=ALL
// RUN: not dealloc-run %s | FileCheck %s
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-run %s --function cast_leak --input 'b0[3x1]' | FileCheck %s --check-prefix=ONE
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','rank_only','--input','b0'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-SHAPE
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','enumeration','--input','b0[2],b0[]'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-SHARE

func.func private @printMemrefF32(memref<*xf32>)

// Two arguments of one type: b0,b0 with one rank (3), then b0,b1 with a
// rank each (9): 12 inputs; the second block's rank varies fastest.
// ALL:      @enumeration(b0[],b0[]): SAFE
// ALL-NEXT: @enumeration(b0[2],b0[2]): SAFE
// ALL-NEXT: @enumeration(b0[2x2],b0[2x2]): SAFE
// ALL-NEXT: @enumeration(b0[],b1[]): SAFE
// ALL-NEXT: @enumeration(b0[],b1[2]): SAFE
// ALL-NEXT: @enumeration(b0[],b1[2x2]): SAFE
// ALL-NEXT: @enumeration(b0[2],b1[]): SAFE
// ALL:      @enumeration(b0[2x2],b1[2x2]): SAFE
// ALL-NOT:  @enumeration
// CHECK-LABEL: @enumeration: SAFE (12 inputs)
// VERIFY-LABEL: @enumeration: SAFE
// BAD-SHARE: error: argument 1 ('b0[]'): extents differ from argument 0, which shares its buffer
func.func @enumeration(%u: memref<*xf32>, %v: memref<*xf32>) {
  return
}

// The rank is only returned: SAFE at every rank.
// CHECK-LABEL: @rank_only: SAFE (3 inputs)
// VERIFY-LABEL: @rank_only: SAFE
// BAD-SHAPE: error: argument 0 ('b0'): an unranked memref needs its shape: bK[AxB...] (bK[] for rank 0)
func.func @rank_only(%u: memref<*xf32>) -> index {
  %r = memref.rank %u : memref<*xf32>
  return %r : index
}

// Printed, then cloned and returned: the clone is the caller's.
// CHECK-LABEL: @print_and_clone: SAFE (3 inputs)
// VERIFY-LABEL: @print_and_clone: SAFE
func.func @print_and_clone(%u: memref<*xf32>) -> memref<*xf32> {
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %c = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  return %c : memref<*xf32>
}

// The callee does not own its argument, whatever the rank.
// CHECK-LABEL: @free_arg: INVALID_FREE (1 input)
// CHECK-NEXT:    input: b0[]
// VERIFY-LABEL: @free_arg: INVALID_FREE on input b0[] (
func.func @free_arg(%u: memref<*xf32>) {
  memref.dealloc %u : memref<*xf32>
  return
}

// The leak needs rank 2 (the cast stops the other ranks) and a first extent
// other than 3.
// CHECK-LABEL: @cast_leak: LEAK (3 inputs)
// CHECK-NEXT:    input: b0[2x2]
// ONE: @cast_leak: SAFE (1 input)
// VERIFY-LABEL: @cast_leak: LEAK on input b0[2x2] (
// VERIFY: replayed by dealloc-run: LEAK
func.func @cast_leak(%u: memref<*xf32>) {
  %m = memref.cast %u : memref<*xf32> to memref<?x?xf32>
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?x?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  %c3 = arith.constant 3 : index
  %three = arith.cmpi eq, %n, %c3 : index
  scf.if %three {
    memref.dealloc %a : memref<?xf32>
  } else {
  }
  return
}

// Only rank 5 leaks: dealloc-run's ranks do not reach it (SAFE on its
// inputs, [input.unranked]).
// CHECK-LABEL: @rank_decides: SAFE (3 inputs)
// VERIFY-LABEL: @rank_decides: UNKNOWN (SAFE at ranks 0..2 of the unranked arguments, but memref.rank may
func.func @rank_decides(%u: memref<*xf32>) {
  %r = memref.rank %u : memref<*xf32>
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32>
  %big = arith.cmpi eq, %r, %c5 : index
  scf.if %big {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Two unranked arguments, the first freed: whatever their sharing and
// ranks, the callee does not own it.
// CHECK-LABEL: @free_first: INVALID_FREE (1 input)
// CHECK-NEXT:    input: b0[],b0[]
// VERIFY-LABEL: @free_first: INVALID_FREE on input b0[],b1[] (
func.func @free_first(%u: memref<*xf32>, %v: memref<*xf32>) -> f32 {
  memref.dealloc %u : memref<*xf32>
  %m = memref.cast %v : memref<*xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<?xf32>
  return %x : f32
}

// A private callee with a body gets the caller's descriptor, rank
// included; its clone is returned to the caller, who owns it.
// CHECK-LABEL: @call_priv: SAFE (3 inputs)
// VERIFY-LABEL: @call_priv: SAFE
func.func private @priv(%u: memref<*xf32>) -> memref<*xf32> {
  %c = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  return %c : memref<*xf32>
}

func.func @call_priv(%u: memref<*xf32>) -> memref<*xf32> {
  %r = call @priv(%u) : (memref<*xf32>) -> memref<*xf32>
  return %r : memref<*xf32>
}

// The callee tells the rank: not SAFE at ranks beyond those checked.
// CHECK-LABEL: @call_rank: SAFE (3 inputs)
// VERIFY-LABEL: @call_rank: UNKNOWN (SAFE at ranks 0..2 of the unranked arguments, but memref.rank may
func.func private @rank_of(%u: memref<*xf32>) -> index {
  %r = memref.rank %u : memref<*xf32>
  return %r : index
}

func.func @call_rank(%u: memref<*xf32>) -> index {
  %r = call @rank_of(%u) : (memref<*xf32>) -> index
  return %r : index
}

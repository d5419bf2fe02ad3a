// Equivalence for every trip count ([equiv.loops]): loops that allocate no
// matched input-program site are proved in each version by induction and
// the versions compared with the loops abstract. Such a check decides only
// by EQUIVALENT; differences come from the exact (unrolled) encoding and
// are replayed.
// SPEC: [equiv.loops]
//
// Upstream's pipeline against the reference pipeline (printed without
// locations, [equiv.match]):
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-verify --equiv --solver-stats --function while_carries %t.up.mlir %t.ref.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
//
// Hand-written pairs: a free moved across an allocation after (or inside) a
// loop is found by the exact encoding.
// RUN: not dealloc-verify --equiv %S/Inputs/equiv-loops-a.mlir %S/Inputs/equiv-loops-b.mlir | FileCheck %s --check-prefix=PAIRS

// PIPE: @for_no_alloc: EQUIVALENT
// PIPE-NEXT: @for_frees_entry_buffer: EQUIVALENT
// PIPE-NEXT: @while_carries: EQUIVALENT
// A loop that allocates a matched site: the two versions' loops are
// related by induction (more in equiv-loop-pairs.mlir).
// PIPE-NEXT: @for_allocates: EQUIVALENT
// An input may reach undefined behaviour after a proved loop (a negative
// size): EQUIVALENT on the defined inputs ([safety.defined]), the sites
// listed with witnesses that dealloc-run replays.
// PIPE-NEXT: @loop_then_ub: EQUIVALENT (on defined inputs: undefined behaviour excluded, [safety.defined])
// PIPE-NEXT: note: excluded: negative-size at {{.*}} ('memref.alloc') in A: negative allocation size (undefined behaviour), on input 0,-1,b0; replayed by dealloc-run
// PIPE-NEXT: note: excluded: negative-size at {{.*}} ('memref.alloc') in B: negative allocation size (undefined behaviour), on input 0,-1,b0; replayed by dealloc-run
// PIPE-NEXT: note: the list of excluded sites is complete (2 sites, [safety.defined])

// STATS: stats: @while_carries: equivalence: EQUIVALENT in {{.*}}; loops proved by induction: 2

// PAIRS: @moved_after_loop: DIFFERENT on input {{.*}} (a buffer of site the 1st allocation of @moved_after_loop (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE
// PAIRS-NEXT: @freed_in_loop: DIFFERENT on input {{.*}} (a buffer of site the 1st allocation of @freed_in_loop (heap memref<2xf32>) is freed at a different point
// PAIRS-NEXT: A: SAFE
// PAIRS-NEXT: B: SAFE

func.func @for_no_alloc(%n: index, %arg: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %arg[%c0] : memref<2xf32>
    %w = arith.addf %v, %f : f32
    memref.store %w, %a[%c0] : memref<2xf32>
  }
  return %a : memref<2xf32>
}

func.func @for_frees_entry_buffer(%n: index, %arg: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    scf.yield %arg : memref<2xf32>
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}

func.func @while_carries(%n: index, %arg: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r:2 = scf.while (%x = %a, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %x, %i : memref<2xf32>, index
  } do {
  ^bb0(%y: memref<2xf32>, %j: index):
    %k = arith.addi %j, %c1 : index
    %c = arith.cmpi eq, %j, %c0 : index
    %z = arith.select %c, %arg, %y : memref<2xf32>
    scf.yield %z, %k : memref<2xf32>, index
  }
  return %r#0 : memref<2xf32>
}

func.func @for_allocates(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @loop_then_ub(%n: index, %m: index, %arg: memref<2xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %arg[%c0] : memref<2xf32>
  }
  %a = memref.alloc(%m) : memref<?xf32>
  return %a : memref<?xf32>
}

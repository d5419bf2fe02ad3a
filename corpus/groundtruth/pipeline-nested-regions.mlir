// Upstream pipeline: an scf.for nested in scf.if, carrying two memrefs that
// may be swapped or replaced (generic dealloc_helper lowering, aliasing
// arguments; 12 inputs, capped at 8), and an scf.while whose condition region allocates.
// Checked twice: after the whole pipeline and after the ownership pass alone.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --pipeline %s
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --ownership %s
// EXPECT: @for_in_if SAFE
// EXPECT: @while_alloc SAFE

func.func @for_in_if(%c: i1, %n: index, %a: memref<2xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.if %c -> memref<2xf32> {
    %x:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %b) -> (memref<2xf32>, memref<2xf32>) {
      %odd = arith.remui %i, %c2 : index
      %swap = arith.cmpi eq, %odd, %c0 : index
      %0 = memref.alloc() : memref<2xf32>
      memref.copy %p, %0 : memref<2xf32> to memref<2xf32>
      %np = arith.select %swap, %q, %0 : memref<2xf32>
      scf.yield %np, %p : memref<2xf32>, memref<2xf32>
    }
    scf.yield %x#0 : memref<2xf32>
  } else {
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @while_alloc(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
    memref.copy %0, %out : memref<2xf32> to memref<2xf32>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}

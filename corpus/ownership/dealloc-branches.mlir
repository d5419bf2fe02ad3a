// Unstructured control flow: ownership through block arguments and live-in
// values; cf.cond_br with one dealloc per successor.
// RUN: dealloc-opt %s -split-input-file --reference-buffer-deallocation | FileCheck %s
// RUN: dealloc-opt %s --reference-buffer-deallocation-pipeline | dealloc-run - | FileCheck %s --check-prefix=EXEC

// SPEC: [own.block.args] [own.retain.branch] [own.dealloc.list] [own.retain]
// The join block gets an i1 argument; each predecessor passes its ownership.
// An empty dealloc list needs no dealloc: the indicator is `false`.
// CHECK-LABEL: func @diamond
//       CHECK: cf.cond_br %arg0, ^bb1, ^bb2
//       CHECK: ^bb1:
//  CHECK-NEXT:   cf.br ^bb3(%arg1, %false : memref<2xf32>, i1)
//       CHECK: ^bb2:
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[O:.*]]:2 = bufferization.dealloc (%{{.*}} : memref<f32>) if (%true) retain (%[[A]], %arg1 : memref<2xf32>, memref<2xf32>)
//       CHECK:   cf.br ^bb3(%[[A]], %[[O]]#0 : memref<2xf32>, i1)
//       CHECK: ^bb3(%[[X:.*]]: memref<2xf32>, %[[OX:.*]]: i1):
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[OX]])
//  CHECK-NEXT:   return
// EXEC: @diamond: SAFE
func.func @diamond(%c: i1, %m: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%m : memref<2xf32>)
^bb2:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%x: memref<2xf32>):
  memref.copy %x, %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

// SPEC: [own.live] [own.live.in] [own.branch.cond]
// %a is live into ^bb1 only: the false-side dealloc frees it, the true-side
// one retains it, and ^bb1 takes over the true-side indicator.
// CHECK-LABEL: func @live_across
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[B:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//       CHECK: %[[T:.*]]:2 = bufferization.dealloc (%[[B]] : memref<f32>) if (%arg0) retain (%arg1, %[[A]] : memref<2xf32>, memref<2xf32>)
//       CHECK: %[[NC:.*]] = arith.xori %arg0, %true : i1
//       CHECK: bufferization.dealloc (%[[B]] : memref<f32>) if (%[[NC]])
//       CHECK: %[[OWN:.*]] = arith.select %arg0, %[[T]]#1, %false : i1
//       CHECK: cf.cond_br %arg0, ^bb1, ^bb2
//       CHECK: ^bb1:
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[OWN]])
//  CHECK-NEXT:   cf.br ^bb3
// EXEC: @live_across: SAFE
func.func @live_across(%c: i1, %m: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.copy %a, %m : memref<2xf32> to memref<2xf32>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

// -----

// SPEC: [own.branch.cond] [own.block.args] [own.boundary.owned]
// Both successors are the same block with different operands: the conditions
// of the two deallocs differ by the branch condition, so %a is freed at most
// once; the block argument is copied on return iff it is not owned.
// CHECK-LABEL: func @same_successor
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[T:.*]] = bufferization.dealloc (%[[B:.*]] : memref<f32>) if (%arg0) retain (%[[A]] : memref<2xf32>)
//       CHECK: %[[NC:.*]] = arith.xori %arg0, %true : i1
//       CHECK: %[[F:.*]] = bufferization.dealloc (%[[B]] : memref<f32>) if (%[[NC]]) retain (%arg1 : memref<2xf32>)
//       CHECK: cf.cond_br %arg0, ^bb1(%[[A]], %[[T]] : memref<2xf32>, i1), ^bb1(%arg1, %[[F]] : memref<2xf32>, i1)
//       CHECK: ^bb1(%[[X:.*]]: memref<2xf32>, %[[OX:.*]]: i1):
//       CHECK:   %[[R:.*]] = scf.if %[[OX]] -> (memref<2xf32>) {
//       CHECK:     bufferization.clone %[[X]]
//       CHECK:   return %[[R]]
// EXEC: @same_successor: SAFE
func.func @same_successor(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb1(%m : memref<2xf32>)
^bb1(%x: memref<2xf32>):
  return %x : memref<2xf32>
}

// -----

// SPEC: [own.live.in] [own.retain.branch]
// A buffer allocated in the entry block and used two blocks later stays
// retained on the way and is freed where it dies, with the indicator its
// defining block had after its terminator.
// CHECK-LABEL: func @chain
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[O1:.*]]:2 = bufferization.dealloc ({{.*}}) if (%true) retain (%arg0, %[[A]] : memref<2xf32>, memref<2xf32>)
//       CHECK: cf.br ^bb1
//       CHECK: ^bb1:
//       CHECK: bufferization.dealloc ({{.*}}) if (%[[O1]]#1) retain (%arg0, %[[A]] : memref<2xf32>, memref<2xf32>)
//       CHECK: cf.br ^bb2
//       CHECK: ^bb2:
//       CHECK: memref.copy %[[A]], %arg0
//       CHECK: bufferization.dealloc ({{.*}}) if (%[[O1]]#1)
// EXEC: @chain: SAFE
func.func @chain(%m: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  memref.copy %a, %m : memref<2xf32> to memref<2xf32>
  return
}

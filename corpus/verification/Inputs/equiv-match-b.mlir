// Version B of the pairs of equiv-match.mlir (see Inputs/equiv-match-a.mlir).
func.func @moved_free() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @missing_free(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @reordered_frees() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @clone_freed_early(%x: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c = bufferization.clone %x : memref<2xf32> to memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  %v = memref.load %c[%c0] : memref<2xf32>
  return %v : f32
}

func.func @clone_other_interval(%x: memref<2xf32>) {
  %c = bufferization.clone %x : memref<2xf32> to memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<2xf32>
  return
}

func.func @clone_leaks(%x: memref<2xf32>) {
  %c = bufferization.clone %x : memref<2xf32> to memref<2xf32>
  return
}

func.func @same_shapes_swapped(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  %d = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %d : memref<2xf32>
  return
}

func.func @shapes_differ() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @calls_shapes_differ() {
  call @shapes_differ() : () -> ()
  return
}

func.func @shared_location() {
  %a = memref.alloc() : memref<2xf32> loc("src.mlir":1:1)
  %b = memref.alloc() : memref<2xf32> loc("src.mlir":1:1)
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

// @located: the allocation at src.mlir:2:1 was removed (a canonicalization
// would remove a dead one): not compared; the others are matched by their
// locations, not by position.
func.func @located(%c: i1) {
  %b = memref.alloc() : memref<2xf32> loc("src.mlir":3:1)
  memref.dealloc %b : memref<2xf32>
  %d = memref.alloc() : memref<2xf32> loc("src.mlir":4:1)
  memref.dealloc %d : memref<2xf32>
  return
}

func.func @relocated() {
  %a = memref.alloc() : memref<2xf32> loc("src.mlir":7:1)
  %b = memref.alloc() : memref<2xf32> loc("src.mlir":6:1)
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @one_removed() {
  %b = memref.alloc() : memref<4xf32>
  %c = memref.alloc() : memref<8xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<8xf32>
  return
}

func.func @removed_ambiguous() {
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @location_lost() {
  %a = memref.alloc() : memref<2xf32> loc(unknown)
  %b = memref.alloc() : memref<4xf32> loc("src.mlir":10:1)
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @tag_lost() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @tag_lost_moved() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @tag_twice() {
  %a = memref.alloc() {dealloc.site = 10 : i64} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 11 : i64} : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @sizes_differ(%n: index, %m: index) {
  %a = memref.alloc(%m) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

func.func @renamed_callee(%n: index) {
  %b = memref.alloc() : memref<2xf32>
  call @helper_b(%n) : (index) -> ()
  memref.dealloc %b : memref<2xf32>
  return
}

func.func private @helper_b(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

func.func @renamed_moved(%n: index) {
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  call @helper_d(%n) : (index) -> ()
  return
}

func.func private @helper_d(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

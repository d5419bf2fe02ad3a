// Version A of the pairs of equiv-match.mlir: no dealloc.site attributes,
// compared with Inputs/equiv-match-b.mlir (another file: no location is
// shared), so every allocation is matched by structure ([equiv.match]).
func.func @moved_free() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @missing_free(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @reordered_frees() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @clone_freed_early(%x: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c = bufferization.clone %x : memref<2xf32> to memref<2xf32>
  %v = memref.load %c[%c0] : memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  return %v : f32
}

func.func @clone_other_interval(%x: memref<2xf32>) {
  %c = bufferization.clone %x : memref<2xf32> to memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @clone_leaks(%x: memref<2xf32>) {
  %c = bufferization.clone %x : memref<2xf32> to memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  return
}

func.func @same_shapes_swapped(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %d = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  memref.dealloc %d : memref<2xf32>
  return
}

func.func @shapes_differ() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @calls_shapes_differ() {
  call @shapes_differ() : () -> ()
  return
}

func.func @shared_location() {
  %a = memref.alloc() : memref<2xf32> loc("src.mlir":1:1)
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<2xf32> loc("src.mlir":1:1)
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @located(%c: i1) {
  %a = memref.alloc() : memref<2xf32> loc("src.mlir":2:1)
  %b = memref.alloc() : memref<2xf32> loc("src.mlir":3:1)
  memref.dealloc %b : memref<2xf32>
  %d = memref.alloc() : memref<2xf32> loc("src.mlir":4:1)
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %d : memref<2xf32>
  return
}

// Both versions have an allocation whose location the other lacks: matched
// by structure, not taken as removed.
func.func @relocated() {
  %a = memref.alloc() : memref<2xf32> loc("src.mlir":5:1)
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<2xf32> loc("src.mlir":6:1)
  memref.dealloc %b : memref<2xf32>
  return
}

// B has no %a (a canonicalization removes a dead allocation): the others
// are matched in the one way B's sequence embeds into A's.
func.func @one_removed() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  %c = memref.alloc() : memref<8xf32>
  memref.dealloc %c : memref<8xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// B has one allocation of two of the same type: which one is ambiguous.
func.func @removed_ambiguous() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

// B's allocation lost its location: matched by structure with A's located
// one (not taken as removed while B has an allocation without a key).
func.func @location_lost() {
  %a = memref.alloc() : memref<2xf32> loc("src.mlir":9:1)
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() : memref<4xf32> loc("src.mlir":10:1)
  memref.dealloc %b : memref<4xf32>
  return
}

// B's allocation lost its tag.
func.func @tag_lost() {
  %a = memref.alloc() {dealloc.site = 7 : i64} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// B's allocations lost their tags, and B frees the first one after the
// second allocation: matched by structure, a difference.
func.func @tag_lost_moved() {
  %a = memref.alloc() {dealloc.site = 8 : i64} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 9 : i64} : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// A tag carried twice in A (a pass copied it): tags are ignored here.
func.func @tag_twice() {
  %a = memref.alloc() {dealloc.site = 10 : i64} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 10 : i64} : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

// Dynamic sizes from different arguments: not the same allocation.
func.func @sizes_differ(%n: index, %m: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// B renamed the private function: paired by the call from @renamed_callee.
func.func private @helper_a(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

func.func @renamed_callee(%n: index) {
  %b = memref.alloc() : memref<2xf32>
  call @helper_a(%n) : (index) -> ()
  memref.dealloc %b : memref<2xf32>
  return
}

// The same, and B frees @renamed_moved's buffer before the call allocates.
func.func private @helper_c(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

func.func @renamed_moved(%n: index) {
  %b = memref.alloc() : memref<2xf32>
  call @helper_c(%n) : (index) -> ()
  memref.dealloc %b : memref<2xf32>
  return
}

// [view.unranked]: an unranked memref is the descriptor it was cast from;
// it may be passed to declaration-only callees, freed, cloned and cast back.
// [view.cast]: a cast to a ranked type the descriptor does not fit is
// undefined behaviour (excluded input); a fitting one changes nothing.
// SPEC: [view.unranked], [view.cast], [abi.external], [input.unranked]
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY

func.func private @printMemrefF32(memref<*xf32>)

// The pattern of MLIR's runner tests: cast to unranked, print, free.
// EXEC-LABEL: @print_and_free: SAFE
// VERIFY-LABEL: @print_and_free: SAFE
func.func @print_and_free(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %u = memref.cast %a : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  return
}

// Freeing through the unranked value frees the buffer.
// EXEC-LABEL: @free_unranked: SAFE
// VERIFY-LABEL: @free_unranked: SAFE
func.func @free_unranked() {
  %a = memref.alloc() : memref<2x3xf32>
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  memref.dealloc %u : memref<*xf32>
  return
}

// Forgetting to free: the leak is reported by both tools.
// EXEC-LABEL: @print_leak: LEAK
// VERIFY-LABEL: @print_leak: LEAK
// VERIFY: replayed by dealloc-run: LEAK
func.func @print_leak() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// An external callee reads its unranked argument: after the free it is a
// use after free ([abi.external]).
// EXEC-LABEL: @print_after_free: USE_AFTER_FREE
// VERIFY-LABEL: @print_after_free: USE_AFTER_FREE
func.func @print_after_free() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  memref.dealloc %a : memref<4xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// A clone of an unranked value is a fresh buffer with the source's sizes:
// the element written through the ranked source is read through the
// clone cast back.
// EXEC-LABEL: @clone_unranked: SAFE
// VERIFY-LABEL: @clone_unranked: SAFE
func.func @clone_unranked(%x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<3xf32>
  memref.store %x, %a[%c1] : memref<3xf32>
  %u = memref.cast %a : memref<3xf32> to memref<*xf32>
  %cu = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  memref.dealloc %a : memref<3xf32>
  %r = memref.cast %cu : memref<*xf32> to memref<3xf32>
  %v = memref.load %r[%c1] : memref<3xf32>
  memref.dealloc %cu : memref<*xf32>
  return %v : f32
}

// Cast back to the source's rank with a dynamic size: fits every run.
// EXEC-LABEL: @cast_back: SAFE
// VERIFY-LABEL: @cast_back: SAFE
func.func @cast_back(%n: index) -> index {
  %a = memref.alloc(%n) : memref<?xf32>
  %u = memref.cast %a : memref<?xf32> to memref<*xf32>
  %r = memref.cast %u : memref<*xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %d = memref.dim %r, %c0 : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return %d : index
}

// A cast to a static size asserts it: inputs other than 2 are undefined
// behaviour and excluded; on the input 2 the buffer leaks.
// EXEC-LABEL: @cast_asserts_size: LEAK
// EXEC-NEXT: input: 2
// VERIFY-LABEL: @cast_asserts_size: LEAK
// VERIFY: replayed by dealloc-run: LEAK
func.func @cast_asserts_size(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %s = memref.cast %a : memref<?xf32> to memref<2xf32>
  return
}

// Cast back to another rank: every run is undefined; no input is defined.
// EXEC-LABEL: @cast_other_rank: UNKNOWN
// EXEC: cast-assertion
// VERIFY-LABEL: @cast_other_rank: UNKNOWN
func.func @cast_other_rank() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %r = memref.cast %u : memref<*xf32> to memref<2x2xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// A public function with an unranked argument: dealloc-run runs it at
// ranks 0 to 2 ([input.unranked]); dealloc-verify checks each of them.
// EXEC-LABEL: @unranked_argument: SAFE (3 inputs)
// VERIFY-LABEL: @unranked_argument: SAFE
func.func @unranked_argument(%u: memref<*xf32>) {
  return
}

// A private function with a body gets the caller's descriptor, rank
// included ([view.unranked]).
// EXEC-LABEL: @calls_unranked_body: SAFE (1 input)
// VERIFY-LABEL: @calls_unranked_body: SAFE
func.func private @body(%u: memref<*xf32>) {
  return
}
func.func @calls_unranked_body() {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @body(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// memref.rank and memref.dim read the descriptor the value was cast from.
// EXEC-LABEL: @rank_and_dim: SAFE
// VERIFY-LABEL: @rank_and_dim: SAFE
func.func @rank_and_dim() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2x3xf32>
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  %d = memref.dim %u, %c1 : memref<*xf32>
  %six = arith.muli %r, %d : index
  %c6 = arith.constant 6 : index
  %ok = arith.cmpi eq, %six, %c6 : index
  scf.if %ok {
    memref.dealloc %a : memref<2x3xf32>
  }
  return
}

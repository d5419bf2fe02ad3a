// Blind set (issue 27): calls written without looking at the corpus: private
// and public callees, external declarations, recursion (direct and through a
// private function), several memref results. Each part between the separator
// lines is one program for bench/decisiveness.py; here the file is one module
// through both pipelines, and each function's answer from dealloc-run,
// dealloc-verify and --equiv is pinned. Upstream returns one buffer as two
// results (@returns_same_twice: ABI_VIOLATION, docs/findings.md F1); --equiv
// does not encode recursive calls yet (UNKNOWN).
// SPEC: [pipeline.input] [equiv.match]
// RUN: mlir-opt --buffer-deallocation-pipeline %s -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %s -o %t.ref.mlir
// RUN: not dealloc-run %t.up.mlir | FileCheck %s --check-prefix=EXEC-UP
// RUN: not dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=VERIFY-UP
// RUN: dealloc-run %t.ref.mlir | FileCheck %s --check-prefix=EXEC-REF
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=VERIFY-REF
// RUN: not dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV

func.func private @make(%n: index) -> memref<?xf32> {
  %0 = memref.alloc(%n) : memref<?xf32>
  return %0 : memref<?xf32>
}

// EXEC-UP-LABEL: @call_private_alloc: SAFE
// EXEC-REF-LABEL: @call_private_alloc: SAFE
// VERIFY-UP-LABEL: @call_private_alloc: SAFE
// VERIFY-REF-LABEL: @call_private_alloc: SAFE
// EQUIV-LABEL: @call_private_alloc: EQUIVALENT
func.func @call_private_alloc(%n: index) -> f32 {
  %m = call @make(%n) : (index) -> memref<?xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  memref.store %f, %m[%c0] : memref<?xf32>
  %v = memref.load %m[%c0] : memref<?xf32>
  return %v : f32
}

// -----
// EXEC-UP-LABEL: @identity: SAFE
// EXEC-REF-LABEL: @identity: SAFE
// VERIFY-UP-LABEL: @identity: SAFE
// VERIFY-REF-LABEL: @identity: SAFE
// EQUIV-LABEL: @identity: EQUIVALENT
func.func @identity(%arg: memref<2xf32>) -> memref<2xf32> {
  return %arg : memref<2xf32>
}

// EXEC-UP-LABEL: @call_identity: SAFE
// EXEC-REF-LABEL: @call_identity: SAFE
// VERIFY-UP-LABEL: @call_identity: SAFE
// VERIFY-REF-LABEL: @call_identity: SAFE
// EQUIV-LABEL: @call_identity: EQUIVALENT
func.func @call_identity() {
  %a = memref.alloc() : memref<2xf32>
  %b = call @identity(%a) : (memref<2xf32>) -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.5 : f32
  memref.store %f, %b[%c0] : memref<2xf32>
  return
}

// -----
func.func private @ext(memref<4xf32>) -> memref<4xf32>

// EXEC-UP-LABEL: @call_external: SAFE
// EXEC-REF-LABEL: @call_external: SAFE
// VERIFY-UP-LABEL: @call_external: SAFE
// VERIFY-REF-LABEL: @call_external: SAFE
// EQUIV-LABEL: @call_external: EQUIVALENT
func.func @call_external(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %r = call @ext(%a) : (memref<4xf32>) -> memref<4xf32>
  %s = arith.select %c, %a, %r : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  return %t : memref<4xf32>
}

// -----
func.func private @rec(%n: index, %buf: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> memref<2xf32> {
    scf.yield %buf : memref<2xf32>
  } else {
    %t = memref.alloc() : memref<2xf32>
    memref.copy %buf, %t : memref<2xf32> to memref<2xf32>
    %n1 = arith.subi %n, %c1 : index
    %x = func.call @rec(%n1, %t) : (index, memref<2xf32>) -> memref<2xf32>
    scf.yield %x : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// EXEC-UP-LABEL: @call_recursive: SAFE
// EXEC-REF-LABEL: @call_recursive: SAFE
// VERIFY-UP-LABEL: @call_recursive: SAFE
// VERIFY-REF-LABEL: @call_recursive: SAFE
// EQUIV-LABEL: @call_recursive: UNKNOWN (A: recursive call to @rec is not encoded at {{[^ ;)]*}})
func.func @call_recursive(%n: index) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = call @rec(%n, %a) : (index, memref<2xf32>) -> memref<2xf32>
  return %r : memref<2xf32>
}

// -----
// EXEC-UP-LABEL: @pair: SAFE
// EXEC-REF-LABEL: @pair: SAFE
// VERIFY-UP-LABEL: @pair: SAFE
// VERIFY-REF-LABEL: @pair: SAFE
// EQUIV-LABEL: @pair: EQUIVALENT
func.func @pair() -> (memref<2xf32>, memref<3xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<3xf32>
  return %a, %b : memref<2xf32>, memref<3xf32>
}

// EXEC-UP-LABEL: @call_pair_drop_one: SAFE
// EXEC-REF-LABEL: @call_pair_drop_one: SAFE
// VERIFY-UP-LABEL: @call_pair_drop_one: SAFE
// VERIFY-REF-LABEL: @call_pair_drop_one: SAFE
// EQUIV-LABEL: @call_pair_drop_one: EQUIVALENT
func.func @call_pair_drop_one() -> memref<3xf32> {
  %x:2 = call @pair() : () -> (memref<2xf32>, memref<3xf32>)
  return %x#1 : memref<3xf32>
}

// -----
// EXEC-UP-LABEL: @returns_same_twice: ABI_VIOLATION
// EXEC-REF-LABEL: @returns_same_twice: SAFE
// VERIFY-UP-LABEL: @returns_same_twice: ABI_VIOLATION on input {{.*}} (result #1 views the same buffer as an earlier result ([abi.results.distinct]))
// VERIFY-REF-LABEL: @returns_same_twice: SAFE
// EQUIV-LABEL: @returns_same_twice: DIFFERENT on input {{.*}} (A: ABI_VIOLATION at {{[^ ;)]*}}; B: returns without violation)
func.func @returns_same_twice() -> (memref<2xi8>, memref<2xi8>) {
  %a = memref.alloc() : memref<2xi8>
  return %a, %a : memref<2xi8>, memref<2xi8>
}

// -----
// EXEC-UP-LABEL: @returns_arg_and_alloc: SAFE
// EXEC-REF-LABEL: @returns_arg_and_alloc: SAFE
// VERIFY-UP-LABEL: @returns_arg_and_alloc: SAFE
// VERIFY-REF-LABEL: @returns_arg_and_alloc: SAFE
// EQUIV-LABEL: @returns_arg_and_alloc: EQUIVALENT
func.func @returns_arg_and_alloc(%arg: memref<7xf32>) -> (memref<7xf32>, memref<7xf32>) {
  %a = memref.alloc() : memref<7xf32>
  memref.copy %arg, %a : memref<7xf32> to memref<7xf32>
  return %arg, %a : memref<7xf32>, memref<7xf32>
}

// -----
func.func private @ping(%n: index) -> memref<1xf32>
func.func private @pong(%n: index) -> memref<1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi ule, %n, %c0 : index
  %r = scf.if %z -> memref<1xf32> {
    %a = memref.alloc() : memref<1xf32>
    scf.yield %a : memref<1xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %b = func.call @pong(%m) : (index) -> memref<1xf32>
    scf.yield %b : memref<1xf32>
  }
  return %r : memref<1xf32>
}

// EXEC-UP-LABEL: @mutual: SAFE
// EXEC-REF-LABEL: @mutual: SAFE
// VERIFY-UP-LABEL: @mutual: SAFE
// VERIFY-REF-LABEL: @mutual: SAFE
// EQUIV-LABEL: @mutual: UNKNOWN (A: recursive call to @pong is not encoded at {{[^ ;)]*}})
func.func @mutual(%n: index) -> memref<1xf32> {
  %r = call @pong(%n) : (index) -> memref<1xf32>
  return %r : memref<1xf32>
}

// -----
func.func private @consume(%m: memref<3xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<3xf32>
  return
}

// EXEC-UP-LABEL: @call_in_loop: SAFE
// EXEC-REF-LABEL: @call_in_loop: SAFE
// VERIFY-UP-LABEL: @call_in_loop: SAFE
// VERIFY-REF-LABEL: @call_in_loop: SAFE
// EQUIV-LABEL: @call_in_loop: EQUIVALENT
func.func @call_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<3xf32>
    memref.store %f, %a[%c0] : memref<3xf32>
    func.call @consume(%a) : (memref<3xf32>) -> ()
  }
  return
}

// -----
// EXEC-UP-LABEL: @public_callee: SAFE
// EXEC-REF-LABEL: @public_callee: SAFE
// VERIFY-UP-LABEL: @public_callee: SAFE
// VERIFY-REF-LABEL: @public_callee: SAFE
// EQUIV-LABEL: @public_callee: EQUIVALENT
func.func @public_callee(%a: memref<2xf32>) -> memref<2xf32> {
  %b = memref.alloc() : memref<2xf32>
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  return %b : memref<2xf32>
}

// EXEC-UP-LABEL: @chain_calls: SAFE
// EXEC-REF-LABEL: @chain_calls: SAFE
// VERIFY-UP-LABEL: @chain_calls: SAFE
// VERIFY-REF-LABEL: @chain_calls: SAFE
// EQUIV-LABEL: @chain_calls: EQUIVALENT
func.func @chain_calls() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%a : memref<2xf32>)
  %b = call @public_callee(%a) : (memref<2xf32>) -> memref<2xf32>
  %c = call @public_callee(%b) : (memref<2xf32>) -> memref<2xf32>
  return %c : memref<2xf32>
}

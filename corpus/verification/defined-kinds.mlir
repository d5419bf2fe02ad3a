// One table of stop kinds ([safety.defined]): each kind of undefined
// behaviour excludes its inputs in dealloc-verify and in dealloc-run under
// the same name, and verify's witness replays to it in dealloc-run.
// SPEC: [safety.defined]
// RUN: dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: dealloc-run %s | FileCheck %s --check-prefix=EXEC

// VERIFY-LABEL: @copy_shape: SAFE (on defined inputs
// VERIFY-NEXT: note: excluded: negative-size at {{.*}} ('memref.alloc'): {{.*}} on input -1; replayed by dealloc-run
// VERIFY-NEXT: note: excluded: copy-shape at {{.*}} ('memref.copy'): copy between views of different shapes (undefined behaviour), on input 0; replayed by dealloc-run
// EXEC-LABEL: @copy_shape: SAFE (3 inputs, 2 excluded: undefined behaviour)
// EXEC-NEXT: excluded: copy-shape at {{.*}} ('memref.copy'), 2 inputs, first 0:
func.func @copy_shape(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() : memref<2xf32>
  %c = memref.cast %b : memref<2xf32> to memref<?xf32>
  memref.copy %a, %c : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

// VERIFY-LABEL: @dim_index: SAFE (on defined inputs
// VERIFY-NEXT: note: excluded: dim-index at {{.*}} ('memref.dim'): {{.*}} on input b0,1; replayed by dealloc-run
// EXEC-LABEL: @dim_index: SAFE (3 inputs, 2 excluded: undefined behaviour)
// EXEC-NEXT: excluded: dim-index at {{.*}} ('memref.dim'), 2 inputs, first b0,1:
func.func @dim_index(%m: memref<2xf32>, %k: index) -> index {
  %d = memref.dim %m, %k : memref<2xf32>
  return %d : index
}

// VERIFY-LABEL: @affine_divisor: SAFE (on defined inputs
// VERIFY-NEXT: note: excluded: affine-divisor at {{.*}} ('affine.apply'): {{.*}} on input 0,0; replayed by dealloc-run
// EXEC-LABEL: @affine_divisor: SAFE (9 inputs, 3 excluded: undefined behaviour)
// EXEC-NEXT: excluded: affine-divisor at {{.*}} ('affine.apply'), 3 inputs, first 0,0:
func.func @affine_divisor(%x: index, %s: index) -> index {
  %r = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%x)[%s]
  return %r : index
}

// dealloc-run's enumeration has no negative size; verify's has.
// VERIFY-LABEL: @reshape_size: SAFE (on defined inputs
// VERIFY-NEXT: note: excluded: reshape-size at {{.*}} ('memref.reshape'): {{.*}} on input b0,-1; replayed by dealloc-run
// EXEC-LABEL: @reshape_size: SAFE (3 inputs)
func.func @reshape_size(%m: memref<4xf32>, %n: index) {
  %s = memref.alloc() : memref<1xindex>
  %c0 = arith.constant 0 : index
  memref.store %n, %s[%c0] : memref<1xindex>
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<1xindex>) -> memref<?xf32>
  memref.dealloc %s : memref<1xindex>
  return
}

// VERIFY-LABEL: @uninit_control: SAFE (on defined inputs
// VERIFY-NEXT: note: excluded: uninit-control at {{.*}} ('scf.if'): {{.*}} on input false; replayed by dealloc-run
// EXEC-LABEL: @uninit_control: SAFE (2 inputs, 1 excluded: undefined behaviour)
// EXEC-NEXT: excluded: uninit-control at {{.*}} ('scf.if'), 1 input, first false:
func.func @uninit_control(%c: i1) {
  %a = memref.alloc() : memref<2xi1>
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %c, %a[%c0] : memref<2xi1>
  }
  %v = memref.load %a[%c0] : memref<2xi1>
  scf.if %v {
  }
  memref.dealloc %a : memref<2xi1>
  return
}

// VERIFY-LABEL: @linalg_domain: SAFE (on defined inputs
// VERIFY-NEXT: note: excluded: negative-size at {{.*}} on input -1; replayed by dealloc-run
// VERIFY-NEXT: note: excluded: linalg-domain at {{.*}} ('linalg.generic'): {{.*}} on input 0; replayed by dealloc-run
// EXEC-LABEL: @linalg_domain: SAFE (3 inputs, 2 excluded: undefined behaviour)
// EXEC-NEXT: excluded: linalg-domain at {{.*}} ('linalg.generic'), 2 inputs, first 0:
func.func @linalg_domain(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() : memref<2xf32>
  %f = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<?xf32>) outs(%b : memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<2xf32>
  return
}
func.func @step(%s: index) {

// VERIFY-LABEL: @step: SAFE (on defined inputs
// VERIFY-NEXT: note: excluded: non-positive-step at {{.*}} ('scf.for'): {{.*}} on input 0; replayed by dealloc-run
// EXEC-LABEL: @step: SAFE (3 inputs, 1 excluded: undefined behaviour)
// EXEC-NEXT: excluded: non-positive-step at {{.*}} ('scf.for'), 1 input, first 0:
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %s {
  }
  return
}

// A SAFE answer lists only excluded sites some input reaches
// ([safety.defined]): each listed site has a witness that dealloc-run
// replays to it. Two over-approximations of dealloc-verify listed sites no
// run reaches (found on bufferized-tensors.mlir's @shapes, where dealloc-run
// said SAFE on each witness):
// - a linalg op whose body does not read its output (linalg.map, a
//   fill-like linalg.generic) writes initialized elements into an
//   uninitialized buffer ([op.uninit.flow]); the encoder required the output
//   to be initialized before, so a later branch on an element was an
//   "uninitialized value decides control flow" site;
// - a global's dense initial value is its contents at the first
//   get_global ([op.memref.get_global]); the encoder left them
//   unconstrained, so a memref.reshape by a constant shape global was a
//   "negative size" site.
// Both are exact now. A body that does read an uninitialized output, or
// uses an uninitialized value from above, still yields uninitialized
// elements: that site is real, listed and replayed. The encoder leaves such
// elements' initializedness unconstrained, so its model of a defined input
// is run too: here dealloc-run finds no defined input, and the SAFE answer
// says that whether one exists was not confirmed. A global whose initial
// value has a negative size is undefined behaviour on every input.
// SPEC: [safety.defined]
// SPEC: [op.uninit.flow]
// SPEC: [op.memref.get_global]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: @map_writes_init: SAFE{{$}}
// CHECK-NOT: note:
// EXEC-LABEL: @map_writes_init: SAFE (1 input){{$}}
func.func @map_writes_init() -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 9.0 : f32
  %a = memref.alloc() : memref<4x3xf32>
  linalg.map outs(%a : memref<4x3xf32>)
    (%init: f32) {
      linalg.yield %cst : f32
    }
  %0 = memref.load %a[%c0, %c2] : memref<4x3xf32>
  %1 = arith.cmpf oeq, %0, %cst : f32
  cf.assert %1, "written by the map"
  memref.dealloc %a : memref<4x3xf32>
  return %0 : f32
}

// CHECK-LABEL: @generic_fill_writes_init: SAFE{{$}}
// CHECK-NOT: note:
// EXEC-LABEL: @generic_fill_writes_init: SAFE (1 input){{$}}
#id = affine_map<(d0) -> (d0)>
func.func @generic_fill_writes_init() -> index {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<3xindex>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%a : memref<3xindex>) {
  ^bb0(%out: index):
    %i = linalg.index 0 : index
    %sq = arith.muli %i, %i : index
    linalg.yield %sq : index
  }
  %v = memref.load %a[%c1] : memref<3xindex>
  %ok = arith.cmpi eq, %v, %c1 : index
  cf.assert %ok, "1 * 1"
  memref.dealloc %a : memref<3xindex>
  return %v : index
}

// The body reads its uninitialized output: the elements stay
// uninitialized, and branching on one is undefined behaviour on every input.
// CHECK-LABEL: @generic_reads_uninit_output: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded: uninit-control at {{.*}}excluded-precision.mlir:{{[0-9]+}}:3 ('cf.assert'): uninitialized value decides control flow ([op.uninit.control]), on input ""; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (1 site, [safety.defined])
// CHECK-NEXT: note: whether some input is defined was not confirmed: the encoding's model (input "") reaches undefined behaviour in dealloc-run (the encoding over-approximates some contents) ([safety.defined])
// EXEC-LABEL: @generic_reads_uninit_output: UNKNOWN (1 input, 1 excluded: undefined behaviour)
func.func @generic_reads_uninit_output() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%a : memref<2xf32>) {
  ^bb0(%out: f32):
    %s = arith.addf %out, %one : f32
    linalg.yield %s : f32
  }
  %v = memref.load %a[%c0] : memref<2xf32>
  %ok = arith.cmpf oeq, %v, %one : f32
  cf.assert %ok, "uninitialized"
  memref.dealloc %a : memref<2xf32>
  return %v : f32
}

// The body yields a value loaded from an uninitialized buffer above it.
// CHECK-LABEL: @map_yields_uninit_from_above: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// CHECK-NEXT: note: excluded: uninit-control at {{.*}}excluded-precision.mlir:{{[0-9]+}}:3 ('cf.assert'): uninitialized value decides control flow ([op.uninit.control]), on input ""; replayed by dealloc-run
// CHECK-NEXT: note: the list of excluded sites is complete (1 site, [safety.defined])
// CHECK-NEXT: note: whether some input is defined was not confirmed: the encoding's model (input "") reaches undefined behaviour in dealloc-run (the encoding over-approximates some contents) ([safety.defined])
// EXEC-LABEL: @map_yields_uninit_from_above: UNKNOWN (1 input, 1 excluded: undefined behaviour)
func.func @map_yields_uninit_from_above() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %u = memref.alloca() : memref<1xf32>
  %x = memref.load %u[%c0] : memref<1xf32>
  %a = memref.alloc() : memref<2xf32>
  linalg.map outs(%a : memref<2xf32>)
    (%init: f32) {
      linalg.yield %x : f32
    }
  %v = memref.load %a[%c0] : memref<2xf32>
  %ok = arith.cmpf oeq, %v, %one : f32
  cf.assert %ok, "uninitialized"
  memref.dealloc %a : memref<2xf32>
  return %v : f32
}

memref.global "private" constant @shape : memref<2xindex> = dense<[2, 3]>
memref.global "private" constant @negative : memref<2xindex> = dense<[2, -3]>
memref.global "private" constant @values : memref<3xf32> = dense<[1.0, -2.5, 4.0]>

// CHECK-LABEL: @reshape_by_global: SAFE{{$}}
// CHECK-NOT: note:
// EXEC-LABEL: @reshape_by_global: SAFE (1 input){{$}}
func.func @reshape_by_global(%a: memref<6xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.get_global @shape : memref<2xindex>
  %r = memref.reshape %a(%s) : (memref<6xf32>, memref<2xindex>) -> memref<2x3xf32>
  %v = memref.load %r[%c0, %c0] : memref<2x3xf32>
  return %v : f32
}

// CHECK-LABEL: @global_values: SAFE{{$}}
// CHECK-NOT: note:
// EXEC-LABEL: @global_values: SAFE (1 input){{$}}
func.func @global_values() -> f32 {
  %c1 = arith.constant 1 : index
  %want = arith.constant -2.5 : f32
  %g = memref.get_global @values : memref<3xf32>
  %v = memref.load %g[%c1] : memref<3xf32>
  %ok = arith.cmpf oeq, %v, %want : f32
  cf.assert %ok, "the initial value"
  return %v : f32
}

// CHECK-LABEL: @reshape_by_negative_global: UNKNOWN (no defined input
// CHECK-NEXT: note: excluded: reshape-size at {{.*}}excluded-precision.mlir:[[@LINE+5]]:8 ('memref.reshape'): memref.reshape to a negative size or one that differs from the result type (undefined behaviour), on input b0; replayed by dealloc-run
// EXEC-LABEL: @reshape_by_negative_global: UNKNOWN (1 input, 1 excluded: undefined behaviour)
func.func @reshape_by_negative_global(%a: memref<6xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.get_global @negative : memref<2xindex>
  %r = memref.reshape %a(%s) : (memref<6xf32>, memref<2xindex>) -> memref<2x?xf32>
  %v = memref.load %r[%c0, %c0] : memref<2x?xf32>
  return %v : f32
}

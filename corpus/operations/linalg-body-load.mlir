// A linalg body that loads from a memref it captures (a gather): each load
// is an ordinary memref.load at its point ([op.linalg.body.load]): the
// captured buffer must be live ([heap.use]) and the index inside it
// ([safety.oob]). dealloc-verify encodes the body at every point of a
// static domain ([verify.encoding.linalg.loads]); a dynamic domain stays
// UNSUPPORTED, naming the limit.
// SPEC: [op.linalg.body.load] [verify.encoding.linalg.loads]
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: not dealloc-verify --strict-ub --function gather_filled %s 2>/dev/null | FileCheck %s --check-prefix=STRICT
// RUN: not dealloc-run --function gather_filled --input 40 %s | FileCheck %s --check-prefix=OOB
// RUN: not dealloc-run --function chase_written --input 7 %s | FileCheck %s --check-prefix=OOB
// OOB: UNKNOWN (1 input, 1 excluded: undefined behaviour)
// OOB: excluded: out-of-bounds at {{.*}} ('memref.load')
// RUN: mlir-opt --one-shot-bufferize=bufferize-function-boundaries %S/Inputs/linalg-gather-tensors.mlir -o %t.buf.mlir
// RUN: mlir-opt --buffer-deallocation-pipeline %t.buf.mlir -o %t.up.mlir
// RUN: dealloc-opt --reference-buffer-deallocation-pipeline %t.buf.mlir -o %t.ref.mlir
// RUN: dealloc-run %t.up.mlir | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-verify %t.up.mlir | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-verify %t.ref.mlir | FileCheck %s --check-prefix=PIPE
// RUN: dealloc-verify --equiv %t.up.mlir %t.ref.mlir | FileCheck %s --check-prefix=EQUIV
// PIPE: @gather: SAFE
// EQUIV: @gather: EQUIVALENT

#id = affine_map<(d0) -> (d0)>

// The indices come from an argument (caller contents are zero): every load
// is inside the table.
// EXEC-LABEL: @gather_argument: SAFE
// VERIFY-LABEL: @gather_argument: SAFE{{$}}
func.func @gather_argument(%idx: memref<8xindex>, %table: memref<32xf32>) {
  %out = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%idx : memref<8xindex>) outs(%out : memref<8xf32>) {
  ^bb0(%k: index, %o: f32):
    %v = memref.load %table[%k] : memref<32xf32>
    linalg.yield %v : f32
  }
  memref.dealloc %out : memref<8xf32>
  return
}

// Every index is %n: a load outside the table for n < 0 or n >= 32, which
// is undefined behaviour: those inputs are excluded (and --strict-ub is
// UNKNOWN on them), never a plain SAFE.
// EXEC-LABEL: @gather_filled: SAFE (3 inputs)
// VERIFY-LABEL: @gather_filled: SAFE (on defined inputs: undefined behaviour excluded, [safety.defined])
// VERIFY-NEXT: note: excluded: out-of-bounds at {{.*}}linalg-body-load.mlir:[[@LINE+10]]:10 ('memref.load'): out-of-bounds access, on input {{-?[0-9]+}}; replayed by dealloc-run
// STRICT: @gather_filled: UNKNOWN (input {{-?[0-9]+}} reaches out-of-bounds access
func.func @gather_filled(%n: index) {
  %idx = memref.alloc() : memref<8xindex>
  linalg.fill ins(%n : index) outs(%idx : memref<8xindex>)
  %table = memref.alloc() : memref<32xf32>
  %out = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%idx : memref<8xindex>) outs(%out : memref<8xf32>) {
  ^bb0(%k: index, %o: f32):
    %v = memref.load %table[%k] : memref<32xf32>
    linalg.yield %v : f32
  }
  memref.dealloc %idx : memref<8xindex>
  memref.dealloc %table : memref<32xf32>
  memref.dealloc %out : memref<8xf32>
  return
}

// The table is freed on one path before the gather reads it: the body's
// load is a use after free, found and replayed.
// EXEC-LABEL: @gather_freed: USE_AFTER_FREE
// VERIFY-LABEL: @gather_freed: USE_AFTER_FREE on input true (
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE
func.func @gather_freed(%c: i1) {
  %table = memref.alloc() : memref<32xf32>
  %out = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %table : memref<32xf32>
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%out : memref<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %v = memref.load %table[%i] : memref<32xf32>
    linalg.yield %v : f32
  }
  scf.if %c {
  } else {
    memref.dealloc %table : memref<32xf32>
  }
  memref.dealloc %out : memref<4xf32>
  return
}

// The body reads the buffer the op writes (a reversal in place): what it
// loads may have been written at an earlier point, so it is any value;
// the indices 7 - i stay inside.
// EXEC-LABEL: @reverse_in_place: SAFE
// VERIFY-LABEL: @reverse_in_place: SAFE{{$}}
func.func @reverse_in_place() {
  %m = memref.alloc() : memref<8xi32>
  %z = arith.constant 3 : i32
  linalg.fill ins(%z : i32) outs(%m : memref<8xi32>)
  %c7 = arith.constant 7 : index
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%m : memref<8xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = arith.subi %c7, %i : index
    %v = memref.load %m[%j] : memref<8xi32>
    linalg.yield %v : i32
  }
  memref.dealloc %m : memref<8xi32>
  return
}

// A value loaded from the buffer the op writes decides the next index:
// from point 1 on, element 0 holds %n, written at point 0, so the load of
// %t[%n] is outside %t for n outside [0, 4). dealloc-verify takes the
// loaded value as any value ([verify.encoding.linalg.loads]), so it finds
// the site (its witness input may not be one that reaches it).
// EXEC-LABEL: @chase_written: SAFE (3 inputs)
// VERIFY-LABEL: @chase_written: SAFE (on defined inputs
// VERIFY: note: excluded: out-of-bounds at {{.*}}linalg-body-load.mlir:[[@LINE+10]]:10{{.*}}: out-of-bounds access
func.func @chase_written(%n: index) {
  %m = memref.alloc() : memref<4xindex>
  %c0 = arith.constant 0 : index
  linalg.fill ins(%c0 : index) outs(%m : memref<4xindex>)
  %t = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : memref<4xf32>) outs(%m : memref<4xindex>) {
  ^bb0(%x: f32, %o: index):
    %k = memref.load %m[%c0] : memref<4xindex>
    %f = memref.load %t[%k] : memref<4xf32>
    linalg.yield %n : index
  }
  memref.dealloc %m : memref<4xindex>
  memref.dealloc %t : memref<4xf32>
  return
}

// A dynamic domain is not encoded point by point.
// EXEC-LABEL: @gather_dynamic: SAFE
// VERIFY-LABEL: @gather_dynamic: UNSUPPORTED ('linalg.generic': body loads from a memref and the iteration domain is not static with at most 256 points ([verify.encoding.linalg.loads])
func.func @gather_dynamic(%idx: memref<?xindex>, %table: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %idx, %c0 : memref<?xindex>
  %out = memref.alloc(%n) : memref<?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%idx : memref<?xindex>) outs(%out : memref<?xf32>) {
  ^bb0(%k: index, %o: f32):
    %v = memref.load %table[%k] : memref<32xf32>
    linalg.yield %v : f32
  }
  memref.dealloc %out : memref<?xf32>
  return
}

// A store into a captured memref stays UNSUPPORTED, with the reason.
// VERIFY-LABEL: @scatter: UNSUPPORTED ('linalg.generic': body op 'memref.store' writes a captured memref: not encoded ([verify.encoding.linalg.loads])
func.func @scatter(%table: memref<32xf32>) {
  %out = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%out : memref<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    memref.store %o, %table[%i] : memref<32xf32>
    linalg.yield %o : f32
  }
  memref.dealloc %out : memref<4xf32>
  return
}

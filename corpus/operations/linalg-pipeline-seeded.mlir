// Upstream's output (one-shot-bufferize with allow-return-allocs-from-loops,
// then --buffer-deallocation-pipeline) for a loop that carries a tensor
// through a linalg.generic, with one seeded bug: the free of the previous
// iteration's buffer is moved before the linalg.generic that reads it. The
// read is a use by the op's memory effects; the second iteration finds it.
// This run is drawn in docs/img/counterexample-linalg-use-after-free.png.
// SPEC: [op.linalg.uses]
// RUN: not dealloc-run %s | FileCheck %s
// RUN: not dealloc-run %s --dot %t.dot
// RUN: FileCheck %s --check-prefix=DOT < %t.dot

// CHECK-LABEL: @loop_increment: USE_AFTER_FREE (3 inputs)
// CHECK-NEXT:    input: 2,b0
// CHECK-NEXT:    reason: [heap.use] 'linalg.generic' accesses freed buffer #2
// CHECK-NEXT:    trace:
// CHECK-NEXT:      allocated buffer #2 at loc("{{.*}}":[[@LINE+21]]:16)
// CHECK-NEXT:      freed at loc("{{.*}}":[[@LINE+18]]:9)
// CHECK-NEXT:      used at loc("{{.*}}":[[@LINE+20]]:7)

// DOT: label="scf.for body"
// DOT-NEXT: ^bb0 (entered 2x){{.*}}<B>alloc #2 #3</B>{{.*}}USE_AFTER_FREE [heap.use]: buffer #2 used after its free
// DOT: label="scf.if then"
// DOT-NEXT: ^bb0 (entered 1x){{.*}}<B>free #2</B>
#map = affine_map<(d0) -> (d0)>
module {
  func.func @loop_increment(%arg0: index, %arg1: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
    %true = arith.constant true
    %false = arith.constant false
    %cst = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %arg1, %arg4 = %false) -> (memref<4xf32, strided<[?], offset: ?>>, i1) {
      %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %arg3 : memref<4xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
      scf.if %arg4 {
        memref.dealloc %base_buffer_1 : memref<f32>
      }
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg3 : memref<4xf32, strided<[?], offset: ?>>) outs(%alloc : memref<4xf32>) {
      ^bb0(%in: f32, %out: f32):
        %4 = arith.addf %in, %cst : f32
        linalg.yield %4 : f32
      }
      %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %cast, %true : memref<4xf32, strided<[?], offset: ?>>, i1
    }
    %1 = scf.if %0#1 -> (memref<4xf32, strided<[?], offset: ?>>) {
      scf.yield %0#0 : memref<4xf32, strided<[?], offset: ?>>
    } else {
      %4 = bufferization.clone %0#0 : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %4 : memref<4xf32, strided<[?], offset: ?>>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<4xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
    %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    %intptr_0 = memref.extract_aligned_pointer_as_index %1 : memref<4xf32, strided<[?], offset: ?>> -> index
    %2 = arith.cmpi ne, %intptr, %intptr_0 : index
    %3 = arith.andi %2, %0#1 : i1
    scf.if %3 {
      memref.dealloc %base_buffer : memref<f32>
    }
    return %1 : memref<4xf32, strided<[?], offset: ?>>
  }
}


// A double free produced by --buffer-deallocation-pipeline inside one
// function, no ABI involved: an scf.if yields an allocation and a memref.view
// of it (byte shift 8). After stage 5 the join frees both region results with
// one bufferization.dealloc -- correct under the spec, which frees the one
// buffer once. The lowering compares aligned pointers, which differ by 8, and
// frees the buffer twice. Executed, glibc aborts.
// SPEC: [dev.dealloc.lower.view-pointer]
// RUN: mlir-opt %s -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification \
// RUN: | FileCheck %s --check-prefix=STAGE5
// RUN: mlir-opt %s -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification \
// RUN: | dealloc-run --function if_view - | FileCheck %s --check-prefix=SAFE5
// RUN: mlir-opt %s -buffer-deallocation-pipeline | not dealloc-run --function if_view - | FileCheck %s --check-prefix=LOWERED
// RUN: mlir-opt %s -buffer-deallocation-pipeline -convert-scf-to-cf -expand-strided-metadata -lower-affine -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts -o %t.ll.mlir
// RUN: not --crash mlir-runner %t.ll.mlir -e main -entry-point-result=void 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: mlir-runner %t.ll.mlir -e main_else -entry-point-result=void

// STAGE5-LABEL: func.func @if_view
// STAGE5: %[[R:.*]]:4 = scf.if
// STAGE5: %[[B0:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
// STAGE5: %[[B1:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#1
// STAGE5: bufferization.dealloc (%[[B0]], %[[B1]] : memref<i8>, memref<f32>) if (%[[R]]#2, %[[R]]#3)
// SAFE5: @if_view: SAFE (2 inputs)
// LOWERED: @if_view: DOUBLE_FREE
// LOWERED-NEXT: input: true,
// EXEC: double free

func.func @if_view(%x: i1, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %r:2 = scf.if %x -> (memref<16xi8>, memref<2xf32>) {
    %a = memref.alloc() : memref<16xi8>
    %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
    scf.yield %a, %v : memref<16xi8>, memref<2xf32>
  } else {
    %a = memref.alloc() : memref<16xi8>
    %b = memref.alloc() : memref<2xf32>
    scf.yield %a, %b : memref<16xi8>, memref<2xf32>
  }
  memref.store %f, %r#1[%c0] : memref<2xf32>
  %w = memref.load %r#1[%c0] : memref<2xf32>
  %i8 = arith.constant 0 : i8
  memref.store %i8, %r#0[%c0] : memref<16xi8>
  return %w : f32
}
func.func @main() {
  %t = arith.constant true
  %z = arith.constant 0.0 : f32
  %w = call @if_view(%t, %z) : (i1, f32) -> f32
  return
}
func.func @main_else() {
  %t = arith.constant false
  %z = arith.constant 0.0 : f32
  %w = call @if_view(%t, %z) : (i1, f32) -> f32
  return
}

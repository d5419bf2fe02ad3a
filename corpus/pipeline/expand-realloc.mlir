// Stage 1 (expand-realloc{emit-deallocs=false}): memref.realloc becomes a
// size test, a fresh alloc + copy when growing, a reinterpret_cast of the old
// buffer otherwise -- and no free of the old buffer; stage 3 frees it.
// SPEC: [pipeline.expand-realloc]
// RUN: mlir-opt %s -expand-realloc=emit-deallocs=false | FileCheck %s --check-prefix=STAGE1
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPE
// Growing (n = 3): the realloc program is SAFE, stage 1 alone leaks the old
// buffer, stages 1-3 and the whole pipeline are SAFE again.
// RUN: dealloc-run --input 3,0 %s | FileCheck %s --check-prefix=INPUT
// RUN: mlir-opt %s -expand-realloc=emit-deallocs=false | not dealloc-run --input 3,0 - | FileCheck %s --check-prefix=ONLY1
// RUN: mlir-opt %s -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation | dealloc-run --input 3,0 - | FileCheck %s --check-prefix=INPUT
// RUN: mlir-opt %s -buffer-deallocation-pipeline | dealloc-run --input 3,0 - | FileCheck %s --check-prefix=INPUT
// INPUT: @grow: SAFE (1 input)
// ONLY1: @grow: LEAK (1 input)

// STAGE1-LABEL: func.func @grow
// STAGE1-SAME: (%[[N:.*]]: index
// STAGE1: %[[OLD:.*]] = memref.alloc() : memref<2xf32>
// STAGE1: %[[GROW:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : index
// STAGE1: %[[R:.*]] = scf.if %[[GROW]] -> (memref<?xf32>) {
// STAGE1-NEXT: %[[NEW:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// STAGE1: memref.copy %[[OLD]]
// STAGE1-NEXT: scf.yield %[[NEW]]
// STAGE1: } else {
// STAGE1-NEXT: %[[RC:.*]] = memref.reinterpret_cast %[[OLD]]
// STAGE1-NEXT: scf.yield %[[RC]]
// STAGE1-NOT: memref.dealloc
// STAGE1: return %[[R]]

// After the whole pipeline the old buffer is freed unless it is what is
// returned; when it is (not growing) a clone is returned instead.
// PIPE-LABEL: func.func @grow
// PIPE: %[[OLD:.*]] = memref.alloc() : memref<2xf32>
// PIPE: %[[R:.*]]:2 = scf.if
// PIPE: bufferization.clone
// PIPE: call @dealloc_helper
// PIPE: scf.if
// PIPE-NEXT: memref.dealloc %[[OLD]] : memref<2xf32>
// PIPE: return %[[R]]#1
func.func @grow(%n: index, %f: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %b = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  return %b : memref<?xf32>
}

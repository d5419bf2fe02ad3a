// Upstream's op description requires the memrefs operands to be "the
// originally allocated memrefs"; the verifier does not check it, and the
// ownership pass itself passes the base of extract_strided_metadata of a
// value that may be a memref.view (whose base is not the allocation).
// SPEC: [dev.dealloc.operands.unchecked]
// RUN: mlir-opt %s -ownership-based-buffer-deallocation | FileCheck %s
// RUN: FileCheck %s --check-prefix=DOC --input-file=%mlir_include/mlir/Dialect/Bufferization/IR/BufferizationOps.td

// DOC: The `memref` operands must be the originally allocated memrefs, however, the
// DOC-NEXT: `retained` memref operands may be arbitrary memrefs.

// CHECK-LABEL: func.func @return_view_or_alloc
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xi8>
// CHECK: %[[V:.*]] = memref.view %[[A]]
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %[[V]], %{{.*}} : memref<2xf32>
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (memref<2xf32>) {
// CHECK-NEXT: scf.yield %[[S]] : memref<2xf32>
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]] : memref<2xf32> -> memref<f32>
// CHECK: bufferization.dealloc ({{.*}}%[[BASE]] : {{.*}}) if
func.func @return_view_or_alloc(%x: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<16xi8>
  %c8 = arith.constant 8 : index
  %v = memref.view %a[%c8][] : memref<16xi8> to memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %x, %v, %b : memref<2xf32>
  return %s : memref<2xf32>
}

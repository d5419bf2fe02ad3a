// A dangling retained value whose address glibc hands to the next
// allocation: upstream's lowering takes the new buffer for the retained one,
// does not free it (leak) and returns true. Spec: the retained value views
// the freed buffer, not the new one: the new buffer is freed, result false.
// SPEC: [dev.dealloc.lower.address-reuse]
// RUN: mlir-opt %s -bufferization-lower-deallocations -convert-scf-to-cf -expand-strided-metadata -lower-affine -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s
// The reference semantics agrees: @f is SAFE (the spec frees the new
// buffer); upstream's lowering leaks it when addresses are reused, and is
// SAFE when they are not.
// RUN: dealloc-run --reuse-addresses --function f %s | FileCheck %s --check-prefix=CONFORM
// RUN: mlir-opt %s -bufferization-lower-deallocations | not dealloc-run --reuse-addresses --function f - | FileCheck %s --check-prefix=REUSE
// RUN: mlir-opt %s -bufferization-lower-deallocations | dealloc-run --function f - | FileCheck %s --check-prefix=NOREUSE
// CONFORM: @f: SAFE (1 input)
// REUSE: @f: LEAK (1 input)
// NOREUSE: @f: SAFE (1 input)
// The allocator did reuse the address (precondition of the case):
// CHECK:      1
// The op's result (spec: 0):
// CHECK-NEXT: 1
// Whether the new buffer was freed (the next malloc gets its address; spec: 1):
// CHECK-NEXT: 0

func.func private @printI64(i64)
func.func private @printNewline()

func.func @f() -> (i1, i1, i1) {
  %t = arith.constant true
  %r = memref.alloc() : memref<2xf32>
  %pr = memref.extract_aligned_pointer_as_index %r : memref<2xf32> -> index
  memref.dealloc %r : memref<2xf32>
  %a = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %reused = arith.cmpi eq, %pr, %pa : index
  %x = bufferization.dealloc (%a : memref<2xf32>) if (%t) retain (%r : memref<2xf32>)
  %n = memref.alloc() : memref<2xf32>
  %pn = memref.extract_aligned_pointer_as_index %n : memref<2xf32> -> index
  %freed = arith.cmpi eq, %pa, %pn : index
  memref.dealloc %n : memref<2xf32>
  return %reused, %x, %freed : i1, i1, i1
}

func.func @print(%x: i1) {
  %y = arith.extui %x : i1 to i64
  call @printI64(%y) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %reused, %x, %freed = call @f() : () -> (i1, i1, i1)
  call @print(%reused) : (i1) -> ()
  call @print(%x) : (i1) -> ()
  call @print(%freed) : (i1) -> ()
  return
}

// memref.atomic_rmw with hand-written frees ([op.memref.atomic_rmw]): the
// value read (the result) decides the frees; an update after the free is a
// use after free. (memref.generic_atomic_rmw: generic-atomic-as-is.mlir.)
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @old_value SAFE
// EXPECT: @update_after_free SAFE USE_AFTER_FREE

func.func @old_value(%x: i32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : i32
  %a = memref.alloc() : memref<1xi32>
  memref.store %x, %a[%c0] : memref<1xi32>
  %old = memref.atomic_rmw addi %c5, %a[%c0] : (i32, memref<1xi32>) -> i32
  %same = arith.cmpi eq, %old, %x : i32
  scf.if %same {
    memref.dealloc %a : memref<1xi32>
  }
  return
}

func.func @update_after_free(%c: i1, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi32>
  memref.store %x, %a[%c0] : memref<2xi32>
  scf.if %c {
    memref.dealloc %a : memref<2xi32>
  }
  %old = memref.atomic_rmw addi %x, %a[%c0] : (i32, memref<2xi32>) -> i32
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xi32>
  }
  return %old : i32
}

// In byte mode (a module with memref.view), an address stored whole into an
// index buffer is read back as the stored term, also where the stored
// address is an if-then-else (a select, a join of branches): the solver
// never reassembles it from selected bytes. These functions timed out
// (UNKNOWN after 20 s) when each byte was a separate if-then-else.
// SPEC: [verify.encoding.contents], [verify.encoding.addr]
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=INTERP

// The module reinterprets a buffer, which makes contents bytes.
// CHECK-LABEL: @reinterpret: SAFE
// INTERP-LABEL: @reinterpret: SAFE
func.func @reinterpret() {
  %raw = memref.alloc() : memref<16xi8>
  %c0 = arith.constant 0 : index
  %v = memref.view %raw[%c0][] : memref<16xi8> to memref<4xf32>
  memref.dealloc %raw : memref<16xi8>
  return
}

// The address of a selected buffer, stored and loaded: equal to %a's
// address iff %c.
// CHECK-LABEL: @pointer_selected: SAFE
// INTERP-LABEL: @pointer_selected: SAFE
func.func @pointer_selected(%c: i1) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %ptrs = memref.alloc() : memref<1xindex>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %ps = memref.extract_aligned_pointer_as_index %s : memref<2xf32> -> index
  memref.store %ps, %ptrs[%c0] : memref<1xindex>
  %y = memref.load %ptrs[%c0] : memref<1xindex>
  %eq = arith.cmpi eq, %pa, %y : index
  memref.dealloc %b : memref<2xf32>
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %ptrs : memref<1xindex>
  return
}

// Addresses stored in the branches of an scf.if, at two positions of one
// buffer, read after the join.
// CHECK-LABEL: @pointer_joined: SAFE
// INTERP-LABEL: @pointer_joined: SAFE
func.func @pointer_joined(%c: i1, %d: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %ptrs = memref.alloc() : memref<2xindex>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  memref.store %pa, %ptrs[%c1] : memref<2xindex>
  scf.if %c {
    memref.store %pa, %ptrs[%c0] : memref<2xindex>
  } else {
    memref.store %pb, %ptrs[%c0] : memref<2xindex>
    scf.if %d {
      memref.store %pb, %ptrs[%c1] : memref<2xindex>
    }
  }
  %x = memref.load %ptrs[%c0] : memref<2xindex>
  %y = memref.load %ptrs[%c1] : memref<2xindex>
  %same = arith.cmpi eq, %x, %y : index
  // same iff %c or %d
  scf.if %same {
    memref.dealloc %a : memref<2xf32>
  }
  %cd = arith.ori %c, %d : i1
  scf.if %cd {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %b : memref<2xf32>
  memref.dealloc %ptrs : memref<2xindex>
  return
}

// The same with a wrong guard: with %c false and %d true the addresses
// are equal and %a is freed twice.
// CHECK-LABEL: @pointer_joined_wrong: DOUBLE_FREE on input false,true (
// CHECK: replayed by dealloc-run: DOUBLE_FREE
// INTERP-LABEL: @pointer_joined_wrong: DOUBLE_FREE
func.func @pointer_joined_wrong(%c: i1, %d: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %ptrs = memref.alloc() : memref<2xindex>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  memref.store %pa, %ptrs[%c1] : memref<2xindex>
  scf.if %c {
    memref.store %pa, %ptrs[%c0] : memref<2xindex>
  } else {
    memref.store %pb, %ptrs[%c0] : memref<2xindex>
    scf.if %d {
      memref.store %pb, %ptrs[%c1] : memref<2xindex>
    }
  }
  %x = memref.load %ptrs[%c0] : memref<2xindex>
  %y = memref.load %ptrs[%c1] : memref<2xindex>
  %same = arith.cmpi eq, %x, %y : index
  scf.if %same {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  memref.dealloc %b : memref<2xf32>
  memref.dealloc %ptrs : memref<2xindex>
  return
}

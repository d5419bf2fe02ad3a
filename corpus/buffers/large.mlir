// [buffer.contents.lazy]: contents exist only where a run wrote them, so
// buffers of hundreds of MiB and more run, and their violations are
// reported by both tools, dealloc-verify's replayed by dealloc-run.
// SPEC: [buffer.contents.lazy], [op.memref.alloc]
// RUN: not dealloc-run %s 2>/dev/null | FileCheck %s --check-prefix=EXEC
// RUN: not dealloc-verify %s 2>/dev/null | FileCheck %s --check-prefix=VERIFY

// 128 MiB, never freed.
// EXEC-LABEL: @leak_128mib: LEAK (1 input)
// VERIFY-LABEL: @leak_128mib: LEAK
// VERIFY: replayed by dealloc-run: LEAK [heap.leak]
func.func @leak_128mib() -> f32 {
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %f = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<2048x2048x8xf32>
  memref.store %f, %a[%c5, %c7, %c5] : memref<2048x2048x8xf32>
  %v = memref.load %a[%c5, %c7, %c5] : memref<2048x2048x8xf32>
  return %v : f32
}

// 1 GiB, written at both ends, freed.
// EXEC-LABEL: @gib_safe: SAFE (1 input)
// VERIFY-LABEL: @gib_safe: SAFE
func.func @gib_safe() -> f32 {
  %c0 = arith.constant 0 : index
  %last = arith.constant 268435455 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<268435456xf32>
  memref.store %f, %a[%c0] : memref<268435456xf32>
  memref.store %f, %a[%last] : memref<268435456xf32>
  %x = memref.load %a[%c0] : memref<268435456xf32>
  %y = memref.load %a[%last] : memref<268435456xf32>
  %s = arith.addf %x, %y : f32
  memref.dealloc %a : memref<268435456xf32>
  return %s : f32
}

// A clone of a 128 MiB buffer carries the one written value (the leak
// depends on it) and not the others (uninitialized: read, they could not
// decide control flow).
// EXEC-LABEL: @clone_carries_contents: LEAK (1 input)
// VERIFY-LABEL: @clone_carries_contents: LEAK
// VERIFY: replayed by dealloc-run: LEAK [heap.leak]
func.func @clone_carries_contents() {
  %c3 = arith.constant 3 : index
  %c1000 = arith.constant 1000 : index
  %f = arith.constant 4.0 : f32
  %a = memref.alloc() : memref<2048x2048x8xf32>
  memref.store %f, %a[%c1000, %c3, %c3] : memref<2048x2048x8xf32>
  %b = bufferization.clone %a : memref<2048x2048x8xf32> to memref<2048x2048x8xf32>
  memref.dealloc %a : memref<2048x2048x8xf32>
  %v = memref.load %b[%c1000, %c3, %c3] : memref<2048x2048x8xf32>
  %four = arith.cmpf oeq, %v, %f : f32
  scf.if %four {
  } else {
    memref.dealloc %b : memref<2048x2048x8xf32>
  }
  return
}

// A 1 GiB realloc keeps the written byte of the 128 MiB source.
// EXEC-LABEL: @realloc_keeps_contents: USE_AFTER_FREE (1 input)
// VERIFY-LABEL: @realloc_keeps_contents: USE_AFTER_FREE
// VERIFY: replayed by dealloc-run: USE_AFTER_FREE [heap.use]
func.func @realloc_keeps_contents() {
  %c9 = arith.constant 9 : index
  %c1 = arith.constant 1 : i8
  %a = memref.alloc() : memref<134217728xi8>
  memref.store %c1, %a[%c9] : memref<134217728xi8>
  %b = memref.realloc %a : memref<134217728xi8> to memref<1073741824xi8>
  %v = memref.load %b[%c9] : memref<1073741824xi8>
  %one = arith.cmpi eq, %v, %c1 : i8
  scf.if %one {
    %w = memref.load %a[%c9] : memref<134217728xi8>
  }
  memref.dealloc %b : memref<1073741824xi8>
  return
}

// Writing 512 MiB (a copy of a zero-filled argument) passes the 256 MiB of
// contents a run may write: dealloc-run stops, dealloc-verify proves it.
// EXEC-LABEL: @contents_limit: UNKNOWN (1 input): buffer contents limit: the run writes more than 256 MiB ([buffer.contents.lazy])
// VERIFY-LABEL: @contents_limit: SAFE
func.func @contents_limit(%src: memref<134217728xf32>) {
  %a = memref.alloc() : memref<134217728xf32>
  memref.copy %src, %a : memref<134217728xf32> to memref<134217728xf32>
  memref.dealloc %a : memref<134217728xf32>
  return
}

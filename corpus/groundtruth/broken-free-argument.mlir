// Broken variant "free an argument": a public function never owns its
// arguments. Only some inputs reach the free.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @f SAFE INVALID_FREE

func.func @f(%c: i1, %a: memref<?xf32>) {
  scf.if %c {
    memref.dealloc %a : memref<?xf32>
  }
  return
}

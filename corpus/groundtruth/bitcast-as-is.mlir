// [op.arith.bitcast]: a bitcast computes what the compiled program computes,
// so a free decided by it happens in both. On the input 0: the bits of 0.0
// are 0, so @zero_bits frees; 1.0's bits are 0x3F800000, which @one_bits
// compares with the wrong constant and leaks.
// RUN: %python %repo/corpus/groundtruth/groundtruth.py --as-is %s
// EXPECT: @zero_bits SAFE
// EXPECT: @one_bits LEAK

func.func @zero_bits(%x: i32) {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.bitcast %x : i32 to f32
  %z = arith.constant 0.0 : f32
  %b = arith.addf %f, %z : f32
  %y = arith.bitcast %b : f32 to i32
  %eq = arith.cmpi eq, %y, %x : i32
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

func.func @one_bits(%x: i32) {
  %a = memref.alloc() : memref<2xf32>
  %one = arith.constant 1.0 : f32
  %b = arith.bitcast %one : f32 to i32
  %bits = arith.constant 1065353217 : i32
  %eq = arith.cmpi eq, %b, %bits : i32
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

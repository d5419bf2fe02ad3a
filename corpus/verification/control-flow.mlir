// A chain of 12 cf diamonds, each of which may replace the buffer (2^12
// paths): the block-level encoding verifies upstream's output without
// enumerating paths.
// SPEC: [verify.encoding.cfg]
// RUN: mlir-opt --buffer-deallocation-pipeline %s | dealloc-verify --function chain - | FileCheck %s
// RUN: not dealloc-verify --function chain %s 2>/dev/null | FileCheck %s --check-prefix=INPUT

// CHECK: @chain: SAFE
// INPUT: @chain: LEAK
func.func @chain(%c: i1, %d: i1) -> memref<2xf32> {
  %m0 = memref.alloc() : memref<2xf32>
  cf.br ^bb0(%m0 : memref<2xf32>)
^bb0(%x0: memref<2xf32>):
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a0 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%a0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%x0 : memref<2xf32>)
^bb3(%x1: memref<2xf32>):
  cf.cond_br %c, ^bb4, ^bb5
^bb4:
  %a1 = memref.alloc() : memref<2xf32>
  cf.br ^bb6(%a1 : memref<2xf32>)
^bb5:
  cf.br ^bb6(%x1 : memref<2xf32>)
^bb6(%x2: memref<2xf32>):
  cf.cond_br %c, ^bb7, ^bb8
^bb7:
  %a2 = memref.alloc() : memref<2xf32>
  cf.br ^bb9(%a2 : memref<2xf32>)
^bb8:
  cf.br ^bb9(%x2 : memref<2xf32>)
^bb9(%x3: memref<2xf32>):
  cf.cond_br %c, ^bb10, ^bb11
^bb10:
  %a3 = memref.alloc() : memref<2xf32>
  cf.br ^bb12(%a3 : memref<2xf32>)
^bb11:
  cf.br ^bb12(%x3 : memref<2xf32>)
^bb12(%x4: memref<2xf32>):
  cf.cond_br %c, ^bb13, ^bb14
^bb13:
  %a4 = memref.alloc() : memref<2xf32>
  cf.br ^bb15(%a4 : memref<2xf32>)
^bb14:
  cf.br ^bb15(%x4 : memref<2xf32>)
^bb15(%x5: memref<2xf32>):
  cf.cond_br %c, ^bb16, ^bb17
^bb16:
  %a5 = memref.alloc() : memref<2xf32>
  cf.br ^bb18(%a5 : memref<2xf32>)
^bb17:
  cf.br ^bb18(%x5 : memref<2xf32>)
^bb18(%x6: memref<2xf32>):
  cf.cond_br %c, ^bb19, ^bb20
^bb19:
  %a6 = memref.alloc() : memref<2xf32>
  cf.br ^bb21(%a6 : memref<2xf32>)
^bb20:
  cf.br ^bb21(%x6 : memref<2xf32>)
^bb21(%x7: memref<2xf32>):
  cf.cond_br %c, ^bb22, ^bb23
^bb22:
  %a7 = memref.alloc() : memref<2xf32>
  cf.br ^bb24(%a7 : memref<2xf32>)
^bb23:
  cf.br ^bb24(%x7 : memref<2xf32>)
^bb24(%x8: memref<2xf32>):
  cf.cond_br %c, ^bb25, ^bb26
^bb25:
  %a8 = memref.alloc() : memref<2xf32>
  cf.br ^bb27(%a8 : memref<2xf32>)
^bb26:
  cf.br ^bb27(%x8 : memref<2xf32>)
^bb27(%x9: memref<2xf32>):
  cf.cond_br %c, ^bb28, ^bb29
^bb28:
  %a9 = memref.alloc() : memref<2xf32>
  cf.br ^bb30(%a9 : memref<2xf32>)
^bb29:
  cf.br ^bb30(%x9 : memref<2xf32>)
^bb30(%x10: memref<2xf32>):
  cf.cond_br %c, ^bb31, ^bb32
^bb31:
  %a10 = memref.alloc() : memref<2xf32>
  cf.br ^bb33(%a10 : memref<2xf32>)
^bb32:
  cf.br ^bb33(%x10 : memref<2xf32>)
^bb33(%x11: memref<2xf32>):
  cf.cond_br %c, ^bb34, ^bb35
^bb34:
  %a11 = memref.alloc() : memref<2xf32>
  cf.br ^bb36(%a11 : memref<2xf32>)
^bb35:
  cf.br ^bb36(%x11 : memref<2xf32>)
^bb36(%r: memref<2xf32>):
  return %r : memref<2xf32>
}

// Upstream MLIR 22 finding: --ownership-based-buffer-deallocation takes time
// exponential in the number of cf diamonds that pass one buffer through a
// block argument (no other allocation, no use inside the diamonds).
//   time /usr/lib/llvm-22/bin/mlir-opt --ownership-based-buffer-deallocation bench/repro/obd-exponential-diamonds-24.mlir -o /dev/null
// ~1.5 s here; each extra diamond multiplies the time by ~1.5-2 (see docs/benchmarks.md).
// Generated from: python3 bench/shapes.py diamonds 24 with the then-side alloc/copy and
// the else-side store removed.
module {
  func.func @entry(%arg0: memref<4xf32>, %p0: i1, %p1: i1, %p2: i1, %p3: i1, %p4: i1, %p5: i1, %p6: i1, %p7: i1, %p8: i1, %p9: i1, %p10: i1, %p11: i1, %p12: i1, %p13: i1, %p14: i1, %p15: i1, %p16: i1, %p17: i1, %p18: i1, %p19: i1, %p20: i1, %p21: i1, %p22: i1, %p23: i1) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 1.000000e+00 : f32
    %m0 = memref.alloc() : memref<4xf32>
    memref.copy %arg0, %m0 : memref<4xf32> to memref<4xf32>
    cf.br ^bb0(%m0 : memref<4xf32>)
  ^bb0(%b0: memref<4xf32>):
    cf.cond_br %p0, ^then0, ^else0
  ^then0:
    cf.br ^bb1(%b0 : memref<4xf32>)
  ^else0:
    cf.br ^bb1(%b0 : memref<4xf32>)
  ^bb1(%b1: memref<4xf32>):
    cf.cond_br %p1, ^then1, ^else1
  ^then1:
    cf.br ^bb2(%b1 : memref<4xf32>)
  ^else1:
    cf.br ^bb2(%b1 : memref<4xf32>)
  ^bb2(%b2: memref<4xf32>):
    cf.cond_br %p2, ^then2, ^else2
  ^then2:
    cf.br ^bb3(%b2 : memref<4xf32>)
  ^else2:
    cf.br ^bb3(%b2 : memref<4xf32>)
  ^bb3(%b3: memref<4xf32>):
    cf.cond_br %p3, ^then3, ^else3
  ^then3:
    cf.br ^bb4(%b3 : memref<4xf32>)
  ^else3:
    cf.br ^bb4(%b3 : memref<4xf32>)
  ^bb4(%b4: memref<4xf32>):
    cf.cond_br %p4, ^then4, ^else4
  ^then4:
    cf.br ^bb5(%b4 : memref<4xf32>)
  ^else4:
    cf.br ^bb5(%b4 : memref<4xf32>)
  ^bb5(%b5: memref<4xf32>):
    cf.cond_br %p5, ^then5, ^else5
  ^then5:
    cf.br ^bb6(%b5 : memref<4xf32>)
  ^else5:
    cf.br ^bb6(%b5 : memref<4xf32>)
  ^bb6(%b6: memref<4xf32>):
    cf.cond_br %p6, ^then6, ^else6
  ^then6:
    cf.br ^bb7(%b6 : memref<4xf32>)
  ^else6:
    cf.br ^bb7(%b6 : memref<4xf32>)
  ^bb7(%b7: memref<4xf32>):
    cf.cond_br %p7, ^then7, ^else7
  ^then7:
    cf.br ^bb8(%b7 : memref<4xf32>)
  ^else7:
    cf.br ^bb8(%b7 : memref<4xf32>)
  ^bb8(%b8: memref<4xf32>):
    cf.cond_br %p8, ^then8, ^else8
  ^then8:
    cf.br ^bb9(%b8 : memref<4xf32>)
  ^else8:
    cf.br ^bb9(%b8 : memref<4xf32>)
  ^bb9(%b9: memref<4xf32>):
    cf.cond_br %p9, ^then9, ^else9
  ^then9:
    cf.br ^bb10(%b9 : memref<4xf32>)
  ^else9:
    cf.br ^bb10(%b9 : memref<4xf32>)
  ^bb10(%b10: memref<4xf32>):
    cf.cond_br %p10, ^then10, ^else10
  ^then10:
    cf.br ^bb11(%b10 : memref<4xf32>)
  ^else10:
    cf.br ^bb11(%b10 : memref<4xf32>)
  ^bb11(%b11: memref<4xf32>):
    cf.cond_br %p11, ^then11, ^else11
  ^then11:
    cf.br ^bb12(%b11 : memref<4xf32>)
  ^else11:
    cf.br ^bb12(%b11 : memref<4xf32>)
  ^bb12(%b12: memref<4xf32>):
    cf.cond_br %p12, ^then12, ^else12
  ^then12:
    cf.br ^bb13(%b12 : memref<4xf32>)
  ^else12:
    cf.br ^bb13(%b12 : memref<4xf32>)
  ^bb13(%b13: memref<4xf32>):
    cf.cond_br %p13, ^then13, ^else13
  ^then13:
    cf.br ^bb14(%b13 : memref<4xf32>)
  ^else13:
    cf.br ^bb14(%b13 : memref<4xf32>)
  ^bb14(%b14: memref<4xf32>):
    cf.cond_br %p14, ^then14, ^else14
  ^then14:
    cf.br ^bb15(%b14 : memref<4xf32>)
  ^else14:
    cf.br ^bb15(%b14 : memref<4xf32>)
  ^bb15(%b15: memref<4xf32>):
    cf.cond_br %p15, ^then15, ^else15
  ^then15:
    cf.br ^bb16(%b15 : memref<4xf32>)
  ^else15:
    cf.br ^bb16(%b15 : memref<4xf32>)
  ^bb16(%b16: memref<4xf32>):
    cf.cond_br %p16, ^then16, ^else16
  ^then16:
    cf.br ^bb17(%b16 : memref<4xf32>)
  ^else16:
    cf.br ^bb17(%b16 : memref<4xf32>)
  ^bb17(%b17: memref<4xf32>):
    cf.cond_br %p17, ^then17, ^else17
  ^then17:
    cf.br ^bb18(%b17 : memref<4xf32>)
  ^else17:
    cf.br ^bb18(%b17 : memref<4xf32>)
  ^bb18(%b18: memref<4xf32>):
    cf.cond_br %p18, ^then18, ^else18
  ^then18:
    cf.br ^bb19(%b18 : memref<4xf32>)
  ^else18:
    cf.br ^bb19(%b18 : memref<4xf32>)
  ^bb19(%b19: memref<4xf32>):
    cf.cond_br %p19, ^then19, ^else19
  ^then19:
    cf.br ^bb20(%b19 : memref<4xf32>)
  ^else19:
    cf.br ^bb20(%b19 : memref<4xf32>)
  ^bb20(%b20: memref<4xf32>):
    cf.cond_br %p20, ^then20, ^else20
  ^then20:
    cf.br ^bb21(%b20 : memref<4xf32>)
  ^else20:
    cf.br ^bb21(%b20 : memref<4xf32>)
  ^bb21(%b21: memref<4xf32>):
    cf.cond_br %p21, ^then21, ^else21
  ^then21:
    cf.br ^bb22(%b21 : memref<4xf32>)
  ^else21:
    cf.br ^bb22(%b21 : memref<4xf32>)
  ^bb22(%b22: memref<4xf32>):
    cf.cond_br %p22, ^then22, ^else22
  ^then22:
    cf.br ^bb23(%b22 : memref<4xf32>)
  ^else22:
    cf.br ^bb23(%b22 : memref<4xf32>)
  ^bb23(%b23: memref<4xf32>):
    cf.cond_br %p23, ^then23, ^else23
  ^then23:
    cf.br ^bb24(%b23 : memref<4xf32>)
  ^else23:
    cf.br ^bb24(%b23 : memref<4xf32>)
  ^bb24(%b24: memref<4xf32>):
    %v = memref.load %b24[%c1] : memref<4xf32>
    return %b24 : memref<4xf32>
  }
}

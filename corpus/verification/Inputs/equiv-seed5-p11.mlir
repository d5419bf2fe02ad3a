// harness program s5-p11 (dealloc-harness fuzz --seed 5, program 11): its
// allocation sites carry dealloc.site attributes, some on bufferization.clone;
// used by corpus/verification/equiv-scratch-clone.mlir.
module {
  memref.global "private" @g0 : memref<4xf32> = dense<0.0>
  memref.global "private" @g1 : memref<4xf32> = dense<0.0>
  func.func @publ0(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 1.0 : f32
    %g2 = memref.get_global @g1 : memref<4xf32>
    %b3 = arith.cmpi slt, %c0, %c2 : index
    %b4 = arith.cmpi slt, %c2, %c1 : index
    cf.cond_br %b4, ^bb1, ^bb2
  ^bb1:
    %w5:2 = scf.while (%wa6 = %g2, %wi7 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
      %wc8 = arith.cmpi slt, %wi7, %c0 : index
      scf.condition(%wc8) %wa6, %wi7 : memref<4xf32>, index
    } do {
    ^bb0(%wb9: memref<4xf32>, %wj10: index):
      %wk11 = arith.addi %wj10, %c1 : index
      %x12 = memref.load %wb9[%c1] : memref<4xf32>
      memref.copy %g2, %wb9 : memref<4xf32> to memref<4xf32>
      scf.yield %arg1, %wk11 : memref<4xf32>, index
    }
    %s13 = memref.alloca() {dealloc.site = 1 : i64} : memref<4xf32>
    cf.cond_br %b3, ^bb4, ^bb5
  ^bb4:
    %w14:2 = scf.while (%wa15 = %w5#0, %wi16 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
      %wc17 = arith.cmpi slt, %wi16, %c0 : index
      scf.condition(%wc17) %wa15, %wi16 : memref<4xf32>, index
    } do {
    ^bb0(%wb18: memref<4xf32>, %wj19: index):
      %wk20 = arith.addi %wj19, %c1 : index
      %s21 = memref.alloca() {dealloc.site = 2 : i64} : memref<4xf32>
      scf.yield %arg1, %wk20 : memref<4xf32>, index
    }
    cf.br ^bb6(%g2 : memref<4xf32>)
  ^bb5:
    cf.br ^bb6(%arg0 : memref<4xf32>)
  ^bb6(%j22: memref<4xf32>):
    %m23 = scf.if %b3 -> (memref<4xf32>) {
      scf.yield %g2 : memref<4xf32>
    } else {
      scf.yield %arg0 : memref<4xf32>
    }
    %m24 = scf.execute_region -> memref<4xf32> {
      scf.yield %arg1 : memref<4xf32>
    }
    %m25 = memref.alloc() {dealloc.site = 3 : i64} : memref<4xf32>
    cf.br ^bb3(%m23 : memref<4xf32>)
  ^bb2:
    %m26 = scf.for %i27 = %c0 to %c0 step %c1 iter_args(%it28 = %arg1) -> (memref<4xf32>) {
      %m29 = arith.select %b4, %it28, %arg1 : memref<4xf32>
      %s30 = memref.alloca() {dealloc.site = 4 : i64} : memref<4xf32>
      scf.yield %arg0 : memref<4xf32>
    }
    %g31 = memref.get_global @g1 : memref<4xf32>
    cf.br ^bb3(%arg0 : memref<4xf32>)
  ^bb3(%j32: memref<4xf32>):
    %m33 = scf.for %i34 = %c0 to %c2 step %c1 iter_args(%it35 = %arg1) -> (memref<4xf32>) {
      %m36 = bufferization.clone %j32 {dealloc.site = 5 : i64} : memref<4xf32> to memref<4xf32>
      %m37 = scf.for %i38 = %c0 to %c0 step %c1 iter_args(%it39 = %j32) -> (memref<4xf32>) {
        %m40 = bufferization.clone %m36 {dealloc.site = 6 : i64} : memref<4xf32> to memref<4xf32>
        %g41 = memref.get_global @g0 : memref<4xf32>
        scf.yield %arg0 : memref<4xf32>
      }
      scf.yield %g2 : memref<4xf32>
    }
    %m42 = memref.alloc() {dealloc.site = 7 : i64} : memref<4xf32>
    return %arg1, %m33 : memref<4xf32>, memref<4xf32>
  }
  func.func @entry(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: index) -> (memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 1.0 : f32
    memref.copy %arg0, %arg1 : memref<4xf32> to memref<4xf32>
    %b3 = arith.cmpi ne, %c0, %c1 : index
    %m4 = scf.if %b3 -> (memref<4xf32>) {
      scf.yield %arg0 : memref<4xf32>
    } else {
      %s5 = memref.alloca() {dealloc.site = 8 : i64} : memref<4xf32>
      scf.yield %arg1 : memref<4xf32>
    }
    %m6 = scf.execute_region -> memref<4xf32> {
      %b7 = arith.cmpi eq, %c0, %c1 : index
      cf.cond_br %b7, ^bb1, ^bb2
    ^bb1:
      %r8:2 = func.call @publ0(%arg0, %arg1) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
      cf.br ^bb3(%r8#1 : memref<4xf32>)
    ^bb2:
      %m9 = bufferization.clone %m4 {dealloc.site = 9 : i64} : memref<4xf32> to memref<4xf32>
      %m10 = scf.if %b7 -> (memref<4xf32>) {
        %r11:2 = func.call @publ0(%m4, %arg0) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
        scf.yield %m4 : memref<4xf32>
      } else {
        %e12 = memref.expand_shape %arg1 [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
        %m13 = memref.collapse_shape %e12 [[0, 1]] : memref<2x2xf32> into memref<4xf32>
        scf.yield %m9 : memref<4xf32>
      }
      cf.br ^bb3(%m9 : memref<4xf32>)
    ^bb3(%j14: memref<4xf32>):
      %m15 = bufferization.clone %arg1 {dealloc.site = 10 : i64} : memref<4xf32> to memref<4xf32>
      scf.yield %arg0 : memref<4xf32>
    }
    %b16 = arith.cmpi eq, %arg2, %c1 : index
    cf.cond_br %b16, ^bb4, ^bb5
  ^bb4:
    %m17 = scf.if %b3 -> (memref<4xf32>) {
      %e18 = memref.expand_shape %m6 [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
      %m19 = memref.collapse_shape %e18 [[0, 1]] : memref<2x2xf32> into memref<4xf32>
      %m20 = scf.execute_region -> memref<4xf32> {
        %g21 = memref.get_global @g1 : memref<4xf32>
        scf.yield %m19 : memref<4xf32>
      }
      scf.yield %arg0 : memref<4xf32>
    } else {
      scf.yield %m6 : memref<4xf32>
    }
    %m22 = memref.alloc() {dealloc.site = 11 : i64} : memref<4xf32>
    %m23 = scf.for %i24 = %c0 to %c1 step %c1 iter_args(%it25 = %arg0) -> (memref<4xf32>) {
      %m26 = bufferization.clone %arg1 {dealloc.site = 12 : i64} : memref<4xf32> to memref<4xf32>
      %m27 = scf.index_switch %c0 -> memref<4xf32>
      case 0 {
        %m28 = bufferization.clone %m6 {dealloc.site = 13 : i64} : memref<4xf32> to memref<4xf32>
        %m29 = memref.alloc() {dealloc.site = 14 : i64} : memref<4xf32>
        scf.yield %m28 : memref<4xf32>
      }
      case 1 {
        %r30:2 = func.call @publ0(%arg1, %m17) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
        scf.yield %m17 : memref<4xf32>
      }
      default {
        %g31 = memref.get_global @g1 : memref<4xf32>
        %m32 = bufferization.clone %arg1 {dealloc.site = 15 : i64} : memref<4xf32> to memref<4xf32>
        scf.yield %it25 : memref<4xf32>
      }
      scf.yield %m27 : memref<4xf32>
    }
    cf.cond_br %b3, ^bb7, ^bb8
  ^bb7:
    %r33:2 = func.call @publ0(%m6, %m23) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
    %m34 = arith.select %b3, %m17, %r33#1 : memref<4xf32>
    cf.br ^bb9(%r33#1 : memref<4xf32>)
  ^bb8:
    %w35:2 = scf.while (%wa36 = %m22, %wi37 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
      %wc38 = arith.cmpi slt, %wi37, %c2 : index
      scf.condition(%wc38) %wa36, %wi37 : memref<4xf32>, index
    } do {
    ^bb0(%wb39: memref<4xf32>, %wj40: index):
      %wk41 = arith.addi %wj40, %c1 : index
      %m42 = scf.for %i43 = %c0 to %arg2 step %c1 iter_args(%it44 = %m23) -> (memref<4xf32>) {
        memref.store %cst, %m17[%c0] : memref<4xf32>
        %b45 = arith.cmpi slt, %c2, %c2 : index
        scf.yield %arg0 : memref<4xf32>
      }
      scf.yield %m6, %wk41 : memref<4xf32>, index
    }
    %g46 = memref.get_global @g1 : memref<4xf32>
    cf.br ^bb9(%m22 : memref<4xf32>)
  ^bb9(%j47: memref<4xf32>):
    %m48 = scf.for %i49 = %c0 to %arg2 step %c1 iter_args(%it50 = %arg1) -> (memref<4xf32>) {
      scf.yield %m17 : memref<4xf32>
    }
    %sv51 = memref.subview %m48[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    memref.store %cst, %sv51[%c1] : memref<2xf32, strided<[1], offset: 1>>
    cf.br ^bb6(%m22 : memref<4xf32>)
  ^bb5:
    %m52 = scf.for %i53 = %c0 to %c2 step %c1 iter_args(%it54 = %arg0) -> (memref<4xf32>) {
      %m55 = bufferization.clone %m6 {dealloc.site = 16 : i64} : memref<4xf32> to memref<4xf32>
      %w56:2 = scf.while (%wa57 = %m4, %wi58 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
        %wc59 = arith.cmpi slt, %wi58, %c1 : index
        scf.condition(%wc59) %wa57, %wi58 : memref<4xf32>, index
      } do {
      ^bb0(%wb60: memref<4xf32>, %wj61: index):
        %wk62 = arith.addi %wj61, %c1 : index
        %m63 = bufferization.clone %m6 {dealloc.site = 17 : i64} : memref<4xf32> to memref<4xf32>
        %m64 = memref.alloc() {dealloc.site = 18 : i64} : memref<4xf32>
        scf.yield %m64, %wk62 : memref<4xf32>, index
      }
      scf.yield %arg1 : memref<4xf32>
    }
    %w65:2 = scf.while (%wa66 = %m6, %wi67 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
      %wc68 = arith.cmpi slt, %wi67, %c1 : index
      scf.condition(%wc68) %wa66, %wi67 : memref<4xf32>, index
    } do {
    ^bb0(%wb69: memref<4xf32>, %wj70: index):
      %wk71 = arith.addi %wj70, %c1 : index
      scf.yield %m6, %wk71 : memref<4xf32>, index
    }
    memref.copy %w65#0, %arg0 : memref<4xf32> to memref<4xf32>
    cf.cond_br %b16, ^bb10, ^bb11
  ^bb10:
    cf.br ^bb12(%m52 : memref<4xf32>)
  ^bb11:
    %m72 = memref.alloc() {dealloc.site = 19 : i64} : memref<4xf32>
    %g73 = memref.get_global @g0 : memref<4xf32>
    cf.br ^bb12(%w65#0 : memref<4xf32>)
  ^bb12(%j74: memref<4xf32>):
    %b75 = arith.cmpi slt, %c2, %c2 : index
    %m76 = arith.select %b3, %m52, %m52 : memref<4xf32>
    memref.copy %m6, %j74 : memref<4xf32> to memref<4xf32>
    cf.br ^bb6(%w65#0 : memref<4xf32>)
  ^bb6(%j77: memref<4xf32>):
    %m78 = arith.select %b3, %m6, %j77 : memref<4xf32>
    cf.cond_br %b16, ^bb13, ^bb14
  ^bb13:
    %m79 = arith.select %b3, %arg0, %m4 : memref<4xf32>
    %m80 = memref.alloc() {dealloc.site = 20 : i64} : memref<4xf32>
    %x81 = memref.load %m78[%c1] : memref<4xf32>
    cf.br ^bb15(%m80 : memref<4xf32>)
  ^bb14:
    %w82:2 = scf.while (%wa83 = %m78, %wi84 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
      %wc85 = arith.cmpi slt, %wi84, %c1 : index
      scf.condition(%wc85) %wa83, %wi84 : memref<4xf32>, index
    } do {
    ^bb0(%wb86: memref<4xf32>, %wj87: index):
      %wk88 = arith.addi %wj87, %c1 : index
      scf.yield %j77, %wk88 : memref<4xf32>, index
    }
    cf.br ^bb15(%m4 : memref<4xf32>)
  ^bb15(%j89: memref<4xf32>):
    %m90 = memref.reinterpret_cast %m78 to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32>
    %b91 = arith.cmpi slt, %c0, %c2 : index
    return %m90 : memref<4xf32>
  }
}

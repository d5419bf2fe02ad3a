// Integration-test style programs that print their results.
// Bufferized with --one-shot-bufferize=bufferize-function-boundaries.

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @main_fill_print() {
  %cst = arith.constant 2.5 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = bufferization.to_buffer %f : tensor<4x4xf32> to memref<4x4xf32>
  %u = memref.cast %m : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @main_matmul_print() {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = bufferization.to_buffer %r : tensor<2x2xf32> to memref<2x2xf32>
  %u = memref.cast %m : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

func.func private @printMemrefF32(tensor<*xf32>) attributes { llvm.emit_c_interface }

func.func @main_print_tensor_unranked() {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// -----

func.func @main_vector_print() {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
  %w = arith.mulf %v, %v : vector<8xf32>
  vector.print %w : vector<8xf32>
  %s = vector.reduction <add>, %w : vector<8xf32> into f32
  vector.print %s : f32
  return
}

// -----

func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }

func.func @main_print_i32() {
  %c7 = arith.constant 7 : i32
  %e = tensor.empty() : tensor<3x5xi32>
  %f = linalg.fill ins(%c7 : i32) outs(%e : tensor<3x5xi32>) -> tensor<3x5xi32>
  %m = bufferization.to_buffer %f : tensor<3x5xi32> to memref<3x5xi32>
  %u = memref.cast %m : memref<3x5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @compute(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @main_call_then_print() {
  %a = arith.constant dense<1.0> : tensor<8xf32>
  %b = arith.constant dense<2.0> : tensor<8xf32>
  %r = call @compute(%a, %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %m = bufferization.to_buffer %r : tensor<8xf32> to memref<8xf32>
  %u = memref.cast %m : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

func.func @main_print_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : tensor<4x4xf32>
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %row = vector.transfer_read %t[%i, %c0], %pad {in_bounds = [true]} : tensor<4x4xf32>, vector<4xf32>
    vector.print %row : vector<4xf32>
  }
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @main_dynamic_print(%n: index) {
  %cst = arith.constant 3.0 : f32
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  %m = bufferization.to_buffer %f : tensor<?x16xf32> to memref<?x16xf32>
  %u = memref.cast %m : memref<?x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

func.func @main_print_scalar_extract() {
  %t = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %c1 = arith.constant 1 : index
  %x = tensor.extract %t[%c1, %c1] : tensor<2x2xf32>
  vector.print %x : f32
  %i = arith.constant 42 : i64
  vector.print %i : i64
  vector.print str "done\n"
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @main_reduce_print() {
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%t : tensor<2x3xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %m = bufferization.to_buffer %r : tensor<2xf32> to memref<2xf32>
  %u = memref.cast %m : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @main_alloc_print_dealloc() {
  %m = memref.alloc() : memref<3xf32>
  %c = arith.constant 1.5 : f32
  linalg.fill ins(%c : f32) outs(%m : memref<3xf32>)
  %u = memref.cast %m : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<3xf32>
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @main_two_prints() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %n = linalg.negf ins(%a : tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %m1 = bufferization.to_buffer %a : tensor<3xf32> to memref<3xf32>
  %u1 = memref.cast %m1 : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %m2 = bufferization.to_buffer %n : tensor<3xf32> to memref<3xf32>
  %u2 = memref.cast %m2 : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}

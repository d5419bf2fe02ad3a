// scf.forall, scf.for, scf.if, calls and recursion on tensors.

func.func @forall_fill(%a: tensor<16xf32>) -> tensor<16xf32> {
  %one = arith.constant 1.0 : f32
  %r = scf.forall (%i) in (4) shared_outs(%o = %a) -> (tensor<16xf32>) {
    %off = arith.muli %i, %i : index
    %c4 = arith.constant 4 : index
    %start = arith.muli %i, %c4 : index
    %s = tensor.extract_slice %o[%start] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %f = linalg.fill ins(%one : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%start] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

func.func @forall_tiled_add(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (8, 8) step (4, 4) shared_outs(%o = %e) -> (tensor<8x8xf32>) {
    %sa = tensor.extract_slice %a[%i, %j] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
    %sb = tensor.extract_slice %b[%i, %j] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
    %so = tensor.extract_slice %o[%i, %j] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
    %s = linalg.add ins(%sa, %sb : tensor<4x4xf32>, tensor<4x4xf32>) outs(%so : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

// -----

func.func @forall_dynamic(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %two = arith.constant 2.0 : f32
  %r = scf.forall (%i) in (%n) shared_outs(%o = %a) -> (tensor<?xf32>) {
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<?xf32> to tensor<1xf32>
    %f = linalg.fill ins(%two : f32) outs(%s : tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}

// -----

func.func @if_tensor(%c: i1, %a: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %n = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_halve(%a: tensor<4xf32>, %n: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%t = %a, %k = %n) : (tensor<4xf32>, i32) -> (tensor<4xf32>, i32) {
    %cond = arith.cmpi sgt, %k, %c0 : i32
    scf.condition(%cond) %t, %k : tensor<4xf32>, i32
  } do {
  ^bb0(%t2: tensor<4xf32>, %k2: i32):
    %h = linalg.add ins(%t2, %t2 : tensor<4xf32>, tensor<4xf32>) outs(%t2 : tensor<4xf32>) -> tensor<4xf32>
    %k3 = arith.subi %k2, %c1 : i32
    scf.yield %h, %k3 : tensor<4xf32>, i32
  }
  return %r#0 : tensor<4xf32>
}

// -----

func.func @callee_inc(%t: tensor<8xf32>) -> tensor<8xf32> {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<8xf32>
  %y = arith.addf %x, %one : f32
  %r = tensor.insert %y into %t[%c0] : tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @caller_twice(%t: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %a = call @callee_inc(%t) : (tensor<8xf32>) -> tensor<8xf32>
  %b = call @callee_inc(%a) : (tensor<8xf32>) -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// -----

func.func @recursive_pair(%a: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r:2 = scf.if %done -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %a, %a : tensor<4xf32>, tensor<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %x:2 = func.call @recursive_pair(%a, %m) : (tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>)
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.add ins(%x#0, %x#1 : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s, %x#1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @nested_loops(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> (tensor<4x4xf32>) {
    %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (tensor<4x4xf32>) {
      %x = tensor.extract %u[%i, %j] : tensor<4x4xf32>
      %y = arith.addf %x, %x : f32
      %w = tensor.insert %y into %u[%i, %j] : tensor<4x4xf32>
      scf.yield %w : tensor<4x4xf32>
    }
    scf.yield %r2 : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

func.func @alloc_in_loop(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %e = tensor.empty() : tensor<16xf32>
    %f = linalg.fill ins(%acc : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %x = tensor.extract %f[%i] : tensor<16xf32>
    %y = arith.addf %x, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}

// -----

func.func @cross_insert_loop(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %v = tensor.extract %x[%c0] : tensor<4xf32>
    %x2 = tensor.insert %v into %y[%c1] : tensor<4xf32>
    %y2 = tensor.insert %v into %x[%c1] : tensor<4xf32>
    scf.yield %y2, %x2 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @forall_reduce_rows(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4xf32>) {
    %row = tensor.extract_slice %a[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
    %acc = tensor.extract_slice %o[%i] [1] [1] : tensor<4xf32> to tensor<f32>
    %s = linalg.reduce ins(%row : tensor<8xf32>) outs(%acc : tensor<f32>) dimensions = [0]
      (%in: f32, %ac: f32) {
        %t = arith.addf %in, %ac : f32
        linalg.yield %t : f32
      }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<f32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

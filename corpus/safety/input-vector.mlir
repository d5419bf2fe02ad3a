// Vector arguments: dealloc-run runs the splats of the element type's scalar
// values and a ramp; --input takes `<a b ...>` (or `<a>` for every lane, or
// `<a | k:v ...>` for every lane `a` but lanes k); a vector larger than the
// lane model has no input model.
// SPEC: [input.vector] [input.text] [input.order]
// RUN: dealloc-run --all-inputs %s --function enumeration | FileCheck %s --check-prefix=ALL
// RUN: not dealloc-run %s | FileCheck %s
// RUN: dealloc-run %s --function pick --input '<0 1 3 3>' | FileCheck %s --check-prefix=ONE
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','pick','--input','<0 1 2>'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-COUNT
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','pick','--input','<0 x 2 3>'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-LANE
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','pick','--input','0'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-FORM
// RUN: dealloc-run %s --function pick --input '<3 | 0:0 1:1>' | FileCheck %s --check-prefix=ONE
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','pick','--input','<0 | 4:1>'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-SPARSE

// 4 (vector<4xi32>: <0>, <1>, <2>, the ramp) * 3 (vector<2xi1>) * 2 (vector<3xf32>).
// ALL:      @enumeration(<0>,<false>,<0>): SAFE
// ALL-NEXT: @enumeration(<0>,<false>,<0 1 2>): SAFE
// ALL-NEXT: @enumeration(<0>,<true>,<0>): SAFE
// ALL-NEXT: @enumeration(<0>,<true>,<0 1 2>): SAFE
// ALL-NEXT: @enumeration(<0>,<false true>,<0>): SAFE
// ALL:      @enumeration(<0 1 2 3>,<false true>,<0 1 2>): SAFE
// ALL-NOT:  @enumeration
// CHECK-LABEL: @enumeration: SAFE (24 inputs)
func.func @enumeration(%a: vector<4xi32>, %b: vector<2xi1>, %c: vector<3xf32>) {
  return
}

// Lane 2 decides the free: it is 2 first on the splat <2>.
// CHECK-LABEL: @pick: LEAK (3 inputs)
// CHECK-NEXT:    input: <2>
// ONE: @pick: SAFE (1 input)
// BAD-COUNT: error: argument 0 ('<0 1 2>'): 3 lanes given, the type has 4 (or give one for all)
// BAD-LANE: error: argument 0 ('<0 x 2 3>'): lane 'x': expected a decimal integer
// BAD-FORM: error: argument 0 ('0'): expected <a b ...> for a vector
// BAD-SPARSE: error: argument 0 ('<0 | 4:1>'): '4:1': expected k:v with a lane k from 0 to 3
func.func @pick(%v: vector<4xi32>) {
  %c2 = arith.constant 2 : i32
  %x = vector.extract %v[2] : i32 from vector<4xi32>
  %a = memref.alloc() : memref<2xf32>
  %two = arith.cmpi eq, %x, %c2 : i32
  scf.if %two {
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The ramp makes lanes differ: lane 1 differs from lane 0 only on it.
// CHECK-LABEL: @lanes_differ: DOUBLE_FREE (2 inputs)
// CHECK-NEXT:    input: <0 1>
func.func @lanes_differ(%v: vector<2xf32>) {
  %x = vector.extract %v[0] : f32 from vector<2xf32>
  %y = vector.extract %v[1] : f32 from vector<2xf32>
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %ne = arith.cmpf one, %x, %y : f32
  scf.if %ne {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// CHECK-LABEL: @too_many_lanes: UNSUPPORTED
// CHECK-NEXT:    reason: argument type vector<256x257xf32> has no input model (more than 65536 lanes)
func.func @too_many_lanes(%v: vector<256x257xf32>) {
  return
}

// --input runs one input written as text; malformed text is exit 3.
// SPEC: [input.text]
// RUN: dealloc-run %s --function f --input 'true,2,b0[3],b0[3]' | FileCheck %s
// RUN: not dealloc-run %s --function f --input 'false,0,b0,b1' | FileCheck %s --check-prefix=LEAK
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','f','--input','maybe,0,b0,b0'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-BOOL
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','f','--input','true,0,b0'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-COUNT
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','f','--input','true,0,b0[2x2],b1'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-EXTENTS
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','f','--input','true,x,b0,b1'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=BAD-INT

// The buffers alias (b0, b0) and have 3 elements: index 2 is in bounds.
// CHECK: @f: SAFE (1 input)
// LEAK: @f: LEAK (1 input)
// LEAK-NEXT: input: false,0,b0,b1
// BAD-BOOL: error: argument 0 ('maybe'): expected true or false
// BAD-COUNT: error: input 'true,0,b0' has 3 values, the function has 4 arguments
// BAD-EXTENTS: error: argument 2 ('b0[2x2]'): 2 extents given, the type has 1 dynamic dimensions
// BAD-INT: error: argument 1 ('x'): expected a decimal integer
func.func @f(%c: i1, %i: index, %x: memref<?xf32>, %y: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  memref.store %one, %x[%i] : memref<?xf32>
  %v = memref.load %y[%i] : memref<?xf32>
  %aliased = arith.cmpf oeq, %v, %one : f32
  %a = memref.alloc() : memref<2xf32>
  %free = arith.andi %aliased, %c : i1
  scf.if %free {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// --function must name a function with a body; --input needs one function.
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--function','nope'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=NO-FN
// RUN: %python -c "import subprocess,sys; r=subprocess.run(['dealloc-run','%s','--input','true'],capture_output=True,text=True); print(r.stderr); sys.exit(0 if r.returncode == 3 else 1)" | FileCheck %s --check-prefix=MANY-FN
// NO-FN: error: no function @nope with a body
// MANY-FN: error: --input needs exactly one function (use --function)
func.func @g(%c: i1) {
  return
}

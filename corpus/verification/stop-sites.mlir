// An UNKNOWN because of stops lists every reachable stop site (kind and
// location), each with an input that reaches it first, replayed by dealloc-run
// ([verify.stops]): sites found in turn, each query leaving out the sites
// found before; a site reachable only on other inputs than the first one is
// listed with its own input; the enumeration says when it is cut off.
// SPEC: [verify.stops] [verify.verdict]
// RUN: not dealloc-verify --strict-ub %s 2>/dev/null | FileCheck %s
// RUN: not dealloc-verify --strict-ub --json %s 2>/dev/null | FileCheck %s --check-prefix=JSON

// Two sites on one path: the load stops inputs with %i outside 0..1, the
// division the others with %d = 0.
// CHECK-LABEL: @two_sites: UNKNOWN (input {{.*}} reaches
// CHECK-NEXT: note: stop at {{.*}}stop-sites.mlir:22:8 ('memref.load'): out-of-bounds access, on input -1,0,b0; replayed by dealloc-run
// CHECK-NEXT: note: stop at {{.*}}stop-sites.mlir:23:8 ('arith.divui'): undefined behaviour in arith.divui, on input 0,0,b0; replayed by dealloc-run
// CHECK-NEXT: note: the list of stop sites is complete (2 sites, [verify.stops])
// JSON: {"function":"two_sites",{{.*}}"stops":[
// JSON-SAME: {"input":"-1,0,b0","kind":"out-of-bounds","loc":"{{.*}}stop-sites.mlir:22:8","message":"out-of-bounds access","op":"memref.load","replayed":true,"run":"dealloc-run says UNKNOWN {{.*}}"},
// JSON-SAME: {"input":"0,0,b0","kind":"division","loc":"{{.*}}stop-sites.mlir:23:8","message":"undefined behaviour in arith.divui","op":"arith.divui","replayed":true,"run":"dealloc-run says UNKNOWN (division by zero{{.*}}"}]
// JSON-SAME: "stops_complete":true,"verdict":"UNKNOWN"}
func.func @two_sites(%i: index, %d: index, %a: memref<2xi32>) -> index {
  %c6 = arith.constant 6 : index
  %v = memref.load %a[%i] : memref<2xi32>
  %q = arith.divui %c6, %d : index
  return %q : index
}

// The negative size is reachable only on inputs other than those of the
// load (%c false): the second site has its own input.
// CHECK-LABEL: @second_input: UNKNOWN (input false,-1,b0 reaches negative allocation size
// CHECK-NEXT: note: stop at {{.*}}stop-sites.mlir:39:10 ('memref.load'): out-of-bounds access, on input true,-1,b0; replayed by dealloc-run
// CHECK-NEXT: note: stop at {{.*}}stop-sites.mlir:41:10 ('memref.alloc'): negative allocation size (undefined behaviour), on input false,-1,b0; replayed by dealloc-run
// CHECK-NEXT: note: the list of stop sites is complete (2 sites, [verify.stops])
// JSON: {"function":"second_input",{{.*}}"stops":[
// JSON-SAME: {"input":"true,-1,b0",{{.*}}"op":"memref.load","replayed":true,
// JSON-SAME: {"input":"false,-1,b0","kind":"negative-size",{{.*}}"message":"negative allocation size (undefined behaviour)","op":"memref.alloc","replayed":true,
// JSON-SAME: "stops_complete":true,"verdict":"UNKNOWN"}
func.func @second_input(%c: i1, %n: index, %a: memref<2xf32>) {
  scf.if %c {
    %v = memref.load %a[%n] : memref<2xf32>
  } else {
    %b = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
  }
  return
}

// A stop site and the loop bound: the bound is listed, but not replayed
// (dealloc-run does not bound loops), and the answer carries "bound".
// CHECK-LABEL: @site_and_bound: UNKNOWN (input -1,0,b0 reaches out-of-bounds access
// CHECK-NEXT: note: stop at {{.*}}stop-sites.mlir:57:8 ('memref.load'): out-of-bounds access, on input -1,0,b0; replayed by dealloc-run
// CHECK-NEXT: note: stop at {{.*}}stop-sites.mlir:58:3: loop bound 4 reached ([verify.bound]), on input 0,5,b0; not replayed: dealloc-run does not bound loops ([verify.replay])
// CHECK-NEXT: note: the list of stop sites is complete (2 sites, [verify.stops])
// JSON: {"bound":4,{{.*}}"function":"site_and_bound",{{.*}}"stops":[{{.*}}"replayed":true,{{.*}}{"bound":true,"input":"0,5,b0","kind":"loop-bound",{{.*}}"message":"loop bound 4 reached ([verify.bound])",{{.*}}"replayed":false,
func.func @site_and_bound(%i: index, %n: index, %a: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%i] : memref<2xf32>
  scf.for %k = %c0 to %n step %c1 {
  }
  return
}

// Seventeen sites, one per value of %k: the enumeration stops after 16 and
// says that more are reachable.
// CHECK-LABEL: @seventeen_sites: UNKNOWN (input 0,b0 reaches out-of-bounds access
// CHECK-COUNT-16: note: stop at
// CHECK-NEXT: note: stop sites: cut off after 16 sites, more are reachable ([verify.stops])
// JSON: {"function":"seventeen_sites",{{.*}}"stops_complete":false,"stops_cut":"cut off after 16 sites, more are reachable","verdict":"UNKNOWN"}
func.func @seventeen_sites(%k: index, %a: memref<2xf32>) {
  %c2 = arith.constant 2 : index
  %c0_k = arith.constant 0 : index
  %is0 = arith.cmpi eq, %k, %c0_k : index
  scf.if %is0 {
    %v0 = memref.load %a[%c2] : memref<2xf32>
  }
  %c1_k = arith.constant 1 : index
  %is1 = arith.cmpi eq, %k, %c1_k : index
  scf.if %is1 {
    %v1 = memref.load %a[%c2] : memref<2xf32>
  }
  %c2_k = arith.constant 2 : index
  %is2 = arith.cmpi eq, %k, %c2_k : index
  scf.if %is2 {
    %v2 = memref.load %a[%c2] : memref<2xf32>
  }
  %c3_k = arith.constant 3 : index
  %is3 = arith.cmpi eq, %k, %c3_k : index
  scf.if %is3 {
    %v3 = memref.load %a[%c2] : memref<2xf32>
  }
  %c4_k = arith.constant 4 : index
  %is4 = arith.cmpi eq, %k, %c4_k : index
  scf.if %is4 {
    %v4 = memref.load %a[%c2] : memref<2xf32>
  }
  %c5_k = arith.constant 5 : index
  %is5 = arith.cmpi eq, %k, %c5_k : index
  scf.if %is5 {
    %v5 = memref.load %a[%c2] : memref<2xf32>
  }
  %c6_k = arith.constant 6 : index
  %is6 = arith.cmpi eq, %k, %c6_k : index
  scf.if %is6 {
    %v6 = memref.load %a[%c2] : memref<2xf32>
  }
  %c7_k = arith.constant 7 : index
  %is7 = arith.cmpi eq, %k, %c7_k : index
  scf.if %is7 {
    %v7 = memref.load %a[%c2] : memref<2xf32>
  }
  %c8_k = arith.constant 8 : index
  %is8 = arith.cmpi eq, %k, %c8_k : index
  scf.if %is8 {
    %v8 = memref.load %a[%c2] : memref<2xf32>
  }
  %c9_k = arith.constant 9 : index
  %is9 = arith.cmpi eq, %k, %c9_k : index
  scf.if %is9 {
    %v9 = memref.load %a[%c2] : memref<2xf32>
  }
  %c10_k = arith.constant 10 : index
  %is10 = arith.cmpi eq, %k, %c10_k : index
  scf.if %is10 {
    %v10 = memref.load %a[%c2] : memref<2xf32>
  }
  %c11_k = arith.constant 11 : index
  %is11 = arith.cmpi eq, %k, %c11_k : index
  scf.if %is11 {
    %v11 = memref.load %a[%c2] : memref<2xf32>
  }
  %c12_k = arith.constant 12 : index
  %is12 = arith.cmpi eq, %k, %c12_k : index
  scf.if %is12 {
    %v12 = memref.load %a[%c2] : memref<2xf32>
  }
  %c13_k = arith.constant 13 : index
  %is13 = arith.cmpi eq, %k, %c13_k : index
  scf.if %is13 {
    %v13 = memref.load %a[%c2] : memref<2xf32>
  }
  %c14_k = arith.constant 14 : index
  %is14 = arith.cmpi eq, %k, %c14_k : index
  scf.if %is14 {
    %v14 = memref.load %a[%c2] : memref<2xf32>
  }
  %c15_k = arith.constant 15 : index
  %is15 = arith.cmpi eq, %k, %c15_k : index
  scf.if %is15 {
    %v15 = memref.load %a[%c2] : memref<2xf32>
  }
  %c16_k = arith.constant 16 : index
  %is16 = arith.cmpi eq, %k, %c16_k : index
  scf.if %is16 {
    %v16 = memref.load %a[%c2] : memref<2xf32>
  }
  return
}

// No stop is reachable: SAFE, no stop sites.
// CHECK-LABEL: @no_stop: SAFE
// CHECK-NOT: note: stop
// JSON: {"function":"no_stop","seconds":{{[0-9.]+}},"verdict":"SAFE"}
func.func @no_stop(%a: memref<2xf32>) {
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%c1] : memref<2xf32>
  return
}

// One JSON shape for a site where runs stop ([verify.report.json]): an
// excluded site of dealloc-run and of dealloc-verify ([safety.defined]) and
// a stop site of dealloc-verify --strict-ub ([verify.stops]) have the same
// fields in the same formats: "kind" the stop kind's name, "message" why,
// "loc" as file:line:col (not MLIR's loc("file":line:col)), "input" and
// "op". dealloc-check prints what the tools print.
// SPEC: [verify.report.json] [safety.defined] [verify.stops]
// RUN: dealloc-run --json %s | FileCheck %s --check-prefixes=SITE,RUNJ
// RUN: dealloc-verify --json %s | FileCheck %s --check-prefixes=SITE,VERIFY
// RUN: not dealloc-verify --strict-ub --json %s | FileCheck %s --check-prefixes=SITE,STOPS
// RUN: dealloc-check --no-warm-up < %S/Inputs/json-shape-jobs.jsonl | FileCheck %s --check-prefix=CHECK-JOB

// RUNJ: {"aborted":0,"capped":false,"defined_inputs":2,"excluded":[{"count":1,
// VERIFY: {"excluded":[{
// STOPS: "stops":[{
// SITE-SAME: "input":"b0,{{-?[0-9]+}}","kind":"out-of-bounds","loc":"{{[^"(]*}}json-shape.mlir:[[@LINE+7]]:8","message":"out-of-bounds access{{([^"]|\\")*}}","op":"memref.load"
// RUNJ-SAME: }],"function":"oob"
// VERIFY-SAME: "replayed":true,
// STOPS-SAME: "replayed":true,
// CHECK-JOB: {"exit":0,"id":1,{{.*}}"stdout":"{\"aborted\":0,\"capped\":false,\"defined_inputs\":2,\"excluded\":[{\"count\":1,\"input\":\"b0,2\",\"kind\":\"out-of-bounds\",\"loc\":\"shape.mlir:1:{{[0-9]+}}\",\"message\":\"out-of-bounds access
// CHECK-JOB: {"exit":0,"id":2,{{.*}}"stdout":"{\"excluded\":[{\"input\":\"b0,{{-?[0-9]+}}\",\"kind\":\"out-of-bounds\",\"loc\":\"shape.mlir:1:{{[0-9]+}}\",\"message\":\"out-of-bounds access\",\"op\":\"memref.load\",\"replayed\":true,
func.func @oob(%a: memref<2xf32>, %i: index) -> f32 {
  %v = memref.load %a[%i] : memref<2xf32>
  return %v : f32
}

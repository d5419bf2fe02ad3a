// dealloc-verify --equiv A B --dot FILE replays the first distinguishing
// input (of the first DIFFERENT function in output order, or of --function's)
// on both versions and draws both runs' buffer events side by side: cluster A
// and cluster B, allocations labelled with their site and k, the k-th
// buffers of a site joined by dashed lines, each free with its interval, and
// the first diverging free in red. Without a difference nothing is written.
// SPEC: [verify.dot] [equiv.def]
//
// RUN: not dealloc-verify --equiv --dot %t.moved.dot %s %S/Inputs/dot-equiv-b.mlir 2>%t.moved.err | FileCheck %s --check-prefix=VERDICTS
// RUN: FileCheck %s --check-prefix=MOVED < %t.moved.dot
// RUN: FileCheck %s --check-prefix=MOVED-NOTE < %t.moved.err
// RUN: not dealloc-verify --equiv --function removed --dot %t.removed.dot %s %S/Inputs/dot-equiv-b.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=REMOVED < %t.removed.dot
// No difference: no file, a note on stderr, exit code of the verdicts.
// RUN: dealloc-verify --equiv --function same --dot %t.none.dot %s %S/Inputs/dot-equiv-b.mlir 2>%t.none.err
// RUN: FileCheck %s --check-prefix=NONE-NOTE < %t.none.err
// RUN: not test -e %t.none.dot
// RUN: not dealloc-verify --dot %t.bad.dot --stages canonicalize %s 2>&1 | FileCheck %s --check-prefix=STAGES

// VERDICTS: @same: EQUIVALENT
// VERDICTS: @moved: DIFFERENT on input ""
// VERDICTS: @removed: DIFFERENT on input false

// MOVED: digraph "dealloc_equiv" {
// MOVED: label="@moved(): DIFFERENT (dealloc-verify --equiv, A: {{.*}}dot-equiv.mlir, B: {{.*}}dot-equiv-b.mlir)\lwhat differs: a buffer of site dealloc.site = 10 is freed at a different point
// MOVED-SAME: \lfirst diverging free: A frees the 1st buffer of site dealloc.site = 10 after 1 site allocation; B frees it after 2 site allocations\l
// MOVED: subgraph cluster_a {
// MOVED-NEXT: label="A: {{.*}}dot-equiv.mlir (dealloc-run: SAFE)"
// MOVED-NEXT: a_entry [label="@moved()\l"
// MOVED-NEXT: a0 [label="alloc #1  (1st buffer of site dealloc.site = 10)\lmemref.alloc at dot-equiv.mlir:[[#@LINE+26]]:8\l", fillcolor="#d4f4d4"];
// MOVED-NEXT: a_entry -> a0;
// MOVED-NEXT: a1 [label="free #1  (1st buffer of site dealloc.site = 10, after 1 site allocation)\lmemref.dealloc at dot-equiv.mlir:[[#@LINE+25]]:3\lFIRST DIVERGING FREE: B frees it after 2 site allocations\l", fillcolor="#ffb3b3", color="red", penwidth=3];
// MOVED: a_end [label="returns: SAFE\l"
// MOVED: subgraph cluster_b {
// MOVED: b2 [label="free #1  (1st buffer of site dealloc.site = 10, after 2 site allocations)\lmemref.dealloc at dot-equiv-b.mlir:12:3\l", fillcolor="#cfe2ff"];
// MOVED: a0 -> b0 [style=dashed
// MOVED-NEXT: a2 -> b1 [style=dashed
// MOVED-NOTE: dot: distinguishing input @moved(): DIFFERENT (dealloc-verify --equiv, {{.*}}) written to {{.*}}moved.dot

// REMOVED: label="@removed(false): DIFFERENT
// REMOVED-SAME: first diverging free: A frees the 1st buffer of site dealloc.site = 21 after 2 site allocations; B never frees it\l
// REMOVED: FIRST DIVERGING FREE: B never frees it
// REMOVED: a_end [label="returns: SAFE\l"
// REMOVED: b_end [label="LEAK [heap.leak] at dot-equiv-b.mlir:{{[0-9]+}}:3\l{{.*}}", fillcolor="#ffb3b3", penwidth=3];

// NONE-NOTE: dot: no distinguishing input to draw (no function is DIFFERENT); {{.*}}none.dot not written
// STAGES: error: --dot draws a counterexample of the safety check or a distinguishing input of --equiv; it does not apply to --stages

func.func @same() {
  %a = memref.alloc() {dealloc.site = 0} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @moved() {
  %a = memref.alloc() {dealloc.site = 10} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 11} : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

func.func @removed(%c: i1) {
  %a = memref.alloc() {dealloc.site = 20} : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %b = memref.alloc() {dealloc.site = 21} : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

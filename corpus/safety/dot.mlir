// dealloc-run --dot FILE draws one run as a Graphviz control-flow graph: the
// deciding run of the first function that is not SAFE (else the first run),
// one node per block with its visit count, structured-op regions as clusters,
// allocations and frees on their ops, the violation in red, the edges the run
// took bold with their counts. The drawn verdicts are those of
// [heap.free.twice], [heap.leak], [heap.use] and [safety.oob].
// SPEC: [heap.free.twice]
// SPEC: [heap.leak]
// SPEC: [heap.use]
// SPEC: [safety.oob]

// RUN: not dealloc-run %s --function diamond --dot %t.diamond.dot | FileCheck %s --check-prefix=NOTE
// RUN: FileCheck %s --check-prefix=DIAMOND < %t.diamond.dot
// RUN: not dealloc-run %s --function diamond --dot %t.again.dot
// RUN: diff %t.diamond.dot %t.again.dot
// RUN: not dealloc-run %s --function loop_leak --dot %t.loop.dot
// RUN: FileCheck %s --check-prefix=LOOP < %t.loop.dot
// RUN: not dealloc-run %s --function caller --dot %t.call.dot
// RUN: FileCheck %s --check-prefix=CALL < %t.call.dot
// RUN: dealloc-run %s --function safe --dot %t.safe.dot | FileCheck %s --check-prefix=SAFE-NOTE
// RUN: FileCheck %s --check-prefix=SAFE < %t.safe.dot
// RUN: not dealloc-run --strict-ub %s --function oob --dot %t.oob.dot
// RUN: FileCheck %s --check-prefix=OOB < %t.oob.dot
// RUN: not dealloc-run %s --json --dot %t.json.dot 2>%t.err | FileCheck %s --check-prefix=JSON
// RUN: FileCheck %s --check-prefix=JSON-NOTE < %t.err
// RUN: not dealloc-run %s --function safe --dot %t.missing/x.dot 2>&1 | FileCheck %s --check-prefix=BADPATH

// NOTE: @diamond: DOUBLE_FREE (2 inputs)
// NOTE: dot: failing run @diamond(true) DOUBLE_FREE written to {{.*}}diamond.dot

// DIAMOND: digraph "dealloc_run" {
// DIAMOND: label="@diamond(true)\lverdict: DOUBLE_FREE [heap.free.twice]\l'memref.dealloc' frees buffer #1, which is already freed\l
// DIAMOND: subgraph cluster_0 {
// DIAMOND-NEXT: label="func @diamond (entry)"
// DIAMOND-NEXT: b0 [label=<{{.*}}<B>@diamond ^bb0 (entered 1x)</B>{{.*}}memref.alloc() : memref&lt;2xf32&gt;<BR ALIGN="LEFT"/><B>alloc #1</B>
// DIAMOND-NEXT: b1 [label=<{{.*}}^bb1 (entered 1x){{.*}}BGCOLOR="#cfe2ff">memref.dealloc %alloc : memref&lt;2xf32&gt;<BR ALIGN="LEFT"/><B>free #1</B>
// DIAMOND-NEXT: b2 [color="gray60", fontcolor="gray60", label=<{{.*}}^bb2 (not reached)
// DIAMOND-NEXT: b3 [color="red", penwidth=3, label=<{{.*}}^bb3 (entered 1x){{.*}}<FONT COLOR="red"><B>DOUBLE_FREE [heap.free.twice]: buffer #1 freed again</B></FONT>
// DIAMOND: b0:o1 -> b1 [label="1x", penwidth=2.5];
// DIAMOND-NEXT: b0:o1 -> b2 [style=dashed, color="gray60"];
// DIAMOND-NEXT: b1:o1 -> b3 [label="1x", penwidth=2.5];
// DIAMOND-NEXT: b2:o0 -> b3 [style=dashed, color="gray60"];
// DIAMOND-NEXT: }
func.func @diamond(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^t, ^f
^t:
  memref.dealloc %a : memref<2xf32>
  cf.br ^j
^f:
  cf.br ^j
^j:
  memref.dealloc %a : memref<2xf32>
  return
}

// The loop runs twice on the first input (n = 2 is not enumerated first: the
// inputs are 0, 1, 2, and n = 0 and 1 leak too; n = 0 allocates nothing in
// the loop, so the leak is the first allocation).
// LOOP: label="@loop_leak(0)\lverdict: LEAK [heap.leak]\l
// LOOP: b0 [color="red", penwidth=3, label=<{{.*}}@loop_leak ^bb0 (entered 1x){{.*}}<B>alloc #1</B>{{.*}}scf.for {{.*}}func.return<BR ALIGN="LEFT"/><FONT COLOR="red"><B>LEAK [heap.leak]: buffer #1 leaked (live, not returned)</B>
// LOOP: subgraph cluster_1 {
// LOOP-NEXT: label="scf.for body"; style="rounded,dashed"
// LOOP-NEXT: b1 [color="gray60", fontcolor="gray60", label=<{{.*}}^bb0 (not reached)
// LOOP: b1:o{{[0-9]+}} -> b0:o{{[0-9]+}} [style=dashed, color="gray60", constraint=false];
// LOOP: b0:o{{[0-9]+}} -> b1 [style=dashed, color="gray60"];
func.func @loop_leak(%n: index) {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<2xf32>
    memref.dealloc %b : memref<2xf32>
  }
  return
}

// A use after free inside a callee: the callee is drawn as its own cluster
// with the call edge, and the violation is marked there.
// CALL: label="@caller(b0)\lverdict: USE_AFTER_FREE [heap.use]\l
// CALL: label="func @caller (entry)"
// CALL: <B>arguments: arg #1</B>
// CALL: label="func @reads_freed"
// CALL: b1 [label=<{{.*}}@reads_freed ^bb0 (entered 2x)
// CALL-SAME: <B>alloc #2 #3</B>
// CALL-SAME: <B>free #2 #3</B>
// CALL: b2 [color="red", penwidth=3, label=<{{.*}}^bb1 (entered 1x)
// CALL-SAME: USE_AFTER_FREE [heap.use]: buffer #3 used after its free
// CALL: b0:o2 -> b1 [label="1x", penwidth=2.5];
// CALL-NEXT: b0:o3 -> b1 [label="1x", penwidth=2.5];
// CALL-NEXT: b1:o5 -> b2 [label="1x", penwidth=2.5];
// CALL-NEXT: b1:o5 -> b3 [label="1x", penwidth=2.5];
func.func @caller(%m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  call @reads_freed(%m, %c0) : (memref<2xf32>, index) -> ()
  call @reads_freed(%m, %c1) : (memref<2xf32>, index) -> ()
  return
}
func.func private @reads_freed(%m: memref<2xf32>, %k: index) {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %m, %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  %c1 = arith.constant 1 : index
  %second = arith.cmpi eq, %k, %c1 : index
  cf.cond_br %second, ^late, ^done
^late:
  %v = memref.load %a[%k] : memref<2xf32>
  cf.br ^done
^done:
  return
}

// SAFE-NOTE: @safe: SAFE (2 inputs)
// SAFE-NOTE: dot: first run @safe(false) SAFE written to
// SAFE: label="@safe(false)\lverdict: SAFE\l
// SAFE-NOT: color="red"
// SAFE: label="scf.if then"
// SAFE: label="scf.if else"
// SAFE-NOT: color="red"
// SAFE: }
func.func @safe(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// UNKNOWN is marked in orange, not red.
// OOB: label="@oob()\lverdict: UNKNOWN\lout-of-bounds access, outside the ownership model ([safety.oob]) at
// OOB: b0 [color="orange", penwidth=3
// OOB-SAME: <FONT COLOR="orange"><B>UNKNOWN</B></FONT>
func.func @oob() {
  %a = memref.alloc() : memref<2xf32>
  %c5 = arith.constant 5 : index
  %v = memref.load %a[%c5] : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// With --json stdout stays JSON lines; the note goes to stderr. The first
// failing function in module order is drawn.
// JSON: {"aborted":0,"capped":false,"clause":"[heap.free.twice]"
// JSON-NOTE: dot: failing run @diamond(true) DOUBLE_FREE written to

// BADPATH: error: cannot write '{{.*}}missing/x.dot'

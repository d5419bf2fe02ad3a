// Dealloc-equivalence across the stages, judged by the reference semantics:
// the input program (no frees) leaks; stages 1-2 leave that unchanged; from
// stage 3 on (ownership pass) every prefix of the pipeline is SAFE for every
// input, with and without address reuse, and every stage keeps it SAFE.
// Prefix S<k> checks the output of stages 1..k (S-zero is the input).
// SPEC: [pipeline.equiv]
// RUN: mlir-opt %S/Inputs/diamond.mlir | not dealloc-run - | FileCheck %s --check-prefix=S0
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false | not dealloc-run - | FileCheck %s --check-prefix=S1
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize | not dealloc-run - | FileCheck %s --check-prefix=S2
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation | dealloc-run - | FileCheck %s --check-prefix=S3
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize | dealloc-run - | FileCheck %s --check-prefix=S4
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification | dealloc-run - | FileCheck %s --check-prefix=S5
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -bufferization-lower-deallocations | dealloc-run - | FileCheck %s --check-prefix=S6
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -bufferization-lower-deallocations -cse | dealloc-run - | FileCheck %s --check-prefix=S7
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -bufferization-lower-deallocations -cse -canonicalize | dealloc-run - | FileCheck %s --check-prefix=S8
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -bufferization-lower-deallocations | dealloc-run --reuse-addresses - | FileCheck %s --check-prefix=S6
// RUN: mlir-opt %S/Inputs/diamond.mlir -expand-realloc=emit-deallocs=false -canonicalize -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -bufferization-lower-deallocations -cse -canonicalize | dealloc-run --reuse-addresses - | FileCheck %s --check-prefix=S8

// S0: @diamond: LEAK (1 input)
// S0: @select_return: LEAK (1 input)
// S1: @diamond: LEAK (1 input)
// S1: @select_return: LEAK (1 input)
// S2: @diamond: LEAK (1 input)
// S2: @select_return: LEAK (1 input)
// S3: @diamond: SAFE (2 inputs)
// S3: @select_return: SAFE (2 inputs)
// S4: @diamond: SAFE (2 inputs)
// S4: @select_return: SAFE (2 inputs)
// S5: @diamond: SAFE (2 inputs)
// S5: @select_return: SAFE (2 inputs)
// S6: @diamond: SAFE (2 inputs)
// S6: @select_return: SAFE (2 inputs)
// S7: @diamond: SAFE (2 inputs)
// S7: @select_return: SAFE (2 inputs)
// S8: @diamond: SAFE (2 inputs)
// S8: @select_return: SAFE (2 inputs)

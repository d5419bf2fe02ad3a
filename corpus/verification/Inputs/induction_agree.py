#!/usr/bin/env python3
"""Property test for [verify.induction]: dealloc-verify's SAFE answers for
loops with an input-dependent trip count agree with dealloc-run.

Generates scf.for loops with memref iter_args (allocations, selects, copies,
frees in the body; a buffer from before the loop or an argument as initial
value; the result freed or returned) with a fixed seed, in two kinds: with
frees written by hand (mostly unsafe), and without frees, deallocated by the
reference pipeline (mostly safe). Every such loop is unrolled at most
--unroll times, so a SAFE answer can only come from an induction proof.
For every function:
  - dealloc-verify says SAFE => dealloc-run (every enumerated input, trip
    counts included) says SAFE: where dealloc-run finds a violation or
    stops, dealloc-verify does not say SAFE.
Prints `induction-agree: N functions, S safe, 0 disagreements` on success.
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

VERIFY = toolclient.find("dealloc-verify")
RUN = toolclient.find("dealloc-run")
OPT = toolclient.find("dealloc-opt")
T = "memref<2xf32>"
SEED = 20261123
PROGRAMS = 24


def loop_function(rng, name, frees):
    iters = rng.randint(1, 2)
    lines = [f"func.func @{name}(%n: index, %c: i1, %arg: {T}) -> {T} {{",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             f"  %init = memref.alloc() : {T}"]
    outer = ["%init", "%arg"]
    inits = [rng.choice(outer) for _ in range(iters)]
    names = [f"%x{i}" for i in range(iters)]
    args = ", ".join(f"{x} = {v}" for x, v in zip(names, inits))
    types = ", ".join([T] * iters)
    lines.append(f"  %r:{iters} = scf.for %i = %c0 to %n step %c1 "
                 f"iter_args({args}) -> ({types}) {{")
    vals = list(names) + ["%init"]
    fresh = 0
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["alloc", "alloc", "select", "copy"] +
                          (["free", "free_if"] if frees else []))
        fresh += 1
        if kind == "alloc":
            v = f"%a{fresh}"
            lines.append(f"    {v} = memref.alloc() : {T}")
            vals.append(v)
        elif kind == "select":
            v = f"%s{fresh}"
            lines.append(f"    {v} = arith.select %c, {rng.choice(vals)}, "
                         f"{rng.choice(vals)} : {T}")
            vals.append(v)
        elif kind == "copy":
            lines.append(f"    memref.copy {rng.choice(vals)}, "
                         f"{rng.choice(vals)} : {T} to {T}")
        elif kind == "free":
            lines.append(f"    memref.dealloc {rng.choice(vals)} : {T}")
        else:
            lines.append("    scf.if %c {")
            lines.append(f"      memref.dealloc {rng.choice(vals)} : {T}")
            lines.append("    }")
    yields = [rng.choice(vals) for _ in range(iters)]
    lines.append(f"    scf.yield {', '.join(yields)} : {types}")
    lines.append("  }")
    if frees and rng.random() < 0.5:
        lines.append(f"  memref.dealloc %init : {T}")
    lines.append(f"  return %r#0 : {T}")
    lines.append("}")
    return "\n".join(lines)


def verdicts(tool, path):
    return {fn: rec["verdict"] for fn, rec in
            toolclient.results([tool, path], timeout=600).items()}


def main():
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        raw = [loop_function(rng, f"hand{k}", True) for k in range(PROGRAMS)]
        gen = [loop_function(rng, f"pipe{k}", False) for k in range(PROGRAMS)]
        files = []
        p = os.path.join(tmp, "hand.mlir")
        with open(p, "w") as f:
            f.write("\n".join(raw) + "\n")
        files.append(p)
        src = os.path.join(tmp, "pipe-in.mlir")
        with open(src, "w") as f:
            f.write("\n".join(gen) + "\n")
        p = os.path.join(tmp, "pipe.mlir")
        made = toolclient.run([OPT, "--reference-buffer-deallocation-pipeline",
                               src, "-o", p], timeout=600)
        if not made.ok:
            sys.exit(f"induction-agree: the reference pipeline failed: "
                     f"{made.describe()}: {made.stderr}")
        files.append(p)
        total = safe = 0
        bad = []
        for p in files:
            v = verdicts(VERIFY, p)
            r = verdicts(RUN, p)
            for fn, verdict in v.items():
                total += 1
                ran = r.get(fn)
                if verdict == "SAFE":
                    safe += 1
                    if ran != "SAFE":
                        bad.append(f"@{fn}: dealloc-verify SAFE, "
                                   f"dealloc-run {ran}")
        for b in bad:
            print(b)
        print(f"induction-agree: {total} functions, {safe} safe, "
              f"{len(bad)} disagreements")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

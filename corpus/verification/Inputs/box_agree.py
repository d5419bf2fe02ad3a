#!/usr/bin/env python3
"""Property test for the bounds of a box ([safety.oob], [verify.encoding.
contents]): memref.copy from a reinterpret_cast of a static buffer (static
offset, sizes and strides, negative strides and empty sizes included) is an
out-of-bounds stop in dealloc-verify exactly where dealloc-run stops.

All fields are literals, so dealloc-verify decides these boxes by its own
128-bit arithmetic (Verify/Ops/MemRefOps.cpp, literalBoxOutside) instead of terms:
this compares that arithmetic with dealloc-run's element-by-element walk.
Prints `box-agree: N functions, S safe, O out of bounds, D disagreements`.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

VERIFY = toolclient.find("dealloc-verify")
RUN = toolclient.find("dealloc-run")
SEED = 20261126
FUNCTIONS = 120


def box_function(rng, k):
    n = rng.choice([1, 2, 4, 6, 8])
    rank = rng.choice([1, 2])
    sizes = [rng.choice([0, 1, 2, 3]) for _ in range(rank)]
    strides = [rng.choice([-2, -1, 1, 2, 3]) for _ in range(rank)]
    off = rng.choice([0, 1, 2, 3, 5, 7])
    et = rng.choice(["f32", "i8", "f64"])
    shape = "x".join(map(str, sizes))
    view = (f"memref<{shape}x{et}, strided<[{', '.join(map(str, strides))}], "
            f"offset: {off}>>")
    dense = f"memref<{shape}x{et}>"
    src = f"memref<{n}x{et}>"
    return f"""func.func @box{k}() {{
  %a = memref.alloc() : {src}
  %r = memref.reinterpret_cast %a to offset: [{off}], sizes: [{', '.join(map(str, sizes))}], strides: [{', '.join(map(str, strides))}] : {src} to {view}
  %b = memref.alloc() : {dense}
  memref.copy %r, %b : {view} to {dense}
  memref.dealloc %b : {dense}
  memref.dealloc %a : {src}
  return
}}"""


def verdicts(tool, text):
    return {fn: rec["verdict"] for fn, rec in
            toolclient.results([tool], text, timeout=600).items()}


def main():
    rng = random.Random(SEED)
    text = "\n".join(box_function(rng, k) for k in range(FUNCTIONS))
    v = verdicts(VERIFY, text)
    r = verdicts(RUN, text)
    bad = [k for k in range(FUNCTIONS)
           if v.get(f"box{k}") is None or v.get(f"box{k}") != r.get(f"box{k}")]
    for k in bad:
        print(f"box{k}: dealloc-verify {v.get(f'box{k}')}, dealloc-run "
              f"{r.get(f'box{k}')}", file=sys.stderr)
    safe = sum(1 for x in v.values() if x == "SAFE")
    oob = sum(1 for x in v.values() if x == "UNKNOWN")
    print(f"box-agree: {FUNCTIONS} functions, {safe} safe, {oob} out of "
          f"bounds, {len(bad)} disagreements")


if __name__ == "__main__":
    main()

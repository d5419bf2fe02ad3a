"""A pipeline that lowers deallocation to its runtime's free function: the
reference pipeline's output with each `memref.dealloc %m : T` replaced by
`func.call @rt_free(%m) : (T) -> ()` for the first memref type T freed
(a real runtime's free takes an unranked memref; one type keeps this fake
simple, other types keep their memref.dealloc) and a declaration of
@rt_free. The harness reads it like memref.dealloc with
`--free-function rt_free`."""
import os
import re
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402

DEALLOC = re.compile(r"^(\s*)memref\.dealloc (%[\w#.$-]+) : (memref<.*>)\s*$")


def to_runtime_free(src, lines):
    out, types = [], []
    for line in lines:
        m = DEALLOC.match(line)
        if m and m.group(3) in types[:1] + [m.group(3)] * (not types):
            types.append(m.group(3))
            line = f"{m.group(1)}func.call @rt_free({m.group(2)}) : ({m.group(3)}) -> ()\n"
        out.append(line)
    if types:
        at = next(n for n, l in enumerate(out) if l.startswith("module"))
        out.insert(at + 1, f"  func.func private @rt_free({types[0]})\n")
    return out


main(to_runtime_free)

"""Seeded difference, not a bug: upstream's output with every memref.dealloc
moved up its block to just after the last line that uses the buffer. Safe
(a buffer is freed once, after its last use), but it frees earlier than the
reference, across later allocations: DIFFERENT, yet conforming under the
default question (refinement, [pipeline.conformance])."""
import os
import re
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402


def free_early(src, lines):
    out = list(lines)
    for n in range(len(out)):
        m = re.match(r"\s*memref\.dealloc (%[\w#]+) ", out[n])
        if not m:
            continue
        use = re.compile(re.escape(m.group(1)) + r"\b")
        k = n
        # Up, within the block: stop at a use, a block or region boundary.
        while k > 0 and not use.search(out[k - 1]) and \
                not re.search(r"[{}]\s*$|^\s*\^", out[k - 1]):
            k -= 1
        out.insert(k, out.pop(n))
    return out


main(free_early, base="upstream")

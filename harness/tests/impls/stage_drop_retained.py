"""Seeded stage bug: a bufferization.dealloc with one retained value loses
it (its result becomes `false`), so the retained buffer is freed."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stage_bug import ONE_RETAINED, main  # noqa: E402


def drop(lines):
    out = []
    for line in lines:
        m = ONE_RETAINED.match(line)
        if m and "(" in m.group(3):
            indent, res, op = m.group(1), m.group(2), m.group(3)
            out += [f"{indent}{op}", f"{indent}{res} = arith.constant false"]
        else:
            out.append(line)
    return out


main(drop)

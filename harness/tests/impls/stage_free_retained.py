"""Seeded stage bug: after a bufferization.dealloc with one retained value,
that value is freed when the op says it is owned: the stage frees a retained
alias."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stage_bug import ONE_RETAINED, main  # noqa: E402


def free(lines):
    out = []
    for line in lines:
        out.append(line)
        m = ONE_RETAINED.match(line)
        if m:
            indent, res, value, type_ = m.group(1), m.group(2), m.group(4), m.group(5)
            out += [f"{indent}scf.if {res} {{",
                    f"{indent}  memref.dealloc {value} : {type_.strip()}",
                    f"{indent}}}"]
    return out


main(free)

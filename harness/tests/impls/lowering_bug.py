"""Shared driver of the seeded-bug whole-pipeline "implementations" whose
lowering of bufferization.dealloc is wrong about operands that alias.

It runs the reference pipeline up to its split of the deallocations
(dealloc-opt --reference-buffer-deallocation-pipeline, printing the IR after
reference-split-deallocations), rewrites every statement-form dealloc (no
retained values, no results) with two or more operands as the damaged
lowering would see it, then lowers with `--reference-lower-deallocations
--cse` (the pipeline's last canonicalization is left out; it only
simplifies). Deallocs with retained values are untouched, so the bug shows
only where two operands of one dealloc are the same buffer at run time."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import pipeline  # noqa: E402

STATEMENT = re.compile(r"^(\s*)bufferization\.dealloc \(([^:]+) : (.+)\) if \(([^)]*)\)\s*$")
AFTER_SPLIT = "// -----// IR Dump After ReferenceSplitDeallocations"


def deallocs(lines, rewrite):
    """Apply `rewrite(indent, operands, types, conds)` -> lines to every
    statement-form dealloc with two or more operands."""
    out = []
    for line in lines:
        m = STATEMENT.match(line)
        ops = m and [o.strip() for o in m.group(2).split(",")]
        if not m or len(ops) < 2:
            out.append(line)
            continue
        types = [t.strip() for t in m.group(3).split(", ")]
        conds = [c.strip() for c in m.group(4).split(",")]
        out.extend(rewrite(m.group(1), ops, types, conds))
    return out


def after_split(path):
    opt = pipeline("reference")
    proc = subprocess.run(opt + ["--mlir-disable-threading",
                                 "--mlir-print-ir-after=reference-split-deallocations",
                                 path, "-o", os.devnull],
                          capture_output=True, text=True)
    if proc.returncode != 0 or AFTER_SPLIT not in proc.stderr:
        sys.stderr.write(proc.stderr)
        sys.exit(proc.returncode or 1)
    return proc.stderr.split(AFTER_SPLIT, 1)[1].split("\n", 1)[1]


def main(rewrite):
    path = sys.argv[-1]
    damaged = "\n".join(deallocs(after_split(path).splitlines(), rewrite)) + "\n"
    opt = pipeline("reference")[0]
    proc = subprocess.run([opt, "--reference-lower-deallocations", "--cse", "-"],
                          input=damaged, capture_output=True, text=True)
    sys.stderr.write(proc.stderr)
    sys.stdout.write(proc.stdout)
    sys.exit(proc.returncode)

"""Shared driver of the seeded-bug whole-pipeline "implementations" whose
lowering of bufferization.dealloc is wrong about operands that alias.

It runs the reference pipeline up to its split of the deallocations
(dealloc-opt --reference-buffer-deallocation-pipeline, printing the IR after
reference-split-deallocations), rewrites every dealloc with two or more
operands as the damaged lowering would see it, then lowers with
`--reference-lower-deallocations --cse` (the pipeline's last
canonicalization is left out; it only simplifies). Both forms are damaged:
a dealloc with retained values (its results, the retained values'
ownership) as well as the statement form, as one lowering of the operands
serves both. The damage changes nothing where the operands are distinct
buffers at run time, so the bug shows only where two operands of one
dealloc are the same buffer."""
import os
import re
import subprocess
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import pipeline  # noqa: E402

DEALLOC = re.compile(r"^(\s*)(?:(%[\w]+(?::\d+)?) = )?bufferization\.dealloc "
                     r"\(([^:]+) : ([^)]+)\) if \(([^)]*)\)"
                     r"(?: retain \(([^:]+) : ([^)]+)\))?\s*$")
AFTER_SPLIT = "// -----// IR Dump After ReferenceSplitDeallocations"


def _list(text, sep=","):
    return [x.strip() for x in text.split(sep)] if text else []


@dataclass
class Dealloc:
    indent: str
    results: str        # "%3", "%3:2" or "" (the statement form)
    ops: list
    types: list
    conds: list
    retained: list
    rtypes: list

    def text(self, ops=None, types=None, conds=None, results=None):
        """This dealloc as a line, with other operands / conditions /
        result names if given."""
        ops, types = ops or self.ops, types or self.types
        conds = conds or self.conds
        results = self.results if results is None else results
        line = (f"{self.indent}{results + ' = ' if results else ''}bufferization.dealloc "
                f"({', '.join(ops)} : {', '.join(types)}) if ({', '.join(conds)})")
        if self.retained:
            line += f" retain ({', '.join(self.retained)} : {', '.join(self.rtypes)})"
        return line


def deallocs(lines, rewrite):
    """Apply `rewrite(Dealloc)` -> lines to every dealloc with two or more
    operands."""
    out = []
    for line in lines:
        m = DEALLOC.match(line)
        ops = m and _list(m.group(3))
        if not m or len(ops) < 2:
            out.append(line)
            continue
        out.extend(rewrite(Dealloc(m.group(1), m.group(2) or "", ops,
                                   _list(m.group(4), ", "), _list(m.group(5)),
                                   _list(m.group(6)), _list(m.group(7), ", "))))
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

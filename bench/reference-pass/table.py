#!/usr/bin/env python3
"""Markdown tables from measure.sh output (bench/reference-pass/README.md).

Usage: table.py RESULTS.tsv

Per shape and size: CPU seconds (user + system) of the four tools and the
ratios ref/up for the pass and the pipeline; then per shape the growth
exponent log(t2/t1)/log(n2/n1) of each tool over its two largest finished
sizes (CPU times of 0.1 s and less are mostly process start-up). Lines
starting with '#' (load notes) are skipped; "timeout" is measure.sh's limit,
"—" a size not run after a timeout.
"""
import math
import sys
from collections import defaultdict

TOOLS = ["ref-pass", "up-pass", "ref-pipeline", "up-pipeline"]


def main(path):
    times = defaultdict(dict)  # (shape, n) -> tool -> cpu or None
    shapes = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        shape, n, tool, _wall, cpu = line.split("\t")[:5]
        if shape not in shapes:
            shapes.append(shape)
        cpu = cpu.strip()
        times[(shape, int(n))][tool] = cpu if cpu in ("timeout", "skipped") else float(cpu)

    def fmt(t):
        if t is None or t == "skipped":
            return "—"
        return "timeout" if t == "timeout" else f"{t:.2f}"

    def ratio(a, b):
        ok = all(isinstance(x, float) for x in (a, b))
        return f"{a / b:.2f}" if ok and b > 0 else "—"

    print("| shape | N | ref-pass | up-pass | pass ratio | ref-pipeline | up-pipeline | pipeline ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for shape in shapes:
        for (s, n) in sorted(k for k in times if k[0] == shape):
            t = times[(s, n)]
            g = [t.get(x) for x in TOOLS]
            print(f"| {s} | {n} | {fmt(g[0])} | {fmt(g[1])} | {ratio(g[0], g[1])} "
                  f"| {fmt(g[2])} | {fmt(g[3])} | {ratio(g[2], g[3])} |")
    print()
    print("| shape | " + " | ".join(f"exponent {x}" for x in TOOLS) + " |")
    print("|---|" + "---|" * len(TOOLS))
    for shape in shapes:
        cells = []
        for tool in TOOLS:
            pts = sorted((n, t[tool]) for (s, n), t in times.items()
                         if s == shape and isinstance(t.get(tool), float))
            if len(pts) < 2:
                cells.append("—")
                continue
            (n1, t1), (n2, t2) = pts[-2], pts[-1]
            cells.append(f"{math.log(t2 / t1) / math.log(n2 / n1):.2f} ({n1}→{n2})")
        print(f"| {shape} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1])

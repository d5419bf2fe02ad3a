"""How often the whole-pipeline generator makes one bufferization.dealloc
receive a buffer through two operands that may alias.

For seeds 0..N-1 and 60 programs each (a campaign's size), run upstream's
`mlir-opt --ownership-based-buffer-deallocation` on the program's memref-level
text and look at every `bufferization.dealloc` in the output: two of its
operands may alias when they trace back (through extract_strided_metadata,
arith.select sources and multi-result ops: `%x#0` and `%x#1` are one group)
to a common definition. Prints, per seed, the programs with such a dealloc,
and the total. Nothing is written.

With --seeded, it counts instead what a campaign can find: the programs on
which each seeded lowering bug of harness/tests/impls (lowering_no_alias_scan,
lowering_xor_conditions: the reference pipeline with one dealloc's aliasing
operands mishandled) gives an output that `dealloc-run` calls DOUBLE_FREE,
resp. LEAK, and the first such program per seed (a `fuzz --stop-after 1`
campaign stops there).

    /usr/bin/python3 bench/alias_operands.py --seeds 5 [--mlir-opt PATH]
    /usr/bin/python3 bench/alias_operands.py --seeded --seeds 3 [-j 2]
"""
import argparse
import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "harness"))
from dealloc_harness import generate, tools  # noqa: E402

IMPLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                     "harness", "tests", "impls")
SEEDED = (("lowering_no_alias_scan", "DOUBLE_FREE"), ("lowering_xor_conditions", "LEAK"))

DEF = re.compile(r"^\s*(%[\w]+)(?::\d+)?(?:, [^=]*)? = (.*)$")
DEALLOC = re.compile(r"bufferization\.dealloc \(([^:]*):")
SELECT = re.compile(r"arith\.select [^,]+, (%[\w#]+), (%[\w#]+)")
METADATA = re.compile(r"memref\.extract_strided_metadata (%[\w#]+)")


def roots(name, defs, seen=None):
    """The definitions `name` may be a view of."""
    seen = seen or set()
    if name in seen:
        return set()
    seen.add(name)
    base = name.split("#")[0]
    rhs = defs.get(base, "")
    for pattern in (METADATA, SELECT):
        m = pattern.search(rhs)
        if m and base == name:
            return set().union(*(roots(v, defs, seen) for v in m.groups()))
    return {base}


def aliasing_deallocs(text):
    """The number of deallocs in `text` with two operands that may alias.
    SSA names are function-local; the output's functions are scanned one by
    one."""
    count = 0
    for func in text.split("func.func")[1:]:
        defs = {}
        for line in func.splitlines():
            m = DEF.match(line)
            if m:
                defs[m.group(1)] = m.group(2)
            d = DEALLOC.search(line)
            if not d:
                continue
            ops = [o.strip() for o in d.group(1).split(",") if o.strip()]
            sets = [roots(o, defs) for o in ops]
            if any(sets[i] & sets[j] for i in range(len(ops))
                   for j in range(i + 1, len(ops))):
                count += 1
    return count


def seeded_verdicts(text, run_tool):
    """{seeded bug: True when dealloc-run reports its verdict on its output}."""
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "input.mlir")
        with open(path, "w") as f:
            f.write(text)
        for name, verdict in SEEDED:
            impl = subprocess.run(["/usr/bin/python3", os.path.join(IMPLS, name + ".py"), path],
                                  capture_output=True, text=True)
            if impl.returncode != 0:
                found[name] = False
                continue
            run = subprocess.run([run_tool, "-"], input=impl.stdout,
                                 capture_output=True, text=True)
            found[name] = f": {verdict} " in run.stdout
    return found


def seeded(args):
    run_tool = tools.locate()["dealloc-run"]
    if not run_tool:
        sys.exit("alias_operands: dealloc-run is not built (bash scripts/setup.sh)")
    totals = {name: 0 for name, _ in SEEDED}
    for seed in range(args.seeds):
        texts = [generate.program(seed, i).text for i in range(args.count)]
        with ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda t: seeded_verdicts(t, run_tool), texts))
        parts = []
        for name, verdict in SEEDED:
            hits = [i for i, r in enumerate(results) if r[name]]
            totals[name] += len(hits)
            first = hits[0] if hits else "none"
            parts.append(f"{name} {verdict} {len(hits)}/{args.count} (first {first})")
        print(f"seed {seed}: " + "; ".join(parts))
    print(f"total (generator version {generate.VERSION}): " + "; ".join(
        f"{name} {n}/{args.seeds * args.count}" for name, n in totals.items()))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--seeded", action="store_true",
                    help="count the programs on which the seeded lowering bugs show")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.seeded:
        seeded(args)
        return
    total = failed = 0
    for seed in range(args.seeds):
        hits = []
        for index in range(args.count):
            prog = generate.program(seed, index)
            proc = subprocess.run([args.mlir_opt, "--ownership-based-buffer-deallocation"],
                                  input=prog.text, capture_output=True, text=True)
            if proc.returncode != 0:
                failed += 1
                continue
            if aliasing_deallocs(proc.stdout):
                hits.append(index)
        total += len(hits)
        print(f"seed {seed}: {len(hits)}/{args.count} programs {hits}")
    print(f"total: {total}/{args.seeds * args.count} programs with a dealloc of two "
          f"operands that may alias (generator version {generate.VERSION}); "
          f"{failed} not processed by the pass")


if __name__ == "__main__":
    main()

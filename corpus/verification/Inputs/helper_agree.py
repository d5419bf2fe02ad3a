#!/usr/bin/env python3
"""Property test for [verify.encoding.helper]: encoding a call of upstream's
dealloc_helper, or of the reference pipeline's reference_dealloc_helper (its
arguments in another order, its own rule for repeated buffers), by its
specification gives the answers of inlining it.

Generates functions (fixed seed) that fill the helper's lists by hand:
bases and retained values are aligned pointers of buffers, of their views,
of values selected between buffers, of memref arguments (which may alias),
or plain index arguments; conditions are arguments or constants. After the
call, each base's buffer is freed where its output condition says so, and
some retained ones where their ownership says so. Some calls break a
precondition (a list freed before the call, an output list that is also
the conditions list), so the helper is inlined there. For every function:
  - the verdict of `dealloc-verify` equals that of
    `dealloc-verify --no-helper-contract` (counterexample inputs may
    differ: each is replayed by dealloc-run, so each reproduces);
  - where dealloc-run finds a violation on some enumerated input,
    dealloc-verify does not say SAFE.
Prints `helper-agree: N functions, C calls by the specification, 0
disagreements` on success.
"""
import os
import random
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

VERIFY = toolclient.find("dealloc-verify")
RUN = toolclient.find("dealloc-run")
HELPER_FILES = {
    "dealloc_helper": "helper-contract.mlir",
    "reference_dealloc_helper": "helper-contract-reference.mlir",
}
SEED = 20261125
PROGRAMS = 80
T = "memref<4xf32>"
# Per helper, the order of its lists among the arguments.
ORDER = {
    "dealloc_helper": ("bases", "retained", "conds", "out", "own"),
    "reference_dealloc_helper": ("bases", "conds", "retained", "out", "own"),
}
ELEM = {"bases": "index", "retained": "index", "conds": "i1", "out": "i1",
        "own": "i1"}


def signature(helper):
    args = ", ".join(f"memref<?x{ELEM[l]}>" for l in ORDER[helper])
    return f"({args}) -> ()"


def helper_text(helper):
    """The helper's body, as its helper-contract test holds it."""
    path = os.path.join(os.path.dirname(__file__), "..", HELPER_FILES[helper])
    text = open(path).read()
    start = text.index(f"func.func private @{helper}(")
    end = text.index("\n}\n", start) + 3
    return text[start:end]


def function(rng, name):
    n, m = rng.randint(0, 4), rng.randint(0, 2)
    lines = [f"func.func @{name}(%p: i1, %q: i1, %x: index, %y: index, "
             f"%arg: {T}, %arg2: {T}) {{",
             "  %true = arith.constant true",
             "  %false = arith.constant false",
             "  %a = memref.alloc() : " + T,
             "  %b = memref.alloc() : " + T,
             "  %s = memref.subview %a[1] [2] [1] : " + T +
             " to memref<2xf32, strided<[1], offset: 1>>",
             "  %sel = arith.select %p, %a, %b : " + T]
    owners = {"%a": T, "%b": T, "%sel": T, "%arg": T, "%arg2": T,
              "%s": "memref<2xf32, strided<[1], offset: 1>>"}
    ptr = {}
    for v, t in owners.items():
        ptr[v] = f"%p{v[1:]}"
        lines.append(f"  {ptr[v]} = memref.extract_aligned_pointer_as_index "
                     f"{v} : {t} -> index")
    choices = list(owners) + ["%x", "%y"]
    bases = [rng.choice(choices) for _ in range(n)]
    retained = [rng.choice(choices) for _ in range(m)]
    conds = [rng.choice(["%p", "%q", "%true", "%false"]) for _ in range(n)]
    if rng.random() < 0.5:
        # As a deallocation pass would: both buffers listed, owned; maybe
        # also a value that views one of them.
        bases = ["%a", "%b"] + rng.sample(["%sel", "%s", "%a"],
                                           rng.randint(0, 2))
        rng.shuffle(bases)
        n = len(bases)
        conds = ["%true" if b in ("%a", "%b") else rng.choice(["%p", "%q"])
                 for b in bases]
        retained = rng.sample(["%sel", "%s", "%arg"], rng.randint(0, 2))
        m = len(retained)
    for k in range(max(n, m, 1)):
        lines.append(f"  %c{k} = arith.constant {k} : index")
    lists = {"bases": f"{n}xindex", "retained": f"{m}xindex",
             "conds": f"{n}xi1", "out": f"{n}xi1", "own": f"{m}xi1"}
    for l, t in lists.items():
        lines.append(f"  %{l} = memref.alloc() : memref<{t}>")
    for i, v in enumerate(bases):
        val = ptr.get(v, v)
        lines.append(f"  memref.store {val}, %bases[%c{i}] : memref<{n}xindex>")
        lines.append(f"  memref.store {conds[i]}, %conds[%c{i}] : "
                     f"memref<{n}xi1>")
    for j, v in enumerate(retained):
        val = ptr.get(v, v)
        lines.append(f"  memref.store {val}, %retained[%c{j}] : "
                     f"memref<{m}xindex>")
    casts = {}
    for l, t in lists.items():
        elem = t.split("x", 1)[1]
        casts[l] = f"%{l}_dyn"
        lines.append(f"  {casts[l]} = memref.cast %{l} : memref<{t}> to "
                     f"memref<?x{elem}>")
    broken = rng.random() < 0.2
    out_arg = casts["out"]
    if broken and n > 0 and rng.random() < 0.5:
        out_arg = casts["conds"]  # two arguments view one buffer
    elif broken:
        lines.append(f"  memref.dealloc %retained : memref<{m}xindex>")
    helper = rng.choice(sorted(ORDER))
    args = {**casts, "out": out_arg}
    lines.append(f"  call @{helper}("
                 + ", ".join(args[l] for l in ORDER[helper])
                 + f") : {signature(helper)}")
    freed_lists = set()
    if broken and out_arg == casts["out"]:
        freed_lists.add("retained")
    for i, v in enumerate(bases):
        lines.append(f"  %o{i} = memref.load %out[%c{i}] : memref<{n}xi1>")
        if v in owners:
            lines.append(f"  scf.if %o{i} {{")
            lines.append(f"    memref.dealloc {v} : {owners[v]}")
            lines.append("  }")
    for j, v in enumerate(retained):
        lines.append(f"  %w{j} = memref.load %own[%c{j}] : memref<{m}xi1>")
        if v in owners and rng.random() < 0.5:
            lines.append(f"  scf.if %w{j} {{")
            lines.append(f"    memref.dealloc {v} : {owners[v]}")
            lines.append("  }")
    for l, t in lists.items():
        if l not in freed_lists:
            lines.append(f"  memref.dealloc %{l} : memref<{t}>")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines)


def verdicts(args, path):
    proc = toolclient.run([VERIFY] + args + [path], timeout=600)
    if proc.returncode not in (0, 1, 2):
        sys.exit(f"helper-agree: dealloc-verify {' '.join(args)}: "
                 f"{proc.describe()}:\n{proc.stderr}")
    recs = toolclient.records(proc.stdout, toolclient.describe(VERIFY))
    return {r["function"]: r["verdict"] for r in recs}, proc.stderr


def main():
    rng = random.Random(SEED)
    names = [f"f{i}" for i in range(PROGRAMS)]
    text = "\n\n".join(function(rng, n) for n in names)
    text += "".join("\n\n" + helper_text(h) for h in sorted(ORDER))
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "helper.mlir")
        with open(path, "w") as f:
            f.write(text)
        spec, stats = verdicts(["--solver-stats"], path)
        inlined, _ = verdicts(["--no-helper-contract"], path)
        by_spec = len(re.findall(r" [1-9][0-9]* dealloc_helper calls by "
                                 r"their specification", stats))
        for name in names:
            a, b = spec.get(name), inlined.get(name)
            if a is None or a != b:
                problems.append(f"@{name}: {a} by the specification, {b} "
                                f"inlined")
                continue
            run = toolclient.run([RUN, "--function", name, path], timeout=600)
            first = run.stdout.splitlines()[0] if run.stdout else ""
            unsafe = run.returncode == 1
            if unsafe and a == "SAFE":
                problems.append(f"@{name}: dealloc-verify SAFE, dealloc-run "
                                f"{first}")
        if problems:
            with open("helper-agree-failure.mlir", "w") as f:
                f.write(text)
    for p in problems:
        print(p)
    print(f"helper-agree: {len(names)} functions, {by_spec} calls by the "
          f"specification, {len(problems)} disagreements")


if __name__ == "__main__":
    main()

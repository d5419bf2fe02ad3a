#!/usr/bin/env python3
"""Property test: dealloc-verify and dealloc-run agree on random programs.

Generates small memref programs (allocations, conditional and unconditional
frees, selects, loads, clones, bufferization.dealloc, a returned buffer) by
construction, with a fixed seed, and checks for every public function
([verify.verdict], [verify.replay]):
  - dealloc-verify says SAFE      => no enumerated input of dealloc-run fails;
  - dealloc-run finds a violation => dealloc-verify reports a violation;
  - dealloc-verify's violation    => dealloc-run finds one too (the programs
    have only i1 and memref arguments, so every input is enumerated).
Prints `agree: N functions, 0 disagreements` on success.
"""
import os
import sys

from hypothesis import given, settings, strategies as st, HealthCheck

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, os.pardir, "harness"))
from dealloc_harness import toolclient  # noqa: E402

VERIFY = toolclient.find("dealloc-verify")
RUN = toolclient.find("dealloc-run")
VIOLATIONS = toolclient.describe(VERIFY).violations
T = "memref<2xf32>"


@st.composite
def function(draw, name, frees=True):
    n_conds = draw(st.integers(1, 2))
    n_args = draw(st.integers(0, 2))
    conds = [f"%c{i}" for i in range(n_conds)]
    vals = [f"%m{i}" for i in range(n_args)]
    body, fresh = [], [0]

    def new(prefix):
        fresh[0] += 1
        return f"%{prefix}{fresh[0]}"

    body.append("%c0i = arith.constant 0 : index")
    body.append("%true = arith.constant true")
    for _ in range(draw(st.integers(1, 6))):
        kinds = ["alloc", "alloc", "free", "free_if", "select", "load",
                 "clone", "bdealloc"]
        if not frees:  # input of a deallocation pass: no frees, no clones
            kinds = ["alloc", "alloc", "select", "load"]
        kind = draw(st.sampled_from(kinds))
        if kind == "alloc" or not vals:
            v = new("a")
            body.append(f"{v} = memref.alloc() : {T}")
            vals.append(v)
        elif kind == "free":
            body.append(f"memref.dealloc {draw(st.sampled_from(vals))} : {T}")
        elif kind == "free_if":
            c = draw(st.sampled_from(conds))
            v = draw(st.sampled_from(vals))
            if draw(st.booleans()):
                body.append(f"scf.if {c} {{\n    memref.dealloc {v} : {T}\n  }}")
            else:
                body.append(f"scf.if {c} {{\n  }} else {{\n    memref.dealloc {v} : {T}\n  }}")
        elif kind == "select":
            v = new("s")
            body.append(f"{v} = arith.select {draw(st.sampled_from(conds))}, "
                        f"{draw(st.sampled_from(vals))}, {draw(st.sampled_from(vals))} : {T}")
            vals.append(v)
        elif kind == "load":
            v = new("l")
            body.append(f"{v} = memref.load {draw(st.sampled_from(vals))}[%c0i] : {T}")
        elif kind == "clone":
            v = new("k")
            body.append(f"{v} = bufferization.clone {draw(st.sampled_from(vals))} : {T} to {T}")
            vals.append(v)
        else:
            ms = draw(st.lists(st.sampled_from(vals), min_size=1, max_size=2))
            cs = [draw(st.sampled_from(conds + ["%true"])) for _ in ms]
            rs = draw(st.lists(st.sampled_from(vals), max_size=1))
            line = (f"bufferization.dealloc ({', '.join(ms)} : {', '.join([T] * len(ms))}) "
                    f"if ({', '.join(cs)})")
            if rs:
                line = f"{new('r')} = " + line + f" retain ({rs[0]} : {T})"
            body.append(line)
    ret = draw(st.sampled_from([None] + vals))
    args = [f"{c}: i1" for c in conds] + [f"%m{i}: {T}" for i in range(n_args)]
    sig = f"func.func @{name}({', '.join(args)})" + (f" -> {T}" if ret else "")
    text = sig + " {\n" + "".join(f"  {b}\n" for b in body)
    text += f"  return {ret} : {T}\n}}\n" if ret else "  return\n}\n"
    return text


stats = {"functions": 0, "disagreements": []}


@settings(max_examples=7, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(st.tuples(function("f0"), function("f1"), function("f2")),
       st.tuples(function("f0", False), function("f1", False),
                 function("f2", False)))
def test_agree(fns, pre):
    check_module("\n".join(fns))
    # Upstream's pipeline output of a program without frees: mostly SAFE.
    out = toolclient.run([toolclient.MLIR_OPT, "--buffer-deallocation-pipeline"],
                         "\n".join(pre))
    if out.ok:
        check_module(out.stdout)


def both_verdicts(text, flags=(), timeout=120):
    """dealloc-verify's and dealloc-run's JSON objects per function of the
    module `text` (with `flags`, e.g. --strict-ub, for both)."""
    return (toolclient.results([VERIFY, "--json", *flags], text, timeout),
            toolclient.results([RUN, "--json", *flags], text, timeout))


def disagree(vv, rv):
    """SAFE where a run fails, or a violation only one of them finds."""
    return ((vv == "SAFE" and rv in VIOLATIONS) or
            (rv in VIOLATIONS and vv not in VIOLATIONS) or
            (vv in VIOLATIONS and rv not in VIOLATIONS))


def check_module(text):
    v, r = both_verdicts(text)
    for name in ("f0", "f1", "f2"):
        vv, rv = v[name]["verdict"], r[name]["verdict"]
        stats["functions"] += 1
        stats.setdefault("pairs", {}).setdefault(f"{vv}/{rv}", 0)
        stats["pairs"][f"{vv}/{rv}"] += 1
        if disagree(vv, rv):
            stats["disagreements"].append(f"@{name}: verify {vv}, run {rv}\n{text}")


if __name__ == "__main__":
    test_agree()
    for d in stats["disagreements"]:
        print("DISAGREE", d)
    print("verdicts (verify/run):", ", ".join(
        f"{k} {n}" for k, n in sorted(stats.get("pairs", {}).items())))
    print(f"agree: {stats['functions']} functions, "
          f"{len(stats['disagreements'])} disagreements")
    sys.exit(1 if stats["disagreements"] else 0)

#!/usr/bin/env python3
"""Property test: dealloc-verify and dealloc-run agree over defined inputs.

Generates small memref programs whose index argument %n can make them
undefined (a size %n - 1 that is negative for n = 0, a load at %n that is
out of bounds for n = 2, a division by %n, an scf.for step %n), mixed with
allocations, frees, conditional frees and uses, and checks every public
function under both readings of [safety.defined] (default and --strict-ub):
  - dealloc-verify says SAFE      => no enumerated input of dealloc-run gives
    a violation, and under --strict-ub dealloc-run is SAFE too;
  - dealloc-run finds a violation => dealloc-verify reports a violation;
  - default reading: every site dealloc-run excludes (kind, location) is in
    the complete "excluded" list of a SAFE answer of dealloc-verify, whose
    witnesses dealloc-run replays; a SAFE of dealloc-run has a defined input.
Prints `defined-agree: N functions, K with excluded inputs, 0 disagreements`.
"""
import re
import sys

from hypothesis import given, settings, strategies as st, HealthCheck

from agree import VIOLATIONS, both_verdicts

T = "memref<2xf32>"
D = "memref<?xf32>"


@st.composite
def function(draw, name):
    body, fresh = [], [0]
    vals = []  # (name, type) of owned allocations
    freed = set()  # freed unconditionally

    def new(prefix):
        fresh[0] += 1
        return f"%{prefix}{fresh[0]}"

    body += ["%z = arith.constant 0 : index", "%one = arith.constant 1 : index",
             "%four = arith.constant 4 : index", "%f = arith.constant 0.0 : f32"]
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(
            ["alloc", "alloc_dyn", "free", "free_if", "use", "ub_load",
             "ub_div", "ub_for", "ub_size"]))
        if kind == "alloc" or (kind in ("free", "free_if", "use") and not vals):
            v = new("a")
            body.append(f"{v} = memref.alloc() : {T}")
            vals.append((v, T))
        elif kind == "alloc_dyn":
            v = new("d")
            body.append(f"{v} = memref.alloc(%n) : {D}")
            vals.append((v, D))
        elif kind == "ub_size":
            s, v = new("s"), new("d")
            body.append(f"{s} = arith.subi %n, %one : index")
            body.append(f"{v} = memref.alloc({s}) : {D}")
            vals.append((v, D))
        elif kind == "free":
            v, t = draw(st.sampled_from(vals))
            body.append(f"memref.dealloc {v} : {t}")
            freed.add(v)
        elif kind == "free_if":
            v, t = draw(st.sampled_from(vals))
            body.append(f"scf.if %c {{\n    memref.dealloc {v} : {t}\n  }}")
        elif kind == "use":
            v, t = draw(st.sampled_from(vals))
            body.append(f"memref.store %f, {v}[%z] : {t}")
        elif kind == "ub_load":
            body.append(f"{new('l')} = memref.load %m[%n] : {T}")
        elif kind == "ub_div":
            body.append(f"{new('q')} = arith.divui %four, %n : index")
        else:
            body.append(f"scf.for %i{fresh[0]} = %z to %four step %n {{\n  }}")
    # Mostly free what is left at the end, so that not every function leaks.
    for v, t in vals:
        if v not in freed and draw(st.integers(0, 9)) > 0:
            body.append(f"memref.dealloc {v} : {t}")
    text = f"func.func @{name}(%c: i1, %n: index, %m: {T}) {{\n"
    text += "".join(f"  {b}\n" for b in body) + "  return\n}\n"
    return text


@st.composite
def loop_function(draw, name):
    """A loop over an input-dependent trip count (scf.for or scf.while, 0 to
    %n) whose body may reach undefined behaviour from its second or third
    iteration on (a load at %i + 1 or %i, a division by 1 - %i), mixed with
    allocations freed in the body and uses, frees and conditional frees of
    a buffer from before the loop (a double free or a use after free in a
    later iteration, before or after the undefined behaviour)."""
    body, fresh = [], [0]

    def new(prefix):
        fresh[0] += 1
        return f"%{prefix}{fresh[0]}"

    outer_freed = False
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(
            ["ub_next", "alloc", "ub_here", "use", "ub_div",
             "free_outer_if", "free_outer"]))
        if kind == "alloc":
            v = new("t")
            body.append(f"{v} = memref.alloc() : {T}")
            body.append(f"memref.store %f, {v}[%z] : {T}")
            if draw(st.integers(0, 5)) < 5:
                body.append(f"memref.dealloc {v} : {T}")
        elif kind == "use":
            body.append(f"memref.store %f, %a[%z] : {T}")
        elif kind == "free_outer":
            body.append(f"memref.dealloc %a : {T}")
            outer_freed = True
        elif kind == "free_outer_if":
            body.append(f"scf.if %c {{\n      memref.dealloc %a : {T}\n    }}")
            outer_freed = True
        elif kind == "ub_next":
            j = new("j")
            body.append(f"{j} = arith.addi %i, %one : index")
            body.append(f"{new('l')} = memref.load %m[{j}] : {T}")
        elif kind == "ub_here":
            body.append(f"{new('l')} = memref.load %m[%i] : {T}")
        else:
            d = new("d")
            body.append(f"{d} = arith.subi %one, %i : index")
            body.append(f"{new('q')} = arith.divui %four, {d} : index")
    text = f"func.func @{name}(%c: i1, %n: index, %m: {T}) {{\n"
    text += ("  %z = arith.constant 0 : index\n"
             "  %one = arith.constant 1 : index\n"
             "  %four = arith.constant 4 : index\n"
             "  %f = arith.constant 0.0 : f32\n"
             f"  %a = memref.alloc() : {T}\n")
    inner = "".join(f"    {b}\n" for b in body)
    if not draw(st.booleans()):
        text += f"  scf.for %i = %z to %n step %one {{\n{inner}  }}\n"
    else:
        text += ("  %w = scf.while (%i = %z) : (index) -> index {\n"
                 "    %go = arith.cmpi slt, %i, %n : index\n"
                 "    scf.condition(%go) %i : index\n"
                 "  } do {\n  ^bb0(%i: index):\n" + inner +
                 "    %i2 = arith.addi %i, %one : index\n"
                 "    scf.yield %i2 : index\n  }\n")
    if not outer_freed or draw(st.booleans()):
        text += f"  memref.dealloc %a : {T}\n"
    return text + "  return\n}\n"


def plain_loc(loc):
    """dealloc-run's `loc("f":l:c)` as dealloc-verify's `f:l:c`."""
    m = re.fullmatch(r'loc\("(.*)":(\d+):(\d+)\)', loc)
    return f"{m.group(1)}:{m.group(2)}:{m.group(3)}" if m else loc


stats = {"functions": 0, "excluded": 0, "disagreements": [], "pairs": {}}


def check_module(text):
    for strict in (False, True):
        v, r = both_verdicts(text, ["--strict-ub"] if strict else [])
        for name in v:
            compare(name, v[name], r[name], strict, text)


def compare(name, vo, ro, strict, text):
    vv, rv = vo["verdict"], ro["verdict"]
    reading = "strict" if strict else "default"
    stats["functions"] += 1
    key = f"{reading} {vv}/{rv}"
    stats["pairs"][key] = stats["pairs"].get(key, 0) + 1
    bad = []
    if vv == "SAFE" and rv in VIOLATIONS:
        bad.append("verify SAFE, run finds a violation")
    if strict and vv == "SAFE" and rv != "SAFE":
        bad.append("strict: verify SAFE, run does not say SAFE")
    if rv in VIOLATIONS and vv not in VIOLATIONS:
        bad.append("run finds a violation, verify does not")
    if not strict and ro.get("excluded"):
        stats["excluded"] += 1
        if rv == "SAFE" and not ro.get("defined_inputs"):
            bad.append("run SAFE without a defined input")
        if vv == "SAFE" and vo.get("excluded_complete"):
            listed = {(e["kind"], e["loc"]) for e in vo.get("excluded", [])}
            for e in ro["excluded"]:
                if (e["kind"], plain_loc(e["loc"])) not in listed:
                    bad.append(f"run excludes {e['kind']} at {e['loc']}, "
                               "verify does not list it")
    if (not strict and vv == "SAFE" and ro.get("excluded") and
            not vo.get("excluded") and not vo.get("excluded_cut")):
        bad.append("run excludes inputs, verify SAFE lists nothing")
    if not strict and vv == "SAFE":
        for e in vo.get("excluded", []):
            if not e["replayed"]:
                bad.append(f"excluded site {e['kind']} at {e['loc']} not "
                           f"replayed: {e['run']}")
    for b in bad:
        stats["disagreements"].append(f"@{name} ({reading}): {b}\n{text}")


@settings(max_examples=14, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(st.tuples(function("f0"), function("f1"), function("f2")))
def test_defined_agree(fns):
    check_module("\n".join(fns))


# Loops reaching undefined behaviour on some trip counts: a SAFE of
# dealloc-verify comes from an induction proof ([verify.induction]) whose
# abstract iteration ends runs at the undefined behaviour.
@settings(max_examples=16, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(st.tuples(loop_function("f0"), loop_function("f1"),
                 loop_function("f2")))
def test_defined_loops_agree(fns):
    check_module("\n".join(fns))


def report(title):
    for d in stats["disagreements"]:
        print("DISAGREE", d)
    print("verdicts (reading verify/run):", ", ".join(
        f"{k} {n}" for k, n in sorted(stats["pairs"].items())))
    print(f"{title}: {stats['functions']} functions, "
          f"{stats['excluded']} with excluded inputs, "
          f"{len(stats['disagreements'])} disagreements")
    bad = len(stats["disagreements"])
    stats.update(functions=0, excluded=0, disagreements=[], pairs={})
    return bad


if __name__ == "__main__":
    test_defined_agree()
    bad = report("defined-agree")
    test_defined_loops_agree()
    bad += report("defined-agree loops")
    sys.exit(1 if bad else 0)

#!/usr/bin/env python3
"""Property test: calls encoded by their callees' contracts agree with
dealloc-run ([verify.encoding.calls.summary]).

Generates modules of callees (private or public, each with a body) and
public callers, by construction, derandomized (the same modules every run). Some callees keep the
public boundary's contract (a fresh result, arguments untouched), others
break it (free an argument under a condition, return it, leak, call another
callee); callers allocate, call, free (also under conditions) and return.
For every public function ([verify.verdict], [verify.replay]):
  - dealloc-verify says SAFE      => no enumerated input of dealloc-run fails;
  - dealloc-run finds a violation => dealloc-verify reports a violation;
  - dealloc-verify's violation    => dealloc-run finds one too (only i1 and
    memref arguments: every input is enumerated).
Prints `calls-agree: N functions, S SAFE by summaries, 0 disagreements`.
"""
import sys

from hypothesis import given, settings, strategies as st, HealthCheck

from agree import both_verdicts, disagree

T = "memref<2xf32>"

# Callee bodies, over (%c: i1, %a: T) -> T. `{next}` is the next callee.
CALLEE_BODIES = {
    # Keeps the contract.
    "fresh": ["%n = memref.alloc() : {T}",
              "memref.copy %a, %n : {T} to {T}",
              "return %n : {T}"],
    "fresh_written": ["%c0i = arith.constant 0 : index",
                      "%v = memref.load %a[%c0i] : {T}",
                      "%n = memref.alloc() : {T}",
                      "memref.store %v, %a[%c0i] : {T}",
                      "return %n : {T}"],
    # Break it.
    "frees_arg_if": ["scf.if %c {{\n    memref.dealloc %a : {T}\n  }}",
                     "%n = memref.alloc() : {T}",
                     "return %n : {T}"],
    "identity": ["return %a : {T}"],
    "select": ["%n = memref.alloc() : {T}",
               "%s = arith.select %c, %n, %a : {T}",
               "return %s : {T}"],
    "leaks": ["%t = memref.alloc() : {T}",
              "%n = memref.alloc() : {T}",
              "return %n : {T}"],
    # Whatever the next callee does.
    "chain": ["%r = call @{next}(%c, %a) : (i1, {T}) -> {T}",
              "return %r : {T}"],
}


@st.composite
def callees(draw):
    n = draw(st.integers(1, 3))
    out = []
    for k in range(n):
        kinds = sorted(CALLEE_BODIES)
        if k == n - 1:
            kinds.remove("chain")
        kind = draw(st.sampled_from(kinds))
        private = draw(st.booleans())
        body = [line.format(T=T, next=f"g{k + 1}")
                for line in CALLEE_BODIES[kind]]
        vis = "private " if private else ""
        out.append(f"func.func {vis}@g{k}(%c: i1, %a: {T}) -> {T} {{\n" +
                   "".join(f"  {b}\n" for b in body) + "}\n")
    return out


@st.composite
def caller(draw, name, n_callees):
    body, vals, fresh = [], ["%m"], [0]
    conds = ["%c0", "%c1"]

    def new(prefix):
        fresh[0] += 1
        return f"%{prefix}{fresh[0]}"

    body.append("%c0i = arith.constant 0 : index")
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["alloc", "call", "call", "call",
                                     "free", "free_if", "load"]))
        if kind == "alloc":
            v = new("a")
            body.append(f"{v} = memref.alloc() : {T}")
            vals.append(v)
        elif kind == "call":
            g = draw(st.integers(0, n_callees - 1))
            v = new("r")
            body.append(f"{v} = call @g{g}({draw(st.sampled_from(conds))}, "
                        f"{draw(st.sampled_from(vals))}) : (i1, {T}) -> {T}")
            vals.append(v)
        elif kind == "free":
            body.append(f"memref.dealloc {draw(st.sampled_from(vals))} : {T}")
        elif kind == "free_if":
            body.append(f"scf.if {draw(st.sampled_from(conds))} {{\n"
                        f"    memref.dealloc {draw(st.sampled_from(vals))} : {T}\n  }}")
        else:
            body.append(f"{new('l')} = memref.load "
                        f"{draw(st.sampled_from(vals))}[%c0i] : {T}")
    ret = draw(st.sampled_from([None] + vals))
    # Mostly tidy callers: the buffers they made (allocations and results)
    # are freed at the end, unless returned.
    if draw(st.integers(0, 3)) > 0:
        for v in vals[1:]:
            if v != ret:
                body.append(f"memref.dealloc {v} : {T}")
    sig = f"func.func @{name}(%c0: i1, %c1: i1, %m: {T})" + (
        f" -> {T}" if ret else "")
    text = sig + " {\n" + "".join(f"  {b}\n" for b in body)
    text += f"  return {ret} : {T}\n}}\n" if ret else "  return\n}\n"
    return text


@st.composite
def module(draw):
    gs = draw(callees())
    fs = [draw(caller(f"f{i}", len(gs))) for i in range(2)]
    return "\n".join(fs + gs)


stats = {"functions": 0, "summarised": 0, "pairs": {}, "disagreements": []}


@settings(max_examples=40, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(module())
def test_calls_agree(text):
    v, r = both_verdicts(text)
    for name, vo in v.items():
        vv, rv = vo["verdict"], r[name]["verdict"]
        stats["functions"] += 1
        pair = f"{vv}/{rv}"
        stats["pairs"][pair] = stats["pairs"].get(pair, 0) + 1
        if vv == "SAFE" and vo.get("summarised"):
            stats["summarised"] += 1
        if disagree(vv, rv):
            stats["disagreements"].append(
                f"@{name}: verify {vv}, run {rv}\n{text}")


if __name__ == "__main__":
    test_calls_agree()
    for d in stats["disagreements"]:
        print("DISAGREE", d)
    print("verdicts (verify/run):", ", ".join(
        f"{k} {n}" for k, n in sorted(stats["pairs"].items())))
    print(f"calls-agree: {stats['functions']} functions, "
          f"{stats['summarised']} SAFE by summaries, "
          f"{len(stats['disagreements'])} disagreements")
    sys.exit(1 if stats["disagreements"] else 0)

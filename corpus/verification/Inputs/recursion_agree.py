#!/usr/bin/env python3
"""Property test: call cycles decided by the contract hypothesis agree with
dealloc-run ([verify.encoding.calls.recursive]).

Generates modules of callees over (%c: i1, %a: T) -> T, some calling a
callee of the module (themselves, an earlier one: a cycle) under `%c` with
`false` (so every run terminates, after at most one recursive call), some
keeping the public boundary's contract and some breaking it, and two public
callers (those of calls_agree.py), derandomized (the same modules every
run). For every public function ([verify.verdict], [verify.replay]):
  - dealloc-verify says SAFE      => no enumerated input of dealloc-run fails
    (every input is enumerated: i1 and memref arguments only);
  - dealloc-verify's violation    => dealloc-run finds one too.
A violation only dealloc-run finds is allowed (UNKNOWN: a cycle whose
contract fails is not inlined) and counted.
Prints `recursion-agree: N functions, C on cycles, S SAFE on cycles,
0 disagreements`.
"""
import sys

from hypothesis import given, settings, strategies as st, HealthCheck

from agree import both_verdicts, VIOLATIONS
from calls_agree import CALLEE_BODIES, caller

T = "memref<2xf32>"

# Bodies calling `{callee}` (any callee of the module) under %c.
RECURSIVE_BODIES = {
    # Keep the contract if the callee does.
    "rec_result": ["%f = arith.constant false",
                   "%r = scf.if %c -> ({T}) {{\n"
                   "    %x = func.call @{callee}(%f, %a) : (i1, {T}) -> {T}\n"
                   "    scf.yield %x : {T}\n  }} else {{\n"
                   "    %n = memref.alloc() : {T}\n"
                   "    scf.yield %n : {T}\n  }}",
                   "return %r : {T}"],
    "rec_frees_result": ["%f = arith.constant false",
                         "scf.if %c {{\n"
                         "    %x = func.call @{callee}(%f, %a) : (i1, {T}) -> {T}\n"
                         "    memref.dealloc %x : {T}\n  }}",
                         "%n = memref.alloc() : {T}",
                         "return %n : {T}"],
    "rec_fresh_arg": ["%f = arith.constant false",
                      "%n = memref.alloc() : {T}",
                      "scf.if %c {{\n"
                      "    %x = func.call @{callee}(%f, %n) : (i1, {T}) -> {T}\n"
                      "    memref.dealloc %x : {T}\n  }}",
                      "return %n : {T}"],
    # Break it: the result is dropped, or the argument freed after the call.
    "rec_drops_result": ["%f = arith.constant false",
                         "scf.if %c {{\n"
                         "    %x = func.call @{callee}(%f, %a) : (i1, {T}) -> {T}\n  }}",
                         "%n = memref.alloc() : {T}",
                         "return %n : {T}"],
    "rec_frees_arg": ["%f = arith.constant false",
                      "%n = memref.alloc() : {T}",
                      "scf.if %c {{\n"
                      "    %x = func.call @{callee}(%f, %a) : (i1, {T}) -> {T}\n"
                      "    memref.dealloc %x : {T}\n"
                      "    memref.dealloc %a : {T}\n  }}",
                      "return %n : {T}"],
}
PLAIN = {k: v for k, v in CALLEE_BODIES.items() if k != "chain"}


@st.composite
def callees(draw):
    n = draw(st.integers(1, 3))
    out = []
    for k in range(n):
        # Mostly recursive bodies, some plain ones (the base of a cycle).
        rec = draw(st.integers(0, 3)) > 0
        table = RECURSIVE_BODIES if rec else PLAIN
        kind = draw(st.sampled_from(sorted(table)))
        callee = f"g{draw(st.integers(0, n - 1))}"
        private = draw(st.booleans())
        body = [line.format(T=T, callee=callee) for line in table[kind]]
        vis = "private " if private else ""
        out.append(f"func.func {vis}@g{k}(%c: i1, %a: {T}) -> {T} {{\n" +
                   "".join(f"  {b}\n" for b in body) + "}\n")
    return out


@st.composite
def module(draw):
    gs = draw(callees())
    fs = [draw(caller(f"f{i}", len(gs))) for i in range(2)]
    return "\n".join(fs + gs)


stats = {"functions": 0, "cycles": 0, "safe_cycles": 0, "run_only": 0,
         "pairs": {}, "disagreements": []}


@settings(max_examples=40, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(module())
def test_recursion_agree(text):
    v, r = both_verdicts(text)
    for name, vo in v.items():
        vv, rv = vo["verdict"], r[name]["verdict"]
        stats["functions"] += 1
        pair = f"{vv}/{rv}"
        stats["pairs"][pair] = stats["pairs"].get(pair, 0) + 1
        cyclic = any(f"call @{name}(" in line for line in text.splitlines()
                     if not line.startswith(f"func.func @{name}(")) and \
            name.startswith("g")
        if (vv == "SAFE" and rv in VIOLATIONS) or \
                (vv in VIOLATIONS and rv not in VIOLATIONS):
            stats["disagreements"].append(
                f"@{name}: verify {vv}, run {rv}\n{text}")
        elif rv in VIOLATIONS and vv not in VIOLATIONS:
            stats["run_only"] += 1
        if cyclic:
            stats["cycles"] += 1
            stats["safe_cycles"] += vv == "SAFE"


if __name__ == "__main__":
    test_recursion_agree()
    for d in stats["disagreements"]:
        print("DISAGREE", d)
    print("verdicts (verify/run):", ", ".join(
        f"{k} {n}" for k, n in sorted(stats["pairs"].items())))
    print(f"recursion-agree: {stats['functions']} functions, "
          f"{stats['cycles']} called by a callee, "
          f"{stats['safe_cycles']} of them SAFE, "
          f"{stats['run_only']} violations only dealloc-run finds, "
          f"{len(stats['disagreements'])} disagreements")
    sys.exit(1 if stats["disagreements"] else 0)

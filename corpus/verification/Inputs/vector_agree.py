#!/usr/bin/env python3
"""Property test: dealloc-verify and dealloc-run agree on vector programs.

Generates small memref programs as defined_agree.py does, whose operations
include the vector dialect's accesses ([op.vector.transfer],
[op.vector.load]): transfer_read / transfer_write at the index argument %n
(lanes past the end padded or skipped, a negative %n undefined), the same
declared in_bounds (undefined past the end), vector.load / store (undefined
past the end), a lane of a read deciding a free (the argument's element or
the padding, by %n), and a vector carried by an
scf.for; mixed with allocations, frees, conditional frees and scalar uses.
Checks every public function under both readings of [safety.defined] with
defined_agree.py's comparison. Prints `vector-agree: N functions, K with
excluded inputs, 0 disagreements`.
"""
import sys

from hypothesis import given, settings, strategies as st, HealthCheck

import defined_agree
from defined_agree import check_module, stats

T = "memref<2xf32>"
V = "vector<2xf32>"


@st.composite
def function(draw, name):
    body, fresh = [], [0]
    vals = []  # owned allocations
    freed = set()

    def new(prefix):
        fresh[0] += 1
        return f"%{prefix}{fresh[0]}"

    body += ["%z = arith.constant 0 : index", "%one = arith.constant 1 : index",
             "%f = arith.constant 0.0 : f32", "%p = arith.constant 1.0 : f32",
             f"%vz = vector.broadcast %f : f32 to {V}"]
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(
            ["alloc", "free", "free_if", "read", "write", "read_in_bounds",
             "load", "store", "decide", "loop"]))
        if kind == "alloc" or not vals:
            v = new("a")
            body.append(f"{v} = memref.alloc() : {T}")
            body.append(f"vector.store %vz, {v}[%z] : {T}, {V}")
            vals.append(v)
            if kind == "alloc":
                continue
        v = draw(st.sampled_from(vals))
        if kind == "free":
            body.append(f"memref.dealloc {v} : {T}")
            freed.add(v)
        elif kind == "free_if":
            body.append(f"scf.if %c {{\n    memref.dealloc {v} : {T}\n  }}")
        elif kind == "read":
            body.append(f"{new('r')} = vector.transfer_read {v}[%n], %f : "
                        f"{T}, {V}")
        elif kind == "write":
            body.append(f"vector.transfer_write %vz, {v}[%n] : {V}, {T}")
        elif kind == "read_in_bounds":
            body.append(f"{new('r')} = vector.transfer_read {v}[%n], %f "
                        f"{{in_bounds = [true]}} : {T}, {V}")
        elif kind == "load":
            body.append(f"{new('l')} = vector.load %m[%n] : {T}, {V}")
        elif kind == "store":
            body.append(f"vector.store %vz, {v}[%n] : {T}, {V}")
        elif kind == "decide":
            r, e, b = new("r"), new("e"), new("b")
            body.append(f"{r} = vector.transfer_read %m[%n], %p : {T}, {V}")
            body.append(f"{e} = vector.extract {r}[1] : f32 from {V}")
            body.append(f"{b} = arith.cmpf oeq, {e}, %f : f32")
            body.append(f"scf.if {b} {{\n    memref.dealloc {v} : {T}\n  }}")
        else:
            r = new("v")
            body.append(
                f"{r} = scf.for %i{fresh[0]} = %z to %n step %one "
                f"iter_args(%acc{fresh[0]} = %vz) -> ({V}) {{\n"
                f"    %x{fresh[0]} = vector.transfer_read {v}[%i{fresh[0]}], %f"
                f" : {T}, {V}\n"
                f"    %y{fresh[0]} = arith.addf %x{fresh[0]}, %acc{fresh[0]} : {V}\n"
                f"    scf.yield %y{fresh[0]} : {V}\n  }}")
    for v in vals:
        if v not in freed and draw(st.integers(0, 19)) > 0:
            body.append(f"memref.dealloc {v} : {T}")
    text = f"func.func @{name}(%c: i1, %n: index, %m: {T}) {{\n"
    text += "".join(f"  {b}\n" for b in body) + "  return\n}\n"
    return text


@settings(max_examples=12, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(st.tuples(function("f0"), function("f1"), function("f2")))
def test_vector_agree(fns):
    check_module("\n".join(fns))


if __name__ == "__main__":
    test_vector_agree()
    for d in stats["disagreements"]:
        print("DISAGREE", d)
    print("verdicts (reading verify/run):", ", ".join(
        f"{k} {n}" for k, n in sorted(stats["pairs"].items())))
    print(f"vector-agree: {stats['functions']} functions, "
          f"{stats['excluded']} with excluded inputs, "
          f"{len(stats['disagreements'])} disagreements")
    sys.exit(1 if stats["disagreements"] else 0)

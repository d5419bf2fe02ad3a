#!/usr/bin/python3
"""Generator of large pre-deallocation memref-level programs for benchmarks.

Every program is valid input for upstream
`mlir-opt --buffer-deallocation-pipeline`: it allocates with `memref.alloc`,
uses buffers only through `memref.load` / `memref.store` / `memref.copy`, and
contains no frees.  Output is a pure function of (shape, size): no randomness,
no timestamps.

    python3 bench/shapes.py SHAPE N            > prog.mlir   # pre-deallocation
    python3 bench/shapes.py SHAPE N --dealloc  > out.mlir    # through upstream's pipeline
    python3 bench/shapes.py SHAPE N --meta                   # entry function + one input (JSON)
    python3 bench/shapes.py --list

Shapes (N is the size parameter):
  straight        N allocations in one block, each written, read and copied
  diamonds        a chain of N cf diamonds; each cond_br on its own i1 argument,
                  the "then" side allocates a new buffer and passes it on
                  through a block argument, the "else" side passes the old one
  scf-if          scf.if nested N deep; every level yields a memref (fresh or
                  the incoming one)
  if-chain        N sequential scf.if ops (the scf.if form of diamonds); each
                  yields a fresh copy of the incoming buffer or the incoming one
  for-loops       N sequential scf.for loops, each with one memref iter_arg
                  that the body replaces by a fresh buffer
  for-iterargs    one scf.for with N memref iter_args, each replaced or kept
  calls-private   a chain of N functions (entry public, the rest private), each
                  allocating, copying its argument and calling the next
  calls-public    the same chain with every function public
  calls-cycle     N public functions on one call cycle: each allocates, copies
                  its argument and, while its index argument is positive,
                  calls two others (the next one and one further on) with
                  it decremented
  select-chain    N allocations in one block, each written and read, every
                  tenth threaded through a chain of arith.select on its own
                  i1 argument, whose last result is returned
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "harness"))
from dealloc_harness import toolclient  # noqa: E402

MLIR_OPT = os.environ.get("MLIR_OPT", toolclient.MLIR_OPT)
T = "memref<4xf32>"


class Program:
    """Text of one module plus the entry function and one concrete input."""

    def __init__(self, text, function, input_values, blocks, branches):
        self.text = text
        self.function = function
        self.input = ",".join(input_values)
        self.blocks = blocks  # basic blocks + structured regions (for fits)
        self.branches = branches  # conditional branch points


def _consts():
    return [
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        "    %cst = arith.constant 1.000000e+00 : f32",
    ]


def _bool_input(n):
    # Deterministic alternating pattern: exercises both sides of branches.
    return ["true" if i % 2 == 0 else "false" for i in range(n)]


def _entry_prologue(n):
    """The module and @entry header: %arg0, inputs %p0..%p{n-1}, and %m0, a
    fresh copy of %arg0."""
    args = ", ".join([f"%arg0: {T}"] + [f"%p{i}: i1" for i in range(n)])
    lines = ["module {", f"  func.func @entry({args}) -> {T} {{"]
    lines += _consts()
    lines.append(f"    %m0 = memref.alloc() : {T}")
    lines.append(f"    memref.copy %arg0, %m0 : {T} to {T}")
    return lines


def _entry_epilogue(lines, res, n, blocks):
    """Reads and returns `res`; the Program with inputs for n branches."""
    lines.append(f"    %v = memref.load {res}[%c1] : {T}")
    lines.append(f"    return {res} : {T}")
    lines += ["  }", "}"]
    return Program("\n".join(lines) + "\n", "entry",
                   ["b0"] + _bool_input(n), blocks, n)


def straight(n):
    lines = ["module {", f"  func.func @entry(%arg0: {T}) -> {T} {{"]
    lines += _consts()
    prev = "%arg0"
    for i in range(n):
        a = f"%a{i}"
        lines.append(f"    {a} = memref.alloc() : {T}")
        lines.append(f"    memref.copy {prev}, {a} : {T} to {T}")
        lines.append(f"    memref.store %cst, {a}[%c0] : {T}")
        lines.append(f"    %v{i} = memref.load {a}[%c1] : {T}")
        prev = a
    lines.append(f"    return {prev} : {T}")
    lines += ["  }", "}"]
    return Program("\n".join(lines) + "\n", "entry", ["b0"], 1, 0)


def calls_cycle(n):
    lines = ["module {"]
    for i in range(n):
        a, b = (i + 1) % n, (7 * i + 3) % n
        lines.append(f"  func.func @f{i}(%k: index, %arg0: {T}) -> {T} {{")
        lines += _consts()
        lines.append(f"    %n = memref.alloc() : {T}")
        lines.append(f"    memref.copy %arg0, %n : {T} to {T}")
        lines.append(f"    memref.store %cst, %n[%c0] : {T}")
        lines.append("    %more = arith.cmpi sgt, %k, %c0 : index")
        lines.append(f"    %r = scf.if %more -> ({T}) {{")
        lines.append("      %k1 = arith.subi %k, %c1 : index")
        lines.append(f"      %x = func.call @f{a}(%k1, %n) : (index, {T}) -> {T}")
        lines.append(f"      %y = func.call @f{b}(%k1, %x) : (index, {T}) -> {T}")
        lines.append(f"      scf.yield %y : {T}")
        lines.append("    } else {")
        lines.append(f"      scf.yield %n : {T}")
        lines.append("    }")
        lines.append(f"    %v = memref.load %n[%c1] : {T}")
        lines.append(f"    return %r : {T}")
        lines.append("  }")
    lines.append("}")
    return Program("\n".join(lines) + "\n", "f0", ["2", "b0"], 3 * n, n)


def select_chain(n):
    k = (n + 9) // 10  # selects: allocations 0, 10, 20, ...
    args = ", ".join([f"%arg0: {T}"] + [f"%p{i}: i1" for i in range(k)])
    lines = ["module {", f"  func.func @entry({args}) -> {T} {{"]
    lines += _consts()
    sel = None
    for i in range(n):
        a = f"%a{i}"
        lines.append(f"    {a} = memref.alloc() : {T}")
        lines.append(f"    memref.store %cst, {a}[%c0] : {T}")
        lines.append(f"    %v{i} = memref.load {a}[%c1] : {T}")
        if i % 10 == 0:
            j = i // 10
            other = sel if sel else a
            lines.append(f"    %s{j} = arith.select %p{j}, {a}, {other} : {T}")
            sel = f"%s{j}"
    lines.append(f"    %w = memref.load {sel}[%c1] : {T}")
    lines.append(f"    return {sel} : {T}")
    lines += ["  }", "}"]
    return Program("\n".join(lines) + "\n", "entry", ["b0"] + _bool_input(k),
                   1, k)


def diamonds(n):
    lines = _entry_prologue(n)
    lines.append(f"    cf.br ^bb0(%m0 : {T})")
    for i in range(n):
        lines.append(f"  ^bb{i}(%b{i}: {T}):")
        lines.append(f"    cf.cond_br %p{i}, ^then{i}, ^else{i}")
        lines.append(f"  ^then{i}:")
        lines.append(f"    %n{i} = memref.alloc() : {T}")
        lines.append(f"    memref.copy %b{i}, %n{i} : {T} to {T}")
        lines.append(f"    cf.br ^bb{i + 1}(%n{i} : {T})")
        lines.append(f"  ^else{i}:")
        lines.append(f"    memref.store %cst, %b{i}[%c0] : {T}")
        lines.append(f"    cf.br ^bb{i + 1}(%b{i} : {T})")
    lines.append(f"  ^bb{n}(%b{n}: {T}):")
    return _entry_epilogue(lines, f"%b{n}", n, 3 * n + 2)


def scf_if(depth):
    lines = _entry_prologue(depth)
    # Level i opens `%r{i} = scf.if %p{i}` inside level i-1's "then" region;
    # built without recursion so that nests deeper than Python's recursion
    # limit can be generated.
    incoming = ["%m0"] + [f"%n{i}" for i in range(depth - 1)]
    closing = []
    for i in range(depth):
        pad = " " * (4 + 2 * i)
        lines.append(f"{pad}%r{i} = scf.if %p{i} -> ({T}) {{")
        lines.append(f"{pad}  %n{i} = memref.alloc() : {T}")
        lines.append(f"{pad}  memref.copy {incoming[i]}, %n{i} : {T} to {T}")
        inner = f"%r{i + 1}" if i + 1 < depth else f"%n{i}"
        closing.append([f"{pad}  scf.yield {inner} : {T}",
                        f"{pad}}} else {{",
                        f"{pad}  memref.store %cst, {incoming[i]}[%c0] : {T}",
                        f"{pad}  scf.yield {incoming[i]} : {T}",
                        f"{pad}}}"])
    for part in reversed(closing):
        lines += part
    res = "%r0" if depth > 0 else "%m0"
    return _entry_epilogue(lines, res, depth, 2 * depth + 1)


def if_chain(n):
    lines = _entry_prologue(n)
    for i in range(n):
        lines.append(f"    %m{i + 1} = scf.if %p{i} -> ({T}) {{")
        lines.append(f"      %n{i} = memref.alloc() : {T}")
        lines.append(f"      memref.copy %m{i}, %n{i} : {T} to {T}")
        lines.append(f"      scf.yield %n{i} : {T}")
        lines.append("    } else {")
        lines.append(f"      memref.store %cst, %m{i}[%c0] : {T}")
        lines.append(f"      scf.yield %m{i} : {T}")
        lines.append("    }")
    return _entry_epilogue(lines, f"%m{n}", n, 2 * n + 1)


def for_loops(n):
    lines = ["module {", f"  func.func @entry(%arg0: {T}, %ub: index) -> {T} {{"]
    lines += _consts()
    lines.append(f"    %m0 = memref.alloc() : {T}")
    lines.append(f"    memref.copy %arg0, %m0 : {T} to {T}")
    prev = "%m0"
    for i in range(n):
        lines.append(f"    %l{i} = scf.for %i{i} = %c0 to %ub step %c1 "
                     f"iter_args(%it{i} = {prev}) -> ({T}) {{")
        lines.append(f"      %n{i} = memref.alloc() : {T}")
        lines.append(f"      memref.copy %it{i}, %n{i} : {T} to {T}")
        lines.append(f"      memref.store %cst, %n{i}[%c0] : {T}")
        lines.append(f"      scf.yield %n{i} : {T}")
        lines.append("    }")
        prev = f"%l{i}"
    lines.append(f"    %v = memref.load {prev}[%c1] : {T}")
    lines.append(f"    return {prev} : {T}")
    lines += ["  }", "}"]
    return Program("\n".join(lines) + "\n", "entry", ["b0", "2"], n + 1, n)


def for_iterargs(n):
    lines = ["module {",
             f"  func.func @entry(%arg0: {T}, %ub: index, %p: i1) -> {T} {{"]
    lines += _consts()
    inits = []
    for j in range(n):
        lines.append(f"    %m{j} = memref.alloc() : {T}")
        lines.append(f"    memref.copy %arg0, %m{j} : {T} to {T}")
        inits.append(f"%it{j} = %m{j}")
    types = ", ".join([T] * n)
    res = ", ".join(f"%l#{j}" if n > 1 else "%l" for j in range(n))
    lines.append(f"    %l{':' + str(n) if n > 1 else ''} = scf.for %i = %c0 to %ub "
                 f"step %c1 iter_args({', '.join(inits)}) -> ({types}) {{")
    yields = []
    for j in range(n):
        # Even iter_args are replaced by a fresh buffer every iteration, odd
        # ones are kept (written in place): both ownership cases in one loop.
        if j % 2 == 0:
            lines.append(f"      %n{j} = memref.alloc() : {T}")
            lines.append(f"      memref.copy %it{j}, %n{j} : {T} to {T}")
            yields.append(f"%n{j}")
        else:
            lines.append(f"      memref.store %cst, %it{j}[%c0] : {T}")
            yields.append(f"%it{j}")
    lines.append(f"      scf.yield {', '.join(yields)} : {types}")
    lines.append("    }")
    first = "%l#0" if n > 1 else "%l"
    # Read every result so none is dead, return the first.
    for j in range(n):
        r = f"%l#{j}" if n > 1 else "%l"
        lines.append(f"    %v{j} = memref.load {r}[%c1] : {T}")
    lines.append(f"    return {first} : {T}")
    lines += ["  }", "}"]
    del res
    return Program("\n".join(lines) + "\n", "entry", ["b0", "2", "true"], 2, n)


def _calls(n, private):
    lines = ["module {"]
    for i in range(n):
        vis = "" if (i == 0 or not private) else "private "
        lines.append(f"  func.func {vis}@f{i}(%arg0: {T}) -> {T} {{")
        lines.append("    %c0 = arith.constant 0 : index")
        lines.append("    %cst = arith.constant 1.000000e+00 : f32")
        lines.append(f"    %n = memref.alloc() : {T}")
        lines.append(f"    memref.copy %arg0, %n : {T} to {T}")
        lines.append(f"    memref.store %cst, %n[%c0] : {T}")
        if i + 1 < n:
            lines.append(f"    %r = func.call @f{i + 1}(%n) : ({T}) -> {T}")
            lines.append(f"    %v = memref.load %n[%c0] : {T}")
            lines.append(f"    return %r : {T}")
        else:
            lines.append(f"    return %n : {T}")
        lines.append("  }")
    lines.append("}")
    return Program("\n".join(lines) + "\n", "f0", ["b0"], n, 0)


SHAPES = {
    "straight": straight,
    "diamonds": diamonds,
    "scf-if": scf_if,
    "if-chain": if_chain,
    "for-loops": for_loops,
    "for-iterargs": for_iterargs,
    "calls-private": lambda n: _calls(n, True),
    "calls-public": lambda n: _calls(n, False),
    "calls-cycle": calls_cycle,
    "select-chain": select_chain,
}


def generate(shape, n):
    if shape not in SHAPES:
        raise KeyError(f"unknown shape '{shape}' (known: {', '.join(SHAPES)})")
    if n < 1:
        raise ValueError("size must be >= 1")
    return SHAPES[shape](n)


def upstream_pipeline(text, timeout=None):
    """Run upstream's --buffer-deallocation-pipeline; return its output text."""
    proc = subprocess.run([MLIR_OPT, "--buffer-deallocation-pipeline", "-"],
                          input=text, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr)
    return proc.stdout


def main(argv):
    if "--list" in argv:
        print("\n".join(SHAPES))
        return 0
    pos = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    unknown = flags - {"--dealloc", "--meta"}
    if len(pos) != 2 or unknown:
        sys.stderr.write("usage: shapes.py SHAPE N [--dealloc | --meta] | --list\n")
        return 2
    try:
        prog = generate(pos[0], int(pos[1]))
    except (KeyError, ValueError) as e:
        sys.stderr.write(f"shapes.py: error: {e.args[0]}\n")
        return 2
    if "--meta" in flags:
        print(json.dumps({"function": prog.function, "input": prog.input,
                          "blocks": prog.blocks, "branches": prog.branches}))
    elif "--dealloc" in flags:
        try:
            sys.stdout.write(upstream_pipeline(prog.text))
        except RuntimeError as e:
            sys.stderr.write(f"shapes.py: upstream pipeline failed:\n{e}")
            return 1
    else:
        sys.stdout.write(prog.text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

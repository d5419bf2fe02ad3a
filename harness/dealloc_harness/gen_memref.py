"""Hypothesis strategies for memref-level programs, valid by construction.

Every program is a module of globals, helper functions (private with a body,
public with a body, declaration-only) and one public entry function. Bodies
mix straight-line statements, structured control flow (scf.if / for / while /
execute_region / index_switch yielding memrefs) and unstructured `cf`
diamonds, nested. All memref values that flow through control flow have the
single type memref<4xf32>; views of other types are used on the spot.

Shrinking: choices are ordered so that the zero choice is the simplest (an
empty statement list, `memref.alloc`, no branches), which is what the
choice-sequence reducer in shrink.py relies on.
"""

import hypothesis.strategies as st

from .mlir_text import MEMREF as T, FunctionText, ModuleText

MAX_DEPTH = 2

STATEMENTS = [
    "alloc", "store", "alloca", "get_global", "view", "select", "clone",
    "copy", "cmp", "if", "for", "while", "execute_region", "index_switch",
    "call",
]
STRUCTURED = {"if", "for", "while", "execute_region", "index_switch"}


class Env:
    """Values visible at a program point: memrefs of type T, i1s, indices."""

    def __init__(self, memrefs=(), i1s=(), indices=()):
        self.memrefs = list(memrefs)
        self.i1s = list(i1s)
        self.indices = list(indices)

    def copy(self):
        return Env(self.memrefs, self.i1s, self.indices)


class Program:
    """The context of one module being generated."""

    def __init__(self):
        self.module = ModuleText()
        self.callees = []  # (name, n_memref, n_i1, n_index, n_results)
        self.global_names = []


def _pick(draw, values):
    return values[draw(st.integers(0, len(values) - 1))]


def _memref(draw, fn, env):
    """A memref value from the environment; allocates one if there is none."""
    if not env.memrefs:
        name = fn.fresh("m")
        fn.emit(f"{name} = memref.alloc() {fn.site()} : {T}")
        env.memrefs.append(name)
    return _pick(draw, env.memrefs)


def _i1(draw, fn, env):
    """An i1 value; derives one from an index comparison if there is none."""
    if not env.i1s or draw(st.integers(0, 3)) == 3:
        lhs = _pick(draw, env.indices)
        pred = draw(st.sampled_from(["eq", "ne", "slt", "sle"]))
        name = fn.fresh("b")
        fn.emit(f"{name} = arith.cmpi {pred}, {lhs}, %c1 : index")
        env.i1s.append(name)
        return name
    return _pick(draw, env.i1s)


def _bound(draw, env):
    """A loop bound: a small constant or an index value (trip count input)."""
    return _pick(draw, ["%c0", "%c1", "%c2"] + env.indices[3:])


@st.composite
def statement(draw, prog, fn, env, depth):
    kinds = STATEMENTS if depth < MAX_DEPTH else [
        k for k in STATEMENTS if k not in STRUCTURED]
    if not prog.callees:
        kinds = [k for k in kinds if k != "call"]
    kind = kinds[draw(st.integers(0, len(kinds) - 1))]
    globals()["_stmt_" + kind](draw, prog, fn, env, depth)


def _stmt_alloc(draw, prog, fn, env, depth):
    name = fn.fresh("m")
    fn.emit(f"{name} = memref.alloc() {fn.site()} : {T}")
    env.memrefs.append(name)


def _stmt_alloca(draw, prog, fn, env, depth):
    name = fn.fresh("s")
    fn.emit(f"{name} = memref.alloca() {fn.site()} : {T}")
    env.memrefs.append(name)


def _stmt_get_global(draw, prog, fn, env, depth):
    name = fn.fresh("g")
    glob = _pick(draw, prog.global_names)
    fn.emit(f"{name} = memref.get_global {glob} : {T}")
    env.memrefs.append(name)


def _stmt_clone(draw, prog, fn, env, depth):
    src = _memref(draw, fn, env)
    name = fn.fresh("m")
    fn.emit(f"{name} = bufferization.clone {src} {fn.site()} : {T} to {T}")
    env.memrefs.append(name)


def _stmt_store(draw, prog, fn, env, depth):
    dst = _memref(draw, fn, env)
    if draw(st.booleans()):
        fn.emit(f"{fn.fresh('x')} = memref.load {dst}[%c1] : {T}")
    else:
        fn.emit(f"memref.store %cst, {dst}[%c0] : {T}")


def _stmt_copy(draw, prog, fn, env, depth):
    src = _memref(draw, fn, env)
    dst = _memref(draw, fn, env)
    fn.emit(f"memref.copy {src}, {dst} : {T} to {T}")


def _stmt_cmp(draw, prog, fn, env, depth):
    lhs = _pick(draw, env.indices)
    name = fn.fresh("b")
    fn.emit(f"{name} = arith.cmpi slt, {lhs}, %c2 : index")
    env.i1s.append(name)


def _stmt_select(draw, prog, fn, env, depth):
    cond = _i1(draw, fn, env)
    a = _memref(draw, fn, env)
    b = _memref(draw, fn, env)
    name = fn.fresh("m")
    fn.emit(f"{name} = arith.select {cond}, {a}, {b} : {T}")
    env.memrefs.append(name)


def _stmt_view(draw, prog, fn, env, depth):
    """Views keep the buffer identity; some are used on the spot, some give
    a new memref<4xf32> alias that may flow on and be returned."""
    src = _memref(draw, fn, env)
    form = draw(st.integers(0, 4))
    if form == 0:
        dyn = fn.fresh("d")
        name = fn.fresh("m")
        fn.emit(f"{dyn} = memref.cast {src} : {T} to memref<?xf32>")
        fn.emit(f"{name} = memref.cast {dyn} : memref<?xf32> to {T}")
        env.memrefs.append(name)
    elif form == 1:
        sub = fn.fresh("sv")
        ty = "memref<2xf32, strided<[1], offset: 1>>"
        fn.emit(f"{sub} = memref.subview {src}[1] [2] [1] : {T} to {ty}")
        fn.emit(f"memref.store %cst, {sub}[%c1] : {ty}")
    elif form == 2:
        name = fn.fresh("m")
        fn.emit(f"{name} = memref.reinterpret_cast {src} to offset: [0], "
                f"sizes: [4], strides: [1] : {T} to {T}")
        env.memrefs.append(name)
    elif form == 3:
        exp = fn.fresh("e")
        name = fn.fresh("m")
        fn.emit(f"{exp} = memref.expand_shape {src} [[0, 1]] output_shape "
                f"[2, 2] : {T} into memref<2x2xf32>")
        fn.emit(f"{name} = memref.collapse_shape {exp} [[0, 1]] : "
                f"memref<2x2xf32> into {T}")
        env.memrefs.append(name)
    else:
        ptr = fn.fresh("p")
        fn.emit(f"{ptr} = memref.extract_aligned_pointer_as_index {src} : "
                f"{T} -> index")


@st.composite
def _span(draw, function, *args):
    """Draw `function(draw, *args)` as one Hypothesis example, so that the
    reducer sees it as a unit it can delete or replace by a descendant."""
    return function(draw, *args)


def _block(draw, prog, fn, env, depth, max_size=None):
    return draw(_span(_block_span, prog, fn, env, depth, max_size))


def _block_span(draw, prog, fn, env, depth, max_size=None):
    """A straight-line statement list (may contain nested structured ops)."""
    if max_size is None:
        max_size = 3 if depth == 0 else 2
    count = draw(st.integers(0, max_size))
    for _ in range(count):
        draw(statement(prog, fn, env, depth))


def _stmt_if(draw, prog, fn, env, depth):
    cond = _i1(draw, fn, env)
    name = fn.fresh("m")
    fn.emit(f"{name} = scf.if {cond} -> ({T}) {{")
    for branch in ("then", "else"):
        if branch == "else":
            fn.emit("} else {")
        fn.indent += 1
        inner = env.copy()
        _block(draw, prog, fn, inner, depth + 1)
        fn.emit(f"scf.yield {_memref(draw, fn, inner)} : {T}")
        fn.indent -= 1
    fn.emit("}")
    env.memrefs.append(name)


def _stmt_for(draw, prog, fn, env, depth):
    init = _memref(draw, fn, env)
    ub = _bound(draw, env)
    name, iv, it = fn.fresh("m"), fn.fresh("i"), fn.fresh("it")
    fn.emit(f"{name} = scf.for {iv} = %c0 to {ub} step %c1 "
            f"iter_args({it} = {init}) -> ({T}) {{")
    fn.indent += 1
    inner = env.copy()
    inner.memrefs.append(it)
    inner.indices.append(iv)
    _block(draw, prog, fn, inner, depth + 1)
    fn.emit(f"scf.yield {_memref(draw, fn, inner)} : {T}")
    fn.indent -= 1
    fn.emit("}")
    env.memrefs.append(name)


def _stmt_while(draw, prog, fn, env, depth):
    init = _memref(draw, fn, env)
    ub = _bound(draw, env)
    res = fn.fresh("w")
    a, i, cond = fn.fresh("wa"), fn.fresh("wi"), fn.fresh("wc")
    b, j, k = fn.fresh("wb"), fn.fresh("wj"), fn.fresh("wk")
    fn.emit(f"{res}:2 = scf.while ({a} = {init}, {i} = %c0) : ({T}, index) "
            f"-> ({T}, index) {{")
    fn.indent += 1
    fn.emit(f"{cond} = arith.cmpi slt, {i}, {ub} : index")
    fn.emit(f"scf.condition({cond}) {a}, {i} : {T}, index")
    fn.indent -= 1
    fn.emit("} do {")
    fn.emit(f"^bb0({b}: {T}, {j}: index):")
    fn.indent += 1
    fn.emit(f"{k} = arith.addi {j}, %c1 : index")
    inner = env.copy()
    inner.memrefs.append(b)
    _block(draw, prog, fn, inner, depth + 1)
    fn.emit(f"scf.yield {_memref(draw, fn, inner)}, {k} : {T}, index")
    fn.indent -= 1
    fn.emit("}")
    env.memrefs.append(f"{res}#0")


def _stmt_execute_region(draw, prog, fn, env, depth):
    name = fn.fresh("m")
    fn.emit(f"{name} = scf.execute_region -> {T} {{")
    fn.indent += 1
    inner = env.copy()
    cfg_body(draw, prog, fn, inner, depth + 1,
             lambda e: fn.emit(f"scf.yield {_memref(draw, fn, e)} : {T}"), nest=1)
    fn.indent -= 1
    fn.emit("}")
    env.memrefs.append(name)


def _stmt_index_switch(draw, prog, fn, env, depth):
    sel = _pick(draw, env.indices)
    cases = draw(st.integers(1, 2))
    name = fn.fresh("m")
    fn.emit(f"{name} = scf.index_switch {sel} -> {T}")
    for case in [f"case {n}" for n in range(cases)] + ["default"]:
        fn.emit(f"{case} {{")
        fn.indent += 1
        inner = env.copy()
        _block(draw, prog, fn, inner, depth + 1, max_size=2)
        fn.emit(f"scf.yield {_memref(draw, fn, inner)} : {T}")
        fn.indent -= 1
        fn.emit("}")
    env.memrefs.append(name)


def _stmt_call(draw, prog, fn, env, depth):
    callee, n_mem, n_i1, n_idx, n_res = _pick(draw, prog.callees)
    args = [_memref(draw, fn, env) for _ in range(n_mem)]
    args += [_i1(draw, fn, env) for _ in range(n_i1)]
    args += [_pick(draw, env.indices) for _ in range(n_idx)]
    types = [T] * n_mem + ["i1"] * n_i1 + ["index"] * n_idx
    res_types = ", ".join([T] * n_res)
    call = (f"func.call {callee}({', '.join(args)}) : "
            f"({', '.join(types)}) -> ({res_types})")
    if n_res == 0:
        fn.emit(call)
        return
    name = fn.fresh("r")
    fn.emit(f"{name}{':' + str(n_res) if n_res > 1 else ''} = {call}")
    if n_res == 1:
        env.memrefs.append(name)
    else:
        env.memrefs.extend(f"{name}#{n}" for n in range(n_res))


def cfg_body(draw, prog, fn, env, depth, finish, nest=2):
    """A region body: statements, then either the terminator `finish(env)` or
    a `cf.cond_br` diamond whose branches (possibly nested diamonds) pass a
    memref to a join block, which continues recursively. One Hypothesis
    example, so the reducer can replace a body by its join continuation."""
    draw(_span(_cfg_body_span, prog, fn, env, depth, finish, nest))


def _cfg_body_span(draw, prog, fn, env, depth, finish, nest):
    _block(draw, prog, fn, env, depth)
    if nest == 0 or not draw(st.booleans()):
        finish(env)
        return
    draw(_span(_diamond, prog, fn, env, depth, finish, nest))


def _diamond(draw, prog, fn, env, depth, finish, nest):
    cond = _i1(draw, fn, env)
    then_l, else_l, join_l = fn.label(), fn.label(), fn.label()
    fn.emit(f"cf.cond_br {cond}, {then_l}, {else_l}")
    for lbl in (then_l, else_l):
        fn.emit_label(f"{lbl}:")
        inner = env.copy()
        cfg_body(draw, prog, fn, inner, depth, lambda e: fn.emit(
            f"cf.br {join_l}({_memref(draw, fn, e)} : {T})"), nest - 1)
    arg = fn.fresh("j")
    fn.emit_label(f"{join_l}({arg}: {T}):")
    joined = env.copy()
    joined.memrefs.append(arg)
    cfg_body(draw, prog, fn, joined, depth, finish, nest - 1)


@st.composite
def function(draw, prog, name, visibility, with_body=True):
    n_mem = draw(st.integers(0, 2))
    n_i1 = draw(st.integers(0, 2))
    n_idx = draw(st.integers(0, 1))
    n_res = draw(st.integers(0 if visibility != "entry" else 1, 2))
    fn = FunctionText(prog.module)
    args = [(fn.fresh("arg"), T) for _ in range(n_mem)]
    args += [(fn.fresh("arg"), "i1") for _ in range(n_i1)]
    args += [(fn.fresh("arg"), "index") for _ in range(n_idx)]
    results = ", ".join([T] * n_res)
    private = "private " if visibility in ("private", "declaration") else ""
    if not with_body:
        types = ", ".join(t for _, t in args)
        prog.module.functions.append(
            [f"func.func private {name}({types}) -> ({results})"])
        return (name, n_mem, n_i1, n_idx, n_res)
    sig = ", ".join(f"{n}: {t}" for n, t in args)
    fn.emit_label(f"func.func {private}{name}({sig}) -> ({results}) {{")
    for const in ("%c0 = arith.constant 0 : index",
                  "%c1 = arith.constant 1 : index",
                  "%c2 = arith.constant 2 : index",
                  "%cst = arith.constant 1.0 : f32"):
        fn.emit(const)
    env = Env([n for n, t in args if t == T], [n for n, t in args if t == "i1"],
              ["%c0", "%c1", "%c2"] + [n for n, t in args if t == "index"])

    def finish(e):
        vals = [_memref(draw, fn, e) for _ in range(n_res)]
        if vals:
            fn.emit(f"return {', '.join(vals)} : {results}")
        else:
            fn.emit("return")

    cfg_body(draw, prog, fn, env, 0, finish)
    fn.emit_label("}")
    prog.module.functions.append(fn.lines)
    return (name, n_mem, n_i1, n_idx, n_res)


@st.composite
def memref_program(draw):
    """A whole module as MLIR text."""
    prog = Program()
    n_globals = draw(st.integers(1, 2))
    for n in range(n_globals):
        prog.global_names.append(f"@g{n}")
        prog.module.globals.append(
            f'memref.global "private" @g{n} : {T} = dense<0.0>')
    n_helpers = draw(st.integers(0, 2))
    for n in range(n_helpers):
        kind = draw(st.sampled_from(["private", "public", "declaration"]))
        prog.callees.append(draw(function(
            prog, f"@{kind[:4]}{n}", kind, with_body=kind != "declaration")))
    draw(function(prog, "@entry", "entry"))
    return prog.module.render()

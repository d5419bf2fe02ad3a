"""The program builder shared by the memref-level and the tensor-level
generators: environments of visible values, the statements both levels have
(arith.select, scf.if / for / while / index_switch / execute_region yielding
the level's value type, calls), statement lists and function definitions.

A level is a `Builder` subclass that names its value type (`TYPE`), says how
to make a fresh value when none is visible (`fresh`), and adds statements of
its own as methods `stmt_<name>` listed in `STATEMENTS`. Every value that
flows through control flow has the single type `TYPE`.

Shrinking: choices are ordered so that the zero choice is the simplest (an
empty statement list, the first statement kind, no branches), and statement
lists and statements are spans (gen_choices.py) the reducer in
shrink.py can delete or replace by a nested one.
"""

from . import gen_choices as ch

from .mlir_text import FunctionText

MAX_DEPTH = 2
CONSTANTS = ("%c0 = arith.constant 0 : index",
             "%c1 = arith.constant 1 : index",
             "%c2 = arith.constant 2 : index",
             "%cst = arith.constant 1.0 : f32")


class Env:
    """Values visible at a program point: values of the level's type, i1s,
    indices (the first three are %c0, %c1, %c2), and the indices that are
    valid affine dimensions or symbols there (`affine`: the constants, the
    function's index arguments, affine.for induction variables and
    affine.apply results of those; an scf.for induction variable is not)."""

    def __init__(self, values=(), i1s=(), indices=(), affine=None):
        self.values = list(values)
        self.i1s = list(i1s)
        self.indices = list(indices)
        self.affine = list(indices if affine is None else affine)

    def copy(self):
        return Env(self.values, self.i1s, self.indices, self.affine)


def pick(draw, values):
    return values[draw(ch.integers(0, len(values) - 1))]


@ch.composite
def span(draw, function, *args):
    """Draw `function(draw, *args)` as one span (gen_choices.py), so that the
    reducer sees it as a unit it can delete or replace by a descendant."""
    return function(draw, *args)


@ch.composite
def _statement(draw, builder, fn, env, depth):
    kinds = builder.STATEMENTS if depth < MAX_DEPTH else [
        k for k in builder.STATEMENTS if k not in builder.STRUCTURED]
    if not builder.callees:
        kinds = [k for k in kinds if k != "call"]
    kind = kinds[draw(ch.integers(0, len(kinds) - 1))]
    getattr(builder, "stmt_" + kind)(draw, fn, env, depth)


class Builder:
    """One module being generated at one level."""

    TYPE = None             # the value type that flows through control flow
    STATEMENTS = ()         # statement kinds, simplest first
    STRUCTURED = frozenset({"if", "for", "while", "execute_region",
                            "index_switch"})
    VALUE_STEM = "v"        # SSA name stem of results of type TYPE

    def __init__(self, module):
        self.module = module
        self.callees = []   # (name, n_values, n_i1, n_index, n_results)

    # -- values --------------------------------------------------------------

    def fresh(self, draw, fn, env):
        """Emit a fresh value of TYPE and add it to `env`."""
        raise NotImplementedError

    @staticmethod
    def define(fn, env, stem, rhs):
        """Emit `%<stem>N = <rhs>` and make the result visible in `env`."""
        name = fn.fresh(stem)
        fn.emit(f"{name} = {rhs}")
        env.values.append(name)
        return name

    def value(self, draw, fn, env):
        """A value of TYPE from the environment; makes one if there is none."""
        if not env.values:
            self.fresh(draw, fn, env)
        return pick(draw, env.values)

    def i1(self, draw, fn, env):
        """An i1 value; derives one from an index comparison if there is none
        (or sometimes anyway)."""
        if not env.i1s or draw(ch.integers(0, 3)) == 3:
            lhs = pick(draw, env.indices)
            pred = draw(ch.sampled_from(["eq", "ne", "slt", "sle"]))
            name = fn.fresh("b")
            fn.emit(f"{name} = arith.cmpi {pred}, {lhs}, %c1 : index")
            env.i1s.append(name)
            return name
        return pick(draw, env.i1s)

    @staticmethod
    def bound(draw, env):
        """A loop bound: a small constant or an index value (trip count input)."""
        return pick(draw, ["%c0", "%c1", "%c2"] + env.indices[3:])

    # -- statement lists -------------------------------------------------------

    def block(self, draw, fn, env, depth, max_size=None):
        """A straight-line statement list (may contain nested structured ops),
        one Hypothesis example."""
        draw(span(self._block_span, fn, env, depth, max_size))

    def _block_span(self, draw, fn, env, depth, max_size):
        if max_size is None:
            max_size = 3 if depth == 0 else 2
        for _ in range(draw(ch.integers(0, max_size))):
            draw(_statement(self, fn, env, depth))

    def region_body(self, draw, fn, env, depth, finish):
        """The body of a single-block region ending in `finish(env)`; a level
        with unstructured control flow may branch inside it."""
        self.block(draw, fn, env, depth)
        finish(env)

    def _yielding_region(self, draw, fn, env, depth, max_size=None, extra=(),
                         yield_op="scf.yield"):
        """Statements then `scf.yield` (or `yield_op`) of one visible value
        (plus `extra`)."""
        fn.indent += 1
        inner = env.copy()
        self.block(draw, fn, inner, depth + 1, max_size)
        yielded = ", ".join([self.value(draw, fn, inner)] + [v for v, _ in extra])
        types = ", ".join([self.TYPE] + [t for _, t in extra])
        fn.emit(f"{yield_op} {yielded} : {types}")
        fn.indent -= 1

    # -- statements both levels have ----------------------------------------

    def stmt_select(self, draw, fn, env, depth):
        cond = self.i1(draw, fn, env)
        a = self.value(draw, fn, env)
        b = self.value(draw, fn, env)
        self.define(fn, env, self.VALUE_STEM, f"arith.select {cond}, {a}, {b} : {self.TYPE}")

    def stmt_select2(self, draw, fn, env, depth):
        """A select of a select: one buffer may reach a free through two
        names (the inner and the outer select) under different conditions."""
        self.stmt_select(draw, fn, env, depth)
        inner = env.values[-1]
        cond = self.i1(draw, fn, env)
        other = self.value(draw, fn, env)
        a, b = (inner, other) if draw(ch.booleans()) else (other, inner)
        self.define(fn, env, self.VALUE_STEM, f"arith.select {cond}, {a}, {b} : {self.TYPE}")

    def stmt_if(self, draw, fn, env, depth):
        cond = self.i1(draw, fn, env)
        name = fn.fresh(self.VALUE_STEM)
        fn.emit(f"{name} = scf.if {cond} -> ({self.TYPE}) {{")
        self._yielding_region(draw, fn, env, depth)
        fn.emit("} else {")
        self._yielding_region(draw, fn, env, depth)
        fn.emit("}")
        env.values.append(name)

    def stmt_for(self, draw, fn, env, depth):
        init = self.value(draw, fn, env)
        ub = self.bound(draw, env)
        name, iv, it = fn.fresh(self.VALUE_STEM), fn.fresh("i"), fn.fresh("it")
        fn.emit(f"{name} = scf.for {iv} = %c0 to {ub} step %c1 "
                f"iter_args({it} = {init}) -> ({self.TYPE}) {{")
        inner = env.copy()
        inner.values.append(it)
        inner.indices.append(iv)
        self._yielding_region(draw, fn, inner, depth)
        fn.emit("}")
        env.values.append(name)

    def stmt_while(self, draw, fn, env, depth):
        T = self.TYPE
        init = self.value(draw, fn, env)
        ub = self.bound(draw, env)
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
        fn.indent -= 1
        inner = env.copy()
        inner.values.append(b)
        self._yielding_region(draw, fn, inner, depth, extra=[(k, "index")])
        fn.emit("}")
        env.values.append(f"{res}#0")

    def stmt_execute_region(self, draw, fn, env, depth):
        name = fn.fresh(self.VALUE_STEM)
        fn.emit(f"{name} = scf.execute_region -> {self.TYPE} {{")
        fn.indent += 1
        self.region_body(draw, fn, env.copy(), depth + 1, lambda e: fn.emit(
            f"scf.yield {self.value(draw, fn, e)} : {self.TYPE}"))
        fn.indent -= 1
        fn.emit("}")
        env.values.append(name)

    def stmt_index_switch(self, draw, fn, env, depth):
        sel = pick(draw, env.indices)
        cases = draw(ch.integers(1, 2))
        name = fn.fresh(self.VALUE_STEM)
        fn.emit(f"{name} = scf.index_switch {sel} -> {self.TYPE}")
        for case in [f"case {n}" for n in range(cases)] + ["default"]:
            fn.emit(f"{case} {{")
            self._yielding_region(draw, fn, env, depth, max_size=2)
            fn.emit("}")
        env.values.append(name)

    def stmt_call(self, draw, fn, env, depth):
        callee, n_val, n_i1, n_idx, n_res = pick(draw, self.callees)
        args = [self.value(draw, fn, env) for _ in range(n_val)]
        args += [self.i1(draw, fn, env) for _ in range(n_i1)]
        args += [pick(draw, env.indices) for _ in range(n_idx)]
        types = [self.TYPE] * n_val + ["i1"] * n_i1 + ["index"] * n_idx
        res_types = ", ".join([self.TYPE] * n_res)
        call = (f"func.call {callee}({', '.join(args)}) : "
                f"({', '.join(types)}) -> ({res_types})")
        if n_res == 0:
            fn.emit(call)
            return
        name = fn.fresh("r")
        fn.emit(f"{name}{':' + str(n_res) if n_res > 1 else ''} = {call}")
        if n_res == 1:
            env.values.append(name)
        else:
            env.values.extend(f"{name}#{n}" for n in range(n_res))

    # -- functions -----------------------------------------------------------

    def function(self, draw, name, visibility, counts, with_body=True):
        """Emit a function with `counts` = (values, i1s, indices, results)
        arguments and results; visibility is private, public, declaration or
        entry. Returns the callee tuple."""
        n_val, n_i1, n_idx, n_res = counts
        T = self.TYPE
        fn = FunctionText(self.module)
        args = [(fn.fresh("arg"), T) for _ in range(n_val)]
        args += [(fn.fresh("arg"), "i1") for _ in range(n_i1)]
        args += [(fn.fresh("arg"), "index") for _ in range(n_idx)]
        results = ", ".join([T] * n_res)
        private = "private " if visibility in ("private", "declaration") else ""
        callee = (name, n_val, n_i1, n_idx, n_res)
        if not with_body:
            types = ", ".join(t for _, t in args)
            self.module.functions.append(
                [f"func.func private {name}({types}) -> ({results})"])
            return callee
        sig = ", ".join(f"{n}: {t}" for n, t in args)
        fn.emit_label(f"func.func {private}{name}({sig}) -> ({results}) {{")
        for const in CONSTANTS:
            fn.emit(const)
        env = Env([n for n, t in args if t == T], [n for n, t in args if t == "i1"],
                  ["%c0", "%c1", "%c2"] + [n for n, t in args if t == "index"])

        def finish(e):
            vals = [self.value(draw, fn, e) for _ in range(n_res)]
            if visibility == "private" and n_res > 1 and draw(ch.booleans()):
                vals = vals[:1] * n_res     # the same buffer through two names
            fn.emit(f"return {', '.join(vals)} : {results}" if vals else "return")

        self.function_body(draw, fn, env, finish)
        fn.emit_label("}")
        self.module.functions.append(fn.lines)
        return callee

    def function_body(self, draw, fn, env, finish):
        self.block(draw, fn, env, 0)
        finish(env)


@ch.composite
def function(draw, builder, name, visibility, with_body=True):
    """A function of `builder`'s level with drawn argument and result counts
    (the entry function has at least one result); one span."""
    counts = (draw(ch.integers(0, 2)), draw(ch.integers(0, 2)),
              draw(ch.integers(0, 1)),
              draw(ch.integers(0 if visibility != "entry" else 1, 2)))
    return builder.function(draw, name, visibility, counts, with_body)


def functions(draw, builder):
    """0-2 helper functions (private with a body, public with a body, or
    declaration-only), then the public entry function; returns the module
    text."""
    for n in range(draw(ch.integers(0, 2))):
        kind = draw(ch.sampled_from(["private", "public", "declaration"]))
        builder.callees.append(draw(function(
            builder, f"@{kind[:4]}{n}", kind, with_body=kind != "declaration")))
    draw(function(builder, "@entry", "entry"))
    return builder.module.render()

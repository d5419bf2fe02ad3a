"""Strategies (gen_choices.py) for memref-level programs, valid by construction.

Every program is a module of globals, helper functions (private with a body,
public with a body, declaration-only) and one public entry function. Bodies
mix straight-line statements, structured control flow (scf.if / for / while /
execute_region / index_switch yielding memrefs, from gen_builder.py) and
unstructured `cf` diamonds, nested, and the ops real pipelines emit
(gen_memref_ops.py: affine loops, some carrying a memref, conditionals
and accesses, scf.forall, prefetches, memory space casts, atomics, unranked
casts, some cloned, passed to an external function), and statements that
give one buffer two owned names (gen_alias.py). All memref values that
flow through
control flow have the single type memref<4xf32>; views of other types are
used on the spot.

Shrinking: choices are ordered so that the zero choice is the simplest (an
empty statement list, `memref.alloc`, no branches), which is what the
choice-sequence reducer in shrink.py relies on.
"""

from . import gen_choices as ch

from .gen_alias import AliasMixin
from .gen_builder import Builder, functions, pick, span
from .gen_memref_ops import MemrefOpsMixin
from .gen_vector_ops import VectorOpsMixin
from .mlir_text import MEMREF as T, ModuleText


class MemrefBuilder(MemrefOpsMixin, VectorOpsMixin, AliasMixin, Builder):
    TYPE = T
    VALUE_STEM = "m"
    STATEMENTS = (
        "alloc", "store", "alloca", "get_global", "view", "select", "clone",
        "select2", "copy", "cmp") + MemrefOpsMixin.OPS_STATEMENTS + \
        VectorOpsMixin.VECTOR_STATEMENTS + (
        "if", "for", "while", "execute_region", "index_switch") + \
        MemrefOpsMixin.OPS_STRUCTURED + AliasMixin.ALIAS_STATEMENTS + ("call",)
    STRUCTURED = Builder.STRUCTURED | frozenset(MemrefOpsMixin.OPS_STRUCTURED) | \
        frozenset(AliasMixin.ALIAS_STRUCTURED)

    def __init__(self, module):
        super().__init__(module)
        self.global_names = []

    def fresh(self, draw, fn, env):
        self.stmt_alloc(draw, fn, env, 0)

    def stmt_alloc(self, draw, fn, env, depth):
        self.define(fn, env, "m", f"memref.alloc() {fn.site()} : {T}")

    def stmt_alloca(self, draw, fn, env, depth):
        self.define(fn, env, "s", f"memref.alloca() {fn.site()} : {T}")

    def stmt_get_global(self, draw, fn, env, depth):
        glob = pick(draw, self.global_names)
        self.define(fn, env, "g", f"memref.get_global {glob} : {T}")

    def stmt_clone(self, draw, fn, env, depth):
        src = self.value(draw, fn, env)
        self.define(fn, env, "m", f"bufferization.clone {src} {fn.site()} : {T} to {T}")

    def stmt_store(self, draw, fn, env, depth):
        dst = self.value(draw, fn, env)
        if draw(ch.booleans()):
            fn.emit(f"{fn.fresh('x')} = memref.load {dst}[%c1] : {T}")
        else:
            fn.emit(f"memref.store %cst, {dst}[%c0] : {T}")

    def stmt_copy(self, draw, fn, env, depth):
        src = self.value(draw, fn, env)
        dst = self.value(draw, fn, env)
        fn.emit(f"memref.copy {src}, {dst} : {T} to {T}")

    def stmt_cmp(self, draw, fn, env, depth):
        lhs = pick(draw, env.indices)
        name = fn.fresh("b")
        fn.emit(f"{name} = arith.cmpi slt, {lhs}, %c2 : index")
        env.i1s.append(name)

    def stmt_view(self, draw, fn, env, depth):
        """Views keep the buffer identity; some are used on the spot, some
        give a new memref<4xf32> alias that may flow on and be returned."""
        src = self.value(draw, fn, env)
        form = draw(ch.integers(0, 4))
        if form == 0:
            dyn = fn.fresh("d")
            name = fn.fresh("m")
            fn.emit(f"{dyn} = memref.cast {src} : {T} to memref<?xf32>")
            fn.emit(f"{name} = memref.cast {dyn} : memref<?xf32> to {T}")
            env.values.append(name)
        elif form == 1:
            sub = fn.fresh("sv")
            ty = "memref<2xf32, strided<[1], offset: 1>>"
            fn.emit(f"{sub} = memref.subview {src}[1] [2] [1] : {T} to {ty}")
            fn.emit(f"memref.store %cst, {sub}[%c1] : {ty}")
        elif form == 2:
            self.define(fn, env, "m", f"memref.reinterpret_cast {src} to offset: [0], "
                        f"sizes: [4], strides: [1] : {T} to {T}")
        elif form == 3:
            exp = fn.fresh("e")
            name = fn.fresh("m")
            fn.emit(f"{exp} = memref.expand_shape {src} [[0, 1]] output_shape "
                    f"[2, 2] : {T} into memref<2x2xf32>")
            fn.emit(f"{name} = memref.collapse_shape {exp} [[0, 1]] : "
                    f"memref<2x2xf32> into {T}")
            env.values.append(name)
        else:
            ptr = fn.fresh("p")
            fn.emit(f"{ptr} = memref.extract_aligned_pointer_as_index {src} : "
                    f"{T} -> index")

    # -- unstructured control flow ----------------------------------------------

    def region_body(self, draw, fn, env, depth, finish):
        self.cfg_body(draw, fn, env, depth, finish, nest=1)

    def function_body(self, draw, fn, env, finish):
        self.cfg_body(draw, fn, env, 0, finish)

    def cfg_body(self, draw, fn, env, depth, finish, nest=2):
        """A region body: statements, then either the terminator `finish(env)`
        or a `cf.cond_br` diamond whose branches (possibly nested diamonds)
        pass a memref to a join block, which continues recursively. One
        span, so the reducer can replace a body by its join
        continuation."""
        draw(span(self._cfg_body_span, fn, env, depth, finish, nest))

    def _cfg_body_span(self, draw, fn, env, depth, finish, nest):
        self.block(draw, fn, env, depth)
        if nest == 0 or not draw(ch.booleans()):
            finish(env)
            return
        draw(span(self._diamond, fn, env, depth, finish, nest))

    def _diamond(self, draw, fn, env, depth, finish, nest):
        cond = self.i1(draw, fn, env)
        then_l, else_l, join_l = fn.label(), fn.label(), fn.label()
        fn.emit(f"cf.cond_br {cond}, {then_l}, {else_l}")
        for lbl in (then_l, else_l):
            fn.emit_label(f"{lbl}:")
            self.cfg_body(draw, fn, env.copy(), depth, lambda e: fn.emit(
                f"cf.br {join_l}({self.value(draw, fn, e)} : {T})"), nest - 1)
        arg = fn.fresh("j")
        fn.emit_label(f"{join_l}({arg}: {T}):")
        joined = env.copy()
        joined.values.append(arg)
        self.cfg_body(draw, fn, joined, depth, finish, nest - 1)


@ch.composite
def memref_program(draw):
    """A whole module as MLIR text."""
    builder = MemrefBuilder(ModuleText())
    for n in range(draw(ch.integers(1, 2))):
        builder.global_names.append(f"@g{n}")
        builder.module.globals.append(
            f'memref.global "private" @g{n} : {T} = dense<0.0>')
    return functions(draw, builder)

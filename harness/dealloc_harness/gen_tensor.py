"""Strategies (gen_choices.py) for tensor-level programs (tensor, linalg, scf on
tensors, function boundaries), and their bufferization with upstream's
One-Shot Bufferize — what real users feed the deallocation pipeline.

Statements: tensor.empty (+ tensor.insert, or filled by linalg.fill /
linalg.map / linalg.generic into an empty or an existing tensor), more
ops that bufferize to linalg ops (gen_linalg_ops.py: linalg.copy,
transpose, reduce, dot, broadcast; tensor.generate and tensor.pad, which
bufferize to linalg.map with linalg.index),
tensor.insert / extract, tensor.extract_slice + insert_slice, arith.select,
scf.if / for / while / index_switch / execute_region on tensors, and calls
of private, public and declaration-only helpers with tensor arguments and
results (gen_builder.py). After bufferization the linalg ops work on memrefs;
checks that do not model them answer UNSUPPORTED, which the harness counts.

Bufferization runs `mlir-opt --one-shot-bufferize="bufferize-function-boundaries
function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops"`;
afterwards every allocation op gets a `dealloc.site = N` attribute
(mlir_text.annotate_sites).
"""

import subprocess

from . import gen_choices as ch

from .gen_builder import Builder, functions
from .gen_linalg_ops import LinalgOpsMixin
from .gen_vector_ops import TensorVectorMixin
from .mlir_text import TENSOR as T, ModuleText, annotate_sites
from .toolclient import mlir_opt_argv

BUFFERIZE = ("--one-shot-bufferize=bufferize-function-boundaries "
             "function-boundary-type-conversion=identity-layout-map "
             "allow-return-allocs-from-loops")
SLICE = "tensor<2xf32>"
IDENTITY = "affine_map<(d0) -> (d0)>"
GENERIC_BODIES = ("arith.mulf {in}, %cst : f32", "arith.addf {in}, {out} : f32",
                  "arith.maximumf {in}, {out} : f32")


class TensorBuilder(LinalgOpsMixin, TensorVectorMixin, Builder):
    TYPE = T
    VALUE_STEM = "t"
    STATEMENTS = (
        "empty", "insert", "extract", "fill", "slice", "map", "generic",
        "select", "select2") + LinalgOpsMixin.LINALG_STATEMENTS + \
        TensorVectorMixin.VECTOR_STATEMENTS + (
        "if", "for", "while", "index_switch", "execute_region", "call",
    )

    def fresh(self, draw, fn, env):
        self.stmt_empty(draw, fn, env, 0)

    def _destination(self, draw, fn, env):
        """The `outs` operand of a linalg op: a new tensor.empty (bufferizes
        to an allocation) or a visible tensor (updated in place, or copied
        first if it is read later)."""
        if env.values and draw(ch.booleans()):
            return self.value(draw, fn, env)
        empty = fn.fresh("e")
        fn.emit(f"{empty} = tensor.empty() : {T}")
        return empty

    def stmt_empty(self, draw, fn, env, depth):
        """A fresh tensor without linalg (bufferizes to memref.alloc + store)."""
        empty, name = fn.fresh("e"), fn.fresh("t")
        fn.emit(f"{empty} = tensor.empty() : {T}")
        fn.emit(f"{name} = tensor.insert %cst into {empty}[%c0] : {T}")
        env.values.append(name)

    def stmt_insert(self, draw, fn, env, depth):
        src = self.value(draw, fn, env)
        self.define(fn, env, "t", f"tensor.insert %cst into {src}[%c0] : {T}")

    def stmt_extract(self, draw, fn, env, depth):
        src = self.value(draw, fn, env)
        fn.emit(f"{fn.fresh('x')} = tensor.extract {src}[%c1] : {T}")

    def stmt_fill(self, draw, fn, env, depth):
        dest = self._destination(draw, fn, env)
        self.define(fn, env, "t", f"linalg.fill ins(%cst : f32) outs({dest} : {T}) -> {T}")

    def stmt_slice(self, draw, fn, env, depth):
        src, dst = self.value(draw, fn, env), self.value(draw, fn, env)
        sl, name = fn.fresh("sl"), fn.fresh("t")
        fn.emit(f"{sl} = tensor.extract_slice {src}[0] [2] [1] : {T} to {SLICE}")
        fn.emit(f"{name} = tensor.insert_slice {sl} into {dst}[2] [2] [1] : "
                f"{SLICE} into {T}")
        env.values.append(name)

    def stmt_map(self, draw, fn, env, depth):
        a, b = self.value(draw, fn, env), self.value(draw, fn, env)
        dest = self._destination(draw, fn, env)
        self.define(fn, env, "t", f"linalg.map {{ arith.addf }} ins({a}, {b} : {T}, {T}) "
                    f"outs({dest} : {T})")

    def stmt_generic(self, draw, fn, env, depth):
        src = self.value(draw, fn, env)
        dest = self._destination(draw, fn, env)
        body = draw(ch.sampled_from(GENERIC_BODIES))
        name, a, b, r = fn.fresh("t"), fn.fresh("in"), fn.fresh("out"), fn.fresh("y")
        fn.emit(f"{name} = linalg.generic {{indexing_maps = [{IDENTITY}, {IDENTITY}], "
                f'iterator_types = ["parallel"]}} ins({src} : {T}) outs({dest} : {T}) {{')
        fn.emit(f"^bb0({a}: f32, {b}: f32):")
        fn.indent += 1
        fn.emit(f"{r} = " + body.format(**{"in": a, "out": b}))
        fn.emit(f"linalg.yield {r} : f32")
        fn.indent -= 1
        fn.emit(f"}} -> {T}")
        env.values.append(name)


@ch.composite
def tensor_program(draw):
    """A whole tensor-level module as MLIR text (before bufferization)."""
    builder = TensorBuilder(ModuleText())
    return functions(draw, builder)


class BufferizationError(RuntimeError):
    pass


def bufferize(source):
    """Bufferize a tensor-level program with upstream's One-Shot Bufferize."""
    proc = subprocess.run(mlir_opt_argv(BUFFERIZE, "-"), input=source,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise BufferizationError(proc.stderr.strip()[:2000])
    return annotate_sites(proc.stdout)

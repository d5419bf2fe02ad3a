"""Tensor-level statements whose One-Shot Bufferization yields linalg ops
beyond fill / map / generic (issue 27, deliverable 3): linalg.copy,
linalg.transpose, linalg.reduce and linalg.dot into a 0-d tensor broadcast
back by linalg.broadcast, tensor.generate and tensor.pad (both bufferize to
linalg.map whose body reads linalg.index). A mixin of
gen_tensor.TensorBuilder, which provides `_destination` (the `outs`
operand: a new tensor.empty or a visible tensor).

Valid by construction: every tensor that flows on is tensor<4xf32>; the 0-d
and 2-element tensors are used on the spot. Shrinking: the zero choice of
each statement is its simplest form.
"""

from . import gen_choices as ch

from .mlir_text import TENSOR as T

SCALAR = "tensor<f32>"
SLICE = "tensor<2xf32>"


class LinalgOpsMixin:
    LINALG_STATEMENTS = ("copy", "transpose", "reduce", "generate", "pad")

    def stmt_copy(self, draw, fn, env, depth):
        src = self.value(draw, fn, env)
        dest = self._destination(draw, fn, env)
        self.define(fn, env, "t", f"linalg.copy ins({src} : {T}) outs({dest} : {T}) -> {T}")

    def stmt_transpose(self, draw, fn, env, depth):
        src = self.value(draw, fn, env)
        dest = self._destination(draw, fn, env)
        self.define(fn, env, "t", f"linalg.transpose ins({src} : {T}) outs({dest} : {T}) "
                    "permutation = [0]")

    def stmt_reduce(self, draw, fn, env, depth):
        """A reduction (linalg.reduce, or linalg.dot of two tensors) into a
        filled 0-d tensor, broadcast into a tensor<4xf32>."""
        src = self.value(draw, fn, env)
        init, acc, red = fn.fresh("e"), fn.fresh("z"), fn.fresh("r")
        fn.emit(f"{init} = tensor.empty() : {SCALAR}")
        fn.emit(f"{acc} = linalg.fill ins(%cst : f32) outs({init} : {SCALAR}) -> {SCALAR}")
        if draw(ch.booleans()):
            other = self.value(draw, fn, env)
            fn.emit(f"{red} = linalg.dot ins({src}, {other} : {T}, {T}) "
                    f"outs({acc} : {SCALAR}) -> {SCALAR}")
        else:
            a, b, y = fn.fresh("in"), fn.fresh("acc"), fn.fresh("y")
            fn.emit(f"{red} = linalg.reduce ins({src} : {T}) outs({acc} : {SCALAR}) "
                    "dimensions = [0]")
            fn.indent += 1
            fn.emit(f"({a}: f32, {b}: f32) {{")
            fn.indent += 1
            fn.emit(f"{y} = arith.addf {a}, {b} : f32")
            fn.emit(f"linalg.yield {y} : f32")
            fn.indent -= 1
            fn.emit("}")
            fn.indent -= 1
        dest = self._destination(draw, fn, env)
        self.define(fn, env, "t", f"linalg.broadcast ins({red} : {SCALAR}) "
                    f"outs({dest} : {T}) dimensions = [0]")

    def stmt_generate(self, draw, fn, env, depth):
        i, n, x = fn.fresh("gi"), fn.fresh("gn"), fn.fresh("gx")
        name = fn.fresh("t")
        fn.emit(f"{name} = tensor.generate {{")
        fn.emit(f"^bb0({i}: index):")
        fn.indent += 1
        fn.emit(f"{n} = arith.index_cast {i} : index to i32")
        fn.emit(f"{x} = arith.sitofp {n} : i32 to f32")
        fn.emit(f"tensor.yield {x} : f32")
        fn.indent -= 1
        fn.emit(f"}} : {T}")
        env.values.append(name)

    def stmt_pad(self, draw, fn, env, depth):
        """A 2-element slice padded back to 4 elements (low + high = 2)."""
        src = self.value(draw, fn, env)
        low = draw(ch.integers(0, 2))
        sl, i, name = fn.fresh("sl"), fn.fresh("pi"), fn.fresh("t")
        fn.emit(f"{sl} = tensor.extract_slice {src}[1] [2] [1] : {T} to {SLICE}")
        fn.emit(f"{name} = tensor.pad {sl} low[{low}] high[{2 - low}] {{")
        fn.emit(f"^bb0({i}: index):")
        fn.indent += 1
        fn.emit("tensor.yield %cst : f32")
        fn.indent -= 1
        fn.emit(f"}} : {SLICE} to {T}")
        env.values.append(name)

"""Vector statements (generator version 7; issue 27, deliverable 3): what
vectorised code leaves between its memory accesses, at the memref level and
on tensors before One-Shot Bufferize.

At the memref level (`VectorOpsMixin.stmt_vector`, a mixin of
gen_memref.MemrefBuilder) one statement reads lanes from a visible memref
(an allocation, a global, an argument, an iter_arg, a join's block
argument) or a view of it, computes on them and writes them into another
visible memref or view, in one of three forms:

- 1-D: `vector.transfer_read` (in_bounds, or not with padding) or
  `vector.load` of vector<4xf32> / vector<2xf32> from the memref or a
  `memref.subview` of 2 elements; 0-2 lane ops (arith on vectors,
  `vector.fma`, `vector.insert`, a comparison and a select, a
  `vector.reduction` or a `vector.extract` broadcast back); then
  `vector.transfer_write` (in_bounds or not), `vector.store`, or a
  reduction stored with `memref.store`;
- 2-D on a memref<2x2xf32> `memref.expand_shape` view: reads with an
  identity, a transposing or a broadcasting permutation map (or a column,
  broadcast), `vector.transpose` / `vector.multi_reduction` /
  `vector.contract` / `vector.shape_cast`, and a write with an identity
  or transposing map, a column write, or a `vector.store` of the lanes
  shape-cast to one dimension;
- a vector carried by an `scf.for` (an accumulator) whose body reads at
  the induction variable, lanes past the end padded, then written.

At the tensor level (`TensorVectorMixin.stmt_vector`, a mixin of
gen_tensor.TensorBuilder) a `vector.transfer_read` of a tensor, lane ops,
and a `vector.transfer_write` into a new or a visible tensor (or a
reduction inserted with `tensor.insert`); One-Shot Bufferize turns them
into transfers on memrefs.

Only what both tools model ([op.vector.*] in spec/vector.md): fixed
shapes of at most 4 lanes, static positions, no masks, no vector at a
function boundary. Valid by construction: an `in_bounds` dimension's lanes
fit its memref dimension at a constant index; any other index is a
constant, or a visible index made non-negative by `arith.maxsi` with 0 (a
lane past the end is padded or skipped, never undefined); `vector.load` /
`vector.store` only at constant indices whose lanes fit. No statement
deallocates, and no lane decides control flow (an allocation's lanes are
uninitialized). Shrinking: the zero choice of each draw is the simplest
form (a 1-D in-bounds read, no lane op, an in-bounds write).
"""

from . import gen_choices as ch

from .gen_builder import pick

F32 = "f32"
SQUARE = "memref<2x2xf32>"
V2D = "vector<2x2xf32>"
TRANSPOSE = "affine_map<(d0, d1) -> (d1, d0)>"
COLUMN = "affine_map<(d0, d1) -> (d0)>"
BROADCAST = "affine_map<(d0) -> (0, d0)>"
REDUCTION_KINDS = ("add", "maximumf", "mul", "minimumf")
ELEMENTWISE = ("arith.addf", "arith.mulf", "arith.maximumf", "arith.subf")
CONSTANT_INDICES = ("%c0", "%c1", "%c2")
MATMUL = ("indexing_maps = [affine_map<(i, j, k) -> (i, k)>, "
          "affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], "
          'iterator_types = ["parallel", "parallel", "reduction"], '
          "kind = #vector.kind<add>")


def vec(lanes):
    return f"vector<{lanes}xf32>"


def bounds_attr(flags, perm=None):
    attrs = ["in_bounds = [" + ", ".join("true" if f else "false" for f in flags) + "]"]
    if perm:
        attrs.append(f"permutation_map = {perm}")
    return " {" + ", ".join(attrs) + "}"


def fitting(lanes, size):
    """The constant indices at which `lanes` lanes fit a dimension of `size`."""
    return [c for n, c in enumerate(CONSTANT_INDICES) if n + lanes <= size]


def any_index(draw, fn, env):
    """A constant or a visible index made non-negative (`arith.maxsi` with
    0): an index of a dimension the lanes run along without in_bounds, where
    lanes past the end are padded or skipped."""
    if draw(ch.booleans()) or len(env.indices) <= 3:
        return pick(draw, list(CONSTANT_INDICES))
    name = fn.fresh("vi")
    fn.emit(f"{name} = arith.maxsi {pick(draw, env.indices[3:])}, %c0 : index")
    return name


def splat(fn, scalar, vtype):
    name = fn.fresh("vb")
    fn.emit(f"{name} = vector.broadcast {scalar} : {F32} to {vtype}")
    return name


def lane_op(draw, fn, v, lanes):
    """One op on the lanes of `v` (a vector<LANESxf32>); returns the result."""
    T = vec(lanes)
    kind = draw(ch.integers(0, 6))
    out = fn.fresh("v")
    if kind == 0:
        op = draw(ch.sampled_from(ELEMENTWISE))
        fn.emit(f"{out} = {op} {v}, {v} : {T}")
    elif kind == 1:
        const = fn.fresh("vk")
        values = ", ".join(f"{n + 1}.0" for n in range(lanes))
        fn.emit(f"{const} = arith.constant dense<[{values}]> : {T}")
        fn.emit(f"{out} = arith.mulf {v}, {const} : {T}")
    elif kind == 2:
        fn.emit(f"{out} = vector.fma {v}, {v}, {splat(fn, '%cst', T)} : {T}")
    elif kind == 3:
        pos = draw(ch.integers(0, lanes - 1))
        fn.emit(f"{out} = vector.insert %cst, {v} [{pos}] : {F32} into {T}")
    elif kind == 4:
        other = splat(fn, "%cst", T)
        cmp = fn.fresh("vc")
        fn.emit(f"{cmp} = arith.cmpf olt, {v}, {other} : {T}")
        fn.emit(f"{out} = arith.select {cmp}, {v}, {other} : "
                f"vector<{lanes}xi1>, {T}")
    elif kind == 5:
        kind = draw(ch.sampled_from(REDUCTION_KINDS))
        red = fn.fresh("vr")
        fn.emit(f"{red} = vector.reduction <{kind}>, {v} : {T} into {F32}")
        fn.emit(f"{out} = vector.broadcast {red} : {F32} to {T}")
    else:
        pos = draw(ch.integers(0, lanes - 1))
        lane = fn.fresh("ve")
        fn.emit(f"{lane} = vector.extract {v}[{pos}] : {F32} from {T}")
        fn.emit(f"{out} = vector.broadcast {lane} : {F32} to {T}")
    return out


def lane_ops(draw, fn, v, lanes):
    for _ in range(draw(ch.integers(0, 2))):
        v = lane_op(draw, fn, v, lanes)
    return v


def reduce_to_scalar(draw, fn, v, lanes):
    kind = draw(ch.sampled_from(REDUCTION_KINDS))
    red = fn.fresh("vr")
    fn.emit(f"{red} = vector.reduction <{kind}>, {v} : {vec(lanes)} into {F32}")
    return red


def transfer_read(draw, fn, env, src, mtype, size, lanes, loads=True):
    """A 1-D read of `lanes` lanes from `src` (of type `mtype`, `size`
    elements): transfer_read in bounds, or not with padding, or (a memref,
    `loads`) vector.load."""
    form = draw(ch.integers(0, 2 if loads else 1))
    fits = fitting(lanes, size)
    out = fn.fresh("v")
    if form == 2 and fits:
        index = pick(draw, fits)
        fn.emit(f"{out} = vector.load {src}[{index}] : {mtype}, {vec(lanes)}")
        return out
    if form == 0 and fits:
        index, attr = pick(draw, fits), bounds_attr([True])
    else:
        index, attr = any_index(draw, fn, env), ""
    pad = "%cst"
    if draw(ch.booleans()):
        pad = fn.fresh("vp")
        fn.emit(f"{pad} = arith.constant 0.0 : {F32}")
    fn.emit(f"{out} = vector.transfer_read {src}[{index}], {pad}{attr} : "
            f"{mtype}, {vec(lanes)}")
    return out


def transfer_write(draw, fn, env, v, dst, mtype, size, lanes):
    """A 1-D write of `v` into `dst`: transfer_write in bounds, or not
    (lanes past the end skipped), or vector.store."""
    form = draw(ch.integers(0, 2))
    fits = fitting(lanes, size)
    if form == 2 and fits:
        fn.emit(f"vector.store {v}, {dst}[{pick(draw, fits)}] : {mtype}, {vec(lanes)}")
        return
    if form == 0 and fits:
        index, attr = pick(draw, fits), bounds_attr([True])
    else:
        index, attr = any_index(draw, fn, env), ""
    fn.emit(f"vector.transfer_write {v}, {dst}[{index}]{attr} : {vec(lanes)}, {mtype}")


class VectorOpsMixin:
    """The memref-level statement `vector` (one kind, three forms)."""

    VECTOR_STATEMENTS = ("vector",)

    def stmt_vector(self, draw, fn, env, depth):
        form = draw(ch.integers(0, 3))
        if form == 2:
            self._vector_2d(draw, fn, env)
        elif form == 3:
            self._vector_loop(draw, fn, env)
        else:
            self._vector_1d(draw, fn, env)

    def _vector_view(self, draw, fn, env):
        """A visible memref<4xf32>, or a subview of 2 of its elements:
        (name, type, size)."""
        mem = self.value(draw, fn, env)
        if not draw(ch.booleans()):
            return mem, self.TYPE, 4
        offset = draw(ch.integers(1, 2))
        ty = f"memref<2xf32, strided<[1], offset: {offset}>>"
        sub = fn.fresh("vs")
        fn.emit(f"{sub} = memref.subview {mem}[{offset}] [2] [1] : {self.TYPE} to {ty}")
        return sub, ty, 2

    def _vector_1d(self, draw, fn, env):
        lanes = draw(ch.sampled_from((4, 2)))
        src, stype, ssize = self._vector_view(draw, fn, env)
        v = transfer_read(draw, fn, env, src, stype, ssize, lanes)
        v = lane_ops(draw, fn, v, lanes)
        dst, dtype, dsize = self._vector_view(draw, fn, env)
        if draw(ch.integers(0, 3)) == 3:
            red = reduce_to_scalar(draw, fn, v, lanes)
            fn.emit(f"memref.store {red}, {dst}[%c0] : {dtype}")
            return
        transfer_write(draw, fn, env, v, dst, dtype, dsize, lanes)

    def _square(self, draw, fn, env):
        """A memref<2x2xf32> view (memref.expand_shape) of a visible memref."""
        mem = self.value(draw, fn, env)
        sq = fn.fresh("vq")
        fn.emit(f"{sq} = memref.expand_shape {mem} [[0, 1]] output_shape [2, 2] : "
                f"{self.TYPE} into {SQUARE}")
        return mem, sq

    def _read_2d(self, draw, fn, env):
        """A vector<2x2xf32>: an identity or transposing read of a square
        view (a dimension in bounds where its index is 0, or not), a
        broadcasting read of the memref itself, or a column broadcast."""
        form = draw(ch.integers(0, 3))
        mem, sq = self._square(draw, fn, env)
        out = fn.fresh("v")
        if form == 2:
            index = pick(draw, list(CONSTANT_INDICES))
            fits = draw(ch.booleans())      # 2 lanes from 0, 1 or 2 fit
            fn.emit(f"{out} = vector.transfer_read {mem}[{index}], %cst"
                    f"{bounds_attr([True, fits], BROADCAST)} : {self.TYPE}, {V2D}")
            return out
        rows, cols = (pick(draw, ["%c0", "%c1"]) for _ in range(2))
        if form == 3:
            col = fn.fresh("vcol")
            fn.emit(f"{col} = vector.transfer_read {sq}[%c0, {cols}], %cst"
                    f"{bounds_attr([True], COLUMN)} : {SQUARE}, {vec(2)}")
            fn.emit(f"{out} = vector.broadcast {col} : {vec(2)} to {V2D}")
            return out
        perm = TRANSPOSE if form == 1 else None
        # Vector dimension k runs along memref dimension k, or the other
        # one when transposed; in bounds only where that index is 0.
        along = [cols, rows] if perm else [rows, cols]
        flags = [i == "%c0" and draw(ch.booleans()) for i in along]
        fn.emit(f"{out} = vector.transfer_read {sq}[{rows}, {cols}], %cst"
                f"{bounds_attr(flags, perm)} : {SQUARE}, {V2D}")
        return out

    def _lanes_2d(self, draw, fn, v):
        form = draw(ch.integers(0, 4))
        if form == 0:
            return v
        out = fn.fresh("v")
        if form == 1:
            fn.emit(f"{out} = vector.transpose {v}, [1, 0] : {V2D} to {V2D}")
        elif form == 2:
            kind = draw(ch.sampled_from(REDUCTION_KINDS))
            dim = draw(ch.integers(0, 1))
            acc, red = splat(fn, "%cst", vec(2)), fn.fresh("vr")
            fn.emit(f"{red} = vector.multi_reduction <{kind}>, {v}, {acc} [{dim}] : "
                    f"{V2D} to {vec(2)}")
            fn.emit(f"{out} = vector.broadcast {red} : {vec(2)} to {V2D}")
        elif form == 3:
            acc = splat(fn, "%cst", V2D)
            fn.emit(f"{out} = vector.contract {{{MATMUL}}} {v}, {v}, {acc} : "
                    f"{V2D}, {V2D} into {V2D}")
        else:
            flat = fn.fresh("vf")
            fn.emit(f"{flat} = vector.shape_cast {v} : {V2D} to {vec(4)}")
            flat = lane_op(draw, fn, flat, 4)
            fn.emit(f"{out} = vector.shape_cast {flat} : {vec(4)} to {V2D}")
        return out

    def _write_2d(self, draw, fn, env, v):
        form = draw(ch.integers(0, 3))
        if form == 3:
            mem = self.value(draw, fn, env)
            flat = fn.fresh("vf")
            fn.emit(f"{flat} = vector.shape_cast {v} : {V2D} to {vec(4)}")
            fn.emit(f"vector.store {flat}, {mem}[%c0] : {self.TYPE}, {vec(4)}")
            return
        _, sq = self._square(draw, fn, env)
        rows, cols = (pick(draw, ["%c0", "%c1"]) for _ in range(2))
        if form == 2:
            row = fn.fresh("vrow")
            fn.emit(f"{row} = vector.extract {v}[{draw(ch.integers(0, 1))}] : "
                    f"{vec(2)} from {V2D}")
            flags = [rows == "%c0" and draw(ch.booleans())]
            fn.emit(f"vector.transfer_write {row}, {sq}[{rows}, {cols}]"
                    f"{bounds_attr(flags, COLUMN)} : {vec(2)}, {SQUARE}")
            return
        perm = TRANSPOSE if form == 1 else None
        along = [cols, rows] if perm else [rows, cols]
        flags = [i == "%c0" and draw(ch.booleans()) for i in along]
        fn.emit(f"vector.transfer_write {v}, {sq}[{rows}, {cols}]"
                f"{bounds_attr(flags, perm)} : {V2D}, {SQUARE}")

    def _vector_2d(self, draw, fn, env):
        v = self._read_2d(draw, fn, env)
        v = self._lanes_2d(draw, fn, v)
        self._write_2d(draw, fn, env, v)

    def _vector_loop(self, draw, fn, env):
        """An scf.for carrying a vector<4xf32> accumulator: each iteration
        reads a visible memref at the induction variable (lanes past the end
        padded) and combines; the result is written after the loop."""
        T = vec(4)
        init = splat(fn, "%cst", T)
        ub = self.bound(draw, env)
        name, iv, acc = fn.fresh("vl"), fn.fresh("i"), fn.fresh("vacc")
        src = self.value(draw, fn, env)
        fn.emit(f"{name} = scf.for {iv} = %c0 to {ub} step %c1 "
                f"iter_args({acc} = {init}) -> ({T}) {{")
        fn.indent += 1
        read = fn.fresh("v")
        fn.emit(f"{read} = vector.transfer_read {src}[{iv}], %cst : {self.TYPE}, {T}")
        op = draw(ch.sampled_from(ELEMENTWISE))
        nxt = fn.fresh("v")
        fn.emit(f"{nxt} = {op} {acc}, {read} : {T}")
        fn.emit(f"scf.yield {nxt} : {T}")
        fn.indent -= 1
        fn.emit("}")
        dst, dtype, dsize = self._vector_view(draw, fn, env)
        transfer_write(draw, fn, env, name, dst, dtype, dsize, 4)


class TensorVectorMixin:
    """The tensor-level statement `vector`: transfers on tensors, which
    One-Shot Bufferize turns into transfers on memrefs. Needs the
    builder's `_destination` (gen_tensor.TensorBuilder)."""

    VECTOR_STATEMENTS = ("vector",)

    def stmt_vector(self, draw, fn, env, depth):
        lanes = draw(ch.sampled_from((4, 2)))
        src = self.value(draw, fn, env)
        v = transfer_read(draw, fn, env, src, self.TYPE, 4, lanes, loads=False)
        v = lane_ops(draw, fn, v, lanes)
        dest = self._destination(draw, fn, env)
        name = fn.fresh("t")
        if draw(ch.integers(0, 3)) == 3:
            red = reduce_to_scalar(draw, fn, v, lanes)
            fn.emit(f"{name} = tensor.insert {red} into {dest}[%c0] : {self.TYPE}")
        else:
            if draw(ch.booleans()):
                index, attr = pick(draw, fitting(lanes, 4)), bounds_attr([True])
            else:
                index, attr = any_index(draw, fn, env), ""
            fn.emit(f"{name} = vector.transfer_write {v}, {dest}[{index}]{attr} : "
                    f"{vec(lanes)}, {self.TYPE}")
        env.values.append(name)

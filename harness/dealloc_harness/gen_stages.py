"""Strategies for the input of the stages after the ownership pass: memref
programs that already contain `bufferization.dealloc` and
`bufferization.clone`, as `--buffer-deallocation-simplification`,
`--bufferization-lower-deallocations` and `--canonicalize` see them.

Valid by construction, and *safe* by construction unless the program is
drawn "sloppy": statements follow the ownership discipline of the spec
(spec/ownership.md, spec/bufferization-dealloc.md). A scope (a function
body or an `scf.if` branch) keeps *entries* (value, i1 condition): a
condition implies that the scope owns the value's buffer, and for every
buffer the scope owns some entry's condition is true. So:

- `memref.alloc` and `bufferization.clone` add an entry with `true`;
- a view (`extract_strided_metadata` base, `reinterpret_cast`,
  `memref.cast`) or an `arith.select` may add an entry whose condition is
  implied by the source's (the same condition, moved or copied, or an
  `arith.select` of the two sources' conditions): one buffer reaches a
  dealloc through several names, under conditions that differ at run time;
- a `bufferization.dealloc` lists every entry (in a drawn order, with extra
  operands whose condition is `false`, which may be dangling or not heap
  buffers), retains a drawn subset of the live values (views of operands
  among them), and its results become the new entries' conditions; values
  it may free and does not retain are dead afterwards;
- an `scf.if` branch deallocates its own entries and yields a value with
  its ownership (a dynamic ownership indicator, `(memref, i1)` results), as
  do private callees (`private-function-dynamic-ownership`), some of which
  return the same buffer twice;
- the public function's last dealloc retains what it returns; the first
  result is returned if owned and cloned otherwise, further results are
  clones (the ABI: results are owned, distinct buffers).

A sloppy program (one in four) breaks the discipline in drawn places
(values not retained stay usable, conditions claim buffers the scope does
not own, entries are left out of a dealloc): its verdict is whatever the
tools say, and a stage must keep it.

Every allocation and clone carries a `dealloc.site` attribute so that
`dealloc-verify --equiv` matches allocation sites across a stage.
"""

from . import gen_choices as ch
from .gen_builder import pick, span
from .mlir_text import MEMREF as T, FunctionText, ModuleText

BASE = "memref<f32>"
DYN = "memref<?xf32>"
MAX_DEPTH = 2
CONSTANTS = ("%true = arith.constant true", "%false = arith.constant false",
             "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
             "%cst = arith.constant 1.0 : f32")
STATEMENTS = ("alloc", "store", "view", "select", "clone", "dealloc", "if", "call")
STRUCTURED = ("if",)


class Scope:
    """The values usable at a point, and the entries (ownership) of the
    scope: `own` maps a value to its condition, in insertion order."""

    def __init__(self, outer=None):
        self.values = list(outer.values) if outer else []   # (name, type)
        self.roots = dict(outer.roots) if outer else {}     # name -> frozenset
        self.types = dict(outer.types) if outer else {}     # also of dead values
        self.i1s = list(outer.i1s) if outer else []
        self.indices = list(outer.indices) if outer else []
        self.own = {}

    def add(self, name, type_, roots):
        self.values.append((name, type_))
        self.roots[name] = frozenset(roots)
        self.types[name] = type_

    def of_type(self, type_):
        return [n for n, t in self.values if t == type_]

    def type_of(self, name):
        return self.types[name]


class StageBuilder:
    def __init__(self, module, sloppy):
        self.module = module
        self.sloppy = sloppy
        self.callees = []        # (name, returns twice)
        self.stack = set()       # roots that are memref.alloca buffers

    # -- helpers ---------------------------------------------------------------

    def memref(self, draw, fn, sc):
        """A visible memref<4xf32>; allocates one if there is none."""
        values = sc.of_type(T)
        if not values:
            self.stmt_alloc(draw, fn, sc, 0)
            values = sc.of_type(T)
        return pick(draw, values)

    def i1(self, draw, fn, sc):
        if not sc.i1s or draw(ch.integers(0, 3)) == 3:
            name = fn.fresh("b")
            lhs = pick(draw, sc.indices)
            pred = draw(ch.sampled_from(["eq", "ne", "slt"]))
            fn.emit(f"{name} = arith.cmpi {pred}, {lhs}, %c1 : index")
            sc.i1s.append(name)
            return name
        return pick(draw, sc.i1s)

    def condition(self, draw, fn, sc, name):
        """The condition of a new entry for `name`: implied by the scope's
        ownership of its buffer (sloppy programs may claim any i1)."""
        cond = sc.own.get(name, "%false")
        if self.sloppy and draw(ch.integers(0, 5)) == 5:
            return self.i1(draw, fn, sc)
        return cond

    # -- statements ------------------------------------------------------------

    def stmt_alloc(self, draw, fn, sc, depth):
        name = fn.fresh("m")
        fn.emit(f"{name} = memref.alloc() {fn.site()} : {T}")
        sc.add(name, T, {name})
        sc.own[name] = "%true"

    def stmt_clone(self, draw, fn, sc, depth):
        src = self.memref(draw, fn, sc)
        name = fn.fresh("m")
        fn.emit(f"{name} = bufferization.clone {src} {fn.site()} : {T} to {T}")
        sc.add(name, T, {name})
        sc.own[name] = "%true"

    def stmt_store(self, draw, fn, sc, depth):
        name, type_ = pick(draw, sc.values) if sc.values else (None, None)
        if name is None:
            return
        index = "" if type_ == BASE else "%c1"
        if draw(ch.booleans()):
            fn.emit(f"memref.store %cst, {name}[{index}] : {type_}")
        else:
            fn.emit(f"{fn.fresh('x')} = memref.load {name}[{index}] : {type_}")

    def stmt_view(self, draw, fn, sc, depth):
        src = self.memref(draw, fn, sc)
        form = draw(ch.integers(0, 2))
        name = fn.fresh("v")
        if form == 0:
            fn.emit(f"{name}, {fn.fresh('o')}, {fn.fresh('z')}, {fn.fresh('s')} = "
                    f"memref.extract_strided_metadata {src} : {T} -> {BASE}, "
                    "index, index, index")
            type_ = BASE
        elif form == 1:
            fn.emit(f"{name} = memref.reinterpret_cast {src} to offset: [0], "
                    f"sizes: [4], strides: [1] : {T} to {T}")
            type_ = T
        else:
            fn.emit(f"{name} = memref.cast {src} : {T} to {DYN}")
            type_ = DYN
        sc.add(name, type_, sc.roots[src])
        # Ownership: none through the view, copied to it, or moved to it.
        how = draw(ch.integers(0, 2))
        if how and src in sc.own:
            sc.own[name] = self.condition(draw, fn, sc, src)
            if how == 2:
                sc.own[src] = "%false"

    def stmt_select(self, draw, fn, sc, depth):
        cond = self.i1(draw, fn, sc)
        a, b = self.memref(draw, fn, sc), self.memref(draw, fn, sc)
        name = fn.fresh("m")
        fn.emit(f"{name} = arith.select {cond}, {a}, {b} : {T}")
        sc.add(name, T, sc.roots[a] | sc.roots[b])
        if draw(ch.booleans()) and (a in sc.own or b in sc.own):
            own = fn.fresh("own")
            fn.emit(f"{own} = arith.select {cond}, {self.condition(draw, fn, sc, a)}, "
                    f"{self.condition(draw, fn, sc, b)} : i1")
            sc.own[name] = own

    def stmt_dealloc(self, draw, fn, sc, depth):
        self.dealloc(draw, fn, sc, [])

    def stmt_if(self, draw, fn, sc, depth):
        cond = self.i1(draw, fn, sc)
        res = fn.fresh("r")
        fn.emit(f"{res}:2 = scf.if {cond} -> ({T}, i1) {{")
        roots = {res}
        for branch in ("then", "else"):
            if branch == "else":
                fn.emit("} else {")
            fn.indent += 1
            inner = Scope(sc)
            self.block(draw, fn, inner, depth + 1)
            value = self.memref(draw, fn, inner)
            [owned] = self.dealloc(draw, fn, inner, [value], final=True)
            roots |= inner.roots[value]
            fn.emit(f"scf.yield {value}, {owned} : {T}, i1")
            fn.indent -= 1
        fn.emit("}")
        sc.add(f"{res}#0", T, roots)
        sc.own[f"{res}#0"] = f"{res}#1"

    def stmt_call(self, draw, fn, sc, depth):
        callee, twice = pick(draw, self.callees)
        arg = self.memref(draw, fn, sc)
        cond = self.i1(draw, fn, sc)
        res = fn.fresh("r")
        results = f"{T}, i1, {T}, i1" if twice else f"{T}, i1"
        fn.emit(f"{res}:{4 if twice else 2} = func.call {callee}({arg}, {cond}) : "
                f"({T}, i1) -> ({results})")
        for k in ((0, 2) if twice else (0,)):
            sc.add(f"{res}#{k}", T, sc.roots[arg] | {res})
            sc.own[f"{res}#{k}"] = f"{res}#{k + 1}"

    def stmt_alloca(self, draw, fn, sc, depth):
        name = fn.fresh("s")
        fn.emit(f"{name} = memref.alloca() {fn.site()} : {T}")
        sc.add(name, T, {name})
        self.stack.add(name)

    # -- bufferization.dealloc -------------------------------------------------

    def dealloc(self, draw, fn, sc, keep, final=False):
        """Emit a `bufferization.dealloc` of the scope's entries (in a drawn
        order, with drawn extra operands) that retains `keep` and, unless
        `final`, a drawn subset of the other values; afterwards the scope's
        entries are the retained values with their results. Returns the
        results of `keep`, in order (`%false` when nothing is emitted)."""
        operands = [(n, c) for n, c in sc.own.items() if c != "%false"]
        if self.sloppy and operands and draw(ch.integers(0, 5)) == 5:
            operands.pop(draw(ch.integers(0, len(operands) - 1)))   # left out
        names = [n for n, _ in sc.values]
        for _ in range(draw(ch.integers(0, 1 if final else 2))):
            if names:   # not freed: may be dangling, a stack buffer, an argument
                operands.append((pick(draw, names), "%false"))
        if operands and draw(ch.integers(0, 3)) == 3:
            operands.append(pick(draw, operands))   # one buffer listed twice
        order = []
        while operands:
            order.append(operands.pop(draw(ch.integers(0, len(operands) - 1))))
        retained = list(keep)
        if not final:
            retained += [n for n in names if n not in retained and draw(ch.booleans())]
        results = self._emit_dealloc(fn, sc, order, retained)
        freed = frozenset().union(*(sc.roots[n] for n, c in order if c != "%false"))
        left_out = {n: c for n, c in sc.own.items()
                    if c != "%false" and n not in {m for m, _ in order}}
        sc.values = [(n, t) for n, t in sc.values
                     if n in retained or not (sc.roots[n] & freed)
                     or (self.sloppy and draw(ch.integers(0, 3)) == 3)]
        sc.own = dict(left_out)
        sc.own.update(zip(retained, results))
        return results[:len(keep)]

    @staticmethod
    def _emit_dealloc(fn, sc, order, retained):
        if not order and not retained:
            return []
        text = "bufferization.dealloc"
        if order:
            text += (f" ({', '.join(n for n, _ in order)} : "
                     f"{', '.join(sc.type_of(n) for n, _ in order)}) "
                     f"if ({', '.join(c for _, c in order)})")
        if retained:
            text += (f" retain ({', '.join(retained)} : "
                     f"{', '.join(sc.type_of(n) for n in retained)})")
        if not retained:
            fn.emit(text)
            return []
        res = fn.fresh("d")
        if len(retained) == 1:
            fn.emit(f"{res} = {text}")
            return [res]
        fn.emit(f"{res}:{len(retained)} = {text}")
        return [f"{res}#{k}" for k in range(len(retained))]

    # -- blocks and functions --------------------------------------------------

    def block(self, draw, fn, sc, depth):
        draw(span(self._block, fn, sc, depth))

    def _block(self, draw, fn, sc, depth):
        kinds = [k for k in STATEMENTS + ("alloca",)
                 if (depth < MAX_DEPTH or k not in STRUCTURED)
                 and (self.callees or k != "call")]
        for _ in range(draw(ch.integers(0, 7 if depth == 0 else 3))):
            draw(span(self._statement, fn, sc, depth, kinds))

    def _statement(self, draw, fn, sc, depth, kinds):
        kind = kinds[draw(ch.integers(0, len(kinds) - 1))]
        getattr(self, "stmt_" + kind)(draw, fn, sc, depth)

    def _function(self, header, args):
        fn = FunctionText(self.module)
        fn.emit_label(header)
        for const in CONSTANTS:
            fn.emit(const)
        sc = Scope()
        for name, type_ in args:
            if type_ == T:
                sc.add(name, T, {name})
            elif type_ == "i1":
                sc.i1s.append(name)
        sc.indices = ["%c0", "%c1"] + [n for n, t in args if t == "index"]
        return fn, sc

    def callee(self, draw, name):
        """A private function with dynamic ownership: (memref, i1) ->
        (memref, ownership), or the same memref twice with two indicators."""
        twice = draw(ch.booleans())
        results = f"{T}, i1, {T}, i1" if twice else f"{T}, i1"
        fn, sc = self._function(
            f"func.func private {name}(%arg0: {T}, %arg1: i1) -> ({results}) {{",
            [("%arg0", T), ("%arg1", "i1")])
        self.block(draw, fn, sc, 0)
        # Not a stack buffer: it is released when the callee returns.
        heap = [n for n in sc.of_type(T) if not sc.roots[n] & self.stack]
        if not heap:
            self.stmt_alloc(draw, fn, sc, 0)
            heap = [sc.values[-1][0]]
        value = pick(draw, heap)
        [owned] = self.dealloc(draw, fn, sc, [value], final=True)
        if twice:
            first, second = draw(ch.sampled_from(
                [(owned, owned), (owned, "%false"), ("%false", owned)]))
            fn.emit(f"return {value}, {first}, {value}, {second} : {results}")
        else:
            fn.emit(f"return {value}, {owned} : {results}")
        fn.emit_label("}")
        self.module.functions.append(fn.lines)
        self.callees.append((name, twice))

    def entry(self, draw):
        """The public function: owned, distinct results (the ABI)."""
        n_mem, n_i1 = draw(ch.integers(0, 2)), draw(ch.integers(1, 2))
        n_idx, n_res = draw(ch.integers(0, 1)), draw(ch.integers(1, 2))
        args = [(f"%arg{k}", T) for k in range(n_mem)]
        args += [(f"%arg{n_mem + k}", "i1") for k in range(n_i1)]
        args += [(f"%arg{n_mem + n_i1 + k}", "index") for k in range(n_idx)]
        results = ", ".join([T] * n_res)
        sig = ", ".join(f"{n}: {t}" for n, t in args)
        fn, sc = self._function(f"func.func @entry({sig}) -> ({results}) {{", args)
        self.block(draw, fn, sc, 0)
        first = self.memref(draw, fn, sc)
        copies = []
        for _ in range(n_res - 1):
            self.stmt_clone(draw, fn, sc, 0)
            copies.append(sc.values[-1][0])
        owned = self.dealloc(draw, fn, sc, [first] + copies, final=True)
        ret, clone = fn.fresh("ret"), fn.fresh("m")
        fn.emit(f"{ret} = scf.if {owned[0]} -> ({T}) {{")
        fn.emit(f"  scf.yield {first} : {T}")
        fn.emit("} else {")
        fn.emit(f"  {clone} = bufferization.clone {first} {fn.site()} : {T} to {T}")
        fn.emit(f"  scf.yield {clone} : {T}")
        fn.emit("}")
        fn.emit(f"return {', '.join([ret] + copies)} : {results}")
        fn.emit_label("}")
        self.module.functions.append(fn.lines)


@ch.composite
def stage_program(draw):
    """A module of 0-2 private callees with dynamic ownership and a public
    entry function, as MLIR text; (text, sloppy)."""
    sloppy = draw(ch.integers(0, 3)) == 3
    builder = StageBuilder(ModuleText(), sloppy)
    for n in range(draw(ch.integers(0, 2))):   # each function one span
        draw(span(builder.callee, f"@callee{n}"))
    draw(span(lambda d: builder.entry(d)))
    return builder.module.render(), sloppy

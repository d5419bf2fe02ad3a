"""Memref statements that give one buffer two live names, both owned
(generator version 8).

After the ownership pass, every value a block owns is an operand of the
block's closing `bufferization.dealloc`. Two such operands that are the same
buffer at run time with both conditions true are what the lowering's alias
scan between dealloc operands (and its merging of their conditions) exists
for; upstream's pass never makes a value owned twice from one definition, so
the generator must build the pair where ownership is fresh on both names:

- `alias_if`: an `scf.if` with two results whose branches yield a buffer
  allocated in the branch twice, or an `arith.select` of two such buffers
  together with its first source (aliasing when the select picks it);
- `alias_for`: an `scf.for` with two iter_args, both initialised with one
  visible value, whose body yields one buffer allocated in the body twice;
- `alias_call`: a call of a private function (made once per module) that
  returns one buffer twice: a fresh buffer copied from its argument, or the
  argument itself (the callee's return then clones it).

Each form makes both results visible, so later statements may use, select,
yield or pass them on, and stores into both at once (version 9): a result
nothing writes, returns or passes on is dead to the canonicalizer that runs
before the ownership pass (the generated loads are dead too), which then
deletes it, and with it the pair. Valid by construction; the zero choices
are the simplest forms (the fresh buffer yielded twice).
"""

from . import gen_choices as ch

from .mlir_text import MEMREF as T, FunctionText

PAIR = f"({T}, {T})"


class AliasMixin:
    ALIAS_STATEMENTS = ("alias_if", "alias_for", "alias_call")
    ALIAS_STRUCTURED = ("alias_if", "alias_for")

    def _alias_pair_yield(self, draw, fn, env):
        """Emit allocations and the yield of two names of one owned buffer
        (the select form aliases when `cond` is true)."""
        fresh = fn.fresh("m")
        fn.emit(f"{fresh} = memref.alloc() {fn.site()} : {T}")
        if draw(ch.booleans()):
            other, sel = fn.fresh("m"), fn.fresh("m")
            fn.emit(f"{other} = memref.alloc() {fn.site()} : {T}")
            cond = self.i1(draw, fn, env)
            fn.emit(f"{sel} = arith.select {cond}, {fresh}, {other} : {T}")
            pair = [sel, fresh] if draw(ch.booleans()) else [fresh, sel]
        else:
            pair = [fresh, fresh]
        fn.emit(f"scf.yield {', '.join(pair)} : {T}, {T}")

    @staticmethod
    def _alias_results(fn, env, name):
        """Make `name`'s two results visible, each kept alive by a store."""
        pair = [f"{name}#0", f"{name}#1"]
        for value, index in zip(pair, ("%c0", "%c1")):
            fn.emit(f"memref.store %cst, {value}[{index}] : {T}")
        env.values.extend(pair)

    def _alias_region(self, draw, fn, env, depth):
        fn.indent += 1
        inner = env.copy()
        self.block(draw, fn, inner, depth + 1, 1)
        self._alias_pair_yield(draw, fn, inner)
        fn.indent -= 1

    def stmt_alias_if(self, draw, fn, env, depth):
        cond = self.i1(draw, fn, env)
        name = fn.fresh("a")
        fn.emit(f"{name}:2 = scf.if {cond} -> {PAIR} {{")
        self._alias_region(draw, fn, env, depth)
        fn.emit("} else {")
        self._alias_region(draw, fn, env, depth)
        fn.emit("}")
        self._alias_results(fn, env, name)

    def stmt_alias_for(self, draw, fn, env, depth):
        init = self.value(draw, fn, env)
        ub = self.bound(draw, env)
        name, iv = fn.fresh("a"), fn.fresh("i")
        x, y = fn.fresh("it"), fn.fresh("it")
        fn.emit(f"{name}:2 = scf.for {iv} = %c0 to {ub} step %c1 "
                f"iter_args({x} = {init}, {y} = {init}) -> {PAIR} {{")
        inner = env.copy()
        inner.values.extend([x, y])
        inner.indices.append(iv)
        self._alias_region(draw, fn, inner, depth)
        fn.emit("}")
        self._alias_results(fn, env, name)

    def _twin_callee(self, draw):
        """The module's private function returning one buffer twice (made on
        first use; its form is drawn then)."""
        twin = getattr(self, "_twin", None)
        if twin:
            return twin
        fn = FunctionText(self.module)
        arg = fn.fresh("arg")
        fn.emit_label(f"func.func private @twin({arg}: {T}) -> {PAIR} {{")
        if draw(ch.booleans()):
            result = arg
        else:
            result = fn.fresh("m")
            fn.emit(f"{result} = memref.alloc() {fn.site()} : {T}")
            fn.emit(f"memref.copy {arg}, {result} : {T} to {T}")
        fn.emit(f"return {result}, {result} : {T}, {T}")
        fn.emit_label("}")
        self.module.functions.insert(0, fn.lines)
        self._twin = "@twin"
        return self._twin

    def stmt_alias_call(self, draw, fn, env, depth):
        callee = self._twin_callee(draw)
        arg = self.value(draw, fn, env)
        name = fn.fresh("r")
        fn.emit(f"{name}:2 = func.call {callee}({arg}) : ({T}) -> {PAIR}")
        self._alias_results(fn, env, name)

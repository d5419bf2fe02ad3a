"""Hypothesis strategies for tensor-level programs (tensor, linalg, scf on
tensors), and their bufferization with upstream's One-Shot Bufferize — what
real users feed the deallocation pipeline.

Bufferization runs `mlir-opt --one-shot-bufferize="bufferize-function-boundaries
function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops"`; afterwards every
allocation op gets a `dealloc.site = N` attribute (annotate_sites).
"""

import re
import subprocess

import hypothesis.strategies as st

from .mlir_text import TENSOR as T, FunctionText, ModuleText

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
BUFFERIZE = ("--one-shot-bufferize=bufferize-function-boundaries "
             "function-boundary-type-conversion=identity-layout-map "
             "allow-return-allocs-from-loops")
SLICE = "tensor<2xf32>"


class Env:
    def __init__(self, tensors, i1s, indices):
        self.tensors, self.i1s, self.indices = list(tensors), list(i1s), list(indices)

    def copy(self):
        return Env(self.tensors, self.i1s, self.indices)


def _pick(draw, values):
    return values[draw(st.integers(0, len(values) - 1))]


def _tensor(draw, fn, env):
    if not env.tensors:
        _stmt_empty(draw, fn, env, 0, None)
    return _pick(draw, env.tensors)


def _stmt_empty(draw, fn, env, depth, callees):
    """A fresh tensor without linalg (bufferizes to memref.alloc + store)."""
    empty, name = fn.fresh("e"), fn.fresh("t")
    fn.emit(f"{empty} = tensor.empty() : {T}")
    fn.emit(f"{name} = tensor.insert %cst into {empty}[%c0] : {T}")
    env.tensors.append(name)


def _i1(draw, fn, env):
    if not env.i1s:
        name = fn.fresh("b")
        fn.emit(f"{name} = arith.cmpi slt, {_pick(draw, env.indices)}, %c1 : index")
        env.i1s.append(name)
    return _pick(draw, env.i1s)


def _stmt_fill(draw, fn, env, depth, callees):
    empty, name = fn.fresh("e"), fn.fresh("t")
    fn.emit(f"{empty} = tensor.empty() : {T}")
    fn.emit(f"{name} = linalg.fill ins(%cst : f32) outs({empty} : {T}) -> {T}")
    env.tensors.append(name)


def _stmt_insert(draw, fn, env, depth, callees):
    src = _tensor(draw, fn, env)
    name = fn.fresh("t")
    fn.emit(f"{name} = tensor.insert %cst into {src}[%c0] : {T}")
    env.tensors.append(name)


def _stmt_slice(draw, fn, env, depth, callees):
    src, dst = _tensor(draw, fn, env), _tensor(draw, fn, env)
    sl, name = fn.fresh("sl"), fn.fresh("t")
    fn.emit(f"{sl} = tensor.extract_slice {src}[0] [2] [1] : {T} to {SLICE}")
    fn.emit(f"{name} = tensor.insert_slice {sl} into {dst}[2] [2] [1] : "
            f"{SLICE} into {T}")
    env.tensors.append(name)


def _stmt_extract(draw, fn, env, depth, callees):
    src = _tensor(draw, fn, env)
    fn.emit(f"{fn.fresh('x')} = tensor.extract {src}[%c1] : {T}")


def _stmt_map(draw, fn, env, depth, callees):
    a, b = _tensor(draw, fn, env), _tensor(draw, fn, env)
    empty, name = fn.fresh("e"), fn.fresh("t")
    fn.emit(f"{empty} = tensor.empty() : {T}")
    fn.emit(f"{name} = linalg.map {{ arith.addf }} ins({a}, {b} : {T}, {T}) "
            f"outs({empty} : {T})")
    env.tensors.append(name)


def _stmt_select(draw, fn, env, depth, callees):
    cond = _i1(draw, fn, env)
    a, b = _tensor(draw, fn, env), _tensor(draw, fn, env)
    name = fn.fresh("t")
    fn.emit(f"{name} = arith.select {cond}, {a}, {b} : {T}")
    env.tensors.append(name)


def _stmt_if(draw, fn, env, depth, callees):
    cond = _i1(draw, fn, env)
    name = fn.fresh("t")
    fn.emit(f"{name} = scf.if {cond} -> ({T}) {{")
    for branch in ("then", "else"):
        if branch == "else":
            fn.emit("} else {")
        fn.indent += 1
        inner = env.copy()
        _block(draw, fn, inner, depth + 1, callees)
        fn.emit(f"scf.yield {_tensor(draw, fn, inner)} : {T}")
        fn.indent -= 1
    fn.emit("}")
    env.tensors.append(name)


def _stmt_for(draw, fn, env, depth, callees):
    init = _tensor(draw, fn, env)
    ub = _pick(draw, ["%c0", "%c1", "%c2"] + env.indices[3:])
    name, iv, it = fn.fresh("t"), fn.fresh("i"), fn.fresh("it")
    fn.emit(f"{name} = scf.for {iv} = %c0 to {ub} step %c1 "
            f"iter_args({it} = {init}) -> ({T}) {{")
    fn.indent += 1
    inner = env.copy()
    inner.tensors.append(it)
    _block(draw, fn, inner, depth + 1, callees)
    fn.emit(f"scf.yield {_tensor(draw, fn, inner)} : {T}")
    fn.indent -= 1
    fn.emit("}")
    env.tensors.append(name)


def _stmt_call(draw, fn, env, depth, callees):
    arg = _tensor(draw, fn, env)
    name = fn.fresh("t")
    fn.emit(f"{name} = func.call @helper({arg}) : ({T}) -> {T}")
    env.tensors.append(name)


STATEMENTS = [_stmt_empty, _stmt_insert, _stmt_fill, _stmt_slice, _stmt_extract, _stmt_map,
              _stmt_select, _stmt_if, _stmt_for, _stmt_call]


def _block(draw, fn, env, depth, callees, max_size=4):
    for _ in range(draw(st.integers(0, max_size))):
        kinds = [s for s in STATEMENTS
                 if (depth < 2 or s not in (_stmt_if, _stmt_for))
                 and (callees or s is not _stmt_call)]
        _pick(draw, kinds)(draw, fn, env, depth, callees)


def _function(draw, module, name, private, n_args, n_i1, n_idx, n_res, callees):
    fn = FunctionText(module)
    args = [(fn.fresh("arg"), T) for _ in range(n_args)]
    args += [(fn.fresh("arg"), "i1") for _ in range(n_i1)]
    args += [(fn.fresh("arg"), "index") for _ in range(n_idx)]
    sig = ", ".join(f"{n}: {t}" for n, t in args)
    results = ", ".join([T] * n_res)
    fn.emit_label(f"func.func {'private ' if private else ''}{name}({sig}) "
                  f"-> ({results}) {{")
    for const in ("%c0 = arith.constant 0 : index",
                  "%c1 = arith.constant 1 : index",
                  "%c2 = arith.constant 2 : index",
                  "%cst = arith.constant 1.0 : f32"):
        fn.emit(const)
    env = Env([n for n, t in args if t == T], [n for n, t in args if t == "i1"],
              ["%c0", "%c1", "%c2"] + [n for n, t in args if t == "index"])
    _block(draw, fn, env, 0, callees)
    vals = [_tensor(draw, fn, env) for _ in range(n_res)]
    fn.emit(f"return {', '.join(vals)} : {results}" if vals else "return")
    fn.emit_label("}")
    module.functions.append(fn.lines)


@st.composite
def tensor_program(draw):
    module = ModuleText()
    callees = draw(st.booleans())
    if callees:
        _function(draw, module, "@helper", True, 1, 0, 0, 1, False)
    _function(draw, module, "@entry", False, draw(st.integers(0, 2)),
              draw(st.integers(0, 2)), draw(st.integers(0, 1)),
              draw(st.integers(1, 2)), callees)
    return module.render()


_ALLOC = re.compile(r"(= (?:memref\.alloca?\([^)]*\)|bufferization\.clone \S+))"
                    r"(?: \{([^}]*)\})?")


def annotate_sites(text):
    """Give every allocation op a distinct `dealloc.site` attribute, in
    textual order (deterministic)."""
    counter = [0]

    def add(match):
        counter[0] += 1
        attr = f"dealloc.site = {counter[0]} : i64"
        rest = match.group(2)
        return f"{match.group(1)} {{{attr}{', ' + rest if rest else ''}}}"

    return _ALLOC.sub(add, text)


class BufferizationError(RuntimeError):
    pass


def bufferize(source):
    """Bufferize a tensor-level program with upstream's One-Shot Bufferize."""
    proc = subprocess.run([MLIR_OPT, BUFFERIZE, "-"], input=source,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise BufferizationError(proc.stderr.strip()[:2000])
    return annotate_sites(proc.stdout)

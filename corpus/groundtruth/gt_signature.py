"""Function signatures, argument types and input texts for the ground truth.

Reads the `func.func` headers of a (pretty-printed) MLIR module, describes
every argument/result type the C driver has to build or take apart, and
parses / enumerates the input texts of dealloc-run's input grammar
(spec/safety.md, the input model):

    input  := value (',' value)*          one value per argument, in order
    value  := 'true' | 'false'            i1
            | decimal                     integers / index (and floats)
            | 'b' K ['[' N ('x' N)* ']']   memref argument viewing buffer K;
                                          the optional list gives the dynamic
                                          extents in order (default 2 each)
"""
import itertools
import re

SCALAR_C_TYPES = {
    "i1": "_Bool", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t",
    "i64": "int64_t", "index": "int64_t", "f32": "float", "f64": "double",
}
ELEMENT_BYTES = {
    "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "index": 8,
    "f16": 2, "bf16": 2, "f32": 4, "f64": 8,
}
DEFAULT_EXTENT = 2


class SignatureError(Exception):
    pass


def split_top(text, sep=","):
    """Splits `text` at `sep` outside of (), [], {}, <>."""
    parts, depth, cur = [], 0, []
    for i, ch in enumerate(text):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            # '->' is not a closing bracket.
            if not (ch == ">" and i > 0 and text[i - 1] == "-"):
                depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


class MemRefType:
    """memref<d0 x d1 x ... x elt [, layout] [, memspace]>"""

    def __init__(self, text):
        self.text = text
        m = re.fullmatch(r"memref<(.*)>", text.strip())
        if not m:
            raise SignatureError(f"not a ranked memref type: {text}")
        parts = split_top(m.group(1))
        shape = re.match(r"((?:(?:\?|\d+)x)*)(.*)", parts[0].strip())
        self.element = shape.group(2).strip()
        if self.element not in ELEMENT_BYTES:
            raise SignatureError(f"unsupported element type in {text}")
        self.shape = [None if d == "?" else int(d)
                      for d in shape.group(1).split("x") if d]
        self.offset, self.strides = 0, None  # None: identity layout
        for extra in parts[1:]:
            s = re.fullmatch(r"strided<\[(.*?)\](?:,\s*offset:\s*(\?|-?\d+))?>",
                             extra.strip())
            if s:
                st = [x.strip() for x in s.group(1).split(",") if x.strip()]
                self.strides = [None if x == "?" else int(x) for x in st]
                off = s.group(2) or "0"
                self.offset = None if off == "?" else int(off)
            elif re.fullmatch(r"\d+", extra.strip()):
                pass  # memory space: irrelevant on the host
            else:
                raise SignatureError(f"unsupported layout in {text}")

    @property
    def rank(self):
        return len(self.shape)

    def layout(self, dynamic_extents):
        """(sizes, strides, offset) of a view with the given dynamic extents.

        Dynamic strides/offset (`?`) are filled with the identity layout
        (contiguous, offset 0), the same choice dealloc-run makes for a
        fresh argument buffer."""
        ext = iter(dynamic_extents)
        sizes = [d if d is not None else next(ext, DEFAULT_EXTENT)
                 for d in self.shape]
        contiguous, acc = [], 1
        for s in reversed(sizes):
            contiguous.insert(0, acc)
            acc *= s
        strides = contiguous if self.strides is None else [
            c if s is None else s for s, c in zip(self.strides, contiguous)]
        offset = 0 if self.offset is None else self.offset
        return sizes, strides, offset

    def bytes_needed(self, dynamic_extents):
        sizes, strides, offset = self.layout(dynamic_extents)
        last = offset + sum((n - 1) * st for n, st in zip(sizes, strides)
                            if n > 0)
        return (last + 1) * ELEMENT_BYTES.get(self.element)


def parse_type(text):
    text = text.strip()
    if text.startswith("memref<"):
        return MemRefType(text)
    if text in SCALAR_C_TYPES:
        return text
    raise SignatureError(f"unsupported type at the function boundary: {text}")


class Function:
    def __init__(self, name, public, declaration, args, results):
        self.name, self.public, self.declaration = name, public, declaration
        self.args, self.results = args, results


def _strip_arg(text):
    # "%arg0: memref<?xf32> {attr}" or "memref<?xf32>"
    text = re.sub(r"\{[^{}]*\}\s*$", "", text.strip()).strip()
    if text.startswith("%"):
        text = text.split(":", 1)[1]
    return text.strip()


def parse_functions(mlir_text):
    """Returns the top-level func.func signatures of a pretty-printed module."""
    functions = []
    for m in re.finditer(r"func\.func\s+(private\s+|public\s+|nested\s+)?@([\w$.]+)\(",
                         mlir_text):
        start = m.end()
        depth, i = 1, start
        while depth:
            ch = mlir_text[i]
            depth += ch in "(<[{"
            depth -= ch in ")>]}" and not (ch == ">" and mlir_text[i - 1] == "-")
            i += 1
        args = [parse_type(_strip_arg(a)) for a in split_top(mlir_text[start:i - 1])]
        rest = mlir_text[i:]
        line_end = rest.find("\n")
        header = rest if line_end < 0 else rest[:line_end]
        results = []
        r = re.match(r"\s*->\s*", header)
        if r:
            tail = header[r.end():]
            if tail.startswith("("):
                depth, j = 1, 1
                while depth:
                    depth += tail[j] in "(<[{"
                    depth -= tail[j] in ")>]}"
                    j += 1
                results = [parse_type(t) for t in split_top(tail[1:j - 1])]
            else:
                results = [parse_type(split_top(
                    re.split(r"\s+(attributes\s|\{)", tail)[0])[0])]
        body = header.rstrip().endswith("{")
        visibility = (m.group(1) or "").strip()
        functions.append(Function(m.group(2), visibility in ("", "public"),
                                  not body, args, results))
    return functions


class Input:
    """One parsed input: a value per argument, memref args as (K, extents)."""

    def __init__(self, text, function):
        self.text = text
        values = [v.strip() for v in split_top(text)] if text.strip() else []
        if len(values) != len(function.args):
            raise SignatureError(
                f"input '{text}' has {len(values)} values, @{function.name} "
                f"takes {len(function.args)} arguments")
        self.values = []
        for v, ty in zip(values, function.args):
            if isinstance(ty, MemRefType):
                m = re.fullmatch(r"b(\d+)(?:\[(\d+(?:x\d+)*)\])?", v)
                if not m:
                    raise SignatureError(f"bad memref value '{v}' in '{text}'")
                ext = [int(x) for x in m.group(2).split("x")] if m.group(2) else []
                self.values.append(("buffer", int(m.group(1)), ext))
            elif ty == "i1":
                if v not in ("true", "false", "1", "0"):
                    raise SignatureError(f"bad i1 value '{v}' in '{text}'")
                self.values.append(("scalar", "1" if v in ("true", "1") else "0"))
            else:
                if not re.fullmatch(r"-?\d+(\.\d*)?(e-?\d+)?", v):
                    raise SignatureError(f"bad {ty} value '{v}' in '{text}'")
                self.values.append(("scalar", v))


def _set_partitions(items):
    """All set partitions of `items` as lists of block indices (restricted
    growth strings), in lexicographic order."""
    def rec(i, cur, m):
        if i == len(items):
            yield list(cur)
            return
        for b in range(m + 1):
            yield from rec(i + 1, cur + [b], max(m, b + 1) if b == m else m)
    yield from rec(0, [], 0)


def enumerate_inputs(function, int_values=(0, 1, 2), i1_cap=6):
    """The fallback enumeration used when dealloc-run is not available: every
    i1 combination (first `i1_cap` i1 args), ints from `int_values`, every
    aliasing pattern among memref arguments of the same type."""
    per_arg = []
    i1_seen = 0
    for ty in function.args:
        if ty == "i1":
            i1_seen += 1
            per_arg.append(["false", "true"] if i1_seen <= i1_cap else ["false"])
        elif isinstance(ty, MemRefType):
            per_arg.append([None])
        else:
            per_arg.append([str(v) for v in int_values])
    mem_idx = [i for i, t in enumerate(function.args) if isinstance(t, MemRefType)]
    groups = {}
    for i in mem_idx:
        groups.setdefault(function.args[i].text, []).append(i)
    group_parts = [list(_set_partitions(g)) for g in groups.values()]
    patterns = []
    for choice in itertools.product(*group_parts):
        block_of = {}
        for g, part in zip(groups.values(), choice):
            for i, b in zip(g, part):
                block_of[i] = (g[0], b)
        # number buffers from 0 by first appearance
        names, assign = {}, {}
        for i in mem_idx:
            key = block_of[i]
            names.setdefault(key, len(names))
            assign[i] = names[key]
        patterns.append(assign)
    for scalars in itertools.product(*per_arg):
        for assign in patterns:
            vals = [f"b{assign[i]}" if i in assign else s
                    for i, s in enumerate(scalars)]
            yield ",".join(vals)

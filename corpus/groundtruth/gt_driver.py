"""Generates the C driver that calls lowered functions on dealloc-run's inputs.

The lowered module is built with `--llvm-request-c-wrappers`, so every
function @f has a C entry point `_mlir_ciface_f`:
  * memref arguments are passed as pointers to memref descriptors
    {allocated, aligned, offset, sizes[rank], strides[rank]};
  * scalars are passed by value;
  * a single memref result, or several results, are returned through a pointer
    passed as the first argument (to a descriptor, resp. a struct of all
    results in order); a single scalar result is the C return value.
Declaration-only callees are lowered to calls of `_mlir_ciface_<name>`; the
driver defines them as spec/abi.md says: they free nothing, keep nothing and
return fresh distinct heap buffers (dynamic extents 2) and 0 / false scalars.

Per input the driver acts as the ABI caller (spec/abi.md):
  phase "call":    build the arguments, call the function;
  phase "results": free the allocated pointer of every memref result;
  phase "args":    free the argument buffers;
  phase "end":     return from main (valgrind's leak check follows).
Phase markers go to stderr, the fd valgrind logs to, so every valgrind
report is attributed to the phase it happened in.

Argument buffers: one calloc'd block per buffer number K, and the memref's
allocated pointer is ARG_PAD bytes *inside* that block. A callee that frees
an argument therefore gets an immediate "Invalid free() ... inside a block
alloc'd" at the moment it frees it (INVALID_FREE), and a caller that frees a
result aliasing an argument gets the same report in phase "results"
(ABI_VIOLATION) — see docs/groundtruth.md.
"""
from gt_signature import ELEMENT_BYTES, SCALAR_C_TYPES, MemRefType, Input

ARG_PAD = 64
PHASES = ("call", "results", "args", "end")


def _desc_type(rank):
    return f"gt_desc{rank}"


def _c_type(ty):
    if isinstance(ty, MemRefType):
        return _desc_type(ty.rank)
    return SCALAR_C_TYPES[ty]


def _cident(name):
    return "".join(c if c.isalnum() else "_" for c in name)


class CInterface:
    """How `_mlir_ciface_<f>` is called: result convention and prototype."""

    def __init__(self, function):
        self.f = function
        res = function.results
        self.result_struct = None
        if len(res) > 1:
            self.result_struct = f"gt_res_{_cident(function.name)}"
        self.result_by_pointer = len(res) > 1 or (
            len(res) == 1 and isinstance(res[0], MemRefType))
        self.return_type = ("void" if self.result_by_pointer or not res
                            else _c_type(res[0]))

    def result_pointer_type(self):
        if self.result_struct:
            return self.result_struct
        return _c_type(self.f.results[0])

    def params(self):
        p = []
        if self.result_by_pointer:
            p.append(f"{self.result_pointer_type()} *res")
        for i, ty in enumerate(self.f.args):
            star = " *" if isinstance(ty, MemRefType) else " "
            p.append(f"{_c_type(ty)}{star}a{i}")
        return ", ".join(p) or "void"

    def prototype(self):
        return (f"{self.return_type} _mlir_ciface_{self.f.name}"
                f"({self.params()})")

    def result_fields(self):
        """(C lvalue relative to `res`, type) of every result."""
        if self.result_struct:
            return [(f"res.r{i}", t) for i, t in enumerate(self.f.results)]
        if self.result_by_pointer:
            return [("res", self.f.results[0])]
        return []


def _descriptor_init(var, ty, base, extents):
    sizes, strides, offset = ty.layout(extents)
    fields = [base, base, str(offset)]
    if ty.rank:
        fields.append("{" + ", ".join(map(str, sizes)) + "}")
        fields.append("{" + ", ".join(map(str, strides)) + "}")
    return f"{_desc_type(ty.rank)} {var} = {{{', '.join(fields)}}};"


def _external_callee_body(ci):
    """C implementation of a declaration-only callee per [abi.external]: fresh
    heap buffers for memref results, zero scalars, arguments untouched."""
    lines = []
    if ci.result_by_pointer:
        lines.append("  memset(res, 0, sizeof(*res));")
        for i, ty in enumerate(ci.f.results):
            if not isinstance(ty, MemRefType):
                continue
            field = f"(*res).r{i}" if ci.result_struct else "(*res)"
            size = ty.bytes_needed([])
            lines.append(f"  {{ void *p = calloc(1, {size});")
            lines.append("    " + _descriptor_init("d", ty, "p", []))
            lines.append(f"    {field} = d; }}")
    elif ci.f.results:
        lines.append("  return 0;")
    for i in range(len(ci.f.args)):
        lines.append(f"  (void)a{i};")
    return "\n".join(lines)


def generate(functions, cases):
    """C source for `cases`: a list of (Function, input text). Case i runs
    when the driver is invoked with argument i."""
    ranks = {0, 1}
    for f in functions:
        for t in f.args + f.results:
            if isinstance(t, MemRefType):
                ranks.add(t.rank)
    out = ["#include <stdint.h>", "#include <stdlib.h>", "#include <string.h>",
           "#include <unistd.h>", "",
           "static void gt_mark(const char *s) { write(2, s, strlen(s)); }", ""]
    for r in sorted(ranks):
        dims = f" int64_t sizes[{r}]; int64_t strides[{r}];" if r else ""
        out.append(f"typedef struct {{ void *allocated; void *aligned; "
                   f"int64_t offset;{dims} }} {_desc_type(r)};")
    out.append("")
    interfaces = {}
    for f in functions:
        ci = CInterface(f)
        interfaces.update({f.name: ci})
        if ci.result_struct:
            members = " ".join(f"{_c_type(t)} r{i};"
                               for i, t in enumerate(f.results))
            out.append(f"typedef struct {{ {members} }} {ci.result_struct};")
        if f.declaration:
            out.append(f"{ci.prototype()} {{\n{_external_callee_body(ci)}\n}}")
        else:
            out.append(f"{ci.prototype()};")
    out.append("")
    for n, (f, text) in enumerate(cases):
        out.extend(_case(n, interfaces.get(f.name), Input(text, f)))
    out.append("int main(int argc, char **argv) {")
    out.append("  if (argc != 2) return 64;")
    out.append("  switch (atoi(argv[1])) {")
    for n in range(len(cases)):
        out.append(f"  case {n}: gt_case{n}(); break;")
    out.append("  default: return 64;\n  }\n  return 0;\n}")
    return "\n".join(out) + "\n"


def _case(n, ci, inp):
    f = ci.f
    body = [f"/* @{f.name}({inp.text}) */", f"static void gt_case{n}(void) {{"]
    # One block per buffer number, big enough for every view of it.
    need = {}
    for v, ty in zip(inp.values, f.args):
        if v[0] == "buffer":
            need[v[1]] = max(need.get(v[1], 0), ty.bytes_needed(v[2]))
    for k in sorted(need):
        body.append(f"  char *blk{k} = calloc(1, {ARG_PAD + need[k]});")
    call_args = []
    for i, (v, ty) in enumerate(zip(inp.values, f.args)):
        if v[0] == "buffer":
            body.append("  " + _descriptor_init(
                f"a{i}", ty, f"blk{v[1]} + {ARG_PAD}", v[2]))
            call_args.append(f"&a{i}")
        else:
            call_args.append(f"({SCALAR_C_TYPES[ty]}){v[1]}")
    if ci.result_by_pointer:
        body.append(f"  {ci.result_pointer_type()} res;")
        body.append("  memset(&res, 0, sizeof(res));")
        call_args.insert(0, "&res")
    body.append('  gt_mark("GT-PHASE call\\n");')
    call = f"_mlir_ciface_{f.name}({', '.join(call_args)})"
    body.append(f"  {'(void)' if ci.return_type != 'void' else ''}{call};")
    body.append('  gt_mark("GT-PHASE results\\n");')
    for lval, ty in ci.result_fields():
        if isinstance(ty, MemRefType):
            body.append(f"  free({lval}.allocated);")
    body.append('  gt_mark("GT-PHASE args\\n");')
    for k in sorted(need):
        body.append(f"  free(blk{k});")
    body.append('  gt_mark("GT-PHASE end\\n");')
    body.append("}")
    return body

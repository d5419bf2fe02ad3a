"""Text emission helpers shared by the program generators: SSA names,
block labels, allocation-site numbering and indentation."""

import re

MEMREF = "memref<4xf32>"
TENSOR = "tensor<4xf32>"


class FunctionText:
    """Accumulates the body of one function with function-wide unique SSA
    names and block labels (MLIR forbids shadowing inside nested regions)."""

    def __init__(self, module):
        self.module = module
        self.lines = []
        self.counter = 0
        self.labels = 0
        self.indent = 1

    def fresh(self, stem="v"):
        name = f"%{stem}{self.counter}"
        self.counter += 1
        return name

    def label(self):
        name = f"^bb{self.labels + 1}"
        self.labels += 1
        return name

    def emit(self, text):
        self.lines.append("  " * self.indent + text)

    def emit_label(self, text):
        self.lines.append("  " * (self.indent - 1) + text)

    def site(self):
        return self.module.site()


class ModuleText:
    """Owns the allocation-site counter: every allocation op of a generated
    program carries a discardable `dealloc.site = N : i64` attribute so that
    `dealloc-verify --equiv` can match allocation sites across two outputs."""

    def __init__(self):
        self.sites = 0
        self.globals = []
        self.functions = []

    def site(self):
        self.sites += 1
        return f"{{dealloc.site = {self.sites} : i64}}"

    def render(self):
        parts = ["module {"]
        parts.extend("  " + g for g in self.globals)
        for fn in self.functions:
            parts.extend("  " + line for line in fn)
        parts.append("}")
        return "\n".join(parts) + "\n"


_ALLOC = re.compile(r"(= (?:memref\.alloca?\([^)]*\)|bufferization\.clone \S+))"
                    r"(?: \{([^}]*)\})?")


def annotate_sites(text):
    """Give every allocation op of MLIR text (e.g. One-Shot Bufferize's
    output, or a corpus case) a distinct `dealloc.site` attribute, in textual
    order (deterministic)."""
    counter = [0]

    def add(match):
        counter[0] += 1
        attr = f"dealloc.site = {counter[0]} : i64"
        rest = match.group(2)
        return f"{match.group(1)} {{{attr}{', ' + rest if rest else ''}}}"

    return _ALLOC.sub(add, text)

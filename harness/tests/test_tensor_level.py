"""Tensor-level programs: One-Shot Bufferize leaves linalg ops on memrefs
(linalg.fill / map / generic). Whatever the tools support of them, an
UNSUPPORTED or UNKNOWN answer is a counted outcome class, never a pass and
never dropped."""
import shlex

import pytest

from dealloc_harness import check, generate, options, tools
from harness_helpers import TOOLS

needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-opt"] and TOOLS["dealloc-verify"]),
    reason="dealloc-opt / dealloc-run / dealloc-verify not built")


def linalg_programs(seed, wanted):
    """Tensor programs of `seed` whose bufferized form has each linalg op of
    `wanted` (one program per op)."""
    found = {}
    for i in range(200):
        prog = generate.program(seed, i)
        if prog.level != "tensor":
            continue
        for op in wanted:
            if op not in found and f"{op} " in prog.text:
                found[op] = prog
        if len(found) == len(wanted):
            break
    return found


def test_tensor_programs_reach_linalg_on_memrefs_and_every_scf_op():
    progs = [generate.program(3, i) for i in range(120)]
    tensor = [p for p in progs if p.level == "tensor"]
    sources = "".join(p.source for p in tensor)
    texts = "".join(p.text for p in tensor)
    for op in ("linalg.fill", "linalg.map", "linalg.generic", "tensor.extract_slice",
               "tensor.insert_slice", "scf.for", "scf.while", "scf.if",
               "scf.index_switch", "scf.execute_region", "func.call"):
        assert op in sources, op
    for op in ("linalg.fill", "linalg.map", "linalg.generic", "memref.subview",
               "memref.copy", "dealloc.site"):
        assert op in texts, op


@needs_tools
def test_unsupported_answers_are_counted_never_passed():
    """Every UNSUPPORTED / UNKNOWN verdict a tool gives on the implementation's
    output of a program with linalg ops is an outcome class of that program,
    and such a program is not a pass."""
    cfg = check.Config(impl=shlex.split(options.DEFAULT_IMPL),
                       tools=tools.Tools(TOOLS))
    progs = linalg_programs(3, ("linalg.fill", "linalg.map", "linalg.generic"))
    assert len(progs) == 3
    checked = 0
    for op, prog in sorted(progs.items()):
        out = check.check(prog.text, cfg)
        if out.kind.startswith("impl-"):    # upstream failed: nothing to verify
            continue
        checked += 1
        classes = {tuple(c[:4]) for c in out.classes}
        unsure = 0
        for name in ("run", "verify"):
            res = getattr(cfg.tools, name)(out.impl_output)
            for fn, verdict in res.unsure().items():
                unsure += 1
                assert (verdict.lower(), verdict, fn, name) in classes, (op, out.classes)
        if unsure:
            assert out.kind != "pass", (op, out.classes)
    assert checked

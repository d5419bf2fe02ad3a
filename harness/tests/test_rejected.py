"""Upstream MLIR 22 refuses memref.generic_atomic_rmw, which the spec and
the reference pass accept ([limit.regions.memref-free],
[dev.own.memref-free-region]), and generator version 6 emits it. The
harness reports the refusal as impl-rejected with upstream's diagnostic (a
refusal, not a wrong deallocation); the reference pipeline's output of the
same programs is checked and safe."""
import json

import pytest

from dealloc_harness import check, cli, generate, process, tools
from dealloc_harness.tools import Tools
from harness_helpers import TOOLS

needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-opt"]),
    reason="dealloc-run / dealloc-opt (with the reference pipeline) not built")

REJECTED = ("rejected: All operations with attached regions need to implement "
            "the RegionBranchOpInterface.")
CASE = """func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %v, %a[%c0] : memref<2xf32>
  %old = memref.generic_atomic_rmw %a[%c0] : memref<2xf32> {
  ^bb0(%cur: f32):
    %s = arith.addf %cur, %v : f32
    memref.atomic_yield %s : f32
  }
  return %old : f32
}
"""


def test_upstreams_limitation_diagnostic_reads_as_a_refusal():
    run = process.run([tools.MLIR_OPT, "--buffer-deallocation-pipeline"], CASE)
    assert run.status == "exit"
    assert check.diagnostic_verdict(run.stderr) == ("impl-rejected", REJECTED)


@needs_tools
def test_upstream_rejects_generic_atomic_rmw_and_the_reference_deallocates_it(tmp_path):
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "atomic.mlir").write_text(CASE)
    out = tmp_path / "upstream"
    assert cli.main(["conformance", "-q", "--out", str(out), str(cases)]) == 1
    rep = json.loads((out / "report.json").read_text())
    assert [(f["kind"], f["verdict"]) for f in rep["findings"]] == \
        [("impl-rejected", REJECTED)]
    assert rep["counts"]["impl-rejected"] == 1 and rep["counts"]["impl-unsafe"] == 0
    ref = f"{TOOLS['dealloc-opt']} --reference-buffer-deallocation-pipeline"
    out = tmp_path / "reference"
    assert cli.main(["conformance", "-q", "--impl", ref, "--out", str(out),
                     str(cases)]) == 0
    rep = json.loads((out / "report.json").read_text())
    assert rep["counts"]["pass"] == 1 and rep["findings"] == []


@needs_tools
def test_generated_generic_atomic_rmw_is_safe_through_the_reference():
    prog = next(p for p in (generate.program(0, i) for i in range(100))
                if "memref.generic_atomic_rmw" in p.text)
    paths = tools.locate()
    ref = [paths["dealloc-opt"], "--reference-buffer-deallocation-pipeline"]
    cfg = check.Config(impl=ref, tools=Tools(paths), checks=("run", "verify"))
    assert check.check(prog.text, cfg).kind == "pass"
    cfg = check.Config(impl=[tools.MLIR_OPT, "--buffer-deallocation-pipeline"],
                       tools=Tools(paths), checks=("run", "verify"))
    outcome = check.check(prog.text, cfg)
    assert (outcome.kind, outcome.verdict) == ("impl-rejected", REJECTED)

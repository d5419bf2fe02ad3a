"""Version skew (issue 37, deliverable 7): the harness generates and reads
MLIR 22's syntax; an implementation built on MLIR 19 refuses some of it.
Such a case is `input-rejected` (undecided: exit 3, listed with MLIR 19's
diagnostic), not a finding about the implementation; the same case through
a wrapper that rewrites the syntax into MLIR 19's is decided. Needs MLIR
19's mlir-opt (Debian's mlir-19-tools, installed by scripts/setup.sh);
skipped with that reason without it. docs/mlir19-campaign.md has the
campaigns against MLIR 19."""
import json
import os
import subprocess

import pytest

from harness_helpers import SCRIPT, TOOLS, impl

MLIR19 = "/usr/lib/llvm-19/bin/mlir-opt"
needs_mlir19 = pytest.mark.skipif(
    not os.access(MLIR19, os.X_OK),
    reason=f"MLIR 19's mlir-opt is not installed ({MLIR19}, package mlir-19-tools)")
needs_run = pytest.mark.skipif(not TOOLS["dealloc-run"],
                               reason="dealloc-run is not built (bash scripts/setup.sh)")

# MLIR 22's syntax: `to_tensor ... to tensor<..>`, `to_buffer` (MLIR 19:
# `to_tensor %m : memref<..>`, `to_memref`).
NEWER = """// Syntax MLIR 19 does not read.
func.func @newer(%n: index) -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %t = bufferization.to_tensor %0 restrict : memref<4xf32> to tensor<4xf32>
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  return %m : memref<4xf32>
}
"""
COMMON = """// Syntax both versions read.
func.func @common(%c: i1) -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %r = arith.select %c, %a, %b : memref<8xf32>
  return %r : memref<8xf32>
}
"""


def conformance(tmp_path, impl_cmd):
    cases = tmp_path / "cases"
    cases.mkdir(exist_ok=True)
    (cases / "newer.mlir").write_text(NEWER)
    (cases / "common.mlir").write_text(COMMON)
    out = tmp_path / "out"
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "--impl", impl_cmd,
                           "--checks", "run", "-q", "--out", str(out), str(cases)],
                          capture_output=True, text=True, timeout=600)
    with open(out / "report.json") as f:
        return proc.returncode, json.load(f)


@needs_mlir19
@needs_run
def test_mlir19_on_newer_syntax_is_input_rejected_not_a_finding(tmp_path):
    rc, rep = conformance(tmp_path, f"{MLIR19} --buffer-deallocation-pipeline")
    assert rc == 3, rep
    assert rep["counts"].get("input-rejected") == 1 and rep["counts"].get("pass") == 1, \
        rep["counts"]
    assert not rep["findings"] and not rep["implementation_findings"], rep["findings"]
    [rejected] = rep["undecided"]
    assert rejected["kind"] == "input-rejected", rejected
    assert rejected["case"].endswith("newer.mlir"), rejected
    assert "does not accept the input" in rejected["verdict"], rejected
    statuses = {(c["case"].rsplit("/", 1)[-1], c["status"]) for c in rep["cases"]}
    assert statuses == {("newer.mlir", "skipped"), ("common.mlir", "pass")}, statuses


@needs_mlir19
@needs_run
def test_mlir19_behind_a_syntax_rewriting_wrapper_is_decided(tmp_path):
    rc, rep = conformance(tmp_path, impl("mlir19_syntax"))
    assert rep["counts"].get("pass") == 2, rep["counts"]
    assert not rep["undecided"], rep["undecided"]
    assert rc == 0, rep

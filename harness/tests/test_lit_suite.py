"""The recipe of docs/conformance-integration.md#lit-suite, as printed: its lit.cfg.py
in a folder of another project's build makes each corpus file a lit test of
that project's implementation (PASS conforming, FAIL with a finding)."""
import os
import subprocess

import pytest

from harness_helpers import LLVM_BIN, REPO, TOOLS, impl

PAGE = os.path.join(REPO, "docs", "conformance-integration.md")
CASE = "pipeline/conformance-case.mlir"


def recipe():
    text = open(PAGE).read()
    block = text[text.index("<!-- recipe: lit.cfg.py -->"):]
    block = block[block.index("```python\n") + len("```python\n"):]
    return block[:block.index("```")]


def lit_suite(tmp_path, impl_cmd):
    suite = tmp_path / "build" / "test" / "dealloc-conformance"
    suite.mkdir(parents=True, exist_ok=True)
    (suite / "lit.cfg.py").write_text(recipe())
    env = dict(os.environ, DEALLOC_SPEC=REPO, DEALLOC_IMPL=impl_cmd)
    env.pop("DEALLOC_TOOLS", None)
    proc = subprocess.run(["/usr/bin/python3", os.path.join(LLVM_BIN, "lit"), "-v",
                           "--filter", CASE, str(suite)], capture_output=True,
                          text=True, timeout=600, env=env)
    return proc.returncode, proc.stdout + proc.stderr


needs_tools = pytest.mark.skipif(not (TOOLS["dealloc-run"] and TOOLS["dealloc-verify"]),
                                 reason="dealloc-run / dealloc-verify not built")


@needs_tools
def test_a_conforming_implementation_passes(tmp_path):
    rc, out = lit_suite(tmp_path, os.path.join(LLVM_BIN, "mlir-opt") + " "
                        "--buffer-deallocation-pipeline")
    assert rc == 0 and f"PASS: dealloc-conformance :: {CASE}" in out, out


@needs_tools
@pytest.mark.parametrize("name,finding", [
    ("drop_all_deallocs", "impl-unsafe LEAK @pick"),
    ("empty_module", "impl-invalid-output missing public function @pick")])
def test_a_finding_fails_with_its_reproducer(tmp_path, name, finding):
    rc, out = lit_suite(tmp_path, impl(name))
    assert rc == 1 and f"FAIL: dealloc-conformance :: {CASE}" in out, out
    assert finding in out and "reproducer: " in out, out


def test_a_missing_implementation_stops_the_suite(tmp_path):
    rc, out = lit_suite(tmp_path, str(tmp_path / "no-such-opt"))
    assert rc != 0 and "--impl" in out and "no such file" in out, out

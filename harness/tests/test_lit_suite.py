"""The recipe of docs/conformance-integration.md#lit-suite, as printed: its lit.cfg.py
in a folder of another project's build makes each corpus file a lit test of
that project's implementation (PASS conforming, FAIL with a finding)."""
import os
import subprocess

import pytest

from harness_helpers import LLVM_BIN, REPO, SCRIPT, TOOLS, impl, lit

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


def _suite_beside_cases(tmp_path, impl_cmd, baseline=None):
    """The recipe with the suite's lit.cfg.py in the folder of its cases."""
    cases = tmp_path / "cases"
    cases.mkdir(exist_ok=True)
    src = os.path.join(REPO, "corpus", CASE)
    (cases / "case.mlir").write_text(open(src).read())
    (cases / "lit.cfg.py").write_text(recipe())
    env = dict(os.environ, DEALLOC_SPEC=REPO, DEALLOC_IMPL=impl_cmd,
               DEALLOC_CASES=str(cases))
    env.pop("DEALLOC_TOOLS", None)
    if baseline:
        env["DEALLOC_BASELINE"] = baseline
    proc = subprocess.run(["/usr/bin/python3", os.path.join(LLVM_BIN, "lit"), "-v",
                           str(cases)], capture_output=True, text=True, timeout=600,
                          env=env)
    return proc.returncode, proc.stdout + proc.stderr


def _counts(out):
    return sorted(line.split(":")[0].strip() for line in out.splitlines()
                  if line.startswith(("PASS:", "FAIL:", "XFAIL:", "UNRESOLVED:",
                                      "UNSUPPORTED:", "XPASS:")))


@needs_tools
def test_the_recipe_beside_its_cases_gives_the_same_counts_three_times(tmp_path):
    runs = [_suite_beside_cases(tmp_path, impl("drop_all_deallocs")) for _ in range(3)]
    assert all(rc == 1 for rc, _ in runs), runs[-1][1]
    assert _counts(runs[0][1]) == _counts(runs[1][1]) == _counts(runs[2][1]) == ["FAIL"]
    repro = tmp_path / "cases" / "dealloc-reproducers"
    assert (repro / "lit.cfg.py").exists()
    ok, out = lit([str(repro)])
    assert ok and "Passed" in out, out


@needs_tools
def test_a_baseline_makes_known_findings_xfail_and_new_ones_fail(tmp_path):
    from dealloc_harness import baseline
    out = tmp_path / "out"
    known = tmp_path / "known.json"
    cases = tmp_path / "cases"
    rc, text = _suite_beside_cases(tmp_path, impl("drop_all_deallocs"))   # the cases
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "-q", "--impl",
                           impl("drop_all_deallocs"), "--out", str(out),
                           "--write-baseline", str(known), str(cases / "case.mlir")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1 and baseline.load(str(known)), proc.stderr
    rc, text = _suite_beside_cases(tmp_path, impl("drop_all_deallocs"), str(known))
    assert rc == 0 and _counts(text) == ["XFAIL"], text
    rc, text = _suite_beside_cases(tmp_path, impl("empty_module"), str(known))
    assert rc == 1 and _counts(text) == ["FAIL"], text

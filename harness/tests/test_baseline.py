"""Known-findings baselines (baseline.py): writing one from a report,
checking a report against it (known findings listed and passing, new ones
failing, entries not seen reported), the same bytes for the same run, the
shipped upstream baseline's shape, and usage errors for a bad file."""
import json
import os
import subprocess

import pytest

from dealloc_harness import baseline, check, junit, report, tools
from dealloc_harness.tally import Tally
from harness_helpers import IMPLS, REPO, SCRIPT, TOOLS

SHIPPED = os.path.join(REPO, "harness", "baselines", "upstream-mlir22.json")


def _outcome(*classes):
    return check._outcome(list(classes), [], {}, "", check.Config(impl=[], tools=None))


LEAK = ("impl-unsafe", "LEAK", "f", "run",
        "clause: [heap.leak]\nloc: x.mlir:3:5\ninput: true,0")
CRASH = ("impl-crash", "killed by signal SIGSEGV", "", "impl", "Stack dump")
UNSURE = ("unknown", "UNKNOWN", "g", "verify", "bounded @g: loop unrolled 4 times")


def _finding(cls, case, sig):
    entry = _outcome(cls).entry(cls[0], cls[1])
    return check_entry(entry, sig, case)


def check_entry(entry, sig, case):
    from dealloc_harness import findings
    return findings.entry(entry, f"{case}-{sig}", f"/out/{sig}.mlir", case=case,
                          file=case.split(":")[0], base_signature=sig)


def _report(*cases):
    """A conformance report of (case, classes, functions) triples, each
    class a finding with a reproducer."""
    tally, found = Tally(), []
    for case, classes, functions in cases:
        out = _outcome(*classes)
        tally.add(case, out, functions)
        for kind, verdict in out.findings():
            cls = next(c for c in classes if c[:2] == (kind, verdict))
            found.append(_finding(cls, case, f"{kind}-x"))
    return tally.report("conformance", {"impl": "opt"}, found, {}, False)


def test_a_baseline_makes_the_same_run_pass_and_lists_known_findings(tmp_path):
    path = str(tmp_path / "known.json")
    rep = _report(("a.mlir", [LEAK], ["f"]), ("b.mlir", [CRASH], ["h"]))
    assert rep["exit_code"] == 1
    assert baseline.write(path, rep) == 2
    again = _report(("a.mlir", [LEAK], ["f"]), ("b.mlir", [CRASH], ["h"]))
    baseline.apply(again, path, baseline.load(path))
    junit.mark_known(again)
    report.recount(again)
    assert again["exit_code"] == 0, again["baseline"]
    assert len(again["baseline"]["known"]) == 2 and not again["baseline"]["new"]
    assert "known findings (expected, not failures): 2" in report.markdown(again)
    xml = junit.junit(again)
    assert 'failures="0"' in xml and "known finding (baseline)" in xml


def test_only_the_new_finding_fails_and_a_fixed_one_is_reported(tmp_path):
    path = str(tmp_path / "known.json")
    baseline.write(path, _report(("a.mlir", [LEAK], ["f"]), ("b.mlir", [CRASH], ["h"])))
    new_leak = ("impl-unsafe", "DOUBLE_FREE", "k", "run", "clause: [heap.free.twice]")
    rep = _report(("a.mlir", [LEAK], ["f"]), ("c.mlir", [new_leak], ["k"]))
    baseline.apply(rep, path, baseline.load(path))
    report.recount(rep)
    assert rep["exit_code"] == 1
    assert rep["baseline"]["new"] == ["c.mlir-impl-unsafe-x"]
    assert [e["file"] for e in rep["baseline"]["fixed"]] == ["b.mlir"]
    assert rep["implementation_findings"] == 1


def test_the_same_finding_in_another_file_is_new_unless_the_entry_drops_file(tmp_path):
    path = str(tmp_path / "known.json")
    baseline.write(path, _report(("a.mlir", [LEAK], ["f"])))
    rep = _report(("other.mlir", [LEAK], ["f"]))
    known, new, _ = baseline.classify(baseline.load(path), rep["findings"], "conformance")
    assert not known and len(new) == 1
    data = json.load(open(path))
    for e in data["findings"]:
        e.pop("file"), e.pop("function")
    open(path, "w").write(json.dumps(data))
    known, new, _ = baseline.classify(baseline.load(path), rep["findings"], "conformance")
    assert len(known) == 1 and not new


def test_writing_is_deterministic_and_keeps_other_campaigns(tmp_path):
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    rep = _report(("b.mlir", [CRASH], ["h"]), ("a.mlir", [LEAK], ["f"]))
    baseline.write(a, rep)
    baseline.write(b, _report(("a.mlir", [LEAK], ["f"]), ("b.mlir", [CRASH], ["h"])))
    assert open(a).read() == open(b).read()
    fuzz = dict(_report(("program 3", [LEAK], ["f"])), mode="fuzz")
    baseline.write(a, fuzz)
    campaigns = [e["campaign"] for e in baseline.load(a)]
    assert campaigns.count("conformance") == 2 and campaigns.count("fuzz") == 1
    baseline.write(a, _report(("a.mlir", [LEAK], ["f"])))     # replaces conformance's
    campaigns = [e["campaign"] for e in baseline.load(a)]
    assert sorted(campaigns) == ["conformance", "fuzz"]


@pytest.mark.parametrize("content,why", [
    ("not json", "not a baseline (JSON)"),
    ('{"format": "x"}', "not a baseline"),
    ('{"format": "dealloc-harness-baseline", "version": 1, "findings": [{"kind": 1}]}',
     "findings[0]"),
    ('{"format": "dealloc-harness-baseline", "version": 1, "findings": '
     '[{"kind": "a", "verdict": "b", "signature": "c", "colour": "d"}]}', "unknown key"),
])
def test_a_bad_baseline_is_a_usage_error_before_the_run(tmp_path, content, why):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "--impl", "cat",
                           "--baseline", str(bad), "--out", str(tmp_path / "out"),
                           str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and why in proc.stderr, proc.stderr
    assert not (tmp_path / "out" / "report.json").exists()


# Upstream's pipeline with its first memref.dealloc dropped.
WRAPPED_BUG = """import sys
sys.path.insert(0, {impls!r})
from seeded_bug import main


def drop_first(src, lines):
    for n, line in enumerate(lines):
        if "memref.dealloc " in line:
            return lines[:n] + lines[n + 1:]
    return lines


main(drop_first, base="upstream")
"""

needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-opt"]),
    reason="dealloc-run / dealloc-opt not built")


def _conformance(tmp_path, impl_cmd, *extra):
    out = tmp_path / "out"
    cases = [os.path.join(REPO, "corpus", "regressions",
                          "impl-unsafe-abi_violation-alloc.mlir"),
             os.path.join(REPO, "corpus", "pipeline", "conformance-case.mlir")]
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "-q", "--checks",
                           "run", "--impl", impl_cmd, "--out", str(out), *extra, *cases],
                          capture_output=True, text=True, timeout=900)
    return proc.returncode, json.loads((out / "report.json").read_text())


@needs_tools
def test_upstreams_baseline_passes_and_a_seeded_bug_is_the_only_new_finding(tmp_path):
    """The acceptance of issue 37: a baseline written from a run against
    upstream's pipeline makes the same run exit 0; upstream wrapped with a
    seeded bug exits 1 naming only the new finding."""
    upstream = f"{tools.MLIR_OPT} --buffer-deallocation-pipeline"
    known = str(tmp_path / "known.json")
    rc, rep = _conformance(tmp_path, upstream, "--write-baseline", known)
    assert rc == 1 and rep["findings"], rep
    rc, rep = _conformance(tmp_path, upstream, "--baseline", known)
    assert rc == 0 and rep["baseline"]["known"] and not rep["baseline"]["new"], rep
    wrapper = tmp_path / "buggy.py"
    wrapper.write_text(WRAPPED_BUG.format(impls=IMPLS))
    rc, rep = _conformance(tmp_path, f"/usr/bin/python3 {wrapper}", "--baseline", known)
    assert rc == 1, rep
    new = [f for f in rep["findings"] if not f["known"]]
    assert new and rep["baseline"]["new"] == [f["signature"] for f in new]
    assert all(f["case"].endswith("conformance-case.mlir") for f in new), new


def test_the_shipped_upstream_baseline_loads_and_is_sorted():
    entries = baseline.load(SHIPPED)
    assert entries
    assert entries == sorted(entries, key=baseline._sort_key)
    assert {e["campaign"] for e in entries} >= {"fuzz", "conformance"}
    assert all(e["kind"].startswith(("impl-", "stage-", "different")) for e in entries)

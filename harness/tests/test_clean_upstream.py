"""Upstream's clean pipeline: every finding the harness reports must be a
real, reproducible upstream problem — listed in docs/findings.md (kind,
verdict, spec clause or message) and reproduced by its saved lit test. No
finding about our own tools (reference-unsafe, reference-error, tool-error)."""
import os
import re

import pytest

from dealloc_harness import tools
from harness_helpers import REPO, TOOLS, fuzz, lit

FINDINGS_DOC = os.path.join(REPO, "docs", "findings.md")
KNOWN = re.compile(r"<!-- known: (\S+) \| ([^|]+?) \| (.+?) -->")

needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-opt"]),
    reason="dealloc-run / dealloc-opt (with the reference pipeline) not built")


def known_upstream_findings():
    with open(FINDINGS_DOC) as f:
        return [(k, v.strip(), m.strip()) for k, v, m in KNOWN.findall(f.read())]


def is_known(finding, known):
    for kind, verdict, marker in known:
        if finding["kind"] == kind and finding["verdict"] == verdict and (
                marker in ("*", finding.get("clause", "").strip("[]"))
                or marker in finding.get("message", "")):
            return True
    return False


def test_known_findings_are_documented():
    known = known_upstream_findings()
    assert known, "docs/findings.md lists no known upstream finding"
    assert all(kind.startswith("impl-") for kind, _, _ in known)


@needs_tools
def test_clean_upstream_pipeline_has_only_known_reproducible_findings(tmp_path):
    rc, rep = fuzz(tmp_path, tools.MLIR_OPT + " --buffer-deallocation-pipeline",
                   "--count", "30", "--seed", "0", "-j", "2", "--checks", "run",
                   "--shrink-budget", "20", "--shrink-per-class", "1")
    assert rep["programs"] == 30
    ours = [f for f in rep["findings"] if not f["kind"].startswith(("impl-", "different"))]
    assert not ours, ours
    known = known_upstream_findings()
    unknown = [f for f in rep["findings"] if not is_known(f, known)]
    assert not unknown, unknown
    if rep["findings"]:
        ok, out = lit([f["reproducer"] for f in rep["findings"]])
        assert ok, out

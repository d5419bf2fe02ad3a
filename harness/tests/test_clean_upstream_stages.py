"""Upstream's stages after the ownership pass: a stage campaign against
MLIR 22's mlir-opt may report only findings documented in docs/findings.md
(`known-stage:` markers: stage, kind, verdict), each reproduced by its saved
lit test, and nothing about our own tools or generator."""
import os
import re

import pytest

from harness_helpers import REPO, TOOLS, fuzz, lit

FINDINGS_DOC = os.path.join(REPO, "docs", "findings.md")
KNOWN = re.compile(r"<!-- known-stage: (\S+) \| (\S+) \| (.+?) -->")
from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402

needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-verify"]),
    reason="dealloc-run / dealloc-verify are not built")


def known():
    with open(FINDINGS_DOC) as f:
        return {(s, k, v.strip()) for s, k, v in KNOWN.findall(f.read())}


def test_stage_findings_are_documented():
    stages = {s for s, _, _ in known()}
    assert stages == {"buffer-deallocation-simplification",
                      "bufferization-lower-deallocations"}, stages


@needs_tools
@pytest.mark.parametrize("stage", ["buffer-deallocation-simplification",
                                   "bufferization-lower-deallocations",
                                   "canonicalize"])
def test_upstream_stage_has_only_known_reproducible_findings(tmp_path, stage):
    rc, rep = fuzz(tmp_path, f"{MLIR_OPT} --{stage}", "--stage", stage,
                   "--count", "20", "--seed", "0", "--shrink-budget", "20",
                   "--shrink-per-class", "1")
    assert rep["programs"] == 20
    ours = [f for f in rep["findings"] if not f["implementation"]]
    assert not ours, ours
    unknown = [f for f in rep["findings"]
               if (stage, f["kind"], f["verdict"]) not in known()]
    assert not unknown, unknown
    if rep["findings"]:
        ok, out = lit([f["reproducer"] for f in rep["findings"]])
        assert ok, out

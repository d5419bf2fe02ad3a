"""One campaign driver for both questions (campaign.py, questions.py): a
stage campaign has the whole pipeline's output layout and report, is
deterministic (also a crash's stack dump, whose addresses change from run
to run), and its records reduce with the stage's own check."""
import glob
import json
import os
import subprocess

import pytest

from harness_helpers import SCRIPT, TOOLS, impl, lit
from dealloc_harness import check, kinds, report

needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-verify"]),
    reason="dealloc-run / dealloc-verify are not built")


def test_a_stack_dump_gives_the_same_message_in_every_run():
    dump = (" #0 0x00007f16acab8786 llvm::sys::PrintStackTrace() "
            "(/usr/lib/libLLVM.so.22.1+0x4eb8786)\n"
            "/tmp/dealloc-harness-abc123/input.mlir:3:4: error")
    assert check.untemp(dump) == (" #0 0x? llvm::sys::PrintStackTrace() "
                                  "(/usr/lib/libLLVM.so.22.1+0x4eb8786)\n"
                                  "input.mlir:3:4: error")


def test_both_questions_rank_their_kinds_in_one_order():
    for k in (kinds.whole_pipeline(False), kinds.whole_pipeline(True), kinds.STAGE):
        assert k.rank == k.implementation + k.ours + k.undecided + k.allowed + ("pass",)
        assert len(set(k.rank)) == len(k.rank)
    assert "different" in kinds.whole_pipeline(True).implementation
    assert "different" in kinds.whole_pipeline(False).allowed
    classes = [("unknown", "UNKNOWN", "f", "verify", ""),
               ("stage-verdict", "SAFE -> LEAK", "f", "run", "")]
    assert kinds.STAGE.head(classes, [])[0] == "stage-verdict"
    assert kinds.STAGE.head([], ["equiv"])[0] == "not-run"
    assert kinds.STAGE.finding_classes(classes) == [("stage-verdict", "SAFE -> LEAK")]


def _stage_fuzz(out):
    proc = subprocess.run(
        ["/usr/bin/python3", SCRIPT, "fuzz", "--stage", "simplify", "--impl",
         f"{impl('stage_drop_retained')} --buffer-deallocation-simplification",
         "--count", "6", "--seed", "0", "--shrink-budget", "8",
         "--shrink-per-class", "1", "-q", "--out", str(out)],
        capture_output=True, text=True, timeout=900)
    with open(os.path.join(out, "report.json")) as f:
        return proc.returncode, json.load(f)


@needs_tools
def test_a_stage_campaign_is_deterministic_and_its_records_reduce(tmp_path):
    rc, rep = _stage_fuzz(tmp_path / "a")
    assert rc == 1, rep
    assert rep["mode"] == "fuzz-stage" and rep["stage"] == \
        "buffer-deallocation-simplification"
    assert sum(rep["levels"].values()) == rep["programs"] == 6
    assert not report.schema_problems(rep)
    assert all("/reproducers/" in f["reproducer"] for f in rep["findings"])
    _, again = _stage_fuzz(tmp_path / "b")
    assert report.canonical(again) == report.canonical(rep)
    # `lit OUT` runs the reproducers (OUT/lit.cfg.py), not raw/ or shrunk/.
    ok, out = lit([str(tmp_path / "a")])
    assert ok, out
    assert f"Total Discovered Tests: {len(rep['findings'])}" in out, out

    record = sorted(glob.glob(str(tmp_path / "a" / "raw" / "stage-verdict-*.json")))[0]
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "reduce", record, "--budget", "5",
                           "--into", str(tmp_path / "reduced")],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    reduced = proc.stdout.strip()
    assert os.path.basename(reduced).startswith("simplify-stage-verdict-"), reduced
    ok, out = lit([reduced])
    assert ok, out

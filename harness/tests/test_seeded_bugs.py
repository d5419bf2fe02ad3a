"""Each wrapper "implementation" with one seeded bug must be caught by
`fuzz` within 100 programs, with a shrunk reproducer that reproduces (its lit
RUN lines pass while the bug is there).

The seeded bugs damage the reference pipeline's output (impls/seeded_bug.py),
which is deterministic: the campaign's only findings are the seeded bug's,
whichever programs the generator draws. A finding about our own tools
(reference-*, tool-error) fails the test."""
import pytest

from dealloc_harness import generate
from harness_helpers import TOOLS, fuzz, impl, lit

SEED = 0
BUDGET = ["--count", "100", "--seed", str(SEED), "--stop-after", "1",
          "--shrink-budget", "25", "--shrink-per-class", "1", "--checks", "run"]

needs_run = pytest.mark.skipif(not (TOOLS["dealloc-run"] and TOOLS["dealloc-opt"]),
                               reason="dealloc-run / dealloc-opt (with the reference "
                               "pipeline) not built (build/bin or build-*/bin)")


def caught(tmp_path, name, kind, verdicts):
    rc, rep = fuzz(tmp_path, impl(name), *BUDGET)
    assert rc == 1, rep
    assert rep["programs"] <= 100
    ours = [f for f in rep["findings"] if not f["kind"].startswith("impl-")]
    assert not ours, ours
    hits = [f for f in rep["findings"] if f["kind"] == kind and f["verdict"] in verdicts]
    assert hits, rep["findings"]
    ok, out = lit([f["reproducer"] for f in hits])
    assert ok, out
    return hits, rep


@needs_run
def test_dropping_all_frees_is_caught_as_a_leak(tmp_path):
    caught(tmp_path, "drop_all_deallocs", "impl-unsafe", {"LEAK"})


@needs_run
def test_dropping_the_first_free_is_caught(tmp_path):
    caught(tmp_path, "drop_first_dealloc", "impl-unsafe", {"LEAK"})


@needs_run
def test_a_repeated_free_is_caught_as_a_double_free(tmp_path):
    caught(tmp_path, "duplicate_dealloc", "impl-unsafe", {"DOUBLE_FREE"})


@needs_run
def test_a_crash_on_scf_while_is_caught(tmp_path):
    # The seeded crash is reachable exactly in the programs that contain an
    # scf.while: the campaign stops at the first of them, and at no program
    # before it (the reference pipeline is the implementation there).
    first = next(i for i in range(100) if "scf.while" in generate.program(SEED, i).text)
    hits, rep = caught(tmp_path, "crash_on_while", "impl-crash",
                       {"killed by signal SIGABRT"})
    assert [f["index"] for f in rep["findings"]] == [first], rep["findings"]
    with open(hits[0]["reproducer"]) as f:
        text = f.read()
    assert "scf.while" in text and "--until-crash" in text

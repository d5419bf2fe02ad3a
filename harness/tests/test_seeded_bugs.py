"""Each wrapper "implementation" with one seeded bug must be caught by
`fuzz` within 100 programs, with a shrunk reproducer that reproduces (its lit
RUN lines pass while the bug is there)."""
import pytest

from harness_helpers import TOOLS, fuzz, impl, lit

BUDGET = ["--count", "100", "--seed", "0", "--stop-after", "1",
          "--shrink-budget", "25", "--shrink-per-class", "1", "--checks", "run"]

needs_run = pytest.mark.skipif(not TOOLS["dealloc-run"],
                               reason="dealloc-run is not built (build/bin or build-*/bin)")


def caught(tmp_path, name, kind, verdicts):
    rc, rep = fuzz(tmp_path, impl(name), *BUDGET)
    assert rc == 1, rep
    assert rep["programs"] <= 100
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


def test_a_crash_on_scf_while_is_caught(tmp_path):
    hits, rep = caught(tmp_path, "crash_on_while", "impl-crash",
                       {"killed by signal SIGABRT"})
    with open(hits[0]["reproducer"]) as f:
        text = f.read()
    assert "scf.while" in text and "--until-crash" in text

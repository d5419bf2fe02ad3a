"""Seeded bugs in the lowering of bufferization.dealloc that show only when
one dealloc gets the same buffer through two operands, both conditions true
at run time (issue 37, deliver 8). A whole-pipeline campaign must find
each: the generator makes such deallocs (gen_alias.py; version 9 keeps both
names alive through the canonicalizer). In 60 programs each of seeds 0, 1
and 2 shows both bugs 7 to 13 times (`bench/alias_operands.py --seeded`,
docs/findings.md); seed 0 shows them at its first program, so a campaign
of 20 programs (stopped at the first finding) is enough here.

The wrapped implementations (impls/lowering_bug.py) run the reference
pipeline and damage only deallocs with two or more operands before
lowering them, in a way that changes nothing for distinct operands, so
their only findings are the seeded bug's."""
from dealloc_harness import generate
from harness_helpers import fuzz, impl, lit
from test_seeded_bugs import needs_run

SEED = 0
BUDGET = ["--count", "20", "--seed", str(SEED), "--stop-after", "1",
          "--shrink-budget", "10", "--shrink-per-class", "1", "--checks", "run"]


def caught(tmp_path, name, verdict):
    rc, rep = fuzz(tmp_path, impl(name), *BUDGET)
    assert rc == 1, rep
    ours = [f for f in rep["findings"] if not f["kind"].startswith("impl-")]
    assert not ours, ours
    hits = [f for f in rep["findings"]
            if f["kind"] == "impl-unsafe" and f["verdict"] == verdict]
    assert hits, rep["findings"]
    ok, out = lit([f["reproducer"] for f in hits])
    assert ok, out
    return hits


def test_the_campaign_seed_has_aliasing_pairs_early():
    """The statements that make the pair (gen_alias.py) are in the campaign
    programs before the stop: the test would not find the bug by accident
    of another form."""
    forms = ("@twin", ":2 = scf.if", ":2 = scf.for")
    assert generate.VERSION >= 9
    assert any(f in generate.program(SEED, i).text for i in range(20) for f in forms)


@needs_run
def test_a_lowering_without_the_alias_scan_is_caught_as_a_double_free(tmp_path):
    caught(tmp_path, "lowering_no_alias_scan", "DOUBLE_FREE")


@needs_run
def test_a_lowering_merging_conditions_by_xor_is_caught_as_a_leak(tmp_path):
    caught(tmp_path, "lowering_xor_conditions", "LEAK")

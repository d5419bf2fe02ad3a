"""The same campaign on a Dask local cluster gives the same report as the
local run (work split by seed ranges, merged deterministically).

The implementation is a seeded crash on top of the reference pipeline
(impls/crash_on_while.py), deterministic on every program: upstream's pass
is not (docs/findings.md, F3), so two runs of a campaign against it may
differ whatever the scheduler."""
import pytest

from dealloc_harness import generate, report
from harness_helpers import TOOLS, fuzz, impl

pytest.importorskip("distributed", reason="python3-distributed is not installed "
                    "(scripts/setup.sh installs it)")

SEED, COUNT = 3, 6
CAMPAIGN = ["--count", str(COUNT), "--seed", str(SEED), "--checks", "run",
            "--shrink-budget", "8", "--shrink-per-class", "1"]


@pytest.mark.skipif(not (TOOLS["dealloc-run"] and TOOLS["dealloc-opt"]),
                    reason="dealloc-run / dealloc-opt are not built")
def test_dask_local_cluster_report_equals_local_report(tmp_path):
    crashing = [i for i in range(COUNT) if "scf.while" in generate.program(SEED, i).text]
    assert crashing, "the campaign is meant to reach the seeded crash (an scf.while)"
    _, local = fuzz(tmp_path / "local", impl("crash_on_while"), *CAMPAIGN)
    _, dask = fuzz(tmp_path / "dask", impl("crash_on_while"), *CAMPAIGN,
                   "--scheduler", "local", "-j", "2")
    assert local["programs"] == dask["programs"] == COUNT
    # One signature for all of them: the crash is reported at the first.
    assert [(f["index"], f["kind"], f["verdict"]) for f in local["findings"]] == \
        [(crashing[0], "impl-crash", "killed by signal SIGABRT")], local["findings"]
    assert local["counts"]["impl-crash"] == len(crashing), local["counts"]
    assert report.canonical(local) == report.canonical(dask)

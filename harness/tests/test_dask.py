"""The same campaign on a Dask local cluster gives the same report as the
local run (work split by seed ranges, merged deterministically)."""
import pytest

from dealloc_harness import report
from harness_helpers import fuzz, impl

pytest.importorskip("distributed", reason="python3-distributed is not installed "
                    "(scripts/setup.sh installs it)")

CAMPAIGN = ["--count", "6", "--seed", "3", "--checks", "run",
            "--shrink-budget", "8", "--shrink-per-class", "1"]


def test_dask_local_cluster_report_equals_local_report(tmp_path):
    _, local = fuzz(tmp_path / "local", impl("crash_on_while"), *CAMPAIGN)
    _, dask = fuzz(tmp_path / "dask", impl("crash_on_while"), *CAMPAIGN,
                   "--scheduler", "local", "-j", "2")
    assert local["programs"] == dask["programs"] == 6
    assert local["findings"], "the campaign is meant to find the seeded crash"
    assert report.canonical(local) == report.canonical(dask)

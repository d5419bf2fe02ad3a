"""[safety.defined]: the harness reads the tools' "excluded" lists and counts
the functions whose answers excluded inputs reaching undefined behaviour."""
import pytest

from dealloc_harness import report, tools
from harness_helpers import TOOLS


@pytest.mark.skipif(not TOOLS["dealloc-verify"], reason="dealloc-verify is not built")
def test_excluded_per_function():
    out = "\n".join([
        '{"excluded":[{"input":"-1","kind":"negative-size","loc":"a.mlir:2:8"},'
        '{"input":"0","kind":"division","loc":"a.mlir:3:8"}],'
        '"excluded_complete":true,"function":"f","seconds":0.1,"verdict":"SAFE"}',
        '{"function":"g","seconds":0.1,"verdict":"SAFE"}',
        '{"clause":"[heap.leak]","function":"h","input":"0","verdict":"LEAK"}'])
    vocab = tools.Tools(TOOLS).vocabulary()
    res = tools.ToolResult(status="ok", records=tools.parse(out, vocab), vocab=vocab)
    assert res.excluded() == {"f": 2}
    assert tools.ToolResult(status="ok").excluded() == {}


def test_report_counts_excluded(tmp_path):
    rep = report.build("fuzz", {"impl": "x", "seed": 0, "count": 1, "jobs": 1},
                       1, {"pass": 1}, {}, [], {"wall": 1.0}, [])
    rep["excluded_inputs"] = {"equiv": 1, "verify": 2}
    report.write(tmp_path, rep)
    md = (tmp_path / "report.md").read_text()
    assert "undefined behaviour" in md and "- verify: 2" in md

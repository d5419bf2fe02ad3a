"""Reports: report.json keys, markdown, well-formed junit, canonical form."""
import json
import xml.etree.ElementTree as ET

from dealloc_harness import report


def sample():
    findings = [{"kind": "impl-unsafe", "verdict": "LEAK", "signature": "impl-unsafe-leak-alloc",
                 "reproducer": "/x/impl-unsafe-leak-alloc.mlir", "message": "a < b & c"}]
    return report.build("fuzz", {"impl": "mlir-opt --x", "seed": 1, "count": 3, "jobs": 2},
                        3, {"impl-unsafe": 1, "pass": 1, "unknown": 1},
                        {"equiv": 3}, findings, {"wall": 1.5}, [])


def test_report_files(tmp_path):
    rep = sample()
    report.write(tmp_path, rep)
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["programs"] == 3
    assert data["findings"][0]["kind"] == "impl-unsafe"
    assert {"kind", "signature", "reproducer"} <= set(data["findings"][0])
    assert data["counts"]["unknown"] == 1 and data["counts"]["pass"] == 1
    assert data["not_run"] == {"equiv": 3}
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    assert suite.get("failures") == "1"
    assert any(tc.find("failure") is not None for tc in suite)
    assert any(tc.find("skipped") is not None for tc in suite)
    md = (tmp_path / "report.md").read_text()
    assert "impl-unsafe-leak-alloc" in md and "| unknown | 1 |" in md


def test_canonical_drops_timing_and_placement():
    a, b = sample(), sample()
    b["timing"] = {"wall": 99.0}
    b["parameters"]["jobs"] = 7
    b["findings"][0]["reproducer"] = "/elsewhere/impl-unsafe-leak-alloc.mlir"
    assert report.canonical(a) == report.canonical(b)

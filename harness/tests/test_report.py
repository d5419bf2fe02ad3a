"""Reports: report.json keys, markdown, well-formed junit, canonical form."""
import json
import xml.etree.ElementTree as ET

from dealloc_harness import check, findings as findings_mod, report
from dealloc_harness.tally import Tally


def outcome(*classes, not_run=()):
    return check._outcome([list(c) for c in classes], list(not_run), {}, "",
                          check.Config(impl=[], tools=None))


def sample():
    """A fuzz report of 3 programs: a leak in @f (program 0), a pass, an
    unknown in @g (program 2); equiv not run on any."""
    tally = Tally()
    leak = outcome(("impl-unsafe", "LEAK", "f", "run",
                    "clause: [heap.leak]\ninput: true,0\nmessage: a < b & c"),
                   not_run=["equiv"])
    tally.add("program 0", leak, ["f", "h"])
    tally.add("program 1", outcome(not_run=["equiv"]), ["f"])
    tally.add("program 2", outcome(("unknown", "UNKNOWN", "g", "verify",
                                    "bounded: @g unrolled 4 times at %3"),
                                   not_run=["equiv"]), ["g"])
    found = [findings_mod.entry(leak.entry("impl-unsafe", "LEAK"), "impl-unsafe-leak-alloc",
                                "/x/impl-unsafe-leak-alloc.mlir", seed=1, index=0,
                                level="memref")]
    return tally.report("fuzz", {"impl": "mlir-opt --x", "seed": 1, "count": 3,
                                 "jobs": 2}, found, {"wall": 1.5}, False)


def test_report_files(tmp_path):
    rep = sample()
    report.write(tmp_path, rep)
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["programs"] == 3
    assert data["findings"][0]["kind"] == "impl-unsafe"
    assert {"kind", "signature", "reproducer"} <= set(data["findings"][0])
    assert data["counts"]["unknown"] == 1 and data["counts"]["not-run"] == 1
    assert data["not_run"] == {"equiv": 3}
    assert report.schema_problems(data) == []
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    assert suite.get("failures") == "1"
    assert suite.get("skipped") == "3"
    names = [(tc.get("classname"), tc.get("name")) for tc in suite]
    assert names == [("program 0", "@f"), ("program 0", "@h"), ("program 1", "@f"),
                     ("program 2", "@g")]
    failure = suite[0].find("failure")
    assert failure.get("message") == "impl-unsafe LEAK @f [heap.leak] input: true,0"
    assert "reproducer: /x/impl-unsafe-leak-alloc.mlir" not in failure.text
    assert suite[2].find("skipped").get("message") == \
        "not-run (?): checks not run: equiv"
    skipped = suite[3].find("skipped").get("message")
    assert skipped.startswith("unknown (verify): bounded"), skipped
    md = (tmp_path / "report.md").read_text()
    assert "impl-unsafe-leak-alloc" in md and "| unknown | 1 |" in md
    assert "| impl-unsafe | LEAK | @f | [heap.leak] |" in md


def test_canonical_drops_timing_and_placement():
    a, b = sample(), sample()
    b["timing"] = {"wall": 99.0}
    b["parameters"]["jobs"] = 7
    b["findings"][0]["reproducer"] = "/elsewhere/impl-unsafe-leak-alloc.mlir"
    assert report.canonical(a) == report.canonical(b)


def test_unsure_reasons_group_with_names_and_numbers_blanked():
    a = ["unknown", "UNKNOWN", "f", "verify",
         "bounded: @f loop at %12 unrolled 4 times loc: x.mlir:3:5"]
    b = ["unknown", "UNKNOWN", "g", "verify",
         "bounded: @g loop at %7 unrolled 8 times loc: y.mlir:9:1"]
    assert report.unsure_reason(a) == report.unsure_reason(b) == \
        "unknown (verify): bounded: @? loop at %? unrolled ? times"
    long = ["unsupported", "UNSUPPORTED", "f", "run", "word " * 100]
    assert report.unsure_reason(long).endswith("word ...")


def test_the_readme_lists_every_exit_code_of_the_harness():
    import os
    from harness_helpers import REPO
    text = " ".join(open(os.path.join(REPO, "docs", "README.md")).read().split())
    at = text.index("`dealloc-harness` (`fuzz`, `conformance`, `report`): 0 ")
    assert all(f", {n} " in text[at:at + 500] for n in (1, 2, 3, 4))


def test_the_progress_line_and_the_findings_table_name_the_function():
    from dealloc_harness.campaign import Progress
    out = outcome(("impl-unsafe", "LEAK", "f", "run", "clause: [heap.leak]"))
    assert Progress.line("program 7", out) == "program 7: impl-unsafe LEAK @f"
    assert Progress.line("program 8", outcome()) == ""
    assert "| @f | [heap.leak] |" in report.markdown(sample())


def test_functions_of_a_module_the_implementation_did_not_run_are_skipped_not_passed():
    """A module-level class of the implementation's run (here: MLIR 19
    refusing MLIR 22's syntax, `input-rejected`) leaves every function
    unchecked: junit.xml must not show them as passing testcases."""
    from types import SimpleNamespace
    from dealloc_harness import junit, kinds as kinds_mod
    kinds = kinds_mod.whole_pipeline()
    rejected = SimpleNamespace(not_run=[], classes=[
        ("input-rejected", "does not accept the input: custom op 'to' is unknown",
         "", "impl", "input.mlir:3:60: error: custom op 'to' is unknown")])
    entries = junit.case_entries("newer.mlir", rejected, ["f", "g"], kinds)
    assert [(e["function"], e["status"]) for e in entries] == \
        [("", "skipped"), ("f", "skipped"), ("g", "skipped")]
    assert all(e["kind"] == "input-rejected" for e in entries)
    assert entries[1]["message"].startswith("not checked: the run of the module")
    unsafe_elsewhere = SimpleNamespace(not_run=[], classes=[
        ("impl-unsafe", "LEAK", "f", "run", "reason: [heap.leak]")])
    entries = junit.case_entries("c.mlir", unsafe_elsewhere, ["f", "g"], kinds)
    assert [(e["function"], e["status"]) for e in entries] == \
        [("f", "failure"), ("g", "pass")]

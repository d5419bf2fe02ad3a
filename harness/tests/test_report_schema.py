"""One report.json shape for every campaign (report.py SCHEMA): the
documentation (docs/conformance-reference.md#report-json) lists exactly its
keys, and real reports of fuzz, conformance and fuzz --stage have it, with
a junit.xml of one testcase per case and function."""
import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from dealloc_harness import report
from harness_helpers import REPO, SCRIPT, TOOLS, impl

PAGE = os.path.join(REPO, "docs", "conformance-reference.md")


def documented_keys():
    """{table heading: keys} of the section's tables (first column)."""
    text = open(PAGE).read()
    section = text[text.index('<a id="report-json"></a>'):]
    section = section[:section.index('<a id="baseline"></a>')]
    tables = {}
    for table in re.findall(r"^\| key \((.+?)\) \| what \|\n\|---\|---\|\n((?:\|.*\n)+)",
                            section, re.M):
        heading, rows = table
        keys = set()
        for row in rows.splitlines():
            keys.update(re.findall(r"`(\w+)`", row.split("|")[1]))
        tables[heading.split()[0]] = keys
    return tables


def test_the_documentation_lists_exactly_the_schema():
    tables = documented_keys()
    assert tables["report.json"] == set(report.SCHEMA) | set(report.OPTIONAL)
    assert tables["findings[],"] == set(report.FINDING) | set(report.FINDING_OPTIONAL)
    assert tables["cases[]"] == set(report.CASE) | set(report.CASE_OPTIONAL)


def test_a_report_out_of_shape_is_caught():
    from test_report import sample
    rep = sample()
    assert report.schema_problems(rep) == []
    rep["ours"] = []
    rep["cases"][0]["status"] = "fine"
    del rep["findings"][0]["clause"]
    problems = report.schema_problems(rep)
    assert "report: unexpected key ours" in problems
    assert "cases[0]: status 'fine'" in problems
    assert "findings[0]: missing clause" in problems


needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-verify"] and TOOLS["dealloc-opt"]),
    reason="dealloc-run / dealloc-verify / dealloc-opt not built")


def _run(tmp_path, *args):
    out = tmp_path / "out"
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, *args, "--out", str(out), "-q"],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode in (0, 1, 3), proc.stdout + proc.stderr
    rep = json.loads((out / "report.json").read_text())
    return rep, ET.parse(out / "junit.xml").getroot()


@needs_tools
@pytest.mark.parametrize("args", [
    ("fuzz", "--impl", impl("drop_all_deallocs"), "--count", "3", "--checks", "run",
     "--shrink-budget", "5", "--shrink-per-class", "1"),
    ("conformance", "--impl", impl("drop_all_deallocs"), "--checks", "run,verify",
     os.path.join(REPO, "corpus", "pipeline", "conformance-case.mlir")),
    ("fuzz", "--stage", "lower", "--count", "3", "--shrink-budget", "5"),
])
def test_every_campaign_writes_the_one_shape(tmp_path, args):
    rep, suite = _run(tmp_path, *args)
    assert report.schema_problems(rep) == []
    assert len(suite) == len(rep["cases"]) + len(rep["errors"]) + rep["interrupted"]
    failures = [c for c in rep["cases"] if c["status"] == "failure"]
    assert int(suite.get("failures")) == len(failures)
    for tc, c in zip(suite, rep["cases"]):
        assert tc.get("classname") == c["case"]
        assert tc.get("name") == (f"@{c['function']}" if c["function"] else "(module)")
        if c["status"] == "failure":
            message = tc.find("failure").get("message")
            assert c["kind"] in message and (not c["function"] or f"@{c['function']}"
                                              in message)
    if args[0] != "fuzz" or "--stage" not in args:
        assert failures and rep["exit_code"] == 1

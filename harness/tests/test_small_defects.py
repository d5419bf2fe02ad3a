"""The smaller defects of issue 28, each pinned: arguments are validated
before a campaign starts, reports stay well-formed whatever the
implementation prints, and findings carry the tools' field formats."""
import json
import os
import subprocess
import xml.etree.ElementTree as ET

import pytest

from dealloc_harness import check, cli, conformance, findings, options, process, report
from harness_helpers import SCRIPT, TOOLS, impl, lit

CASE = """// RUN: mlir-opt --buffer-deallocation-pipeline %s | FileCheck %s
// CHECK-LABEL: func @f
func.func @f() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}
"""


def harness(capsys, *argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = exc.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["fuzz", "-j", "0"],
    ["bench", "--count", "0"],
    ["fuzz", "--regressions", "/proc/x"],
    ["fuzz", "--regressions", "/nonexistent/dir/x"],
], ids=" ".join)
def test_rejected_before_the_campaign(argv, tmp_path, capsys):
    count = ["--count", "1"] if argv[0] == "fuzz" else []
    code, err = harness(capsys, *argv, "-q", *count, "--out", str(tmp_path / "out"))
    assert code == 2 and "Traceback" not in err, err
    assert not (tmp_path / "out" / "report.json").exists()


def test_an_unreachable_scheduler_is_a_usage_error(tmp_path, capsys):
    pytest.importorskip("distributed")
    code, err = harness(capsys, "fuzz", "-q", "--count", "1", "--scheduler",
                        "tcp://127.0.0.1:9", "--out", str(tmp_path / "out"))
    assert code == 2 and "--scheduler tcp://127.0.0.1:9: cannot connect" in err, err
    assert not (tmp_path / "out" / "report.json").exists()


def test_relative_files_in_flag_values_are_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pipeline.txt").write_text("x")
    assert options.absolute("--pass-pipeline-file=./pipeline.txt", 1) == \
        f"--pass-pipeline-file={tmp_path}/pipeline.txt"
    assert options.absolute("--opt=value", 1) == "--opt=value"
    assert options.absolute("pipeline.txt", 1) == f"{tmp_path}/pipeline.txt"


def test_junit_is_valid_xml_whatever_the_implementation_prints(tmp_path):
    from dealloc_harness.tally import Tally
    tally = Tally()
    message = "bad \x00\x07\x1b[31m bytes \ud800"
    tally.add("program 0", check._outcome(
        [["impl-crash", "exit code 1", "", "impl", message]], [], {}, "",
        check.Config(impl=[], tools=None)), ["f\x01"])
    rep = tally.report("fuzz", {"impl": "x"},
                       [{"kind": "impl-crash", "verdict": "exit code 1",
                         "signature": "s\x01", "reproducer": "/r.mlir",
                         "message": message}], {}, False)
    report.write(str(tmp_path), rep)
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    assert suite.get("failures") == "1"
    assert suite[0].get("name") == "(module)" and suite[0].find("failure") is not None


def test_stderr_does_not_count_toward_the_output_cap():
    res = process.run(["/usr/bin/python3", "-c",
                       "import sys\nfor _ in range(400): sys.stderr.write('e' * 65536)\n"
                       "print('module {}')"], "", timeout=60)
    assert res.status == "ok" and res.stdout.strip() == "module {}", res.describe()
    assert 0 < len(res.stderr) <= process.STDERR_KEEP


def test_a_crash_of_the_pre_parser_does_not_skip_a_case(tmp_path, monkeypatch):
    crash = tmp_path / "crashing-parser"
    crash.write_text("#!/bin/sh\nkill -SEGV $$\n")
    crash.chmod(0o755)
    monkeypatch.setattr(conformance.tools_mod, "MLIR_OPT", str(crash))
    assert conformance.parse_problem("func.func @f() { return }") == ""
    reject = tmp_path / "rejecting-parser"
    reject.write_text("#!/bin/sh\necho 'x.mlir:1:1: error: bad' >&2\nexit 1\n")
    reject.chmod(0o755)
    monkeypatch.setattr(conformance.tools_mod, "MLIR_OPT", str(reject))
    assert conformance.parse_problem("x") == "does not parse: x.mlir:1:1: error: bad"


def test_findings_use_the_tools_clause_and_location_format():
    out = check.Outcome(kind="impl-unsafe", verdict="LEAK", function="f",
                        detector="run", message='clause: [heap.leak]\n'
                        'loc: loc("input.mlir":3:5)\ninput: 0\nmessage: leaked')
    e = findings.entry(out, "sig", "/r.mlir")
    assert (e["clause"], e["loc"], e["input"], e["function"]) == \
        ("[heap.leak]", "input.mlir:3:5", "0", "f")


@pytest.mark.skipif(not TOOLS["dealloc-run"], reason="dealloc-run is not built")
def test_a_reproducer_of_a_lit_case_has_only_its_own_lines_and_limits(tmp_path):
    (tmp_path / "case.mlir").write_text(CASE)
    out = tmp_path / "out"
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "-q", "--impl",
                           impl("drop_all_deallocs"), "--checks", "run",
                           "--memory-mb", "700", "--out", str(out),
                           str(tmp_path / "case.mlir")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    rep = json.loads((out / "report.json").read_text())
    assert rep["parameters"]["checks"] == ["run"] and rep["parameters"]["memory_mb"] == 700
    assert "unsure_reasons" in rep
    [finding] = rep["findings"]
    assert finding["clause"].startswith("[") and finding["kind"] == "impl-unsafe"
    text = open(finding["reproducer"]).read()
    assert "CHECK-LABEL" not in text and "FileCheck %s\n" in text
    assert text.count("// RUN:") == 2 and "--memory-mb 700" in text
    ok, log = lit([finding["reproducer"]])
    assert ok, log


def test_show_prints_a_generated_program(capsys):
    from dealloc_harness import generate
    assert cli.main(["show", "--seed", "3", "--index", "5"]) == 0
    assert capsys.readouterr().out == generate.program(3, 5).text


BIG = """func.func private @unused(%x: f32) -> f32 {
  return %x : f32
}
func.func @f(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %cst = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %cst, %b[%c0] : memref<4xf32>
  scf.if %c {
    memref.store %cst, %a[%c0] : memref<4xf32>
  }
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}
"""


def test_reduce_a_plain_file_with_a_predicate(tmp_path, capsys):
    (tmp_path / "big.mlir").write_text(BIG)
    code = cli.main(["reduce", str(tmp_path / "big.mlir"), "--predicate",
                     "/bin/grep -q scf.if", "--budget", "40"])
    out = capsys.readouterr().out
    assert code == 0 and "scf.if" in out, out
    # No dead constants or functions are left.
    assert "@unused" not in out and "%c7" not in out and "%b" not in out, out


@pytest.mark.skipif(not TOOLS["dealloc-run"], reason="dealloc-run is not built")
def test_reduce_a_conformance_finding_record(tmp_path):
    (tmp_path / "big.mlir").write_text(BIG.replace("func.func @f", "func.func @f"))
    out = tmp_path / "out"
    subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "-q", "--impl",
                    impl("drop_all_deallocs"), "--checks", "run", "--out", str(out),
                    str(tmp_path / "big.mlir")], capture_output=True, timeout=300)
    [finding] = json.loads((out / "report.json").read_text())["findings"]
    record = finding["reproducer"][:-len(".mlir")] + ".json"
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "reduce", "-q", "--checks", "run",
                           record, "--budget", "30", "--into", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = open(proc.stdout.strip()).read()
    program = text[text.index("func.func"):]
    assert "@unused" not in program and "%c7" not in program, text
    ok, log = lit([proc.stdout.strip()])
    assert ok, log

"""Bad arguments and bad input files: a clear message and exit 2 (usage error
or nothing could be checked), never a traceback, and checked before any work
is done, so that a finished run is never lost to a bad output path."""
import json

import pytest

from dealloc_harness import cli

BAD_ARGUMENTS = [
    ["fuzz", "--impl", "'unterminated"],
    ["fuzz", "--impl", ""],
    ["fuzz", "--checks", "bogus"],
    ["fuzz", "--checks", ","],
    ["fuzz", "--timeout", "-1"],
    ["fuzz", "--timeout", "nan"],
    ["fuzz", "--stop-after", "-1"],
    ["fuzz", "--count", "-1"],
    ["bench", "--count", "-3"],
    ["fuzz", "--count", "2", "--tools", "/nonexistent/tools"],
    ["conformance", "--tools", "/nonexistent/tools"],
    ["conformance", "/nonexistent/corpus"],
]


def harness(capsys, *argv):
    """(exit code, stderr) of dealloc-harness in this process."""
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:    # argparse's usage errors
        code = exc.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=" ".join)
def test_bad_arguments_are_usage_errors(argv, tmp_path, capsys):
    code, err = harness(capsys, *argv, "-q", "--out", str(tmp_path / "out"),
                        *(["--regressions", str(tmp_path)] if argv[0] == "fuzz" else []))
    assert code == 2, err
    assert "dealloc-harness" in err and "Traceback" not in err
    assert not (tmp_path / "out" / "report.json").exists()


def test_no_tools_in_the_tools_folder_is_nothing_to_check(tmp_path, capsys):
    code, err = harness(capsys, "fuzz", "-q", "--count", "2", "--tools",
                        str(tmp_path), "--out", str(tmp_path / "out"))
    assert code == 2 and "nothing could be checked" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("option", ["--out", "--regressions"])
def test_an_output_path_that_is_a_file_is_rejected_before_the_campaign(
        option, tmp_path, capsys):
    (tmp_path / "file").write_text("keep")
    paths = {"--out": str(tmp_path / "out"), "--regressions": str(tmp_path / "reg")}
    paths[option] = str(tmp_path / "file")
    code, err = harness(capsys, "fuzz", "-q", "--count", "1",
                        *[a for kv in paths.items() for a in kv])
    assert code == 2 and f"{option} {tmp_path / 'file'}" in err, err
    assert (tmp_path / "file").read_text() == "keep"
    assert not (tmp_path / "out" / "report.json").exists()


BAD_FILES = {"missing": None, "binary": b"\x89PNG\x00\xff\xfe", "object": b"{}",
             "list": b"[]", "no-hex": json.dumps(
                 {"seed": 0, "index": 0, "choices": "xyz", "kind": "impl-crash",
                  "verdict": "exit 1"}).encode()}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_reduce_rejects_what_is_not_a_finding_record(name, tmp_path, capsys):
    path = tmp_path / "record.json"
    if BAD_FILES[name] is not None:
        path.write_bytes(BAD_FILES[name])
    code, err = harness(capsys, "reduce", "-q", str(path))
    assert code == 2 and str(path) in err and "Traceback" not in err, err


@pytest.mark.parametrize("name", ["binary", "object", "list"])
def test_report_rejects_what_is_not_a_report(name, tmp_path, capsys):
    (tmp_path / "report.json").write_bytes(BAD_FILES[name])
    code, err = harness(capsys, "report", str(tmp_path))
    assert code == 2 and "no report in" in err, err


def test_reduce_knows_whether_impl_was_given(monkeypatch):
    """`reduce` takes the record's implementation unless --impl is among
    *its* arguments (it looked at sys.argv, wrong when main() is called
    from Python)."""
    monkeypatch.setattr("sys.argv", ["dealloc-harness", "--impl", "x"])
    args = cli._parser().parse_args(["reduce", "record.json"])
    assert args.impl is None
    args = cli._parser().parse_args(["reduce", "record.json", "--impl", "y"])
    assert args.impl == "y"

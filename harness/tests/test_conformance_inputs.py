"""`conformance` skips files under `Inputs/` that have no RUN lines: they are
inputs of other tests (lit excludes them), not tests. Such a file is skipped
once, as a file, even when its content would otherwise be a case; a file
under `Inputs/` with RUN lines, and a file elsewhere, are still cases. A case
without a public function (nothing for the tools to check) is skipped, not a
tool error. A file that is not UTF-8 is checked like any other (MLIR's
tools accept such bytes in comments); one that cannot be read is named in
the report with the reason and the run goes on."""
import json

from dealloc_harness import conformance

PROGRAM = """func.func @f() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
"""
RUN = "// RUN: mlir-opt --buffer-deallocation-pipeline %s | FileCheck %s\n"


def test_inputs_without_run_lines_are_skipped_once_per_file(tmp_path):
    (tmp_path / "Inputs").mkdir()
    # Two cases, and text that mentions deallocation: still one skip.
    (tmp_path / "Inputs" / "program.mlir").write_text(
        "// used by ../t.mlir (deallocation pipeline)\n" + PROGRAM
        + "// -----\n" + PROGRAM.replace("@f", "@g"))
    (tmp_path / "Inputs" / "with-run.mlir").write_text(RUN + PROGRAM)
    (tmp_path / "t.mlir").write_text(RUN + PROGRAM)
    found = {name.rsplit("/", 2)[-2] + "/" + name.rsplit("/", 1)[-1]
             if "/Inputs/" in name else name.rsplit("/", 1)[-1]: (text, reason)
             for name, text, reason in conformance.cases([str(tmp_path)])}
    assert sorted(found) == ["Inputs/program.mlir", "Inputs/with-run.mlir",
                             "t.mlir"]
    assert found["Inputs/program.mlir"] == (None, conformance.INPUT_OF_OTHER_TESTS)
    # Comment lines (RUN, CHECK) are not part of a case's program.
    assert found["Inputs/with-run.mlir"] == (PROGRAM, "")
    assert found["t.mlir"] == (PROGRAM, "")


def test_no_case_of_the_corpus_comes_from_an_inputs_file_without_run_lines():
    import os
    from dealloc_harness import tools
    corpus = os.path.join(tools.REPO, "corpus")
    inputs = [(name, text, reason) for name, text, reason
              in conformance.cases([corpus]) if "/Inputs/" in name]
    assert inputs, "the corpus has Inputs/ files"
    for name, text, reason in inputs:
        with open(os.path.join(tools.REPO, name)) as f:
            has_run = "// RUN:" in f.read()
        if not has_run:
            assert text is None and reason == conformance.INPUT_OF_OTHER_TESTS, name


def test_a_case_without_a_public_function_has_nothing_to_check(tmp_path):
    # The tools check public functions only: they print nothing (a note) and
    # exit 0 on such a case, which is not a tool error.
    (tmp_path / "t.mlir").write_text(RUN + PROGRAM.replace("@f", "private @f")
                                     + "// -----\n" + PROGRAM)
    found = [(text, reason) for _, text, reason in conformance.cases([str(tmp_path)])]
    assert found == [(None, conformance.NO_PUBLIC_FUNCTION), (PROGRAM, "")]


def test_an_unreadable_file_is_named_and_the_run_goes_on(tmp_path, capsys):
    from dealloc_harness import cli
    (tmp_path / "dir.mlir").mkdir()        # matches *.mlir, cannot be read
    (tmp_path / "private.mlir").write_text(RUN + PROGRAM.replace("@f", "private @f"))
    out = tmp_path / "out"
    assert cli.main(["conformance", "-q", "--out", str(out), str(tmp_path)]) == 2
    assert "dir.mlir: unreadable input: Is a directory" in capsys.readouterr().err
    rep = json.loads((out / "report.json").read_text())
    assert rep["findings"] == [] and rep["programs"] == 0
    assert rep["parameters"]["skipped"] == {conformance.UNREADABLE: 1,
                                            conformance.NO_PUBLIC_FUNCTION: 1}
    assert [e.split("/")[-1] for e in rep["errors"]] == [
        "dir.mlir: unreadable input: Is a directory"]
    # Every skipped case is named, with its reason.
    assert sorted((c["case"].split("/")[-1], c["reason"]) for c in rep["skipped_cases"]) \
        == [("dir.mlir", "unreadable input: Is a directory"),
            ("private.mlir", conformance.NO_PUBLIC_FUNCTION)]


def test_a_file_that_is_not_utf8_is_checked(tmp_path):
    """MLIR's tools accept bytes that are not UTF-8 in comments; so does the
    harness (it rejected the file before), and passes them through as they
    are."""
    from dealloc_harness import cli
    (tmp_path / "latin1.mlir").write_bytes(PROGRAM.replace(
        "-> memref<4xf32> {", '-> memref<4xf32> attributes {note = "caf\xe9"} {',
        1).encode("latin-1"))
    [(_, text, _)] = conformance.cases([str(tmp_path)])
    assert 'note = "caf\udce9"' in text      # the byte, kept as it was
    out = tmp_path / "out"
    assert cli.main(["conformance", "-q", "--checks", "run", "--out", str(out),
                     str(tmp_path)]) == 0
    rep = json.loads((out / "report.json").read_text())
    assert rep["programs"] == 1 and rep["counts"]["pass"] == 1, rep

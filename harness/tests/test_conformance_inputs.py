"""`conformance` skips files under `Inputs/` that have no RUN lines: they are
inputs of other tests (lit excludes them), not tests. Such a file is skipped
once, as a file, even when its content would otherwise be a case; a file
under `Inputs/` with RUN lines, and a file elsewhere, are still cases."""
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
    assert found["Inputs/with-run.mlir"] == (RUN + PROGRAM, "")
    assert found["t.mlir"] == (RUN + PROGRAM, "")


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

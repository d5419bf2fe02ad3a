"""`conformance`: pre-deallocation cases of a corpus are checked, others are
skipped with a reason; an implementation failure is a finding, exit 1."""
import json
import subprocess

from harness_helpers import SCRIPT, impl

CORPUS = """// RUN: mlir-opt --buffer-deallocation-pipeline %s | FileCheck %s
// CHECK-LABEL: func @loop
func.func @loop(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.while (%m = %a, %i = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
    %c = arith.cmpi slt, %i, %n : index
    scf.condition(%c) %m, %i : memref<4xf32>, index
  } do {
  ^bb0(%m: memref<4xf32>, %i: index):
    scf.yield %m, %i : memref<4xf32>, index
  }
  return %r#0 : memref<4xf32>
}
// -----
func.func @done() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
"""


def test_conformance_run_reports_the_crash_and_skips_deallocated_cases(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "loop.mlir").write_text(CORPUS)
    out = tmp_path / "out"
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "--impl",
                           impl("crash_on_while"), "--out", str(out), "-q",
                           str(corpus)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    rep = json.loads((out / "report.json").read_text())
    assert rep["programs"] == 1
    assert rep["parameters"]["skipped"] == {"already deallocated": 1}
    assert [f["kind"] for f in rep["findings"]] == ["impl-crash"]
    assert rep["findings"][0]["case"].endswith("loop.mlir:1")
    text = open(rep["findings"][0]["reproducer"]).read()
    assert "dealloc.site = 1 : i64" in text and "--until-crash" in text


TENSOR_CASE = """// RUN: mlir-opt --one-shot-bufferize="bufferize-function-boundaries" %s | mlir-opt --buffer-deallocation-pipeline
func.func @f() -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = tensor.insert %cst into %e[%c0] : tensor<4xf32>
  return %t, %t : tensor<4xf32>, tensor<4xf32>
}
"""


def test_tensor_level_cases_are_bufferized_first(tmp_path):
    from dealloc_harness import conformance
    (tmp_path / "t.mlir").write_text(TENSOR_CASE)
    (tmp_path / "bad.mlir").write_text(TENSOR_CASE.replace(
        "tensor.insert %cst", "tensor.insert %c0"))
    found = {name.rsplit("/", 1)[-1]: (text, reason)
             for name, text, reason in conformance.cases([str(tmp_path)])}
    text, _ = found["t.mlir"]
    assert "tensor<" not in text and "memref.alloc() {dealloc.site = 1 : i64" in text
    text, reason = found["bad.mlir"]
    assert text is None and reason.startswith("One-Shot Bufferize fails")

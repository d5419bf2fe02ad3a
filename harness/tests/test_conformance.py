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

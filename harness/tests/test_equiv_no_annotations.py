"""Equivalence needs no cooperation from the implementation ([equiv.match],
issue 37): upstream's pipeline with every `dealloc.site` attribute and every
location stripped from its output (impls/strip_annotations.py), also in the
generic op form and with its private functions renamed, is compared with the
reference and decided under --require-equivalence; a free moved to another
point is DIFFERENT (exit 1) whether the attributes are stripped or not."""
import json
import subprocess

import pytest

from harness_helpers import SCRIPT, impl

CASES = {
    "branches.mlir": """
func.func @diamond(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = arith.select %c, %0, %a : memref<2xf32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  %2 = memref.alloc() : memref<2xf32>
  cf.br ^b3(%2 : memref<2xf32>)
^b2:
  cf.br ^b3(%1 : memref<2xf32>)
^b3(%r: memref<2xf32>):
  return %r : memref<2xf32>
}
""",
    "loop.mlir": """
func.func @for_iter(%ub: index, %init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %acc, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  return %r : memref<4xf32>
}
""",
    "calls.mlir": """
func.func private @make(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}
func.func @caller(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = call @make(%n) : (index) -> memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %s = arith.select %c, %a, %b : memref<?xf32>
  %v = memref.load %s[%c0] : memref<?xf32>
  return %v : f32
}
""",
}

# Upstream frees %a just before the call; --move-free moves the free above
# it, across @g's allocation: safe, and a difference.
MOVABLE = """
func.func private @g(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<8xf32>
  memref.store %v, %b[%c0] : memref<8xf32>
  %w = memref.load %b[%c0] : memref<8xf32>
  return %w : f32
}
func.func @f(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %x, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = call @g(%v) : (f32) -> f32
  return %w : f32
}
"""


def conform(tmp_path, impl_opts, paths):
    out = tmp_path / "out"
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "-q",
                           "--require-equivalence", "--impl",
                           f"{impl('strip_annotations')} {impl_opts}".strip(),
                           "--out", str(out), *map(str, paths)],
                          capture_output=True, text=True, timeout=900)
    rep = json.loads((out / "report.json").read_text())
    return proc.returncode, rep, proc.stdout + proc.stderr


def write_cases(tmp_path, cases):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, text in cases.items():
        (corpus / name).write_text(text)
    return corpus


@pytest.mark.parametrize("opts", ["", "--generic --rename-private"])
def test_stripped_output_is_decided_and_equivalent(tmp_path, opts):
    rc, rep, out = conform(tmp_path, opts, [write_cases(tmp_path, CASES)])
    assert rc == 0, out
    assert rep["programs"] == len(CASES)
    assert rep["findings"] == [] and rep["counts"]["pass"] == len(CASES), out


@pytest.mark.parametrize("opts", ["--move-free", "--keep --move-free",
                                  "--generic --rename-private --move-free"])
def test_a_moved_free_is_different_stripped_or_not(tmp_path, opts):
    rc, rep, out = conform(tmp_path, opts,
                           [write_cases(tmp_path, {"movable.mlir": MOVABLE})])
    assert rc == 1, out
    assert [(f["kind"], f["verdict"]) for f in rep["findings"]] == \
        [("different", "DIFFERENT")], out

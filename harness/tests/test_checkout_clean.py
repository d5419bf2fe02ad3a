"""Nothing a harness run does by default writes into the checkout (issue
28: the main job's fuzz findings went into corpus/regressions/, and the
next test run failed on them). A small campaign and a conformance run with
findings, from another directory, with default options: `git status` of
the checkout (untracked and ignored files included, build folders and
Python caches aside) is the same before and after, and the reproducers are
under --out."""
import os
import subprocess

from harness_helpers import REPO, SCRIPT, impl

CASE = """func.func @f() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}
"""


def _status():
    out = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "-uall",
                          "--ignored"], capture_output=True, text=True, check=True)
    return sorted(line for line in out.stdout.splitlines()
                  if not line[3:].startswith("build")
                  and "__pycache__" not in line)


def _harness(cwd, *argv):
    return subprocess.run(["/usr/bin/python3", SCRIPT, *argv], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_a_campaign_and_a_conformance_run_leave_the_checkout_unchanged(tmp_path):
    before = _status()
    (tmp_path / "case.mlir").write_text(CASE)
    fuzz = _harness(tmp_path, "fuzz", "-q", "--impl", impl("drop_all_deallocs"),
                    "--count", "4", "--seed", "0", "--checks", "run",
                    "--shrink-budget", "3", "--shrink-per-class", "1",
                    "--stop-after", "1")
    conf = _harness(tmp_path, "conformance", "-q", "--impl",
                    impl("drop_all_deallocs"), "--checks", "run", "case.mlir")
    assert _status() == before
    out = tmp_path / "dealloc-harness-out"
    assert fuzz.returncode == 1, fuzz.stdout + fuzz.stderr
    assert conf.returncode == 1, conf.stdout + conf.stderr
    assert any(p.endswith(".mlir") for p in os.listdir(out / "reproducers"))
    assert (out / "lit.cfg.py").exists()

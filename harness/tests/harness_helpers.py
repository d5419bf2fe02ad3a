"""Helpers for the harness tests: running dealloc-harness, running lit on
reproducers with the located tools on PATH."""
import json
import os
import subprocess
import sys

HARNESS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(HARNESS_DIR)
SCRIPT = os.path.join(HARNESS_DIR, "dealloc-harness")
IMPLS = os.path.join(HARNESS_DIR, "tests", "impls")
LLVM_BIN = "/usr/lib/llvm-22/bin"
sys.path.insert(0, HARNESS_DIR)

from dealloc_harness import tools  # noqa: E402

TOOLS = tools.locate()


def impl(name):
    return f"/usr/bin/python3 {os.path.join(IMPLS, name + '.py')}"


def fuzz(tmp_path, impl_cmd, *extra):
    out, reg = tmp_path / "out", tmp_path / "regressions"
    proc = subprocess.run(
        ["/usr/bin/python3", SCRIPT, "fuzz", "--impl", impl_cmd, "--out", str(out),
         "--regressions", str(reg), "-q", *extra],
        capture_output=True, text=True, timeout=900)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    with open(out / "report.json") as f:
        return proc.returncode, json.load(f)


LIT_CFG = """
import lit.formats
config.name = "reproducers"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = {src!r}
config.test_exec_root = {src!r} + "/.lit"
config.environment["PATH"] = {path!r}
config.substitutions.append(("%repo", {repo!r}))
config.substitutions.append(("%python", "/usr/bin/python3"))
"""


def lit(paths):
    """Run lit on reproducer files; returns (ok, output)."""
    dirs = sorted({os.path.dirname(p) for p in paths})
    tool_dirs = sorted({os.path.dirname(p) for p in TOOLS.values() if p})
    path = os.pathsep.join(tool_dirs + [LLVM_BIN, os.environ.get("PATH", "")])
    for d in dirs:
        with open(os.path.join(d, "lit.cfg.py"), "w") as f:
            f.write(LIT_CFG.format(src=d, path=path, repo=REPO))
    proc = subprocess.run(["/usr/bin/python3", os.path.join(LLVM_BIN, "lit"), "-v",
                           *paths], capture_output=True, text=True, timeout=600)
    return proc.returncode == 0, proc.stdout + proc.stderr

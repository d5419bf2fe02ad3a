"""Seeded bug: the reference pipeline's output with the operands of every
function's returns dropped, then verified by mlir-opt as a pass pipeline
verifies its output: mlir-opt's verifier refuses it ("'func.return' op has 0
operands, but enclosing function (@f) returns 1") and the implementation
exits 1. The harness reports it as impl-invalid-output ("fails the
verifier"), as it does upstream's F6."""
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import MLIR_OPT, run  # noqa: E402

out = run("reference", sys.argv[-1])
out = re.sub(r"^(\s*)return\b.*$", r"\1return", out, flags=re.M)
proc = subprocess.run([MLIR_OPT, "-"], input=out, capture_output=True, text=True)
sys.stdout.write(proc.stdout)
sys.stderr.write(proc.stderr)
sys.exit(proc.returncode)

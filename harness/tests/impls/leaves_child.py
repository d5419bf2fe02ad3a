"""A wrapper that leaves a background process behind: it starts `sleep`
(holding its stdout and stderr) and prints the reference pipeline's output.
The harness kills the implementation's process group after each run
(process.py): no process is left and no run waits for the child."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402

subprocess.Popen(["sleep", "300"])
main(lambda source, lines: lines)

#!/usr/bin/env python3
"""dealloc-verify's time per function on integration-style programs
(issue 41, deliverable 6).

Each .mlir file given (default: bench/realistic/identity-layout/integration.mlir
and bench/realistic/boundaries/linalg.mlir) is split at `// -----`,
bufferized with --bufferize when it has tensors, and put through upstream's
`mlir-opt --buffer-deallocation-pipeline`. Then, per public function,
`dealloc-verify --function F --json` is timed, and printed with its verdict
and its time as a ratio of upstream's pipeline time on the same chunk
(the bench's convention: ratios, not seconds, are what compare across
machines; the seconds are printed too, as the target is stated in them).

  /usr/bin/python3 bench/verify_time.py [FILES...] [--tools DIR] [--limit S]

Writes nothing; exit 1 if some function is undecided or over --limit
seconds (default 10).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tools import LLVM_BIN, candidate_bin_dirs, find_tool  # noqa: E402
from dealloc_harness import toolclient  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_FILES = [
    os.path.join(REPO, "bench/realistic/identity-layout/integration.mlir"),
    os.path.join(REPO, "bench/realistic/boundaries/linalg.mlir"),
]
IDENTITY = ("--one-shot-bufferize=bufferize-function-boundaries "
            "function-boundary-type-conversion=identity-layout-map")
DEFAULT = "--one-shot-bufferize=bufferize-function-boundaries"


def timed(cmd, stdin=None):
    t = time.monotonic()
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return p, time.monotonic() - t


def chunks(path):
    text = open(path).read()
    return [c for c in re.split(r"^// -----\s*$", text, flags=re.M)
            if "func.func" in c]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", default=DEFAULT_FILES)
    ap.add_argument("--tools", help="directory of the project's tools")
    ap.add_argument("--limit", type=float, default=10.0,
                    help="seconds one function may take (default 10)")
    args = ap.parse_args()
    verify = find_tool("dealloc-verify", candidate_bin_dirs(args.tools))
    if not verify:
        sys.exit("dealloc-verify is not built")
    # A decided answer: safe or a violation (not UNKNOWN, UNSUPPORTED).
    vocab = toolclient.describe(verify)
    decided = vocab.safe | vocab.violations
    mlir_opt = os.path.join(LLVM_BIN, "mlir-opt")
    bad = 0
    print(f"{'function':40} {'verdict':15} {'seconds':>8} {'x upstream':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            opt = IDENTITY if "identity-layout" in path else DEFAULT
            for k, text in enumerate(chunks(path)):
                if "tensor<" in text:
                    p, _ = timed([mlir_opt, opt, "-"], text)
                    if p.returncode:
                        print(f"{path}#{k}: bufferization failed")
                        bad += 1
                        continue
                    text = p.stdout
                p, up = timed([mlir_opt, "--buffer-deallocation-pipeline", "-"],
                              text)
                if p.returncode:
                    print(f"{path}#{k}: upstream's pipeline failed")
                    bad += 1
                    continue
                f = os.path.join(tmp, "up.mlir")
                open(f, "w").write(p.stdout)
                names = re.findall(r"func\.func @(\w+)", p.stdout)
                for name in names:
                    q, secs = timed([verify, "--json", "--function", name, f])
                    verdict = "?"
                    for line in q.stdout.splitlines():
                        try:
                            verdict = json.loads(line)["verdict"]
                            break
                        except (ValueError, KeyError, TypeError):
                            continue
                    over = secs > args.limit or verdict not in decided
                    bad += over
                    print(f"{'@' + name:40} {verdict:15} {secs:8.2f} "
                          f"{secs / max(up, 1e-3):10.1f}" + ("  <--" if over else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

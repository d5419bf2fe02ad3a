#!/usr/bin/python3
"""How dealloc-verify's time and memory grow with the number of memref
arguments of one function (issue 40: 1,000 arguments took 4.7 s / 0.67 GB,
10,000 no answer in 120 s).

    python3 bench/arg_scaling.py [--sizes 250,500,1000,2000,4000] [--tools DIR]

The function takes N memref arguments, reads one element of each and frees
a buffer of its own:

    func.func @args(%a0: memref<4xf32>, ..., %aN: memref<4xf32>) -> f32

in three forms: `distinct`, every argument of its own type (memref<1xf32>,
memref<2xf32>, ...: no two may alias); `same`, all of one type (each may
alias every other, [input.memref.alias], but all are only read, so the
encoding keeps them apart, [verify.encoding.args.readonly]); and
`written`, all of one type and each stored to before it is read, so that
each may share with every earlier one (N^2/2 candidates in all).

Printed per N: seconds, peak resident MB, and the ratio of each to the
previous N's (2 for linear growth at doubling sizes, 4 for quadratic).
Output is deterministic but for the measured figures; nothing is written.
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tools as bench_tools  # noqa: E402


def program(n, form):
    def ty(i):
        return f"memref<{i + 1}xf32>" if form == "distinct" else "memref<4xf32>"
    args = ", ".join(f"%a{i}: {ty(i)}" for i in range(n))
    lines = [f"func.func @args({args}) -> f32 {{",
             "  %c0 = arith.constant 0 : index",
             "  %acc0 = arith.constant 0.0 : f32"]
    for i in range(n):
        if form == "written":
            lines.append(f"  memref.store %acc{i}, %a{i}[%c0] : {ty(i)}")
        lines.append(f"  %v{i} = memref.load %a{i}[%c0] : {ty(i)}")
        lines.append(f"  %acc{i + 1} = arith.addf %acc{i}, %v{i} : f32")
    lines += ["  %own = memref.alloc() : memref<4xf32>",
              "  memref.dealloc %own : memref<4xf32>",
              f"  return %acc{n} : f32", "}"]
    return "\n".join(lines) + "\n"


def measure(verify, n, form, timeout):
    """(seconds, peak resident MB, verdict) of one run; (None, None,
    "timeout") past `timeout`."""
    with tempfile.TemporaryDirectory(prefix="arg-scaling-") as tmp:
        path = os.path.join(tmp, "args.mlir")
        with open(path, "w") as f:
            f.write(program(n, form))
        out_path = os.path.join(tmp, "out")
        start = time.monotonic()
        with open(out_path, "w") as out:
            proc = subprocess.Popen([verify, "--json", path], stdout=out,
                                    stderr=subprocess.DEVNULL)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)    # this child's own peak
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        secs = time.monotonic() - start
        if proc.returncode == -signal.SIGKILL:
            return None, None, "timeout"
        with open(out_path) as f:
            stdout = f.read()
        verdict = stdout.split('"verdict":"')[-1].split('"')[0] \
            if '"verdict"' in stdout else f"exit {proc.returncode}"
        return secs, usage.ru_maxrss / 1024, verdict


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="250,500,1000,2000,4000")
    ap.add_argument("--forms", default="distinct,same,written")
    ap.add_argument("--tools")
    ap.add_argument("--timeout", type=float, default=300)
    args = ap.parse_args()
    verify = bench_tools.find_tool("dealloc-verify",
                                   bench_tools.candidate_bin_dirs(args.tools))
    if not verify:
        sys.exit("arg_scaling: dealloc-verify is not built")
    print(f"dealloc-verify: {verify}")
    for form in args.forms.split(","):
        table(verify, form, [int(s) for s in args.sizes.split(",")], args.timeout)


def table(verify, form, sizes, timeout):
    print(f"\n{form} types:\n")
    print("| memref args | verdict | seconds | x prev | peak MB | x prev |")
    print("|---|---|---|---|---|---|")
    prev = None
    for n in sizes:
        secs, mb, verdict = measure(verify, n, form, timeout)
        if secs is None:
            print(f"| {n} | {verdict} | > {timeout:g} | | | |")
            return
        ratio = (f"{secs / prev[0]:.2f}" if prev else "")
        mratio = (f"{mb / prev[1]:.2f}" if prev else "")
        print(f"| {n} | {verdict} | {secs:.2f} | {ratio} | {mb:.0f} | {mratio} |")
        prev = (secs, mb)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Throughput of the differential harness (issue 5's benchmark).

Runs `harness/dealloc-harness bench --compare` on the same generated programs
in both modes — every tool call its own process ("before"), and tool calls as
jobs of long-lived dealloc-check processes ("after") — next to the cost of
running the implementation alone, and prints programs per second, the time
split (generation, implementation, reference, run, verify, equiv) and the
ratio to the implementation's own cost (target: 3x). Writes the measurement
to bench/results/harness-<label>.json; docs/bench-harness.md discusses it.

  python3 bench/harness_throughput.py                  # 30 programs, seed 0
  python3 bench/harness_throughput.py --count 60 --seed 1 --label seed1
  python3 bench/harness_throughput.py --impl "my-opt --my-pipeline"

Tools: --tools DIR or $DEALLOC_TOOLS (dealloc-check must be in the same
directory as dealloc-opt, dealloc-run and dealloc-verify). Exit status: 0
when the benchmark ran (the 3x target is reported, not enforced), 2 when it
could not run.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
HARNESS = os.path.join(REPO, "harness", "dealloc-harness")
TARGET = 3.0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--impl", help="implementation command (default: the "
                    "harness default, upstream mlir-opt --buffer-deallocation-pipeline)")
    ap.add_argument("--tools", help="directory of the project's tools")
    ap.add_argument("--label", default="throughput",
                    help="results go to bench/results/harness-LABEL.json")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="harness-bench-") as out:
        cmd = ["/usr/bin/python3", HARNESS, "bench", "--compare", "-q",
               "--count", str(args.count), "--seed", str(args.seed), "--out", out]
        if args.impl:
            cmd += ["--impl", args.impl]
        if args.tools:
            cmd += ["--tools", args.tools]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout + proc.stderr)
            return 2
        result = json.loads(proc.stdout)

    sys.path.insert(0, os.path.join(REPO, "harness"))
    from dealloc_harness import bench  # noqa: E402
    print(bench.table(result))
    after = result["dealloc-check"]
    before = result["process per tool call"]
    print(f"ratio to the implementation alone: {before['ratio_to_implementation']}x "
          f"-> {after['ratio_to_implementation']}x wall-clock, "
          f"{before['cpu_ratio_to_implementation']}x -> "
          f"{after['cpu_ratio_to_implementation']}x CPU (target {TARGET}x: "
          f"{'met' if after['ratio_to_implementation'] <= TARGET else 'not met'})")
    record = {"date": datetime.datetime.now(datetime.timezone.utc).strftime(
                  "%Y-%m-%dT%H:%MZ"),
              "command": " ".join(cmd[1:]), "cpus": os.cpu_count(),
              "target_ratio": TARGET, "results": result}
    path = os.path.join(BENCH, "results", f"harness-{args.label}.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"written: {os.path.relpath(path, REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

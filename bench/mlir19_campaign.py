#!/usr/bin/env python3
"""The harness's campaigns against a second real implementation: Debian's
MLIR 19 (`mlir-opt` of the `mlir-19-tools` package), issue 37 deliverable 7.

Five campaigns, each into its own folder under OUT (nothing is written
elsewhere), with the parameters of harness/baselines/README.md's MLIR 22
runs so that `--baseline harness/baselines/upstream-mlir22.json` tells a
finding MLIR 22 has too (`known`) from one it does not (`new`):

- conformance: MLIR 19's `--buffer-deallocation-pipeline` over the corpus
  recipe's four chapters (corpus/deviations, ownership, abi, pipeline);
- fuzz: the same pipeline on generated programs (--count, seed 0);
- fuzz --stage simplify / lower / canonicalize: MLIR 19's
  `--buffer-deallocation-simplification`, `--bufferization-lower-deallocations`
  and `--canonicalize` on generated stage inputs (--stage-count, seed 0).

Then prints one summary: per campaign, the harness's exit code, the outcome
counts and every finding (kind, verdict, clause, whether MLIR 22's baseline
has it: `in-22` or `not-in-22`, signature); the classification of the
findings is docs/mlir19-campaign.md's. The conformance run gets no
`--baseline` (its entries name files relative to corpus/, the folder the
baseline's run was given); its findings are looked up here by that file.

    /usr/bin/python3 bench/mlir19_campaign.py OUT [--mlir19 PATH] [-j 2]
        [--count 30] [--stage-count 20]

Exit 0 when every campaign ran (whatever it found), 1 when one could not
(harness exit 2 or 4), 2 when MLIR 19's mlir-opt is not installed (the
reason is printed; nothing is run).
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)
HARNESS = os.path.join(ROOT, "harness", "dealloc-harness")
BASELINE = os.path.join(ROOT, "harness", "baselines", "upstream-mlir22.json")
MLIR19 = "/usr/lib/llvm-19/bin/mlir-opt"
RECIPE = ["deviations", "ownership", "abi", "pipeline"]
STAGES = [("simplify", "buffer-deallocation-simplification"),
          ("lower", "bufferization-lower-deallocations"),
          ("canonicalize", "canonicalize")]
SHRINK = ["--shrink-budget", "20", "--shrink-per-class", "1"]


def campaigns(args):
    """(name, harness arguments) of the five campaigns."""
    opt = args.mlir19
    jobs = ["-j", str(args.jobs)]
    runs = [("conformance", ["conformance", "--impl", f"{opt} --buffer-deallocation-pipeline",
                             "--checks", "run",
                             *[os.path.join(ROOT, "corpus", c) for c in RECIPE]]),
            ("fuzz", ["fuzz", "--impl", f"{opt} --buffer-deallocation-pipeline",
                      "--count", str(args.count), "--seed", "0", "--checks", "run",
                      *SHRINK, *jobs, "--baseline", BASELINE])]
    for short, flag in STAGES:
        runs.append((f"stage-{short}", ["fuzz", "--stage", short, "--impl", f"{opt} --{flag}",
                                        "--count", str(args.stage_count), "--seed", "0",
                                        *SHRINK, *jobs, "--baseline", BASELINE]))
    return runs


def conformance_known(finding):
    """Whether the baseline has this conformance finding (by file, kind,
    verdict and clause, as baseline.py matches it)."""
    with open(BASELINE) as f:
        entries = json.load(f)["findings"]
    path = os.path.relpath(os.path.abspath(finding["case"].rsplit(":", 1)[0]
                                           if finding["case"].rsplit(":", 1)[-1].isdigit()
                                           else finding["case"]),
                           os.path.join(os.path.abspath(ROOT), "corpus"))
    key = (path, finding["kind"], finding["verdict"], finding.get("clause", ""))
    return any((e.get("file"), e["kind"], e["verdict"], e.get("clause", "")) == key
               for e in entries if e["campaign"] == "conformance")


def summary(name, rc, out):
    try:
        with open(os.path.join(out, "report.json")) as f:
            rep = json.load(f)
    except (OSError, ValueError) as exc:
        return [f"## {name}: exit {rc}, no report ({exc})"]
    counts = ", ".join(f"{k} {v}" for k, v in sorted(rep["counts"].items()) if v)
    lines = [f"## {name}: exit {rc}, {rep['programs']} programs: {counts}"]
    for f in rep["findings"]:
        known = f.get("known") or (name == "conformance" and conformance_known(f))
        known = "in-22" if known else "not-in-22"
        where = f" {f['case']} @{f['function']}" if f.get("case") else ""
        lines.append(f"- {f['kind']} | {f['verdict'].splitlines()[0][:110]} | "
                     f"{f.get('clause') or '-'} | {known} | {f['signature'][:90]}{where}")
    undecided = {}
    for u in rep.get("undecided", []):
        undecided.setdefault(u["kind"], []).append(u["verdict"].splitlines()[0][:90])
    for kind, verdicts in sorted(undecided.items()):
        lines.append(f"- undecided {kind} ({len(verdicts)}): "
                     + "; ".join(sorted(set(verdicts))))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="folder for the five campaigns' reports (created)")
    ap.add_argument("--mlir19", default=MLIR19)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--stage-count", type=int, default=20)
    args = ap.parse_args(argv)
    if not os.access(args.mlir19, os.X_OK):
        print(f"mlir19_campaign: skipped: MLIR 19's mlir-opt is not installed at "
              f"{args.mlir19} (Debian package mlir-19-tools)", file=sys.stderr)
        return 2
    report, failed = [f"# MLIR 19 campaigns ({args.mlir19})"], False
    for name, harness_args in campaigns(args):
        out = os.path.join(os.path.abspath(args.out), name)
        print(f"[mlir19_campaign] {name} -> {out}", file=sys.stderr, flush=True)
        proc = subprocess.run(["/usr/bin/python3", HARNESS, *harness_args, "-q",
                               "--out", out], stdout=subprocess.DEVNULL)
        failed |= proc.returncode in (2, 4)
        report += summary(name, proc.returncode, out)
    print("\n".join(report))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

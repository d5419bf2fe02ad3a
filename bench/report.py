#!/usr/bin/python3
"""Print the markdown tables and targets of a bench/run.py results file.

    python3 bench/report.py bench/results/full.json [--shapes a,b]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analysis  # noqa: E402


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("--shapes")
    ap.add_argument("--metric", choices=["seconds", "cpu"], default="seconds",
                    help="wall clock (default) or child CPU time")
    args = ap.parse_args(argv)
    analysis.METRIC = args.metric
    with open(args.results) as f:
        results = json.load(f)
    import shapes
    names = args.shapes.split(",") if args.shapes else [
        s for s in shapes.SHAPES if s in results["shapes"]]
    for shape in names:
        res = results["shapes"][shape]
        startup = res.get("startup") or results["startup"]
        print(f"### {shape}\n")
        print(f"Measured {res.get('date', results['date'])}; per-run timeout "
              f"{results['max_time']:g} s; seconds, best of {results['repeat']}; "
              "(ratio to upstream's pipeline); DNF = did not finish.\n")
        print(analysis.table(shape, res, startup, analysis.TOOLS))
        print()
        for issue, name, verdict, why in analysis.targets(shape, res, startup):
            print(f"- **{verdict}** issue {issue}: {name}: {why}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

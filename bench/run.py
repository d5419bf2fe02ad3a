#!/usr/bin/python3
"""Benchmark upstream's deallocation passes against the project's tools.

For each shape of bench/shapes.py and a series of sizes, times (wall clock,
best of k, per-run timeout):
  upstream       mlir-opt --buffer-deallocation-pipeline        (on the input)
  upstream-obd   mlir-opt --ownership-based-buffer-deallocation (on the input)
  ref-pass       dealloc-opt --reference-buffer-deallocation    (on the input)
  ref-pipeline   dealloc-opt --reference-buffer-deallocation-pipeline
  run            dealloc-run OUT --function F --input I   (one input; OUT is
                 upstream's output, or the reference pipeline's when upstream
                 did not finish)
  verify         dealloc-verify on upstream's output (default timeout)
  verify-ref     dealloc-verify on the reference pipeline's output
Prints one table per shape (time, ratio to upstream's pipeline, fitted growth
exponent) and the pass/fail targets of issues 2, 3 and 4; writes everything
to bench/results/<label>.json (plots: bench/plot.py).

Missing tools are reported as "not built".  Once a tool does not finish at
some size of a shape, larger sizes of that shape are "skipped" for it.
Exit status: 0 when every generated program is valid (parses and upstream's
pipeline accepts it whenever it finishes), 1 otherwise; timing targets never
change the exit status.

  python3 bench/run.py --quick                 # smoke run, < 1 minute
  python3 bench/run.py [--shapes a,b] [--max-time S] [--repeat K] [--label L]
"""
import argparse
import json
import os
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "harness"))
import analysis  # noqa: E402
import shapes  # noqa: E402
import tools  # noqa: E402
from dealloc_harness import toolclient  # noqa: E402

FULL_SIZES = {
    "straight": [100, 300, 1000, 3000, 10000],
    "diamonds": [5, 10, 15, 20, 22, 24, 26, 28, 100, 300, 1000],
    "scf-if": [5, 10, 20, 40, 80],
    "if-chain": [10, 20, 30, 40, 100, 300],
    "for-loops": [10, 30, 100, 300, 1000],
    "for-iterargs": [5, 10, 20, 50, 100],
    "calls-private": [10, 30, 100, 300, 1000],
    "calls-public": [10, 30, 100, 300, 1000],
    "calls-cycle": [10, 30, 100, 300],
    "select-chain": [100, 300, 1000, 3000],
}
QUICK_SIZES = {
    "straight": [10, 50],
    "diamonds": [2, 4],
    "scf-if": [2, 4],
    "if-chain": [2, 4],
    "for-loops": [1, 2],
    "for-iterargs": [1, 2],
    "calls-private": [2, 4],
    "calls-public": [2, 4],
    "calls-cycle": [2, 4],
    "select-chain": [10, 30],
}
VERDICT_RE = re.compile(r"^@(\S+): ([A-Z_]+)", re.M)


def severity(vocab):
    """Verdicts from best to worst: SAFE, a bounded UNKNOWN (an answer up to
    the unroll bound), the undecided ones, the violations (the tool's own
    --describe, in reverse report order)."""
    order = list(vocab.verdicts)
    return ([v for v in order if v in vocab.safe] + ["UNKNOWN-bounded"]
            + [v for v in reversed(order) if v in vocab.unsure]
            + [v for v in reversed(order) if v in vocab.violations])


def summarize_verdicts(text, vocab):
    """'SAFE' if every function line says SAFE, else the worst verdict seen.

    UNKNOWN answers that only mean "no violation up to the stated unroll
    bound" become UNKNOWN-bounded: an answer, as opposed to a timeout.
    """
    ranks = severity(vocab)
    vs = []
    for line in text.splitlines():
        m = VERDICT_RE.match(line)
        if m:
            v = m.group(2)
            if v == "UNKNOWN" and "bounded" in line and "timeout" not in line:
                v = "UNKNOWN-bounded"
            vs.append(v)
    if not vs:
        return None
    worst = max(vs, key=lambda v: ranks.index(v) if v in ranks else 0)
    return worst if len(set(vs)) == 1 else f"{worst}({vs.count(worst)}/{len(vs)})"


def locate(args):
    dirs = tools.candidate_bin_dirs(args.tools)
    mlir_opt = os.path.join(tools.LLVM_BIN, "mlir-opt")
    def with_pass(flag):
        return tools.find_tool("dealloc-opt", dirs,
                               lambda p: tools.has_pass(p, flag))
    found = {
        "upstream": mlir_opt, "upstream-obd": mlir_opt,
        "ref-pass": with_pass("--reference-buffer-deallocation "),
        "ref-pipeline": with_pass("--reference-buffer-deallocation-pipeline"),
        "run": tools.find_tool("dealloc-run", dirs),
        "verify": tools.find_tool("dealloc-verify", dirs),
    }
    found["verify-ref"] = found["verify"] if found["ref-pipeline"] else None
    return found


def command(tool, path, inp, outp, prog):
    if tool == "upstream":
        return [path, "--buffer-deallocation-pipeline", inp, "-o", outp]
    if tool == "upstream-obd":
        return [path, "--ownership-based-buffer-deallocation", inp, "-o", outp]
    if tool == "ref-pass":
        return [path, "--reference-buffer-deallocation", inp, "-o", outp]
    if tool == "ref-pipeline":
        return [path, "--reference-buffer-deallocation-pipeline", inp, "-o", outp]
    if tool == "run":
        return [path, inp, "--function", prog.function, "--input", prog.input]
    return [path, inp]  # verify, verify-ref: the tool's default timeout


def snapshot(found, work):
    """Copy the project's binaries once: other helpers rebuild them while a
    benchmark runs (a binary being relinked fails with exit code 126)."""
    import shutil
    copies, out = {}, {}
    for tool, path in found.items():
        if not path or path.startswith(tools.LLVM_BIN):
            out[tool] = path
            continue
        if path not in copies:
            d = os.path.join(work, "bin", str(len(copies)))
            os.makedirs(d)
            copies[path] = shutil.copy2(path, d)
        out[tool] = copies[path]
    for tool in list(out):
        if out[tool] and out[tool] != found[tool]:
            out[tool + "@source"] = found[tool]
            out[tool + "@built"] = time.strftime(
                "%Y-%m-%d %H:%M UTC", time.gmtime(os.path.getmtime(found[tool])))
    return out


OK_CODES = {"run": (0, 1, 2), "verify": (0, 1, 2), "verify-ref": (0, 1, 2)}


def measure_startup(found, work, timeout, repeats):
    """Wall and CPU seconds of each tool on an empty module."""
    empty = os.path.join(work, "empty.mlir")
    with open(empty, "w") as f:
        f.write("module {\n}\n")
    wall, cpu = {}, {}
    for tool, path in found.items():
        if not path or "@" in tool:
            continue
        argv = command(tool, path, empty, os.path.join(work, "empty.out.mlir"),
                       None) if tool != "run" else [path, empty]
        o = tools.timed(argv, timeout, repeats, ok_codes=(0, 1, 2))
        wall[tool] = o.seconds if o.status == "ok" else None
        cpu[tool] = o.cpu if o.status == "ok" else None
    return wall, cpu


def bench_size(shape, n, found, work, args, dead, old_row=None):
    """Measure every tool on one program; returns (row, problems).

    With --only, tools outside the set keep their record from `old_row`
    (the merged results file); their outputs are regenerated, untimed,
    when a measured tool needs them as input.
    """
    prog = shapes.generate(shape, n)
    inp = os.path.join(work, f"{shape}-{n}.mlir")
    with open(inp, "w") as f:
        f.write(prog.text)
    outs = {t: os.path.join(work, f"{shape}-{n}.{t}.mlir")
            for t in ("upstream", "upstream-obd", "ref-pass", "ref-pipeline")}
    row, problems = {}, []
    for tool in analysis.TOOLS:
        path = found.get(tool)
        if args.only and tool not in args.only and old_row and tool in old_row:
            row[tool] = old_row[tool]
            if tool in ("upstream", "ref-pipeline") and path and \
                    row[tool]["status"] == "ok":
                secs, rc, _, _ = tools.run_once(
                    command(tool, path, inp, outs[tool], prog), args.max_time * 2)
                if secs is None or rc != 0:
                    row[tool] = dict(row[tool], status="error",
                                     detail="could not regenerate output")
            continue
        if not path:
            row[tool] = tools.Outcome("not built").to_json()
            continue
        if tool in dead:
            row[tool] = tools.Outcome("skipped", detail=dead[tool]).to_json()
            continue
        target = inp
        if tool in ("run", "verify"):
            src = "upstream" if row["upstream"]["status"] == "ok" else "ref-pipeline"
            if tool == "verify":
                src = "upstream"
            if row[src]["status"] != "ok":
                row[tool] = tools.Outcome("no input", detail=f"{src} output missing").to_json()
                continue
            target = outs[src]
        elif tool == "verify-ref":
            if row["ref-pipeline"]["status"] != "ok":
                row[tool] = tools.Outcome("no input", detail="ref-pipeline output missing").to_json()
                continue
            target = outs["ref-pipeline"]
        argv = command(tool, path, target, outs.get(tool, os.devnull), prog)
        o = tools.timed(["nice", "-n", "10"] + argv if args.nice else argv,
                        args.max_time, args.repeat,
                        ok_codes=OK_CODES.get(tool, (0,)))
        rec = o.to_json()
        if tool in ("run",):
            rec["input_from"] = "upstream" if target == outs["upstream"] else "ref-pipeline"
        if tool in ("run", "verify", "verify-ref") and o.status == "ok":
            rec["verdict"] = summarize_verdicts(o.stdout, toolclient.describe(argv[0]))
        row[tool] = rec
        if o.status == "timeout":
            dead[tool] = f"N={n} did not finish in {args.max_time:g} s"
        if o.status == "error" and tool == "upstream":
            problems.append(f"{shape} N={n}: upstream pipeline rejected the program: {o.detail}")
    return row, problems


def check_valid(shape, n, row, work):
    """Generated programs must be deterministic and valid: upstream's
    pipeline accepts them (checked in bench_size); when it did not finish,
    the program must at least parse and verify."""
    problems = []
    prog = shapes.generate(shape, n).text
    if prog != shapes.generate(shape, n).text:
        problems.append(f"{shape} N={n}: generator is not deterministic")
    if row["upstream"]["status"] != "ok":
        p = os.path.join(work, f"{shape}-{n}.mlir")
        _, rc, _, err = tools.run_once(
            [os.path.join(tools.LLVM_BIN, "mlir-opt"), p, "-o", os.devnull], 120)
        if rc != 0:
            problems.append(f"{shape} N={n}: does not parse: {err.strip()[:300]}")
    return problems


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, smoke run")
    ap.add_argument("--shapes", help="comma-separated subset of shapes")
    ap.add_argument("--sizes", help="comma-separated sizes (overrides the series)")
    ap.add_argument("--max-time", type=float, default=None,
                    help="per-run timeout in seconds (default 60, quick 5)")
    ap.add_argument("--repeat", type=int, default=None,
                    help="best of K runs (default 3, quick 1)")
    ap.add_argument("--tools", help="directory with dealloc-opt/-run/-verify")
    ap.add_argument("--label", help="results name: bench/results/LABEL.json")
    ap.add_argument("--merge", action="store_true",
                    help="update the shapes run in an existing LABEL.json")
    ap.add_argument("--only", help="with --merge: re-measure only these tools "
                    f"({','.join(analysis.TOOLS)}), keep the others' records")
    ap.add_argument("--no-nice", dest="nice", action="store_false")
    args = ap.parse_args(argv)
    args.max_time = args.max_time or (5.0 if args.quick else 60.0)
    args.repeat = args.repeat or (1 if args.quick else 3)
    series = QUICK_SIZES if args.quick else FULL_SIZES
    args.only = set(args.only.split(",")) if args.only else None
    if args.only and (not args.merge or args.only - set(analysis.TOOLS)):
        sys.stderr.write("run.py: error: --only needs --merge and known tools\n")
        return 2
    names = args.shapes.split(",") if args.shapes else list(series)
    for s in names:
        if s not in series:
            sys.stderr.write(f"run.py: error: unknown shape '{s}'\n")
            return 2
    label = args.label or ("quick" if args.quick else "full")
    out_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
    out = os.path.join(out_dir, label + ".json")
    previous = None
    if args.merge and os.path.exists(out):
        with open(out) as f:
            previous = json.load(f)
    found = locate(args)
    work = tempfile.mkdtemp(prefix="dealloc-bench-")
    found = snapshot(found, work)
    startup, startup_cpu = measure_startup(found, work, args.max_time, args.repeat)
    results = {"label": label,
               "max_time": args.max_time, "repeat": args.repeat,
               "tools": found, "startup": startup, "shapes": {},
               "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    sys.stdout.flush()
    print("tools:")
    for t in analysis.TOOLS:
        print(f"  {analysis.HEADERS[t]:18} {found.get(t + '@source', found.get(t)) or 'not built'}"
              + (f"  (built {found[t + '@built']})" if found.get(t + '@built') else "")
              + (f"  (start-up {startup[t]:.3f} s)" if startup.get(t) else ""))
    problems = []
    for shape in names:
        sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else series[shape]
        res = {"sizes": sizes, "rows": {}, "tools": found, "startup": startup,
               "startup_cpu": startup_cpu,
               "date": results["date"]}
        dead = {}
        for n in sizes:
            old_row = (previous or {}).get("shapes", {}).get(shape, {}).get(
                "rows", {}).get(str(n))
            row, probs = bench_size(shape, n, found, work, args, dead, old_row)
            res["rows"][str(n)] = row
            problems += probs + check_valid(shape, n, row, work)
            sys.stderr.write(f"  {shape} N={n} done\n")
        res["fits"] = {t: analysis.fit(res, t, startup) for t in analysis.TOOLS}
        res["targets"] = analysis.targets(shape, res, startup)
        results["shapes"][shape] = res
        print(f"\n## {shape}  (seconds; ratio vs upstream pipeline; DNF = did not finish)\n")
        print(analysis.table(shape, res, startup, analysis.TOOLS))
        print()
        for issue, name, verdict, why in res["targets"]:
            print(f"  [{verdict:4}] issue {issue}: {name}: {why}")
        sys.stdout.flush()
    results["problems"] = problems
    os.makedirs(out_dir, exist_ok=True)
    if previous:
        old = previous
        old["shapes"].update(results["shapes"])
        old["problems"] = old.get("problems", []) + problems
        results = old
    with open(out, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    print(f"\nresults: {out}")
    if problems:
        print("\nINVALID programs:\n  " + "\n  ".join(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Command line of dealloc-harness.

  fuzz --impl CMD [--time T | --count N] [--seed S] [-j N] [--out DIR]
       [--scheduler ADDR|local] [--regressions DIR] [--tools DIR]
  conformance --impl CMD [DIRS...] [--out DIR]
  report [DIR]
  reduce RECORD.json [--budget N]
  bench --impl CMD [--count N] [--seed S] [--compare] [--no-server]

Exit codes: 0 no finding, 1 findings (fuzz: any; conformance: about the
implementation), 2 usage error or nothing could be checked.
"""

import argparse
import json
import os
import shlex
import sys

from . import check, report as report_mod, tools as tools_mod

DEFAULT_IMPL = f"{tools_mod.MLIR_OPT} --buffer-deallocation-pipeline"
CHECKS = ("run", "verify", "equiv")
# The tools each check needs (equiv compares with the reference pipeline's
# output).
CHECK_TOOLS = {"run": ("dealloc-run",), "verify": ("dealloc-verify",),
               "equiv": ("dealloc-verify", "dealloc-opt")}


class UsageError(Exception):
    """Bad arguments or input files: a message, exit code 2."""


def _number(kind, minimum, strict=False):
    """argparse type: a number of type `kind` that is >= `minimum` (> with
    `strict`); a bad one is a usage error (exit 2)."""
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not (value > minimum if strict else value >= minimum):   # NaN too
            raise argparse.ArgumentTypeError(
                f"must be {'>' if strict else '>='} {minimum}: {text!r}")
        return value
    return parse


POSITIVE, NATURAL = _number(int, 1), _number(int, 0)
SECONDS = _number(float, 0, strict=True)


def _common(p):
    # None: not given (reduce then takes the record's implementation).
    p.add_argument("--impl", default=None,
                   help="implementation command (split like a shell; the input "
                        "file is appended; the deallocated module on stdout); "
                        f"default: {DEFAULT_IMPL}")
    p.add_argument("--tools", help="directory with dealloc-opt, dealloc-run, "
                   "dealloc-verify (default: $DEALLOC_TOOLS or build/bin)")
    p.add_argument("--out", default="dealloc-harness-out",
                   help="report directory (report.json, report.md, junit.xml)")
    p.add_argument("--timeout", type=SECONDS, default=30.0,
                   help="per-program timeout of the implementation, seconds")
    p.add_argument("--memory-mb", type=POSITIVE, default=2048,
                   help="address-space limit of the implementation, MiB")
    p.add_argument("--verify-timeout-ms", type=POSITIVE, default=20000)
    p.add_argument("--checks", default="run,verify,equiv",
                   help="comma-separated subset of run,verify,equiv")
    p.add_argument("--no-server", action="store_true",
                   help="run every tool call as its own process even when "
                   "dealloc-check is built (slower; for comparison)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress")


def _parser():
    ap = argparse.ArgumentParser(prog="dealloc-harness", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    fz = sub.add_parser("fuzz", help="generate programs and check an implementation")
    _common(fz)
    budget = fz.add_mutually_exclusive_group()
    budget.add_argument("--count", type=NATURAL, help="number of programs")
    budget.add_argument("--time", type=SECONDS, help="seconds of generation")
    fz.add_argument("--seed", type=int, default=0)
    fz.add_argument("-j", "--jobs", type=NATURAL, default=1)
    fz.add_argument("--scheduler", help="Dask scheduler address, or `local`")
    fz.add_argument("--regressions", help="where shrunk findings go "
                    "(default: corpus/regressions of this checkout)")
    fz.add_argument("--shrink-budget", type=NATURAL, default=60,
                    help="max checks per shrunk finding")
    fz.add_argument("--shrink-per-class", type=NATURAL, default=2,
                    help="programs shrunk per (kind, verdict)")
    fz.add_argument("--stop-after", type=POSITIVE,
                    help="stop generating after this many programs with findings")
    cf = sub.add_parser("conformance", help="check an implementation on a corpus")
    _common(cf)
    cf.add_argument("dirs", nargs="*", help="corpus folders or files "
                    "(default: corpus/ of this checkout)")
    rp = sub.add_parser("report", help="print the report of a previous run")
    rp.add_argument("dir", nargs="?", default="dealloc-harness-out")
    rp.add_argument("--json", action="store_true")
    rd = sub.add_parser("reduce", help="shrink a recorded finding further "
                        "(its .json record) and rewrite its reproducer")
    _common(rd)
    rd.add_argument("record", help="finding record (.json) written by fuzz")
    rd.add_argument("--budget", type=NATURAL, default=200)
    rd.add_argument("--into", help="directory for the result (default: the "
                    "record's directory)")
    bn = sub.add_parser("bench", help="time split of the checks vs. the "
                        "implementation alone")
    _common(bn)
    bn.add_argument("--count", type=NATURAL, default=20)
    bn.add_argument("--seed", type=int, default=0)
    bn.add_argument("--compare", action="store_true",
                    help="measure both modes (dealloc-check jobs and a process "
                    "per tool call) on the same programs")
    return ap


def _config(args):
    if args.impl is None:
        args.impl = DEFAULT_IMPL
    try:
        impl = shlex.split(args.impl)
    except ValueError as exc:
        raise UsageError(f"--impl {args.impl!r}: {exc}") from None
    if not impl:
        raise UsageError("--impl is empty")
    # The implementation runs in a temporary directory: arguments naming
    # files relative to the caller's directory are made absolute.
    impl = [os.path.abspath(a) if not a.startswith("-") and
            ("/" in a or n > 0) and os.path.exists(a) else a
            for n, a in enumerate(impl)]
    checks = tuple(c for c in args.checks.split(",") if c)
    bad = [c for c in checks if c not in CHECKS]
    if bad or not checks:
        raise UsageError(f"--checks {args.checks!r}: expected a comma-separated "
                         f"subset of {','.join(CHECKS)}")
    if args.tools and not os.path.isdir(args.tools):
        raise UsageError(f"--tools {args.tools}: no such directory")
    paths = tools_mod.locate(args.tools)
    if not any(all(paths.get(t) for t in CHECK_TOOLS[c]) for c in checks):
        where = args.tools or os.environ.get("DEALLOC_TOOLS") or "build/bin"
        raise UsageError(f"nothing could be checked: the tools of the checks "
                         f"{','.join(checks)} are not built (looked in {where})")
    tools = tools_mod.Tools(paths, timeout=max(60.0, args.verify_timeout_ms / 1000 * 3),
                            verify_timeout_ms=args.verify_timeout_ms,
                            use_server=not args.no_server)
    missing = [n for n, p in paths.items() if not p and n != "dealloc-check"]
    if missing and not args.quiet:
        print(f"[dealloc-harness] not built: {', '.join(missing)} — their checks "
              "are reported as not run", file=sys.stderr)
    return check.Config(impl=impl, tools=tools, timeout=args.timeout,
                        memory=args.memory_mb * 1024 * 1024, checks=checks)


def _output_dir(path, option, create=True):
    """Check (and create) an output directory before any work is done, so
    that a bad path does not lose a finished run."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{option} {path}: exists and is not a directory")
    if create:
        try:
            os.makedirs(path, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"{option} {path}: {exc.strerror}") from None


def _summary(rep):
    print(report_mod.markdown(rep), end="")


def cmd_fuzz(args):
    from .campaign import Campaign, run
    if args.count is None and args.time is None:
        args.count = 100
    cfg = _config(args)
    _output_dir(args.out, "--out")
    if args.regressions:
        _output_dir(args.regressions, "--regressions", create=False)
    camp = Campaign(cfg=cfg, seed=args.seed, count=args.count,
                    time_limit=args.time, jobs=args.jobs, scheduler=args.scheduler,
                    out=args.out, regressions=args.regressions,
                    shrink_budget=args.shrink_budget,
                    shrink_per_class=args.shrink_per_class,
                    stop_after=args.stop_after, progress=not args.quiet)
    rep = run(camp)
    _summary(rep)
    if rep["programs"] == 0:
        return 2
    return 1 if rep["findings"] else 0


def cmd_conformance(args):
    from . import conformance
    dirs = args.dirs or [os.path.join(tools_mod.REPO, "corpus")]
    missing = [d for d in dirs if not os.path.exists(d)]
    if missing:
        raise UsageError(f"no such corpus folder or file: {', '.join(missing)}")
    cfg = _config(args)
    _output_dir(args.out, "--out")
    rep = conformance.run(cfg.impl, cfg.tools, dirs, args.out, timeout=args.timeout,
                          progress=not args.quiet)
    _summary(rep)
    if rep["programs"] == 0:
        return 2
    return 1 if rep["implementation_findings"] else 0


def cmd_report(args):
    try:
        rep = report_mod.load(args.dir)
    except (OSError, ValueError) as exc:
        print(f"dealloc-harness: no report in {args.dir}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rep, indent=1, sort_keys=True))
    else:
        _summary(rep)
    return 1 if rep["findings"] else 0


def cmd_bench(args):
    from . import bench
    cfg = _config(args)
    _output_dir(args.out, "--out")
    if args.compare:
        if not cfg.tools.serving:
            print("dealloc-harness: --compare needs dealloc-check (built next to "
                  "the other tools)", file=sys.stderr)
            return 2
        args.no_server = True
        result = bench.compare(cfg, _config(args), args.seed, args.count)
    else:
        res = bench.measure(cfg, args.seed, args.count)
        result = {res["mode"]: res}
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "bench.json"), "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
    print(json.dumps(result, indent=1, sort_keys=True))
    if not args.quiet:
        print(bench.table(result), file=sys.stderr)
    return 0


RECORD_FIELDS = {"seed": int, "index": int, "choices": str, "kind": str,
                 "verdict": str}


def _record(path):
    """A finding record written by fuzz, or a UsageError saying what is wrong."""
    try:
        with open(path) as f:
            rec = json.load(f)
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror}") from None
    except ValueError as exc:   # not UTF-8, not JSON
        raise UsageError(f"{path}: not a finding record (JSON): {exc}") from None
    if not isinstance(rec, dict):
        raise UsageError(f"{path}: not a finding record (a JSON object)")
    bad = [k for k, kind in RECORD_FIELDS.items() if not isinstance(rec.get(k), kind)]
    impl = rec.get("implementation")
    if impl and not (isinstance(impl, list) and all(isinstance(a, str) for a in impl)):
        bad.append("implementation")
    try:
        bytes.fromhex(rec.get("choices") or "")
    except (TypeError, ValueError):
        bad.append("choices")
    if bad:
        raise UsageError(f"{path}: not a finding record: missing or invalid "
                         f"{', '.join(sorted(set(bad)))}")
    return rec


def cmd_reduce(args):
    from . import findings, generate
    from .campaign import shrink_one
    rec = _record(args.record)
    if args.into:
        _output_dir(args.into, "--into", create=False)
    if args.impl is None and rec.get("implementation"):
        args.impl = shlex.join(rec["implementation"])
    cfg = _config(args)
    prog = generate.program_from_choices(rec["seed"], rec["index"],
                                         bytes.fromhex(rec["choices"]))
    if rec.get("text") and prog.text != rec["text"]:
        print("dealloc-harness: this record was made by another generator "
              "version; its choice buffer no longer decodes to its program",
              file=sys.stderr)
        return 2
    res = shrink_one(rec["seed"], rec["index"], rec["kind"], rec["verdict"], cfg,
                     args.budget, start=prog)
    if res["outcome"] is None:
        print("dealloc-harness: the finding no longer reproduces", file=sys.stderr)
        return 1
    sig = findings.signature(res["outcome"], res["program"].text)
    into = args.into or os.path.dirname(os.path.abspath(args.record))
    path = findings.write(into, sig, res["outcome"], res["program"], cfg.impl,
                          f"{rec.get('origin', '')}; reduced with {res['calls']} "
                          "more checks")
    print(path)
    return 0


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        return {"fuzz": cmd_fuzz, "conformance": cmd_conformance,
                "report": cmd_report, "bench": cmd_bench,
                "reduce": cmd_reduce}[args.command](args)
    except UsageError as exc:
        print(f"dealloc-harness {args.command}: {exc}", file=sys.stderr)
        return 2

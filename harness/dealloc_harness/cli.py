"""Command line of dealloc-harness.

  fuzz --impl CMD [--time T | --count N] [--seed S] [-j N] [--out DIR]
       [--scheduler ADDR|local] [--regressions DIR] [--tools DIR]
  conformance --impl CMD [FILES-OR-DIRS...] [--out DIR]
  report [DIR]
  reduce RECORD.json [--budget N]
  show --seed S --index I
  bench --impl CMD [--count N] [--seed S] [--compare] [--no-server]

The question (spec/pipeline.md [pipeline.conformance]): the output must be
safe and keep the interface (every public function, still public). A safe
difference from the reference pipeline is reported, not a failure, unless
--require-equivalence. Everything is written under --out (reproducers in
OUT/reproducers with OUT/lit.cfg.py); --regressions DIR also copies the
reproducers there.

Exit codes of fuzz, conformance and report:
  0  every case was checked, decided, and conforms
  1  an implementation finding
  2  usage error (bad arguments, missing --impl binary), or nothing to check
  3  no implementation finding, but not every case was decided (unsupported,
     unknown, a check not run, a failure of the harness's own tools, an
     interrupted run): the report lists each case and why
  4  environment error: a report, finding or reproducer could not be
     written (disk full, read-only --out); the run stopped, files written
     before are intact (each is replaced whole or not at all)
SIGTERM is an interrupt like Ctrl-C: the report of what was found so far,
marked interrupted, and no process of the run left behind.
"""

import argparse
import json
import os
import shlex
import sys

from . import atomicio, check, interrupt, report as report_mod, tools as tools_mod
from . import options, questions, stage_check
from .options import DEFAULT_IMPL, UsageError


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
    p.add_argument("--impl-shell", metavar="SCRIPT", default=None,
                   help="implementation as a shell command (bash -o pipefail "
                        "-c SCRIPT; the input file is \"$1\"), for pipelines "
                        "and redirections: --impl runs without a shell")
    p.add_argument("--free-function", action="append", default=[], metavar="NAME",
                   help="a runtime free function of the implementation: its "
                   "calls in the output are read as memref.dealloc "
                   "(free_calls.py; repeatable)")
    p.add_argument("--tools", help="directory with dealloc-opt, dealloc-run, "
                   "dealloc-verify (default: $DEALLOC_TOOLS or build/bin)")
    p.add_argument("--load-dialect-plugin", action="append", default=[],
                   metavar="LIB", help="dialect plugin library passed to "
                   "mlir-opt (also the default --impl) and every tool "
                   "(repeatable; a custom --impl takes it itself)")
    p.add_argument("--out", default="dealloc-harness-out",
                   help="report directory (report.json, report.md, junit.xml)")
    p.add_argument("--timeout", type=SECONDS, default=30.0,
                   help="per-program timeout of the implementation, seconds")
    p.add_argument("--memory-mb", type=POSITIVE, default=2048,
                   help="address-space limit of the implementation, MiB")
    p.add_argument("--verify-timeout-ms", type=POSITIVE, default=20000)
    p.add_argument("--checks", default="run,verify,equiv",
                   help="comma-separated subset of run,verify,equiv")
    p.add_argument("--require-equivalence", action="store_true",
                   help="a safe difference from the reference pipeline is a "
                   "finding (default: reported, not a failure)")
    p.add_argument("--no-server", action="store_true",
                   help="run every tool call as its own process even when "
                   "dealloc-check is built (slower; for comparison)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress")


def _baseline_options(p):
    p.add_argument("--baseline", metavar="FILE",
                   help="known findings (a file written by --write-baseline): "
                   "they are listed, not failures; new ones fail; entries not "
                   "seen are reported (docs/conformance-reference.md#baseline)")
    p.add_argument("--write-baseline", metavar="FILE",
                   help="write this run's findings to FILE as known findings "
                   "(entries of other campaigns in FILE are kept)")


def _parser():
    ap = argparse.ArgumentParser(prog="dealloc-harness", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    fz = sub.add_parser("fuzz", help="generate programs and check an implementation")
    _common(fz)
    budget = fz.add_mutually_exclusive_group()
    budget.add_argument("--count", type=NATURAL, help="number of programs")
    budget.add_argument("--time", type=SECONDS, help="seconds of generation")
    _baseline_options(fz)
    fz.add_argument("--seed", type=int, default=0)
    fz.add_argument("-j", "--jobs", type=POSITIVE, default=1)
    fz.add_argument("--scheduler", help="Dask scheduler address, or `local`")
    fz.add_argument("--regressions", help="also copy the shrunk findings' "
                    "reproducers into this folder (default: only OUT/reproducers)")
    fz.add_argument("--shrink-budget", type=NATURAL, default=60,
                    help="max checks per shrunk finding")
    fz.add_argument("--shrink-per-class", type=NATURAL, default=2,
                    help="programs shrunk per (kind, verdict)")
    fz.add_argument("--stop-after", type=POSITIVE,
                    help="stop generating after this many programs with findings")
    fz.add_argument("--stage", help="fuzz one stage after the ownership pass "
                    "on generated IR with bufferization.dealloc: "
                    "buffer-deallocation-simplification (simplify), "
                    "bufferization-lower-deallocations (lower) or canonicalize; "
                    "--impl defaults to upstream mlir-opt running that pass "
                    "(stage_check.py)")
    cf = sub.add_parser("conformance", help="check an implementation on a corpus")
    _common(cf)
    _baseline_options(cf)
    cf.add_argument("dirs", nargs="*", help=".mlir files and folders: plain "
                    "programs or lit tests (default: corpus/ of this checkout)")
    rp = sub.add_parser("report", help="print the report of a previous run")
    rp.add_argument("dir", nargs="?", default="dealloc-harness-out")
    rp.add_argument("--json", action="store_true")
    rd = sub.add_parser("reduce", help="shrink a recorded finding further "
                        "(its .json record) and rewrite its reproducer, or "
                        "reduce a .mlir file under a predicate")
    _common(rd)
    rd.add_argument("record", help="finding record (.json) written by fuzz or "
                    "conformance, or a .mlir file (with --predicate or --kind)")
    rd.add_argument("--budget", type=NATURAL, default=200)
    rd.add_argument("--into", help="directory for the result (default: the "
                    "record's directory; a .mlir file's result goes to stdout)")
    rd.add_argument("--predicate", help="for a .mlir file: a command that exits 0 "
                    "on an interesting candidate (the candidate file appended)")
    rd.add_argument("--kind", help="for a .mlir file: the finding kind the checks "
                    "of --impl must keep finding (e.g. impl-crash)")
    rd.add_argument("--verdict", help="with --kind: the verdict too (e.g. LEAK)")
    sh = sub.add_parser("show", help="print a generated program")
    sh.add_argument("--seed", type=int, required=True)
    sh.add_argument("--index", type=NATURAL, required=True)
    sh.add_argument("--source", action="store_true",
                    help="print a tensor-level program before bufferization")
    bn = sub.add_parser("bench", help="time split of the checks vs. the "
                        "implementation alone")
    _common(bn)
    bn.add_argument("--count", type=POSITIVE, default=20)
    bn.add_argument("--seed", type=int, default=0)
    bn.add_argument("--compare", action="store_true",
                    help="measure both modes (dealloc-check jobs and a process "
                    "per tool call) on the same programs")
    return ap


def _summary(rep):
    try:
        print(report_mod.markdown(rep), end="")
        sys.stdout.flush()
    except BrokenPipeError:         # `fuzz ... | head`: the files are written
        _quiet_stdout()


def _baseline(args):
    """Read --baseline and check --write-baseline's folder before the run
    (a bad file is a usage error now, not after the run); returns the
    function that applies them to the finished report and rewrites it."""
    from . import baseline, junit
    entries = None
    if args.baseline:
        try:
            entries = baseline.load(args.baseline)
        except baseline.BaselineError as exc:
            raise UsageError(f"--baseline {exc}") from None
    if args.write_baseline:
        if os.path.isdir(args.write_baseline):
            raise UsageError(f"--write-baseline {args.write_baseline}: is a directory")
        options.output_dir(os.path.dirname(os.path.abspath(args.write_baseline)),
                    "--write-baseline", create=False)
        if os.path.exists(args.write_baseline):
            try:
                baseline.load(args.write_baseline)
            except baseline.BaselineError as exc:
                raise UsageError(f"--write-baseline {exc} (not overwritten)") from None

    def finish(rep):
        if entries is not None:
            baseline.apply(rep, args.baseline, entries)
            junit.mark_known(rep)
            report_mod.recount(rep)
            report_mod.write(args.out, rep)
        if args.write_baseline:
            if rep.get("interrupted"):
                print(f"dealloc-harness: {args.write_baseline} not written: the "
                      "run was interrupted", file=sys.stderr)
            else:
                n = baseline.write(args.write_baseline, rep)
                print(f"dealloc-harness: {n} findings written to "
                      f"{args.write_baseline}", file=sys.stderr)
        return rep
    return finish


def _question(args):
    """The campaign's question (questions.py): one stage after the
    ownership pass (--stage, whose --impl defaults to upstream's pass) or
    the whole pipeline."""
    if not args.stage:
        return questions.WholePipeline(options.config(args))
    stage = stage_check.stage_name(args.stage)
    if stage is None:
        names = set(stage_check.STAGES) | set(stage_check.ALIASES)
        raise UsageError(f"--stage {args.stage!r}: expected one of "
                         f"{', '.join(sorted(names))}")
    if args.impl is None and args.impl_shell is None:
        args.impl = shlex.join(stage_check.default_impl(stage))
    base = options.config(args)
    return questions.OneStage(stage_check.StageConfig(
        stage=stage, impl=base.impl, tools=base.tools, timeout=base.timeout,
        memory=base.memory))


def cmd_fuzz(args):
    from .campaign import Campaign, run
    interrupt.install()     # a Ctrl-C from now on gives a report
    if args.count is None and args.time is None:
        args.count = 100
    finish = _baseline(args)
    question = _question(args)
    options.output_dir(args.out, "--out")
    if args.regressions:
        options.output_dir(args.regressions, "--regressions", create=False)
    executor = options.executor(args)
    camp = Campaign(question=question, seed=args.seed, count=args.count,
                    time_limit=args.time, jobs=args.jobs, scheduler=args.scheduler,
                    out=args.out, regressions=args.regressions,
                    shrink_budget=args.shrink_budget,
                    shrink_per_class=args.shrink_per_class,
                    stop_after=args.stop_after, progress=not args.quiet,
                    executor=executor)
    rep = finish(run(camp))
    _summary(rep)
    return rep["exit_code"]


def cmd_conformance(args):
    from . import conformance
    interrupt.install()
    dirs = args.dirs or [os.path.join(tools_mod.REPO, "corpus")]
    missing = [d for d in dirs if not os.path.exists(d)]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    finish = _baseline(args)
    cfg = options.config(args)
    options.output_dir(args.out, "--out")
    rep = finish(conformance.run(cfg, dirs, args.out, progress=not args.quiet))
    _summary(rep)
    return rep["exit_code"]


def cmd_report(args):
    try:
        rep = report_mod.load(args.dir)
    except (OSError, ValueError) as exc:
        print(f"dealloc-harness: no report in {args.dir}: {exc}", file=sys.stderr)
        return 2
    code = rep.get("exit_code", report_mod.exit_code(rep))
    try:
        if args.json:
            print(json.dumps(rep, indent=1, sort_keys=True))
        else:
            _summary(rep)
        sys.stdout.flush()
    except BrokenPipeError:         # `report --json | head`: not an error
        _quiet_stdout()
    return code


def _quiet_stdout():
    """After a closed pipe: stdout to /dev/null, so that Python's flush at
    exit does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def cmd_show(args):
    from . import generate
    prog = generate.program(args.seed, args.index)
    if args.source and prog.level != "tensor":
        print(f"dealloc-harness show: program {args.index} of seed {args.seed} "
              "is memref-level (no tensor source)", file=sys.stderr)
        return 2
    sys.stdout.write(prog.source if args.source else prog.text)
    return 0


def cmd_bench(args):
    from . import bench
    cfg = options.config(args)
    options.output_dir(args.out, "--out")
    if args.compare:
        if not cfg.tools.serving:
            print("dealloc-harness: --compare needs dealloc-check (built next to "
                  "the other tools)", file=sys.stderr)
            return 2
        args.no_server = True
        result = bench.compare(cfg, options.config(args), args.seed, args.count)
    else:
        res = bench.measure(cfg, args.seed, args.count)
        result = {res["mode"]: res}
    atomicio.write_text(os.path.join(args.out, "bench.json"),
                        json.dumps(result, indent=1, sort_keys=True))
    print(json.dumps(result, indent=1, sort_keys=True))
    if not args.quiet:
        print(bench.table(result), file=sys.stderr)
    return 0


RECORD_FIELDS = {"kind": str, "verdict": str}


def _record(path):
    """A finding record (fuzz or conformance), or a UsageError saying what
    is wrong. A record without a usable choice buffer needs its "text"."""
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
    has_choices = bool(rec.get("choices")) and isinstance(rec.get("seed"), int) \
        and isinstance(rec.get("index"), int)
    if not has_choices and not isinstance(rec.get("text"), str):
        bad.append("text")
    from .tidy import MODES
    if rec.get("tidy", "") not in MODES:
        bad.append("tidy")
    if bad:
        raise UsageError(f"{path}: not a finding record: missing or invalid "
                         f"{', '.join(sorted(set(bad)))}")
    return rec


def _predicate_command(args):
    """interesting(text) of `--predicate CMD`: CMD with the candidate file
    appended exits 0."""
    from . import process
    try:
        argv = [options.absolute(a, n) for n, a in enumerate(shlex.split(args.predicate))]
    except ValueError as exc:
        raise UsageError(f"--predicate {args.predicate!r}: {exc}") from None
    if not argv:
        raise UsageError("--predicate is empty")
    options.check_executable(argv[0])
    return lambda text: process.run(argv, text, timeout=args.timeout).ok


def _finding_predicate(cfg, kind, verdict):
    def interesting(text):
        return check.check(text, cfg, wanted=kind).entry(kind, verdict) is not None
    return interesting


def cmd_reduce(args):
    """Shrink a recorded finding further: with its campaign's question (a
    stage record's is its stage's) and the same shrinker (campaign.py)."""
    from . import generate, textreduce
    from .campaign import shrink_one
    from .generate import Program
    if args.into:
        options.output_dir(args.into, "--into")
    if args.record.endswith(".mlir"):
        return _reduce_file(args)
    rec = _record(args.record)
    if args.impl is None and rec.get("implementation"):
        args.impl = shlex.join(rec["implementation"])
    args.stage = rec.get("stage") if rec.get("family") == "stage" else None
    question = _question(args)
    kind, verdict = rec["kind"], rec["verdict"]
    prog = None
    if rec.get("choices") and isinstance(rec.get("seed"), int):
        prog = generate.program_from_choices(rec["seed"], rec["index"],
                                             bytes.fromhex(rec["choices"]),
                                             tidy=rec.get("tidy", ""),
                                             family=question.family)
        if rec.get("text") and prog.text != rec["text"]:
            # Another generator version, or a program cleaned after
            # shrinking: its text is reduced instead.
            prog = None
    if prog is not None:
        res = shrink_one(rec["seed"], rec["index"], kind, verdict, question,
                         args.budget, start=prog)
        outcome, prog, calls = res["outcome"], res["program"], res["calls"]
    else:
        # A stage's level says if the input is safe by construction; a
        # text of the whole pipeline is memref-level (no tensor source).
        level = (rec.get("level") or "stage") if question.family == "stage" else "memref"
        text, calls = textreduce.reduce(
            rec["text"], lambda t: question.check(t, level, kind).entry(kind, verdict)
            is not None, args.budget)
        outcome = question.check(text, level).entry(kind, verdict)
        prog = Program(rec.get("seed") or 0, rec.get("index") or 0, level, text)
    if outcome is None:
        print("dealloc-harness: the finding no longer reproduces", file=sys.stderr)
        return 1
    into = args.into or os.path.dirname(os.path.abspath(args.record))
    question.lit_config(into, own=False)
    path = question.save(into, question.signature(outcome, prog.text), outcome, prog,
                         f"{rec.get('origin', '')}; reduced with {calls} more checks")
    print(path)
    return 0


def _reduce_file(args):
    """reduce FILE.mlir with --predicate CMD, or with --kind/--verdict (the
    checks of --impl must still find that finding)."""
    from . import conformance, textreduce
    text, why = conformance.read(args.record)
    if text is None:
        raise UsageError(f"{args.record}: {why}")
    if args.predicate:
        interesting = _predicate_command(args)
    elif args.kind:
        cfg = options.config(args)
        if "dealloc.site" not in text:
            from .mlir_text import annotate_sites
            text = annotate_sites(text)
        interesting = _finding_predicate(cfg, args.kind, args.verdict or "")
        if not args.verdict:
            interesting = (lambda k: lambda t: bool(
                [f for f in check.check(t, cfg, wanted=k).findings() if f[0] == k]))(
                    args.kind)
    else:
        raise UsageError("reducing a .mlir file needs --predicate CMD or --kind KIND")
    if not interesting(text):
        print("dealloc-harness: the file is not interesting to begin with "
              "(the predicate does not hold)", file=sys.stderr)
        return 1
    small, calls = textreduce.reduce(text, interesting, args.budget)
    if args.into:
        path = os.path.join(args.into, os.path.basename(args.record))
        atomicio.write_text(path, small)
        print(path)
    else:
        sys.stdout.write(small)
    print(f"dealloc-harness: reduced {len(text.splitlines())} -> "
          f"{len(small.splitlines())} lines with {calls} checks", file=sys.stderr)
    return 0


def main(argv=None):
    args = _parser().parse_args(argv)
    atomicio.forget_failures()
    code = None
    try:
        code = {"fuzz": cmd_fuzz, "conformance": cmd_conformance,
                "report": cmd_report, "bench": cmd_bench,
                "reduce": cmd_reduce, "show": cmd_show}[args.command](args)
    except UsageError as exc:
        print(f"dealloc-harness {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The summary into a closed pipe: the report files are written.
        _quiet_stdout()
        return 0
    except atomicio.WriteError:
        pass    # remembered in atomicio.failures()
    except OSError as exc:
        if exc.errno not in atomicio.ENVIRONMENT_ERRNOS:
            raise
        print(f"dealloc-harness {args.command}: environment error: {exc}",
              file=sys.stderr)
        return atomicio.ENVIRONMENT_ERROR
    # A failed write ends the run with its own exit code (not a finding's,
    # whatever the report could still say).
    for message in atomicio.failures():
        print(f"dealloc-harness {args.command}: environment error: {message}",
              file=sys.stderr)
    return atomicio.ENVIRONMENT_ERROR if atomicio.failures() else code

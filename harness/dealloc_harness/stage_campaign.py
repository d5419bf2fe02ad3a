"""A fuzz campaign of one stage after the ownership pass
(`dealloc-harness fuzz --stage NAME`): generate stage inputs
(gen_stages.py), check the stage on each (stage_check.py), shrink and save
the findings, write the report.

Like the whole-pipeline campaign it is deterministic (program i of seed S is
a pure function of (S, i); results are consumed in index order; shrinking is
bounded and deterministic) and loses nothing on interruption (raw findings
are written as they arrive, the report in a `finally`). Nothing is written
outside `--out` unless `--regressions DIR` is given:

  OUT/report.json, OUT/report.md   counts per class, findings, unsure reasons
  OUT/raw/                         the first programs of each finding class
  OUT/findings/<sig>.mlir, .json   shrunk stage findings: lit tests whose RUN
                                   lines pass while the finding reproduces
                                   (OUT/findings/lit.cfg.py finds the tools)
  OUT/ours/<sig>.mlir, .json       inputs our tools or generator got wrong
"""

import itertools
import json
import os
import re
import sys
import time
from dataclasses import dataclass

from . import findings as findings_mod, generate, interrupt, shrink, tools as tools_mod
from .scheduler import make_executor
from .stage_check import ALIASES, OURS, STAGES, check_stage
from .stage_repro import save as _save

SHAPE = [("alloc", r"memref\.alloc\("), ("alloca", r"memref\.alloca\("),
         ("clone", r"bufferization\.clone"), ("select", r"arith\.select .*memref"),
         ("base", r"extract_strided_metadata"),
         ("view", r"memref\.(cast|reinterpret_cast)"),
         ("retain", r"bufferization\.dealloc.* retain"),
         ("if", r"scf\.if"), ("call", r"func\.call"),
         ("twice", r"-> \(memref<4xf32>, i1, memref<4xf32>, i1\)")]


STAGE_NAMES = set(STAGES) | set(ALIASES)


@dataclass
class StageCampaign:
    cfg: object                     # stage_check.StageConfig
    seed: int = 0
    count: int = None
    time_limit: float = None
    jobs: int = 1
    scheduler: str = None
    out: str = "dealloc-harness-out"
    regressions: str = None
    shrink_budget: int = 60
    shrink_per_class: int = 2
    stop_after: int = None
    progress: bool = True


def check_range(seed, start, stop, cfg):
    out = []
    for index in range(start, stop):
        try:
            prog = generate.program(seed, index, "stage")
            res = check_stage(prog.text, cfg, strict=prog.level == "stage")
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            out.append({"index": index, "error": f"{exc!r}"[:1000]})
            continue
        res.output = ""
        out.append({"index": index, "level": prog.level, "outcome": res})
    return out


def shrink_one(seed, index, kind, verdict, cfg, budget):
    prog = generate.program(seed, index, "stage")
    strict = prog.level == "stage"

    def reproduce(text):
        return check_stage(text, cfg, strict, wanted=kind).entry(kind, verdict)

    small, calls = shrink.shrink(prog, lambda text: reproduce(text) is not None,
                                 budget)
    final = reproduce(small.text)
    if final is None:          # not reproducible after all: keep the original
        small, final = prog, reproduce(prog.text)
    return {"index": index, "kind": kind, "verdict": verdict, "program": small,
            "outcome": final, "calls": calls}


def op_shape(text):
    return [tok for tok, rx in SHAPE if re.search(rx, text, re.M)]


def signature(stage, outcome, text):
    short = {"buffer-deallocation-simplification": "simplify",
             "bufferization-lower-deallocations": "lower"}.get(stage, stage)
    verdict = findings_mod._slug(outcome.verdict)
    return f"{short}-{outcome.kind}-{verdict}-{'-'.join(op_shape(text)) or 'empty'}"[:120]


def run(camp):
    """Run the campaign; returns the report (also written to camp.out)."""
    start = time.monotonic()
    state = {"programs": 0, "counts": {}, "levels": {}, "reasons": {},
             "not_run": {}, "errors": [], "groups": {}, "finding_programs": 0,
             "findings": [], "ours": []}
    executor = make_executor(camp.jobs, camp.scheduler)
    interrupted = False

    def phases():
        _phase1(camp, executor, state, start)
        executor.stop_feeding()
        _phase2(camp, executor, state)

    try:
        interrupted = interrupt.checking(phases)
    finally:
        executor.close()
        rep = _report(camp, state, time.monotonic() - start)
        rep["interrupted"] = interrupted or interrupt.requested()
        rep["exit_code"] = exit_code(rep)
        _write_report(camp.out, rep)
    return rep


UNDECIDED = ("unsupported", "unknown", "not-run")


def exit_code(rep):
    """1 stage findings or bugs of ours; 2 nothing checked; 3 not every
    program decided (unsupported, unknown, a check not run, a program that
    could not be generated or checked) or interrupted; 0 otherwise."""
    if rep["findings"] or rep["ours"]:
        return 1
    if rep["programs"] == 0 and not rep["interrupted"]:
        return 2
    if rep["interrupted"] or rep["errors"] or any(
            rep["counts"].get(k) for k in UNDECIDED):
        return 3
    return 0


def _phase1(camp, executor, state, start):
    indices = range(camp.count) if camp.count is not None else itertools.count()
    deadline = start + camp.time_limit if camp.time_limit else None
    last = 0.0
    for res in executor.ordered(check_range, camp.seed, indices, camp.cfg,
                                deadline=deadline):
        state["programs"] += 1
        if "error" in res:
            state["errors"].append(f"program {res['index']}: {res['error']}")
            continue
        out = res["outcome"]
        with interrupt.shielded():
            _count(state["counts"], out.kind)
            _count(state["levels"], res["level"])
            for c in out.classes:
                if c[0] in ("unsupported", "unknown", "tool-error"):
                    why = re.sub(r"\S+\.mlir:\d+:\d+", "", c[4])
                    _count(state["reasons"], f"{c[0]} ({c[3]}): " + " ".join(why.split())[:160])
            for name in out.not_run:
                _count(state["not_run"], name)
            found = out.findings()
            state["finding_programs"] += bool(found)
            for kind, verdict in found:
                idx = state["groups"].setdefault((kind, verdict), [])
                if len(idx) < camp.shrink_per_class:
                    idx.append(res["index"])
                    prog = generate.program(camp.seed, res["index"], "stage")
                    _save(os.path.join(camp.out, "raw"),
                          f"{kind}-{findings_mod._slug(verdict)}-s{camp.seed}-p{res['index']}",
                          camp.cfg, out.entry(kind, verdict), prog,
                          f"fuzz --stage {camp.cfg.stage} --seed {camp.seed}, program "
                          f"{res['index']} (not shrunk)")
        if camp.progress and time.monotonic() - last > 2.0:
            last = time.monotonic()
            print(f"[dealloc-harness] {state['programs']} programs, "
                  f"{state['finding_programs']} with findings", file=sys.stderr, flush=True)
        interrupt.poll()
        if camp.stop_after and state["finding_programs"] >= camp.stop_after:
            break


def _phase2(camp, executor, state):
    tasks = sorted((i, k, v) for (k, v), idxs in state["groups"].items() for i in idxs)
    kept = {}
    for res in executor.map_ordered(shrink_one, [
            (camp.seed, i, k, v, camp.cfg, camp.shrink_budget) for i, k, v in tasks]):
        prog, out = res["program"], res["outcome"]
        if out is None:
            state["errors"].append(f"program {res['index']}: {res['kind']} "
                                   f"{res['verdict']} did not reproduce")
            continue
        interrupt.poll()
        sig = signature(camp.cfg.stage, out, prog.text)
        if sig in kept:
            continue
        kept[sig] = True
        ours = out.kind in OURS
        origin = (f"dealloc-harness fuzz --stage {camp.cfg.stage} --seed {camp.seed}, "
                  f"program {res['index']}, shrunk with {res['calls']} checks")
        paths = [_save(os.path.join(camp.out, "ours" if ours else "findings"),
                       sig, camp.cfg, out, prog, origin)]
        if camp.regressions and not ours:     # an explicit option only
            paths.append(_save(camp.regressions, sig, camp.cfg, out, prog, origin,
                               lit_cfg=False))
        state["ours" if ours else "findings"].append({
            "kind": out.kind, "verdict": out.verdict, "signature": sig,
            "function": out.function, "detector": out.detector,
            "message": out.message[:2000], "reproducer": paths[0],
            "seed": camp.seed, "index": res["index"], "level": prog.level,
            "clause": camp.cfg.clause})


def _count(table, key):
    table[key] = table.get(key, 0) + 1


def _report(camp, state, wall):
    return {
        "mode": "fuzz-stage", "stage": camp.cfg.stage,
        "parameters": {"impl": " ".join(camp.cfg.impl), "seed": camp.seed,
                       "count": camp.count, "time": camp.time_limit,
                       "shrink_budget": camp.shrink_budget, "out": camp.out,
                       "regressions": camp.regressions},
        "programs": state["programs"],
        "counts": dict(sorted(state["counts"].items())),
        "levels": dict(sorted(state["levels"].items())),
        "not_run": dict(sorted(state["not_run"].items())),
        "unsure_reasons": dict(sorted(state["reasons"].items())),
        "findings": sorted(state["findings"], key=lambda f: f["signature"]),
        "ours": sorted(state["ours"], key=lambda f: f["signature"]),
        "errors": state["errors"],
        "timing": {"wall": wall},
    }


def _write_report(out, rep):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump(rep, f, indent=1, sort_keys=True)
        f.write("\n")
    lines = [f"# dealloc-harness fuzz --stage {rep['stage']}", "",
             f"- implementation: `{rep['parameters']['impl']}`",
             f"- seed: {rep['parameters']['seed']}",
             f"- programs checked: {rep['programs']} "
             f"({', '.join(f'{k}: {v}' for k, v in rep['levels'].items())})"
             + (" (INTERRUPTED: the run did not finish)" if rep["interrupted"] else ""),
             f"- stage findings: {len(rep['findings'])}; our bugs: {len(rep['ours'])}",
             f"- exit code: {rep['exit_code']}",
             "", "| class | programs |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in rep["counts"].items()]
    for title, key in (("Stage findings", "findings"), ("Our bugs", "ours")):
        if rep[key]:
            lines += ["", f"## {title}", ""]
            lines += [f"- `{f['signature']}`: {f['kind']} {f['verdict']} "
                      f"(@{f['function']}) -> {f['reproducer']}" for f in rep[key]]
    if rep["unsure_reasons"]:
        lines += ["", "## Unsure or failed checks", ""]
        lines += [f"- {n} x {why}" for why, n in rep["unsure_reasons"].items()]
    if rep["errors"]:
        lines += ["", "## Errors", ""] + [f"- {e}" for e in rep["errors"]]
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")



def cmd_fuzz_stage(args):
    """`dealloc-harness fuzz --stage NAME`: exit codes of exit_code(), and
    2 on a usage error."""
    from . import cli
    from .stage_check import StageConfig, default_impl, stage_name
    stage = stage_name(args.stage)
    if stage is None:
        raise cli.UsageError(f"--stage {args.stage!r}: expected one of "
                             f"{', '.join(sorted(STAGE_NAMES))}")
    if args.impl is None:
        args.impl = " ".join(default_impl(stage))
    if args.count is None and args.time is None:
        args.count = 100
    base = cli._config(args)
    cli._output_dir(args.out, "--out")
    if args.regressions:
        cli._output_dir(args.regressions, "--regressions", create=False)
    cfg = StageConfig(stage=stage, impl=base.impl, tools=base.tools,
                      timeout=base.timeout, memory=base.memory)
    camp = StageCampaign(cfg=cfg, seed=args.seed, count=args.count,
                         time_limit=args.time, jobs=args.jobs,
                         scheduler=args.scheduler, out=args.out,
                         regressions=args.regressions,
                         shrink_budget=args.shrink_budget,
                         shrink_per_class=args.shrink_per_class,
                         stop_after=args.stop_after, progress=not args.quiet)
    rep = run(camp)
    with open(os.path.join(args.out, "report.md")) as f:
        print(f.read(), end="")
    return rep["exit_code"]

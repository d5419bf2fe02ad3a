"""A fuzz campaign of one stage after the ownership pass
(`dealloc-harness fuzz --stage NAME`): generate stage inputs
(gen_stages.py), check the stage on each (stage_check.py), shrink and save
the findings, write the report.

Like the whole-pipeline campaign it is deterministic (program i of seed S is
a pure function of (S, i); results are consumed in index order; shrinking is
bounded and deterministic) and loses nothing on interruption (raw findings
are written as they arrive, the report in a `finally`). Nothing is written
outside `--out` unless `--regressions DIR` is given:

  OUT/report.json, report.md,      the report of every campaign (report.py,
  junit.xml                        junit.py), with "stage" and "levels"
  OUT/raw/                         the first programs of each finding class
  OUT/findings/<sig>.mlir, .json   shrunk stage findings: lit tests whose RUN
                                   lines pass while the finding reproduces
                                   (OUT/findings/lit.cfg.py finds the tools)
  OUT/ours/<sig>.mlir, .json       inputs our tools or generator got wrong
"""

import itertools
import os
import re
import shlex
import sys
import time
from dataclasses import dataclass

from . import findings as findings_mod, generate, interface, interrupt, \
    report as report_mod, shrink
from .campaign import Progress
from .scheduler import make_executor
from .stage_check import ALIASES, ORDER, OURS, STAGE_FINDINGS, STAGES, check_stage
from .stage_repro import save as _save
from .tally import Tally

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
        out.append({"index": index, "level": prog.level, "outcome": res,
                    "functions": interface.public_functions(prog.text)})
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


KINDS = report_mod.Kinds(ORDER, ORDER, STAGE_FINDINGS, OURS)


def run(camp):
    """Run the campaign; returns the report (also written to camp.out), in
    the shape of every campaign's (report.py), with "stage" and "levels"."""
    start = time.monotonic()
    state = {"tally": Tally(KINDS), "levels": {}, "groups": {},
             "finding_programs": 0, "findings": []}
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
        params = {"impl": shlex.join(camp.cfg.impl), "seed": camp.seed,
                  "count": camp.count, "time": camp.time_limit,
                  "jobs": camp.jobs, "scheduler": camp.scheduler,
                  "shrink_budget": camp.shrink_budget, "out": camp.out,
                  "regressions": camp.regressions, "stage": camp.cfg.stage}
        found = sorted(state["findings"], key=lambda f: (f["kind"], f["signature"]))
        rep = state["tally"].report("fuzz-stage", params, found,
                                    {"wall": time.monotonic() - start},
                                    interrupted or interrupt.requested())
        rep["stage"] = camp.cfg.stage
        rep["levels"] = dict(sorted(state["levels"].items()))
        report_mod.write(camp.out, rep)
    return rep


def _phase1(camp, executor, state, start):
    indices = range(camp.count) if camp.count is not None else itertools.count()
    deadline = start + camp.time_limit if camp.time_limit else None
    tally, last = state["tally"], 0.0
    for res in executor.ordered(check_range, camp.seed, indices, camp.cfg,
                                deadline=deadline):
        if "error" in res:
            tally.failed(f"program {res['index']}: {res['error']}")
            continue
        out = res["outcome"]
        with interrupt.shielded():
            tally.add(f"program {res['index']}", out, res.get("functions", ()))
            _count(state["levels"], res["level"])
            found = out.findings()
            state["finding_programs"] += bool(found)
            state["latest"] = Progress.line(f"program {res['index']}", out) or \
                state.get("latest", "")
            for kind, verdict in found:
                _save_raw(camp, state, res["index"], out.entry(kind, verdict))
        if camp.progress and time.monotonic() - last > 2.0:
            last = time.monotonic()
            print(f"[dealloc-harness] {tally.programs} programs, "
                  f"{state['finding_programs']} with findings"
                  + (f"; last finding: {state['latest']}" if state.get("latest") else ""),
                  file=sys.stderr, flush=True)
        interrupt.poll()
        if camp.stop_after and state["finding_programs"] >= camp.stop_after:
            break


def _save_raw(camp, state, index, entry):
    kind, verdict = entry.kind, entry.verdict
    idx = state["groups"].setdefault((kind, verdict), [])
    if len(idx) < camp.shrink_per_class:
        idx.append(index)
        prog = generate.program(camp.seed, index, "stage")
        _save(os.path.join(camp.out, "raw"),
              f"{kind}-{findings_mod._slug(verdict)}-s{camp.seed}-p{index}",
              camp.cfg, entry, prog,
              f"fuzz --stage {camp.cfg.stage} --seed {camp.seed}, program "
              f"{index} (not shrunk)")


def _phase2(camp, executor, state):
    tasks = sorted((i, k, v) for (k, v), idxs in state["groups"].items() for i in idxs)
    kept = {}
    for res in executor.map_ordered(shrink_one, [
            (camp.seed, i, k, v, camp.cfg, camp.shrink_budget) for i, k, v in tasks]):
        prog, out = res["program"], res["outcome"]
        if out is None:
            state["tally"].errors.append(f"program {res['index']}: {res['kind']} "
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
            # A lit.cfg.py unless the folder is in a lit suite already.
            paths.append(_save(camp.regressions, sig, camp.cfg, out, prog, origin,
                               lit_cfg=not findings_mod.in_lit_suite(camp.regressions)))
        entry = findings_mod.entry(out, sig, paths[0], seed=camp.seed,
                                   index=res["index"], level=prog.level)
        entry["clause"] = entry["clause"] or f"[{camp.cfg.clause}]"
        state["findings"].append(entry)


def _count(table, key):
    table[key] = table.get(key, 0) + 1


def cmd_fuzz_stage(args, finish):
    """`dealloc-harness fuzz --stage NAME`: exit codes of exit_code(), and
    2 on a usage error."""
    from . import options
    from .stage_check import StageConfig, default_impl, stage_name
    stage = stage_name(args.stage)
    if stage is None:
        raise options.UsageError(f"--stage {args.stage!r}: expected one of "
                             f"{', '.join(sorted(STAGE_NAMES))}")
    if args.impl is None and args.impl_shell is None:
        args.impl = shlex.join(default_impl(stage))
    if args.count is None and args.time is None:
        args.count = 100
    base = options.config(args)
    options.output_dir(args.out, "--out")
    if args.regressions:
        options.output_dir(args.regressions, "--regressions", create=False)
    cfg = StageConfig(stage=stage, impl=base.impl, tools=base.tools,
                      timeout=base.timeout, memory=base.memory)
    camp = StageCampaign(cfg=cfg, seed=args.seed, count=args.count,
                         time_limit=args.time, jobs=args.jobs,
                         scheduler=args.scheduler, out=args.out,
                         regressions=args.regressions,
                         shrink_budget=args.shrink_budget,
                         shrink_per_class=args.shrink_per_class,
                         stop_after=args.stop_after, progress=not args.quiet)
    rep = finish(run(camp))
    print(report_mod.markdown(rep), end="")
    return rep["exit_code"]

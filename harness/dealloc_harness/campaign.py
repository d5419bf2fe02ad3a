"""A fuzz campaign: generate + check programs (phase 1), then shrink and
save the findings (phase 2), then write the report.

Determinism: program i of seed S is a pure function of (S, i); phase 1
results are consumed in index order whatever the executor (inline, local
processes, Dask); phase 2 shrinks, per (kind, verdict), the first
`shrink_per_class` programs in index order, deterministically; findings are
deduplicated by signature, the lowest index winning. So the same seed and
count give the same report under -j 1, -j N and --scheduler.

Nothing is written outside OUT unless asked: shrunk, deduplicated findings
go to OUT/reproducers/ (with OUT/lit.cfg.py, so `lit OUT/reproducers` runs
them), and also to a regressions folder only if one is given
(--regressions).

Nothing found is lost on interruption: every raw finding is written to
OUT/raw/ the moment its result arrives, every shrunk one to OUT/shrunk/ the
moment its shrink finishes, and the report is written in a `finally`; an
interrupted campaign reports the findings it had not shrunk yet with their
raw reproducers, and says it was interrupted.
"""

import dataclasses
import itertools
import os
import sys
import time
from dataclasses import dataclass

from . import check, findings, generate, process, report as report_mod, shrink, \
    textreduce
from .scheduler import make_executor

DETERMINISM_RUNS = 4   # implementation runs on each shrunk finding
FLAKY_TRIES = 3        # tries of a nondeterministic implementation while shrinking
STAGES = ("generation", "implementation", "reference", "run", "verify", "equiv")


@dataclass
class Campaign:
    cfg: check.Config
    seed: int = 0
    count: int = None
    time_limit: float = None
    jobs: int = 1
    scheduler: str = None
    out: str = "dealloc-harness-out"
    regressions: str = None         # an extra copy of the reproducers, if set
    shrink_budget: int = 60
    shrink_per_class: int = 2
    stop_after: int = None          # stop phase 1 after this many finding programs
    progress: bool = True
    executor: object = None         # made beforehand (cli.py checks --scheduler)


def check_index(seed, index, cfg):
    """Phase 1 for one program (runs in a worker)."""
    start = time.monotonic()
    try:
        prog = generate.program(seed, index)
    except Exception as exc:  # noqa: BLE001 - a generator bug is reported, not raised
        return {"index": index, "error": f"generation failed: {exc}"[:1000]}
    gen = time.monotonic() - start
    try:
        outcome = check.check(prog.text, cfg)
    except Exception as exc:  # noqa: BLE001
        return {"index": index, "error": f"check failed: {exc!r}"[:1000]}
    outcome.seconds["generation"] = gen
    outcome.impl_output = ""
    return {"index": index, "level": prog.level, "outcome": outcome}


def _deterministic(cfg, text, runs):
    """Does the implementation give the same status and output `runs` times?"""
    seen = {(r.status, r.stdout) for r in
            (process.run(cfg.impl, text, timeout=cfg.timeout, memory=cfg.memory)
             for _ in range(runs))}
    return len(seen) == 1


def check_range(seed, start, stop, cfg):
    return [check_index(seed, i, cfg) for i in range(start, stop)]


def shrink_one(seed, index, kind, verdict, cfg, budget, start=None):
    """Phase 2 for one finding (runs in a worker): shrink, re-check."""
    prog = start or generate.program(seed, index)

    # A nondeterministic implementation (upstream's pass is, on some inputs)
    # gets a few tries before a candidate counts as not reproducing.
    tries = FLAKY_TRIES if kind.startswith("impl-") and \
        not _deterministic(cfg, prog.text, 2) else 1

    def reproduce(text, wanted):
        for _ in range(tries):
            entry = check.check(text, cfg, wanted=wanted).entry(kind, verdict)
            if entry is not None:
                return entry
        return None

    small, calls = shrink.shrink(prog, lambda text: reproduce(text, kind) is not None,
                                 budget)
    final = reproduce(small.text, kind)
    if final is None:   # flaky implementation: keep the unshrunk program
        small = prog
        final = reproduce(prog.text, None)
    else:
        # No dead constants or functions in a reproducer (the generator
        # emits a few constants every function may use).
        clean = textreduce.dead_code(small.text)
        if clean != small.text and textreduce.parses(clean):
            entry = reproduce(clean, kind)
            if entry is not None:
                small = dataclasses.replace(small, text=clean)
                final = entry
    if final is not None and not _deterministic(cfg, small.text, DETERMINISM_RUNS):
        final.message = (f"NONDETERMINISTIC implementation: different results in "
                         f"{DETERMINISM_RUNS} runs on this program\n" + final.message)
    return {"index": index, "kind": kind, "verdict": verdict, "program": small,
            "outcome": final, "calls": calls}


def _deduplicate(shrunk):
    """Keep one finding per signature (lowest index), and drop a finding whose
    op-shape is a superset of a kept one with the same kind, verdict and
    spec clause: a shrink that ran out of budget, not a different bug."""
    def key(item):
        res, sig, _ = item
        return (len(findings.op_shape(res["program"].text)), res["index"], sig)

    kept = []
    for item in sorted(shrunk, key=key):
        res, sig, _ = item
        out = res["outcome"]
        shape = set(findings.op_shape(res["program"].text))
        cls = (out.kind, out.verdict, check.clause_of(out.message))
        if any(sig == k_sig or (cls == k_cls and k_shape <= shape)
               for _, k_sig, _, k_cls, k_shape in kept):
            continue
        kept.append((item, sig, res, cls, shape))
    return sorted((k[0] for k in kept), key=lambda it: (it[0]["index"], it[1]))


class Progress:
    def __init__(self, enabled):
        self.enabled = enabled
        self.start = time.monotonic()
        self.last = 0.0

    def show(self, programs, nfind, counts, force=False):
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < 2.0):
            return
        self.last = now
        rate = programs / max(now - self.start, 1e-9)
        unsure = counts.get("unsupported", 0) + counts.get("unknown", 0)
        print(f"[dealloc-harness] {programs} programs, {rate:.1f}/s, "
              f"{nfind} finding programs, {unsure} unsupported/unknown",
              file=sys.stderr, flush=True)


def run(camp):
    """Run a campaign; returns the report dict (also written to camp.out)."""
    start = time.monotonic()
    counts, not_run, timing, errors = {}, {}, {s: 0.0 for s in STAGES}, []
    groups = {}            # (kind, verdict, clause) -> [indices]
    reasons = {}           # why checks were unsure, with counts
    fallbacks = {}         # dealloc-check jobs rerun as their own process
    excluded = {}          # check -> functions with excluded UB inputs
    undecided, differences = [], []
    raw_findings = {}      # (kind, verdict) -> the first raw finding entry
    final_findings = []
    interrupted = False
    programs = 0
    finding_programs = 0
    progress = Progress(camp.progress)
    raw_dir = os.path.join(camp.out, "raw")
    repro_dir = os.path.join(camp.out, "reproducers")
    params = {"impl": " ".join(camp.cfg.impl), "seed": camp.seed,
              "count": camp.count, "time": camp.time_limit, "jobs": camp.jobs,
              "scheduler": camp.scheduler, "out": camp.out,
              "regressions": camp.regressions, "shrink_budget": camp.shrink_budget,
              "checks": list(camp.cfg.checks),
              "memory_mb": camp.cfg.memory // (1024 * 1024),
              "require_equivalence": camp.cfg.require_equivalence}
    findings.write_lit_config(camp.out, camp.cfg.tools)
    executor = camp.executor or make_executor(camp.jobs, camp.scheduler)
    try:
        indices = range(camp.count) if camp.count is not None else itertools.count()
        for res in executor.ordered(check_range, camp.seed, indices, camp.cfg,
                                    deadline=(start + camp.time_limit
                                              if camp.time_limit else None)):
            programs += 1
            if "error" in res:
                errors.append(f"program {res['index']}: {res['error']}")
                counts["error"] = counts.get("error", 0) + 1
                continue
            out = res["outcome"]
            kind = out.kind
            counts[kind] = counts.get(kind, 0) + 1
            case = f"program {res['index']}"
            undecided += report_mod.undecided_entries(case, out)
            differences += report_mod.difference_entries(case, out)
            for c in out.classes:
                if c[0] in ("unsupported", "unknown", "tool-error"):
                    why = report_mod.unsure_reason(c)
                    reasons[why] = reasons.get(why, 0) + 1
            for name in out.not_run:
                not_run[name] = not_run.get(name, 0) + 1
            for why, n in out.fallbacks.items():
                fallbacks[why] = fallbacks.get(why, 0) + n
            for name, n in getattr(out, "excluded", {}).items():
                excluded[name] = excluded.get(name, 0) + n
            for stage, secs in out.seconds.items():
                if stage in timing:
                    timing[stage] += secs
            found = out.findings()
            if found:
                finding_programs += 1
            for kind, verdict in found:
                clause = check.clause_of(out.entry(kind, verdict).message)
                idx = groups.setdefault((kind, verdict, clause), [])
                if len(idx) < camp.shrink_per_class:
                    idx.append(res["index"])
                    prog = generate.program(camp.seed, res["index"])
                    entry = out.entry(kind, verdict)
                    path = findings.write(
                        raw_dir, f"{kind}-{findings._slug(verdict)}-"
                        f"s{camp.seed}-p{res['index']}", entry, prog, camp.cfg,
                        f"fuzz seed {camp.seed} program {res['index']} (not shrunk)")
                    raw_findings.setdefault((kind, verdict), findings.entry(
                        entry, findings.signature(entry, prog.text), path,
                        seed=camp.seed, index=res["index"], level=prog.level))
            progress.show(programs, finding_programs, counts)
            if camp.stop_after and finding_programs >= camp.stop_after:
                break
        executor.stop_feeding()
        progress.show(programs, finding_programs, counts, force=True)

        # Phase 2: shrink, deduplicate, save.
        tasks = sorted({(idx, kind, verdict) for (kind, verdict, _), idxs
                        in groups.items() for idx in idxs})
        shrink_start = time.monotonic()
        shrunk = []
        for res in executor.map_ordered(
                shrink_one, [(camp.seed, i, k, v, camp.cfg, camp.shrink_budget)
                             for i, k, v in tasks]):
            prog, out = res["program"], res["outcome"]
            if out is None:
                errors.append(f"program {res['index']}: {res['kind']} "
                              f"{res['verdict']} did not reproduce")
                continue
            sig = findings.signature(out, prog.text)
            origin = (f"dealloc-harness fuzz --seed {camp.seed}, program "
                      f"{res['index']}, shrunk with {res['calls']} checks")
            # Saved at once (an interrupted campaign keeps it), deduplicated
            # into OUT/reproducers (and --regressions) below.
            findings.write(os.path.join(camp.out, "shrunk"), sig, out, prog,
                           camp.cfg, origin)
            shrunk.append((res, sig, origin))
        for res, sig, origin in _deduplicate(shrunk):
            prog, out = res["program"], res["outcome"]
            path = findings.write(repro_dir, sig, out, prog, camp.cfg, origin)
            if camp.regressions:
                path = findings.write(camp.regressions, sig, out, prog, camp.cfg,
                                      origin)
            final_findings.append(findings.entry(
                out, sig, path, seed=camp.seed, index=res["index"],
                level=prog.level))
        timing["shrinking"] = time.monotonic() - shrink_start
    except KeyboardInterrupt:
        interrupted = True
        # What was found and not shrunk yet: reported with its raw reproducer.
        have = {(f["kind"], f["verdict"]) for f in final_findings}
        final_findings += [f for key, f in raw_findings.items() if key not in have]
    finally:
        executor.close()
        timing["wall"] = time.monotonic() - start
        timing["programs_per_second"] = programs / max(timing["wall"], 1e-9)
        final_findings.sort(key=lambda f: (f["kind"], f["signature"]))
        rep = report_mod.build("fuzz", params, programs, counts, not_run,
                               final_findings, timing, errors, undecided,
                               differences, interrupted)
        rep["unsure_reasons"] = dict(sorted(reasons.items()))
        rep["tool_fallbacks"] = dict(sorted(fallbacks.items()))
        rep["excluded_inputs"] = dict(sorted(excluded.items()))
        report_mod.write(camp.out, rep)
    return rep

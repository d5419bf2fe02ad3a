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
import shlex
import sys
import time
from dataclasses import dataclass

from . import check, findings, generate, interface, interrupt, process, \
    report as report_mod, shrink, textreduce
from .scheduler import make_executor
from .tally import Tally

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
    return {"index": index, "level": prog.level, "outcome": outcome,
            "functions": interface.public_functions(prog.text)}


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
        self.latest = ""        # the latest finding, named until the next

    def show(self, programs, nfind, counts, force=False, last=""):
        """`last`: the latest finding (line()), named until the next."""
        now = time.monotonic()
        self.latest = last or self.latest
        if not self.enabled or (not force and now - self.last < 2.0):
            return
        self.last = now
        rate = programs / max(now - self.start, 1e-9)
        unsure = counts.get("unsupported", 0) + counts.get("unknown", 0)
        print(f"[dealloc-harness] {programs} programs, {rate:.1f}/s, "
              f"{nfind} finding programs, {unsure} unsupported/unknown"
              + (f"; last finding: {self.latest}" if self.latest else ""),
              file=sys.stderr, flush=True)

    @staticmethod
    def line(case, outcome):
        """`program 7: impl-unsafe LEAK @f` of an outcome with a finding."""
        found = outcome.findings()
        if not found:
            return ""
        entry = outcome.entry(*found[0])
        fn = f" @{entry.function}" if entry.function else ""
        return f"{case}: {entry.kind} {entry.verdict}{fn}"


@dataclass
class _State:
    timing: dict
    tally: Tally = dataclasses.field(default_factory=Tally)
    groups: dict = dataclasses.field(default_factory=dict)   # (kind, verdict, clause) -> [indices]
    raw: dict = dataclasses.field(default_factory=dict)      # (kind, verdict) -> first raw finding
    final: list = dataclasses.field(default_factory=list)    # findings of the report
    finding_programs: int = 0


def run(camp):
    """Run a campaign; returns the report dict (also written to camp.out).
    Interruption (interrupt.py): a Ctrl-C stops the checking at once, and
    the report - written outside `interrupt.armed()` - holds what was found
    so far, raw findings not shrunk yet with their raw reproducers."""
    start = time.monotonic()
    state = _State(timing={s: 0.0 for s in STAGES})
    params = {"impl": shlex.join(camp.cfg.impl), "seed": camp.seed,
              "count": camp.count, "time": camp.time_limit, "jobs": camp.jobs,
              "scheduler": camp.scheduler, "out": camp.out,
              "regressions": camp.regressions, "shrink_budget": camp.shrink_budget,
              "checks": list(camp.cfg.checks),
              "memory_mb": camp.cfg.memory // (1024 * 1024),
              "require_equivalence": camp.cfg.require_equivalence}
    if camp.cfg.free_functions:
        params["free_functions"] = list(camp.cfg.free_functions)
    findings.write_lit_config(camp.out, camp.cfg.tools)
    executor = camp.executor or make_executor(camp.jobs, camp.scheduler)
    interrupted = False

    def phases():
        _phase1(camp, executor, state, start)
        executor.stop_feeding()
        _phase2(camp, executor, state)

    try:
        interrupted = interrupt.checking(phases)
    finally:
        interrupted = interrupted or interrupt.requested()
        if interrupted:
            # What was found and not shrunk yet: reported with its raw reproducer.
            have = {(f["kind"], f["verdict"]) for f in state.final}
            state.final += [f for key, f in state.raw.items() if key not in have]
        executor.close()
        timing = state.timing
        timing["wall"] = time.monotonic() - start
        timing["programs_per_second"] = state.tally.programs / max(timing["wall"], 1e-9)
        state.final.sort(key=lambda f: (f["kind"], f["signature"]))
        rep = state.tally.report("fuzz", params, state.final, timing, interrupted)
        report_mod.write(camp.out, rep)
    return rep


def _phase1(camp, executor, state, start):
    """Generate and check programs in index order; save the first raw
    findings of each class at once."""
    progress = Progress(camp.progress)
    tally = state.tally
    indices = range(camp.count) if camp.count is not None else itertools.count()
    for res in executor.ordered(check_range, camp.seed, indices, camp.cfg,
                                deadline=(start + camp.time_limit
                                          if camp.time_limit else None)):
        if "error" in res:
            tally.failed(f"program {res['index']}: {res['error']}")
            interrupt.poll()
            continue
        out = res["outcome"]
        with interrupt.shielded():
            tally.add(f"program {res['index']}", out, res.get("functions", ()))
            for stage, secs in out.seconds.items():
                if stage in state.timing:
                    state.timing[stage] += secs
            found = out.findings()
            state.finding_programs += bool(found)
            for kind, verdict in found:
                _save_raw(camp, state, res["index"], out.entry(kind, verdict))
        progress.show(tally.programs, state.finding_programs, tally.counts,
                      last=Progress.line(f"program {res['index']}", out))
        interrupt.poll()
        if camp.stop_after and state.finding_programs >= camp.stop_after:
            break
    progress.show(tally.programs, state.finding_programs, tally.counts, force=True)


def _save_raw(camp, state, index, entry):
    """The first `shrink_per_class` programs of a finding class: to shrink,
    and saved unshrunk in OUT/raw at once."""
    kind, verdict = entry.kind, entry.verdict
    idx = state.groups.setdefault((kind, verdict, check.clause_of(entry.message)), [])
    if len(idx) >= camp.shrink_per_class:
        return
    idx.append(index)
    prog = generate.program(camp.seed, index)
    path = findings.write(
        os.path.join(camp.out, "raw"),
        f"{kind}-{findings._slug(verdict)}-s{camp.seed}-p{index}", entry, prog,
        camp.cfg, f"fuzz seed {camp.seed} program {index} (not shrunk)")
    state.raw.setdefault((kind, verdict), findings.entry(
        entry, findings.signature(entry, prog.text), path,
        seed=camp.seed, index=index, level=prog.level))


def _phase2(camp, executor, state):
    """Shrink, deduplicate, save into OUT/reproducers (and --regressions)."""
    tasks = sorted({(idx, kind, verdict) for (kind, verdict, _), idxs
                    in state.groups.items() for idx in idxs})
    shrink_start = time.monotonic()
    shrunk = []
    for res in executor.map_ordered(
            shrink_one, [(camp.seed, i, k, v, camp.cfg, camp.shrink_budget)
                         for i, k, v in tasks]):
        prog, out = res["program"], res["outcome"]
        if out is None:
            state.tally.errors.append(f"program {res['index']}: {res['kind']} "
                                      f"{res['verdict']} did not reproduce")
            interrupt.poll()
            continue
        sig = findings.signature(out, prog.text)
        origin = (f"dealloc-harness fuzz --seed {camp.seed}, program "
                  f"{res['index']}, shrunk with {res['calls']} checks")
        # Saved at once (an interrupted campaign keeps it), deduplicated
        # into OUT/reproducers (and --regressions) below.
        findings.write(os.path.join(camp.out, "shrunk"), sig, out, prog,
                       camp.cfg, origin)
        shrunk.append((res, sig, origin))
        interrupt.poll()
    for res, sig, origin in _deduplicate(shrunk):
        prog, out = res["program"], res["outcome"]
        path = findings.write(os.path.join(camp.out, "reproducers"), sig, out,
                              prog, camp.cfg, origin)
        if camp.regressions:
            # A lit.cfg.py unless the folder is in a lit suite already.
            findings.ensure_lit_config(camp.regressions, camp.cfg.tools)
            path = findings.write(camp.regressions, sig, out, prog, camp.cfg,
                                  origin)
        state.final.append(findings.entry(
            out, sig, path, seed=camp.seed, index=res["index"],
            level=prog.level))
    state.timing["shrinking"] = time.monotonic() - shrink_start

"""A fuzz campaign, for either question (questions.py): the whole
pipeline (`dealloc-harness fuzz`) or one stage after the ownership pass
(`fuzz --stage NAME`). One skeleton: generate and check programs (phase
1), then shrink and save the findings (phase 2), then write the report;
the question says how one case is checked and how a reproducer is written.

Determinism: program i of seed S is a pure function of (S, i); phase 1
results are consumed in index order whatever the executor (inline, local
processes, Dask); phase 2 shrinks, per (kind, verdict, clause), the first
`shrink_per_class` programs in index order, deterministically; findings are
deduplicated by signature, the lowest index winning. So the same seed and
count give the same report under -j 1, -j N and --scheduler.

Nothing is written outside OUT unless asked:

  OUT/report.json, report.md,   the report (report.py, junit.py;
  junit.xml                     docs/conformance-reference.md#report-json)
  OUT/raw/                      the first programs of each finding class,
                                unshrunk, written the moment they arrive
  OUT/shrunk/                   each shrunk finding, written the moment
                                its shrink finishes
  OUT/reproducers/              the shrunk, deduplicated findings: lit
                                tests (OUT/lit.cfg.py: `lit OUT` runs them),
                                also copied to --regressions DIR if given
  OUT/ours/                     fuzz --stage: inputs our tools or generator
                                got wrong (not copied to --regressions)

Nothing found is lost on interruption: the report is written in a
`finally`; an interrupted campaign reports the findings it had not shrunk
yet with their raw reproducers, and says it was interrupted.
"""

import dataclasses
import itertools
import os
import shlex
import sys
import time
from dataclasses import dataclass

from . import check, findings, interface, interrupt, process, report as report_mod, \
    shrink, textreduce
from .scheduler import make_executor
from .tally import Tally

DETERMINISM_RUNS = 4   # implementation runs on each shrunk finding
FLAKY_TRIES = 3        # tries of a nondeterministic implementation while shrinking


@dataclass
class Campaign:
    question: object                # questions.WholePipeline or OneStage
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
    executor: object = None         # made beforehand (options.executor)


def check_index(seed, index, question):
    """Phase 1 for one program (runs in a worker)."""
    start = time.monotonic()
    try:
        prog = question.program(seed, index)
    except Exception as exc:  # noqa: BLE001 - a generator bug is reported, not raised
        return {"index": index, "error": f"generation failed: {exc}"[:1000]}
    gen = time.monotonic() - start
    try:
        outcome = question.check(prog.text, prog.level)
    except Exception as exc:  # noqa: BLE001
        return {"index": index, "error": f"check failed: {exc!r}"[:1000]}
    outcome.seconds["generation"] = gen
    outcome.impl_output = ""
    return {"index": index, "level": prog.level, "outcome": outcome,
            "functions": interface.public_functions(prog.text)}


def check_range(seed, start, stop, question):
    return [check_index(seed, i, question) for i in range(start, stop)]


def _deterministic(cfg, text, runs):
    """Does the implementation give the same status and output `runs` times?"""
    seen = {(r.status, r.stdout) for r in
            (process.run(cfg.impl, text, timeout=cfg.timeout, memory=cfg.memory)
             for _ in range(runs))}
    return len(seen) == 1


def shrink_one(seed, index, kind, verdict, question, budget, start=None):
    """Phase 2 for one finding (runs in a worker): shrink, re-check."""
    prog = start or question.program(seed, index)
    cfg = question.cfg

    # A nondeterministic implementation (upstream's pass is, on some inputs)
    # gets a few tries before a candidate counts as not reproducing.
    tries = FLAKY_TRIES if kind in question.kinds.implementation and \
        not _deterministic(cfg, prog.text, 2) else 1

    def reproduce(text, wanted):
        for _ in range(tries):
            entry = question.check(text, prog.level, wanted).entry(kind, verdict)
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


def _deduplicate(shrunk, question):
    """Keep one finding per signature (lowest index), and drop a finding whose
    op-shape is a superset of a kept one with the same kind, verdict and
    spec clause: a shrink that ran out of budget, not a different bug."""
    def key(item):
        res, sig, _ = item
        return (len(question.op_shape(res["program"].text)), res["index"], sig)

    kept = []
    for item in sorted(shrunk, key=key):
        res, sig, _ = item
        out = res["outcome"]
        shape = set(question.op_shape(res["program"].text))
        cls = (out.kind, out.verdict, findings.clause_of(out.message))
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
    tally: Tally
    timing: dict = dataclasses.field(default_factory=dict)
    levels: dict = dataclasses.field(default_factory=dict)   # generator level -> programs
    groups: dict = dataclasses.field(default_factory=dict)   # (kind, verdict, clause) -> [indices]
    raw: dict = dataclasses.field(default_factory=dict)      # (kind, verdict) -> first raw finding
    final: list = dataclasses.field(default_factory=list)    # findings of the report
    finding_programs: int = 0


def _parameters(camp):
    cfg = camp.question.cfg
    return {"impl": shlex.join(cfg.impl), "seed": camp.seed, "count": camp.count,
            "time": camp.time_limit, "jobs": camp.jobs, "scheduler": camp.scheduler,
            "out": camp.out, "regressions": camp.regressions,
            "shrink_budget": camp.shrink_budget,
            "memory_mb": cfg.memory // (1024 * 1024),
            **camp.question.parameters()}


def run(camp):
    """Run a campaign; returns the report dict (also written to camp.out).
    Interruption (interrupt.py): a Ctrl-C stops the checking at once, and
    the report - written outside `interrupt.armed()` - holds what was found
    so far, raw findings not shrunk yet with their raw reproducers."""
    start = time.monotonic()
    question = camp.question
    state = _State(tally=Tally(question.kinds))
    question.lit_config(camp.out, own=True)
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
        rep = state.tally.report(question.mode, _parameters(camp), state.final,
                                 timing, interrupted)
        rep["levels"] = dict(sorted(state.levels.items()))
        rep.update(question.report_keys())
        report_mod.write(camp.out, rep)
    return rep


def _phase1(camp, executor, state, start):
    """Generate and check programs in index order; save the first raw
    findings of each class at once."""
    progress = Progress(camp.progress)
    tally = state.tally
    indices = range(camp.count) if camp.count is not None else itertools.count()
    for res in executor.ordered(check_range, camp.seed, indices, camp.question,
                                deadline=(start + camp.time_limit
                                          if camp.time_limit else None)):
        if "error" in res:
            tally.failed(f"program {res['index']}: {res['error']}")
            interrupt.poll()
            continue
        out = res["outcome"]
        with interrupt.shielded():
            tally.add(f"program {res['index']}", out, res.get("functions", ()))
            _bump(state.levels, res["level"])
            for stage, secs in out.seconds.items():
                _bump(state.timing, stage, secs)
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


def _bump(table, key, n=1):
    table[key] = table.get(key, 0) + n


def _entry(camp, outcome, sig, path, prog):
    """The report's entry of a finding."""
    entry = findings.entry(outcome, sig, path, seed=camp.seed, index=prog.index,
                           level=prog.level)
    entry["clause"] = entry["clause"] or camp.question.default_clause
    return entry


def _save_raw(camp, state, index, entry):
    """The first `shrink_per_class` programs of a finding class: to shrink,
    and saved unshrunk in OUT/raw at once."""
    question = camp.question
    kind, verdict = entry.kind, entry.verdict
    idx = state.groups.setdefault((kind, verdict, findings.clause_of(entry.message)), [])
    if len(idx) >= camp.shrink_per_class:
        return
    idx.append(index)
    prog = question.program(camp.seed, index)
    path = question.save(
        os.path.join(camp.out, "raw"),
        f"{kind}-{findings._slug(verdict)}-s{camp.seed}-p{index}", entry, prog,
        f"dealloc-harness {question.command} --seed {camp.seed}, program {index} "
        "(not shrunk)")
    state.raw.setdefault((kind, verdict), _entry(
        camp, entry, question.signature(entry, prog.text), path, prog))


def _phase2(camp, executor, state):
    """Shrink, deduplicate, save into OUT/reproducers (and --regressions)."""
    question = camp.question
    tasks = sorted({(idx, kind, verdict) for (kind, verdict, _), idxs
                    in state.groups.items() for idx in idxs})
    shrink_start = time.monotonic()
    shrunk = []
    for res in executor.map_ordered(
            shrink_one, [(camp.seed, i, k, v, question, camp.shrink_budget)
                         for i, k, v in tasks]):
        prog, out = res["program"], res["outcome"]
        if out is None:
            state.tally.errors.append(f"program {res['index']}: {res['kind']} "
                                      f"{res['verdict']} did not reproduce")
            interrupt.poll()
            continue
        sig = question.signature(out, prog.text)
        origin = (f"dealloc-harness {question.command} --seed {camp.seed}, "
                  f"program {res['index']}, shrunk with {res['calls']} checks")
        # Saved at once (an interrupted campaign keeps it), deduplicated
        # into OUT/reproducers (and --regressions) below.
        question.save(os.path.join(camp.out, "shrunk"), sig, out, prog, origin)
        shrunk.append((res, sig, origin))
        interrupt.poll()
    for res, sig, origin in _deduplicate(shrunk, question):
        prog, out = res["program"], res["outcome"]
        folder = question.folder(out)
        path = question.save(os.path.join(camp.out, folder), sig, out, prog, origin)
        if camp.regressions and folder == "reproducers":
            # A lit.cfg.py unless the folder is in a lit suite already.
            question.lit_config(camp.regressions, own=False)
            path = question.save(camp.regressions, sig, out, prog, origin)
        state.final.append(_entry(camp, out, sig, path, prog))
    state.timing["shrinking"] = time.monotonic() - shrink_start

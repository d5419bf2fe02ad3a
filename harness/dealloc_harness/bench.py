"""`bench`: what the checks cost next to the implementation alone.

On the same generated programs, one after the other (no -j):
  1. generation (including One-Shot Bufferize for tensor programs);
  2. the implementation alone, once per program;
  3. all checks of check.check (the implementation again, the reference
     pipeline, dealloc-run / dealloc-verify on both outputs, --equiv), in
     the configured mode: tool calls as dealloc-check jobs (server.py) or,
     with --no-server, each as its own process.
Reported: programs per second, wall-clock seconds per stage (summed over
calls; calls of one program overlap, so the split adds up to more than the
wall time), the ratio of (3) to (2) in wall-clock and in CPU time (this
process and all its children; the dealloc-check servers are stopped before
reading their CPU time), and the fallbacks of dealloc-check jobs.
"""

import os
import resource
import time

from . import check, generate, process, server

STAGES = ("implementation", "reference", "run", "verify", "equiv")


def _cpu(who):
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def _cpu_all():
    return _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN)


def generate_programs(seed, count):
    start = time.monotonic()
    progs = [generate.program(seed, i) for i in range(count)]
    return progs, time.monotonic() - start


def implementation_alone(cfg, progs):
    """(wall seconds, CPU seconds of the implementation's processes)."""
    cpu = _cpu(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    for p in progs:
        process.run(cfg.impl, p.text, timeout=cfg.timeout, memory=cfg.memory)
    return time.monotonic() - start, _cpu(resource.RUSAGE_CHILDREN) - cpu


def all_checks(cfg, progs):
    """Wall and CPU seconds of checking every program, the per-stage split,
    outcome counts and fallbacks."""
    server.close_all()
    split = {s: 0.0 for s in STAGES}
    counts, fallbacks = {}, {}
    cpu = _cpu_all()
    start = time.monotonic()
    for p in progs:
        out = check.check(p.text, cfg)
        kind = out.kind
        counts[kind] = counts.get(kind, 0) + 1
        for k, v in out.seconds.items():
            split[k] = split.get(k, 0.0) + v
        for k, v in out.fallbacks.items():
            fallbacks[k] = fallbacks.get(k, 0) + v
    wall = time.monotonic() - start
    server.close_all()      # reaps the servers: their CPU time is counted
    return {"wall_s": wall, "cpu_s": _cpu_all() - cpu, "split_s": split,
            "outcomes": counts, "fallbacks": fallbacks}


def measure(cfg, seed, count, progs=None, gen_time=None, alone=None):
    """One benchmark in the mode of cfg.tools (server or not)."""
    if progs is None:
        progs, gen_time = generate_programs(seed, count)
    if alone is None:
        alone = implementation_alone(cfg, progs)
    checks = all_checks(cfg, progs)
    bare_wall, bare_cpu = alone
    r2 = lambda x: round(x, 3)  # noqa: E731
    return {
        "programs": len(progs),
        "seed": seed,
        "mode": "dealloc-check" if cfg.tools.serving else "process per tool call",
        "checks": list(cfg.checks),
        "generation_s": r2(gen_time),
        "implementation_alone_s": r2(bare_wall),
        "implementation_alone_cpu_s": r2(bare_cpu),
        "all_checks_s": r2(checks["wall_s"]),
        "all_checks_cpu_s": r2(checks["cpu_s"]),
        "programs_per_second": round(len(progs) / max(checks["wall_s"] + gen_time,
                                                      1e-9), 2),
        "ratio_to_implementation": round(checks["wall_s"] / max(bare_wall, 1e-9), 2),
        "cpu_ratio_to_implementation": round(checks["cpu_s"] / max(bare_cpu, 1e-9), 2),
        "split_s": {k: r2(v) for k, v in sorted(checks["split_s"].items())},
        "outcomes": dict(sorted(checks["outcomes"].items())),
        "fallbacks": checks["fallbacks"],
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def compare(cfg_server, cfg_processes, seed, count):
    """Both modes on the same programs and the same implementation-alone
    measurement: {"process per tool call": ..., "dealloc-check": ...}."""
    progs, gen_time = generate_programs(seed, count)
    alone = implementation_alone(cfg_server, progs)
    out = {}
    for cfg in (cfg_processes, cfg_server):
        res = measure(cfg, seed, count, progs, gen_time, alone)
        out[res["mode"]] = res
    return out


def table(results):
    """Markdown table of one or more measurements."""
    rows = [("programs/s", "programs_per_second"),
            ("implementation alone, s", "implementation_alone_s"),
            ("all checks, s", "all_checks_s"),
            ("ratio (wall)", "ratio_to_implementation"),
            ("implementation alone, CPU s", "implementation_alone_cpu_s"),
            ("all checks, CPU s", "all_checks_cpu_s"),
            ("ratio (CPU)", "cpu_ratio_to_implementation"),
            ("generation, s", "generation_s")]
    modes = list(results)
    lines = ["| | " + " | ".join(modes) + " |",
             "|---|" + "---|" * len(modes)]
    for label, key in rows:
        lines.append(f"| {label} | " +
                     " | ".join(str(results[m][key]) for m in modes) + " |")
    for stage in STAGES:
        lines.append(f"| split: {stage}, s | " +
                     " | ".join(str(results[m]["split_s"].get(stage, 0.0))
                                for m in modes) + " |")
    return "\n".join(lines) + "\n"

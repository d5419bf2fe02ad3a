"""Saving a stage finding (questions.OneStage): a lit test whose RUN lines
pass while the finding reproduces (and fail once it is fixed), and a JSON
record. The campaign writes the lit.cfg.py that runs them
(findings.write_lit_config)."""

import json
import os
import shlex

from . import atomicio, findings as findings_mod

def _tool(name):
    return {"run": "dealloc-run", "verify": "dealloc-verify"}.get(name, "dealloc-run")


def run_lines(outcome, impl_cmd):
    """(RUN lines, CHECK lines) for a stage finding or one of ours."""
    kind, verdict, fn = outcome.kind, outcome.verdict, outcome.function
    if kind == "stage-crash":
        if verdict.startswith("killed"):
            return [f"RUN: not --crash {impl_cmd} %s"], []
        return [f"RUN: not {impl_cmd} %s"], []
    if kind == "stage-timeout":
        return [f"RUN: not timeout 60 {impl_cmd} %s"], []
    if kind == "stage-invalid-output":
        if verdict == "empty output":
            return [f"RUN: {impl_cmd} %s | count 0"], []
        if verdict == "function dropped":
            return [f"RUN: {impl_cmd} %s | not grep -q 'func.func @{fn}('"], []
        return [f"RUN: {impl_cmd} %s > %t.mlir",
                "RUN: not mlir-opt --allow-unregistered-dialect %t.mlir -o /dev/null"], []
    if kind == "stage-verdict":
        before, after = (v.strip() for v in verdict.split("->"))
        tool_in, tool_out = (_tool(t) for t in outcome.detector.split(">"))
        pre_in = "" if before == "SAFE" else "not "
        pre_out = "" if after == "SAFE" else "not "
        return ([f"RUN: {pre_in}{tool_in} %s | FileCheck %s --check-prefix=INPUT",
                 f"RUN: {impl_cmd} %s > %t.mlir",
                 f"RUN: {pre_out}{tool_out} %t.mlir | FileCheck %s --check-prefix=OUTPUT"],
                [f"INPUT: @{fn}: {before}", f"OUTPUT: @{fn}: {after}"])
    if kind == "stage-different":
        return ([f"RUN: {impl_cmd} %s > %t.mlir",
                 "RUN: not dealloc-verify --equiv %s %t.mlir | FileCheck %s"],
                [f"CHECK: @{fn}: DIFFERENT"])
    if kind == "input-unsafe":
        tool = _tool(outcome.detector)
        return ([f"RUN: not {tool} %s | FileCheck %s"], [f"CHECK: @{fn}: {verdict}"])
    return [], []          # tool-error: the program only (see the record)


def save(directory, sig, cfg, outcome, prog, origin):
    """Write <directory>/<sig>.mlir and .json; returns the path of the
    .mlir file (.input.mlir, not a lit test, for a finding of ours without
    RUN lines)."""
    os.makedirs(directory, exist_ok=True)
    impl_cmd = findings_mod.command_for_lit(cfg.impl)
    runs, checks = run_lines(outcome, impl_cmd)
    runs = findings_mod.with_dialect_plugins(runs, impl_cmd)
    head = [f"Stage finding {sig}" if outcome.kind.startswith("stage-")
            else f"Not a stage finding (ours: {outcome.kind}) {sig}",
            f"stage: {cfg.stage} ([{cfg.clause}]); kind: {outcome.kind}; "
            f"verdict: {outcome.verdict}"
            + (f"; function: @{outcome.function}" if outcome.function else ""),
            f"origin: {origin}", f"implementation: {shlex.join(cfg.impl)}"]
    if runs:
        head += ["This test passes while the finding reproduces and fails once",
                 "it is fixed."]
    lines = [f"// {h}" for h in head]
    lines += [f"// | {m}"[:200] for m in (outcome.message or "").splitlines()[:12]]
    lines += [""] + [f"// {r}" for r in runs] + [f"// {c}" for c in checks] + [""]
    base = os.path.join(directory, sig)
    # Without RUN lines (our tool errors) the program is not a lit test.
    path = base + (".mlir" if runs else ".input.mlir")
    _atomic_write(path, "\n".join(lines) + "\n" + prog.text)
    record = {"signature": sig, "stage": cfg.stage, "kind": outcome.kind,
              "verdict": outcome.verdict, "function": outcome.function,
              "detector": outcome.detector, "message": outcome.message,
              "origin": origin, "implementation": cfg.impl, "level": prog.level,
              "family": "stage", "seed": prog.seed, "index": prog.index,
              "choices": bytes(prog.choices).rstrip(b"\0").hex(),
              "tidy": prog.tidy, "reproducer": path, "text": prog.text}
    _atomic_write(base + ".json", json.dumps(record, indent=1, sort_keys=True) + "\n")
    return path


def _atomic_write(path, text):
    atomicio.write_text(path, text)

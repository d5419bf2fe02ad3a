"""Saving a stage finding: a lit test whose RUN lines pass while the finding
reproduces (and fail once it is fixed), a JSON record, and a lit.cfg.py
beside them that finds the tools (DEALLOC_TOOLS, else the campaign's tool
directory, then LLVM's bin directory), so `lit OUT/findings` runs as is."""

import json
import os
import shlex

from . import atomicio, findings as findings_mod, tools as tools_mod

LIT_CFG = '''# Written by dealloc-harness fuzz --stage: runs the reproducers beside it.
import os
import sys
import lit.formats

config.name = "stage-findings"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, ".lit")
dirs = [d for d in (os.environ.get("DEALLOC_TOOLS"), {tools!r}, {llvm!r}) if d]
config.environment["PATH"] = os.pathsep.join(dirs + [os.environ.get("PATH", "")])
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%repo", {repo!r}))
'''


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


def save(directory, sig, cfg, outcome, prog, origin, lit_cfg=True):
    """Write <directory>/<sig>.mlir and .json (and, with `lit_cfg`, a
    lit.cfg.py unless there is one); returns the path of the .mlir file."""
    os.makedirs(directory, exist_ok=True)
    impl_cmd = findings_mod.command_for_lit(cfg.impl)
    runs, checks = run_lines(outcome, impl_cmd)
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
    tools_dir = os.path.dirname(cfg.tools.paths.get("dealloc-run") or
                                cfg.tools.paths.get("dealloc-verify") or "")
    cfg_path = os.path.join(directory, "lit.cfg.py")
    if lit_cfg and not os.path.exists(cfg_path):
        _atomic_write(cfg_path, LIT_CFG.format(tools=tools_dir, llvm=tools_mod.LLVM_BIN,
                                               repo=tools_mod.REPO))
    return path


def _atomic_write(path, text):
    atomicio.write_text(path, text)

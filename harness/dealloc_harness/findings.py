"""Findings: signatures, and saving a shrunk finding as a lit regression test
plus a JSON record.

Signature = kind + verdict + op-shape, e.g. `impl-unsafe-leak-alloc-if`: the
op-shape is the set of constructs left in the *shrunk* program, so two
findings with the same signature are, as far as the harness can tell, the
same bug. Only the first (lowest seed/index) program per signature is kept.

Regression tests document current behaviour: their RUN lines pass while the
finding reproduces and fail once it is fixed (then the test is updated to the
fixed behaviour, or deleted if the finding was ours). See
docs/conformance-reference.md#findings-and-reproducers.
"""

import glob
import json
import os
import re
import shlex
import sys

from . import atomicio, toolclient, tools as tools_mod

SPEC_DIR = os.path.join(tools_mod.REPO, "spec")

# (token, regex) in a fixed order: the op-shape of a program.
SHAPE = [
    ("alloc", r"memref\.alloc\("), ("alloca", r"memref\.alloca\("),
    ("global", r"memref\.get_global"), ("clone", r"bufferization\.clone"),
    ("select", r"arith\.select"),
    ("view", r"memref\.(cast|subview|reinterpret_cast|expand_shape|collapse_shape)"),
    ("ptr", r"extract_aligned_pointer_as_index"),
    ("copy", r"memref\.copy"),
    ("if", r"scf\.if"), ("for", r"scf\.for"), ("while", r"scf\.while"),
    ("region", r"scf\.execute_region"), ("switch", r"scf\.index_switch"),
    ("call", r"func\.call"), ("decl", r"func\.func private @\w+\([^)]*\)[^{]*$"),
    ("cf", r"cf\.cond_br"),
]


def op_shape(text):
    return [tok for tok, rx in SHAPE if re.search(rx, text, re.M)]


def _slug(text):
    text = text.lower().replace("exit code ", "exit").replace("killed by signal ", "")
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_") or "none"


def signature(outcome, text):
    shape = op_shape(text)
    sig = f"{outcome.kind}-{_slug(outcome.verdict)}-{'-'.join(shape) or 'empty'}"
    return sig[:120]


def command_for_lit(argv):
    """The implementation command as it should appear in a RUN line."""
    out = []
    for n, arg in enumerate(argv):
        if n == 0 and arg == tools_mod.MLIR_OPT:
            out.append("mlir-opt")
        elif arg == "/usr/bin/python3":
            out.append("%python")
        elif arg.startswith(tools_mod.REPO + "/"):
            out.append("%repo/" + shlex.quote(arg[len(tools_mod.REPO) + 1:]))
        else:
            out.append(shlex.quote(arg))
    return " ".join(out)


def _defined_clauses():
    ids = set()
    for path in glob.glob(os.path.join(SPEC_DIR, "*.md")):
        with open(path) as f:
            ids.update(re.findall(r"^\*\*\[([a-z0-9_.-]+)\]\*\*", f.read(), re.M))
    return ids


def _diagnostic_pattern(message):
    """A FileCheck pattern of a diagnostic whose blanked parts ("?", see
    check.diagnostic_verdict) match anything."""
    for stop in ("{{", "[["):
        message = message.split(stop, 1)[0]
    parts = [p for p in message.split("?")]
    return "{{.*}}".join(parts).strip()


# A run of one of the tools a RUN line calls itself (not inside the
# implementation's command, nor inside a path).
_OWN_TOOL = re.compile(r"(?<![\w/.%-])(dealloc-run|dealloc-verify|dealloc-opt|mlir-opt)(?![\w.-])")


def with_dialect_plugins(runs, impl_cmd):
    """`runs` with the dialect plugins the campaign loaded
    (toolclient.dialect_plugin_args) given to each run of a tool of ours or
    of mlir-opt, so that the reproducer reads the plugin's ops as the
    campaign did; the implementation's command is left as it ran."""
    flags = " ".join(
        shlex.quote(a).replace("=" + tools_mod.REPO + "/", "=%repo/")
        for a in toolclient.dialect_plugin_args())
    if not flags:
        return runs
    def own(part):
        return _OWN_TOOL.sub(lambda m: f"{m.group(1)} {flags}", part)
    return [impl_cmd.join(own(p) for p in line.split(impl_cmd)) if impl_cmd
            else own(line) for line in runs]


def run_lines(outcome, impl_cmd, limits=""):
    """RUN/CHECK lines that pass while the finding reproduces. `limits`
    (retry.py's --memory-mb / --timeout) puts the implementation under the
    limits the finding was made with."""
    kind, verdict, fn = outcome.kind, outcome.verdict, outcome.function
    ref = "dealloc-opt --reference-buffer-deallocation-pipeline %s"
    # Implementations may be nondeterministic (upstream MLIR 22's pass is, on
    # some inputs): the implementation runs through retry.py, which returns
    # the first successful run's output (or succeeds on the first crash).
    retry = "%python %repo/harness/dealloc_harness/retry.py" + limits
    if kind == "impl-crash":
        if not verdict.startswith("exit"):
            return [f"RUN: {retry} --tries 30 --until-crash {impl_cmd} %s"], []
        return [f"RUN: not {retry} --tries 1 --until-ok {impl_cmd} %s"], []
    if kind == "impl-timeout":
        return [f"RUN: not {retry} --tries 1 --until-ok {impl_cmd} %s"], []
    if kind == "impl-rejected" or verdict.startswith("fails the verifier: "):
        # Some run prints the diagnostic (an implementation that is
        # nondeterministic, as upstream is on F2/F3, may crash in others).
        return ([f"RUN: {retry} --tries 30 --until-error {impl_cmd} %s 2>&1 | FileCheck %s"],
                ["CHECK: error: " + _diagnostic_pattern(verdict.split(": ", 1)[1])])
    impl_cmd = f"{retry} --until-ok {impl_cmd}"
    if kind == "impl-invalid-output":
        if verdict == "empty output":
            return [f"RUN: {impl_cmd} %s | count 0"], []
        if verdict == "unregistered op":
            return [f"RUN: {impl_cmd} %s > %t.mlir",
                    "RUN: not mlir-opt %t.mlir -o /dev/null"], []
        if verdict == "unreadable by the tools":
            return [f"RUN: {impl_cmd} %s > %t.mlir", "RUN: not dealloc-run %t.mlir"], []
        if outcome.detector == "interface":
            return ([f"RUN: {impl_cmd} %s > %t.mlir",
                     "RUN: not %python %repo/harness/dealloc_harness/interface.py "
                     "%s %t.mlir | FileCheck %s"],
                    [f"CHECK: @{fn}: {verdict.split(' ', 1)[0]}"])
        return [f"RUN: {impl_cmd} %s > %t.mlir",
                "RUN: not mlir-opt --allow-unregistered-dialect %t.mlir -o /dev/null"], []
    if kind == "impl-unsafe":
        tool = "dealloc-run" if outcome.detector == "run" else "dealloc-verify"
        return ([f"RUN: {impl_cmd} %s > %t.mlir",
                 f"RUN: not {tool} %t.mlir | FileCheck %s"],
                [f"CHECK: @{fn}: {verdict}"])
    if kind == "different":
        return ([f"RUN: {impl_cmd} %s > %t.impl.mlir",
                 f"RUN: {ref} > %t.ref.mlir",
                 "RUN: not dealloc-verify --equiv %t.impl.mlir %t.ref.mlir | FileCheck %s"],
                ["CHECK: DIFFERENT"])
    if kind == "reference-unsafe":
        tool = "dealloc-run" if outcome.detector == "run" else "dealloc-verify"
        return ([f"RUN: {ref} > %t.mlir", f"RUN: not {tool} %t.mlir | FileCheck %s"],
                [f"CHECK: @{fn}: {verdict}"])
    if kind == "reference-error":
        crash = "--crash " if not verdict.startswith("exit") else ""
        return [f"RUN: not {crash}{ref}"], []
    # tool-error: a tool crashed, contradicted itself or the other tool.
    if verdict == "disagreement":
        return ([f"RUN: {impl_cmd} %s > %t.mlir",
                 "RUN: not dealloc-run %t.mlir | FileCheck --check-prefix=RUN %s",
                 "RUN: dealloc-verify %t.mlir | FileCheck --check-prefix=VERIFY %s"],
                [f"RUN: @{fn}: ", f"VERIFY: @{fn}: SAFE"])
    tool = {"run": "dealloc-run", "verify": "dealloc-verify"}.get(
        outcome.detector, "dealloc-verify")
    return ([f"RUN: {impl_cmd} %s > %t.mlir", f"RUN: not --crash {tool} %t.mlir"], [])


def _limits(cfg):
    if cfg is None:
        return ""
    return (f" --memory-mb {cfg.memory // (1024 * 1024)}"
            f" --timeout {cfg.timeout:g}")


def write(directory, sig, outcome, prog, cfg, origin):
    """Write <directory>/<sig>.mlir (lit test) and <sig>.json; returns the
    path of the .mlir file. `cfg` (check.Config) gives the implementation
    and the limits it ran under."""
    os.makedirs(directory, exist_ok=True)
    impl_argv = list(cfg.impl)
    impl_cmd = command_for_lit(impl_argv)
    runs, checks = run_lines(outcome, impl_cmd, _limits(cfg))
    runs = with_dialect_plugins(runs, impl_cmd)
    names = getattr(cfg, "free_functions", ())
    if names:      # the output as the harness read it (free_calls.py)
        pipe = " | %python %repo/harness/dealloc_harness/free_calls.py " + \
            " ".join(shlex.quote(n) for n in names)
        runs = [r.replace(" %s > %t", " %s" + pipe + " > %t") if impl_cmd in r else r
                for r in runs]
    header = [f"Finding {sig}",
              f"kind: {outcome.kind}; verdict: {outcome.verdict}"
              + (f"; function: @{outcome.function}" if outcome.function else "")
              + (f"; found by: {outcome.detector}" if outcome.detector else ""),
              f"origin: {origin}",
              f"implementation: {shlex.join(impl_argv)}",
              f"limits: {cfg.memory // (1024 * 1024)} MiB address space, "
              f"{cfg.timeout:g} s",
              "This test passes while the finding reproduces and fails once it",
              "is fixed (see docs/conformance.md)."]
    clauses = re.findall(r"\[([a-z0-9_-]+(?:\.[a-z0-9_-]+)+)\]", outcome.message or "")
    defined = _defined_clauses()
    cited = [c for c in dict.fromkeys(clauses) if c in defined]
    lines = [f"// {h}" for h in header]
    lines += [f"// SPEC: [{c}]" for c in cited]
    for msg in (outcome.message or "").splitlines()[:12]:
        lines.append(f"// | {msg}"[:200])
    stderr = getattr(outcome, "impl_stderr", "")
    if stderr and stderr.strip() != (outcome.message or "").strip():
        lines.append("// The implementation's stderr:")
        lines += [f"// ! {s}"[:200] for s in stderr.splitlines()[:20]]
    if prog.level == "tensor":
        lines.append("// Tensor-level source (bufferized with One-Shot Bufferize):")
        lines += [f"// | {s}" for s in prog.source.splitlines()]
    lines.append("")
    lines += [f"// {r}" for r in runs]
    lines += [f"// {c}" for c in checks]
    lines.append("")
    base = os.path.join(directory, sig)
    _atomic_write(base + ".mlir", "\n".join(lines) + "\n" + prog.text)
    record = entry(outcome, sig, base + ".mlir")
    record.update({"message": outcome.message, "origin": origin,
                   "implementation": impl_argv, "level": prog.level,
                   "seed": prog.seed, "index": prog.index,
                   "memory_mb": cfg.memory // (1024 * 1024), "timeout": cfg.timeout,
                   "choices": bytes(prog.choices).rstrip(b"\0").hex(),
                   "tidy": prog.tidy,
                   "text": prog.text})
    _atomic_write(base + ".json", json.dumps(record, indent=1, sort_keys=True) + "\n")
    return base + ".mlir"


_FIELD = re.compile(r"^(loc|input): (.*)$", re.M)


def entry(outcome, sig, reproducer, **extra):
    """A finding as report.json and the .json record carry it: the tools'
    field names and formats (docs/conformance-reference.md#json): "function" without
    `@`, "verdict", "clause" as `[id]`, "loc" as `file:line:col`, "input" in
    dealloc-run's --input syntax, "message"; plus the harness's "kind",
    "signature", "detector", "reproducer"."""
    clause = clause_of(outcome.message)
    fields = dict(_FIELD.findall(outcome.message or ""))
    out = {"kind": outcome.kind, "verdict": outcome.verdict, "signature": sig,
           "clause": f"[{clause}]" if clause else "", "reproducer": reproducer,
           "function": outcome.function, "detector": outcome.detector,
           "message": (outcome.message or "")[:2000],
           "loc": normalize_loc(fields.get("loc", "")),
           "input": fields.get("input", "")}
    if getattr(outcome, "impl_stderr", ""):
        out["stderr"] = outcome.impl_stderr
    out.update(extra)
    return out


def clause_of(message):
    """The first spec clause ID cited in a message (without brackets), or ""."""
    m = re.search(r"\[([a-z0-9_-]+(?:\.[a-z0-9_-]+)+)\]", message or "")
    return m.group(1) if m else ""


def normalize_loc(loc):
    """`loc("f.mlir":3:5)` (MLIR's attribute syntax) -> `f.mlir:3:5`."""
    m = re.fullmatch(r'loc\("([^"]*)":(\d+):(\d+)\)', loc.strip())
    return f"{m.group(1)}:{m.group(2)}:{m.group(3)}" if m else loc.strip()


LIT_CFG = """# lit configuration written by dealloc-harness: `lit {out}` (or a folder
# below it, e.g. reproducers/) runs the reproducers as they are. Tools come from $DEALLOC_TOOLS, else
# the folder the harness used ({tools!r}) if it still exists, else PATH;
# FileCheck, not and count from PATH or {llvm!r}.
import os
import lit.formats

config.name = "dealloc-harness reproducers"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["raw", "shrunk", "ours", "lit.cfg.py"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.test_source_root, ".lit")
path = [os.environ.get("DEALLOC_TOOLS") or ""]
if os.path.isdir({tools!r}):
    path.append({tools!r})
path += [os.environ.get("PATH", ""), {llvm!r}]
config.environment["PATH"] = os.pathsep.join(p for p in path if p)
config.substitutions.append(("%repo", {repo!r}))
config.substitutions.append(("%python", {python!r}))
"""


def write_lit_config(out, tools):
    """OUT/lit.cfg.py for the reproducers under OUT."""
    os.makedirs(out, exist_ok=True)
    located = sorted({os.path.dirname(p) for n, p in tools.paths.items()
                      if p and n != "dealloc-check"})
    text = LIT_CFG.format(out=out, tools=located[0] if located else "",
                          llvm=tools_mod.LLVM_BIN, repo=tools_mod.REPO,
                          python=sys.executable or "/usr/bin/python3")
    _atomic_write(os.path.join(out, "lit.cfg.py"), text)


def ensure_lit_config(directory, tools):
    """Write directory/lit.cfg.py unless the directory is already in a lit
    suite (a lit.cfg.py or lit.site.cfg.py in it or above it)."""
    if not in_lit_suite(directory):
        write_lit_config(directory, tools)


def in_lit_suite(directory):
    here = os.path.abspath(directory)
    while True:
        if any(os.path.exists(os.path.join(here, n))
               for n in ("lit.cfg.py", "lit.site.cfg.py")):
            return True
        parent = os.path.dirname(here)
        if parent == here:
            return False
        here = parent


def _atomic_write(path, text):
    atomicio.write_text(path, text)

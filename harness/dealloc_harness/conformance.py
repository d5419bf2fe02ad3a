"""`conformance`: run the pre-deallocation programs of files and folders
through an implementation and check each one like a generated program.

What is a case:
  - a plain `.mlir` file (no `// RUN:` line) is a program; `// -----`
    splits it into several. Every public function of a case is checked.
  - a lit test (RUN lines) is used if its RUN lines run a deallocation
    pipeline on it (`deallocation` in a RUN line); its cases are split the
    same way, and its comment lines (RUN, CHECK, ...) are dropped.
  - a file in an `Inputs/` folder without RUN lines is not a test but an
    input of other tests (lit excludes `Inputs/` too): found in a folder,
    it is skipped once, as a file, whatever it contains (named on the
    command line, it is used).
A case is skipped, with its name and the reason in the report, if it
already contains frees (`memref.dealloc` / `bufferization.dealloc`), expects
diagnostics (`expected-error`), has no public function (nothing for the
tools to check), or does not parse (upstream mlir-opt rejects it with a
diagnostic; a *crash* of mlir-opt's parser skips nothing: the case is
checked, and the implementation's own behaviour on it decides). A
tensor-level lit case (its RUN lines bufferize with one-shot-bufferize) is
bufferized first, with the options tensor-level generated programs get
(gen_tensor.bufferize). Files are read as bytes: text that is not UTF-8 is
passed through unchanged (MLIR's tools accept it in comments and strings).
Cases get `dealloc.site` attributes (if they have none) so that
implementation and reference can be compared.
"""

import glob
import os
import re
import shlex
import sys
import time

from . import check, findings, interface, interrupt, process, report as report_mod, \
    toolclient, tools as tools_mod
from .gen_tensor import BufferizationError, bufferize
from .generate import Program
from .mlir_text import annotate_sites
from .tally import Tally

SPLIT = re.compile(r"^// -----\s*$", re.M)
RUN_LINE = re.compile(r"^\s*// RUN:(.*)$", re.M)
COMMENT_LINE = re.compile(r"^\s*//.*\n?", re.M)
INPUT_OF_OTHER_TESTS = "Inputs/ file without RUN lines (an input of other tests)"
UNREADABLE = "unreadable input"
NO_PUBLIC_FUNCTION = "no public function (nothing to check)"
NOT_DEALLOCATION = "lit test whose RUN lines run no deallocation pipeline"
# The tools check public functions; a public func.func always has a body.
PUBLIC_FUNCTION = re.compile(r"^\s*func\.func\s+(?:public\s+)?@", re.M)


def is_test_input(path, content):
    """True for a file under an `Inputs` folder that has no RUN line."""
    parts = os.path.normpath(path).split(os.sep)
    return "Inputs" in parts[:-1] and not RUN_LINE.search(content)


def read(path):
    """(content, "") or (None, why the file cannot be read). Bytes that are
    not UTF-8 are kept (surrogate escapes), not rejected."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        return None, f"{UNREADABLE}: {exc.strerror}"
    return data.decode("utf-8", errors="surrogateescape"), ""


def _files(paths):
    """[(path, named)]: `named` if the file was given itself, not found in
    a folder."""
    files = {}
    for path in paths:
        if os.path.isdir(path):
            for found in glob.glob(os.path.join(path, "**", "*.mlir"), recursive=True):
                files.setdefault(found, False)
        else:
            files[path] = True
    return sorted(files.items())


def _display(path):
    path = os.path.abspath(path)
    return os.path.relpath(path, tools_mod.REPO) if path.startswith(
        tools_mod.REPO + os.sep) else path


def _program(part):
    """A case's program: its comment lines (RUN, CHECK, notes) dropped."""
    return COMMENT_LINE.sub("", part).strip("\n") + "\n"


def _case(name, part, runs):
    """(name, text, "") or (name, None, reason) for one `// -----` part."""
    if "expected-error" in part or "expected-warning" in part:
        return name, None, "expected-diagnostics case"
    program = _program(part)     # CHECK lines may name ops: not the program
    if re.search(r"\b(memref|bufferization)\.dealloc\b", program):
        return name, None, "already deallocated"
    if "func.func" not in program:
        return name, None, "no function"
    if not PUBLIC_FUNCTION.search(program):
        return name, None, NO_PUBLIC_FUNCTION
    if "one-shot-bufferize" in runs and "tensor<" in program:
        # A tensor-level case: bufferized first, like generated ones.
        try:
            return name, bufferize(program), ""
        except (BufferizationError, OSError, ValueError) as exc:
            return name, None, f"One-Shot Bufferize fails: {str(exc)[:80]}"
    return name, program, ""


def cases(paths):
    """Yield (name, text, "") or (name, None, reason) per case, sorted. An
    unreadable file is one (name, None, "unreadable input: ...")."""
    for path, named in _files(paths):
        rel = _display(path)
        content, why = read(path)
        if content is None:
            yield rel, None, why
            continue
        if not named and is_test_input(path, content):
            yield rel, None, INPUT_OF_OTHER_TESTS
            continue
        runs = " ".join(RUN_LINE.findall(content))
        parts = SPLIT.split(content)
        for n, part in enumerate(parts):
            name = f"{rel}:{n + 1}" if len(parts) > 1 else rel
            if runs and "deallocation" not in runs:
                yield name, None, NOT_DEALLOCATION
            else:
                yield _case(name, part, runs)


def _short(name, root):
    """A case's name relative to the folder of the run's arguments, for
    reproducer file names (`loop.mlir:1`, not `/tmp/x/cases/loop.mlir:1`)."""
    path, colon, n = name.rpartition(":") if re.search(r":\d+$", name) else (name, "", "")
    full = path if os.path.isabs(path) else os.path.join(tools_mod.REPO, path)
    return os.path.relpath(full, root) + colon + n


def parse_problem(text):
    """Why upstream mlir-opt rejects `text` (its first diagnostic), or "" if
    it parses - or if the parser itself crashed or timed out: that is not a
    reason to skip a case (the implementation's behaviour decides)."""
    run = process.run([tools_mod.MLIR_OPT, *toolclient.dialect_plugin_args(),
                       "--allow-unregistered-dialect", "-o", "/dev/null"],
                      text, timeout=60)
    if run.ok or run.status != "exit":
        return ""
    first = (run.stderr.strip().splitlines() or ["(no diagnostic)"])[0]
    return "does not parse: " + check.untemp(first)[:200]


def run(cfg, dirs, out, progress=True):
    """Check every case of `dirs` with `cfg` (check.Config); the report is
    written to `out` (also when interrupted: interrupt.py) and returned."""
    start = time.monotonic()
    tally, found = Tally(), []
    skipped, skipped_cases = {}, []
    interrupted = False
    root = os.path.commonpath([os.path.abspath(d if os.path.isdir(d) else
                                               os.path.dirname(d) or ".")
                               for d in dirs])
    findings.write_lit_config(out, cfg.tools)
    params = {"impl": shlex.join(cfg.impl), "dirs": list(dirs),
              "checks": list(cfg.checks), "memory_mb": cfg.memory // (1024 * 1024),
              "require_equivalence": cfg.require_equivalence}
    if cfg.free_functions:
        params["free_functions"] = list(cfg.free_functions)

    def check_all():
        for name, text, reason in cases(dirs):
            if text is not None and "dealloc.site" not in text:
                text = annotate_sites(text)
            if text is not None:
                reason = parse_problem(text)
            if reason:
                _skip(tally, skipped, skipped_cases, name, reason)
            else:
                _check_case(cfg, tally, name, text, root, out, progress, found)
            interrupt.poll()

    try:
        interrupted = interrupt.checking(check_all)
    finally:
        interrupted = interrupted or interrupt.requested()
        params["skipped"] = dict(sorted(skipped.items()))
        rep = tally.report("conformance", params, found,
                           {"wall": time.monotonic() - start}, interrupted)
        rep["skipped_cases"] = skipped_cases
        report_mod.write(out, rep)
    return rep


def _skip(tally, skipped, skipped_cases, name, reason):
    if reason.startswith(UNREADABLE):
        tally.errors.append(f"{name}: {reason}")
        print(f"dealloc-harness: {name}: {reason}", file=sys.stderr)
    group = reason.split(":", 1)[0] if reason.startswith(
        ("does not parse", UNREADABLE, "One-Shot")) else reason
    skipped[group] = skipped.get(group, 0) + 1
    skipped_cases.append({"case": name, "reason": reason})


def _check_case(cfg, tally, name, text, root, out, progress, found):
    """Check one case; appends its findings (report entries) to `found`,
    each with a reproducer in OUT/reproducers."""
    outcome = check.check(text, cfg)
    with interrupt.shielded():
        tally.add(name, outcome, interface.public_functions(text))
        for kind, verdict in outcome.findings():
            entry = outcome.entry(kind, verdict)
            short, base = _short(name, root), findings.signature(entry, text)
            sig = (re.sub(r"[^A-Za-z0-9]+", "_", short).strip("_") + "-" + base)[:150]
            prog = Program(0, tally.programs, "memref", text)
            path = findings.write(os.path.join(out, "reproducers"), sig, entry,
                                  prog, cfg, f"conformance case {name}")
            found.append(findings.entry(entry, sig, path, case=name,
                                        file=re.sub(r":\d+$", "", short),
                                        base_signature=base))
    if progress:
        fn = f" @{outcome.function}" if outcome.function else ""
        print(f"[dealloc-harness] {name}: {outcome.kind} {outcome.verdict}"
              .rstrip() + fn, file=sys.stderr, flush=True)

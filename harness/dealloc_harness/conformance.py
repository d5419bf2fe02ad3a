"""`conformance`: run the pre-deallocation programs of a corpus through an
implementation and check each one like a generated program.

A corpus file is a lit test; its cases are separated by `// -----`. A case
is a pre-deallocation program if the file's RUN lines run a deallocation
pipeline on the file (`deallocation` in a RUN line), the case contains no
`memref.dealloc` / `bufferization.dealloc` yet, is not an expected-error
case (`expected-error`), and parses. A tensor-level case (its RUN lines
bufferize with one-shot-bufferize) is bufferized first, with the options
tensor-level generated programs get (gen_tensor.bufferize). A file in an
`Inputs/` folder without RUN lines is not a test but an input of other tests
(lit excludes `Inputs/` too): it is skipped once, as a file, whatever it
contains. A case without a public function has nothing the tools check
(they print a note and exit 0): it is skipped too. A file that cannot be read
(e.g. not UTF-8) is skipped and named in the report's errors; the rest of the
run goes on. Every other case is counted as skipped, with the reason. Cases get `dealloc.site` attributes (if they have none) so
that implementation and reference can be compared.
"""

import glob
import os
import re
import sys
import time

from . import check, findings, report as report_mod, tools as tools_mod
from .gen_tensor import BufferizationError, bufferize
from .generate import Program
from .mlir_text import annotate_sites

SPLIT = re.compile(r"^// -----\s*$", re.M)
RUN_LINE = re.compile(r"^// RUN:(.*)$", re.M)
INPUT_OF_OTHER_TESTS = "Inputs/ file without RUN lines (an input of other tests)"
UNREADABLE = "unreadable input"
NO_PUBLIC_FUNCTION = "no public function (nothing to check)"
# The tools check public functions; a public func.func always has a body.
PUBLIC_FUNCTION = re.compile(r"^\s*func\.func\s+(?:public\s+)?@", re.M)


def is_test_input(path, content):
    """True for a file under an `Inputs` folder that has no RUN line."""
    parts = os.path.normpath(path).split(os.sep)
    return "Inputs" in parts[:-1] and not RUN_LINE.search(content)


def _read(path):
    """(content, "") or (None, why the file cannot be read, with a location)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        return None, f"{UNREADABLE}: {exc.strerror}"
    try:
        return data.decode("utf-8"), ""
    except UnicodeDecodeError as exc:
        at = exc.start
        line = data.count(b"\n", 0, at) + 1
        return None, (f"{UNREADABLE}: line {line}: not UTF-8 (byte "
                      f"0x{data[at]:02x} at offset {at})")


def cases(paths):
    """Yield (name, text, "") or (name, None, reason) per case, sorted. An
    unreadable file is one (name, None, "unreadable input: ...")."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += glob.glob(os.path.join(path, "**", "*.mlir"), recursive=True)
        else:
            files.append(path)
    for path in sorted(set(files)):
        rel = os.path.relpath(path, tools_mod.REPO) if path.startswith(
            tools_mod.REPO) else path
        content, why = _read(path)
        if content is None:
            yield rel, None, why
            continue
        if is_test_input(path, content):
            yield rel, None, INPUT_OF_OTHER_TESTS
            continue
        runs = " ".join(RUN_LINE.findall(content))
        parts = SPLIT.split(content)
        for n, part in enumerate(parts):
            name = f"{rel}:{n + 1}" if len(parts) > 1 else rel
            if "deallocation" not in runs:
                yield name, None, "file does not run a deallocation pipeline"
            elif re.search(r"\b(memref|bufferization)\.dealloc\b", part):
                yield name, None, "already deallocated"
            elif "expected-error" in part or "expected-warning" in part:
                yield name, None, "expected-diagnostics case"
            elif "func.func" not in part:
                yield name, None, "no function"
            elif not PUBLIC_FUNCTION.search(part):
                yield name, None, NO_PUBLIC_FUNCTION
            elif "one-shot-bufferize" in runs and "tensor<" in part:
                # A tensor-level case: bufferized first, like generated ones.
                try:
                    yield name, bufferize(part), ""
                except (BufferizationError, OSError, ValueError) as exc:
                    yield name, None, f"One-Shot Bufferize fails: {str(exc)[:80]}"
            else:
                yield name, part, ""


def run(impl, tools, dirs, out, timeout=30.0, progress=True):
    cfg = check.Config(impl=impl, tools=tools, timeout=timeout)
    start = time.monotonic()
    counts, not_run, errors, found = {}, {}, [], []
    skipped = {}
    fallbacks = {}
    programs = 0
    repro_dir = os.path.join(out, "reproducers")
    for item in cases(dirs):
        name, text, reason = item
        if text is None:
            if reason.startswith(UNREADABLE):
                # Named in the report (errors), not only counted.
                errors.append(f"{name}: {reason}")
                print(f"dealloc-harness: {name}: {reason}", file=sys.stderr)
                reason = UNREADABLE
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        if not tools_mod.parses(text):
            skipped["does not parse"] = skipped.get("does not parse", 0) + 1
            continue
        if "dealloc.site" not in text:
            text = annotate_sites(text)
        programs += 1
        outcome = check.check(text, cfg)
        kind = outcome.kind
        counts[kind] = counts.get(kind, 0) + 1
        for nr in outcome.not_run:
            not_run[nr] = not_run.get(nr, 0) + 1
        for why, n in outcome.fallbacks.items():
            fallbacks[why] = fallbacks.get(why, 0) + n
        for kind, verdict in outcome.findings():
            entry = outcome.entry(kind, verdict)
            sig = (re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_") + "-"
                   + findings.signature(entry, text))[:150]
            prog = Program(0, programs, "memref", text)
            path = findings.write(repro_dir, sig, entry, prog, impl,
                                  f"conformance case {name}")
            found.append({"kind": kind, "verdict": verdict, "signature": sig,
                          "clause": check.clause_of(entry.message),
                          "reproducer": path, "case": name,
                          "function": entry.function, "detector": entry.detector,
                          "message": entry.message[:2000]})
        if progress:
            print(f"[dealloc-harness] {name}: {outcome.kind} {outcome.verdict}",
                  file=sys.stderr, flush=True)
    params = {"impl": " ".join(impl), "dirs": list(dirs),
              "skipped": dict(sorted(skipped.items()))}
    rep = report_mod.build("conformance", params, programs, counts, not_run,
                           found, {"wall": time.monotonic() - start}, errors)
    rep["tool_fallbacks"] = dict(sorted(fallbacks.items()))
    report_mod.write(out, rep)
    return rep

"""The differential check of one program, and the classification of its
outcome.

Steps: run the implementation under test (its own process); run the
reference pipeline (dealloc-opt --reference-buffer-deallocation-pipeline);
run both outputs concretely (dealloc-run, enumerated inputs) and
symbolically (dealloc-verify); compare them (dealloc-verify --equiv impl
ref). The tool runs are dealloc-check jobs when it is built (tools.py,
server.py), else one process each; the answers are the same.

Classes of an outcome (a program may have several; `kind` is the first in
this order, kinds.whole_pipeline()):
  impl-crash, impl-rejected, impl-timeout, impl-invalid-output
                     the implementation misbehaved (crash: killed by a signal
                     or a non-zero exit without an MLIR error; rejected: it
                     exited non-zero with an MLIR error diagnostic, i.e. it
                     refused a valid input; invalid output: empty,
                     unparseable, huge, unreadable by the tools, an op of an
                     unregistered dialect, a public function of the input
                     missing or made private, or an op verifier's error
                     reported by the implementation itself about IR it made)
  impl-unsafe        a violation verdict on the implementation's output
  reference-error / reference-unsafe / tool-error   our bugs (counted apart)
  unsupported, unknown   a check could not decide (counted, never a pass)
  not-run            nothing found, but some check's tool is not built
  different          impl and reference free differently (DIFFERENT): a
                     finding only with require_equivalence; by default the
                     question is refinement ([pipeline.conformance]) and a
                     safe difference is reported, not failed
  pass               every check ran and said SAFE (and EQUIVALENT)
Checks whose tool is not built are listed in `not_run` and counted.
"""

import re
import signal
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from . import free_calls, interface, interrupt, process, server, tools as tools_mod
from .kinds import whole_pipeline

@dataclass
class Config:
    impl: list                      # argv of the implementation under test
    tools: object                   # tools.Tools
    timeout: float = 30.0           # per-program timeout of the implementation
    memory: int = process.DEFAULT_MEMORY
    checks: tuple = ("run", "verify", "equiv")
    # The question ([pipeline.conformance]): refinement (safe output that
    # keeps the ABI) by default; equivalence with the reference if set.
    require_equivalence: bool = False
    # Runtime free functions (--free-function): their calls in the output
    # are read as memref.dealloc (free_calls.py).
    free_functions: tuple = ()


@dataclass
class Outcome:
    kind: str
    verdict: str = ""               # e.g. LEAK, crash, DIFFERENT
    function: str = ""
    detector: str = ""              # which check found it: impl, run, verify, equiv
    message: str = ""
    classes: list = field(default_factory=list)   # [kind, verdict, function, detector, message]
    not_run: list = field(default_factory=list)
    seconds: dict = field(default_factory=dict)
    impl_output: str = ""
    # Tool jobs that fell back from dealloc-check to their own process, by
    # reason (server.py): counted in the report.
    fallbacks: dict = field(default_factory=dict)
    # Functions whose answer excluded inputs reaching undefined behaviour
    # ([safety.defined]), per check of the implementation's output: counted
    # in the report, never a finding.
    excluded: dict = field(default_factory=dict)
    # What the comparison with the reference could not tell under
    # refinement (its UNKNOWN, a reference that refused the input or is not
    # built): information, never a finding nor undecided, since the safety
    # checks answer the question. [function, detector, message] each.
    notes: list = field(default_factory=list)
    require_equivalence: bool = False
    impl_stderr: str = ""           # kept_stderr() of the implementation's run

    @property
    def kinds(self):
        return whole_pipeline(self.require_equivalence)

    def findings(self):
        """Distinct (kind, verdict) finding classes, in rank order."""
        return self.kinds.finding_classes(self.classes)

    def undecided(self):
        """[kind, verdict, function, detector, message] of every class that
        left the program undecided (unsure checks, our own failures)."""
        return self.kinds.unsure(self.classes)

    def differences(self):
        return [c for c in self.classes if c[0] == "different"]

    def entry(self, kind, verdict):
        """The first class entry with this kind and verdict, as an Outcome."""
        for c in self.classes:
            if c[0] == kind and c[1] == verdict:
                return _headed(c, classes=self.classes, not_run=self.not_run,
                               seconds=self.seconds,
                               require_equivalence=self.require_equivalence,
                               impl_stderr=self.impl_stderr)
        return None


# The first error diagnostic MLIR prints: "LOCATION: error: MESSAGE", where
# LOCATION is file:line:col, <stdin>:line:col or loc(...).
_DIAGNOSTIC = re.compile(r"^(?P<loc>\S.*?:\d+:\d+|loc\(.*?\)): error: (?P<msg>.+)$", re.M)
# A verifier's diagnostic: an op's own (Op::emitOpError: "'dialect.op' op
# ...") or MLIR's structural checks of any op (mlir/lib/IR/Verifier.cpp).
_VERIFIER = re.compile(r"^('[\w.$-]+' op |operation's operand is |operand #\? does not "
                       r"dominate|block with no terminator|empty block: expect|entry block "
                       r"of region may not have predecessors|operation with block successors "
                       r"must terminate|reference to block defined in another region)")


def diagnostic_verdict(stderr):
    """(kind, verdict) of a non-zero exit that printed an MLIR error: an op
    verifier's error is IR the implementation made and its own verifier
    refused (impl-invalid-output, e.g. upstream's F6: "'affine.for' op
    operand count ..."), any other error a refusal of the input
    (impl-rejected, e.g. a documented limitation of upstream's pass). The
    verdict is the message with numbers and SSA/symbol names blanked to "?",
    so a shrunk program keeps it; None when stderr has no MLIR error."""
    m = _DIAGNOSTIC.search(stderr)
    if not m:
        return None
    msg = m.group("msg").strip()
    msg = re.sub(r"[%@][\w$.-]+", lambda v: v.group(0)[0] + "?", msg)
    msg = re.sub(r"\d+", "?", msg)[:160]
    if _VERIFIER.match(msg):
        return "impl-invalid-output", "fails the verifier: " + msg
    return "impl-rejected", "rejected: " + msg


def wrapped_signal(returncode):
    """The signal a shell reports as exit status 128+N (a wrapper script
    whose implementation was killed by signal N), or None."""
    if 128 < returncode < 128 + 65:
        try:
            return signal.Signals(returncode - 128).name
        except ValueError:
            return None
    return None


# A parse error (not a verifier's or a pass's: those are about an op, and
# MLIR prints "see current operation" with them): the implementation does
# not accept the input's syntax (e.g. an older MLIR on newer syntax).
_OP_NOTE = re.compile(r": note: see current operation", re.M)
_PARSER = re.compile(r"^(expected |custom op '.*' is unknown|unknown |unexpected |"
                     r"use of undeclared SSA value|undefined symbol|cannot name an "
                     r"operation with no results|redefinition of |dialect '.*' not "
                     r"found|invalid (?!free))")
# An MLIR opt driver (mlir-opt, my-opt, mlir-opt-19): run without passes it
# parses, verifies and prints, which tells whether it accepts the input.
_OPT_DRIVER = re.compile(r"^[\w.+-]*-opt(-[\d.]+)?$")
_DRIVER_FLAGS = ("--allow-unregistered-dialect", "--load-dialect-plugin",
                 "--load-pass-plugin")


def _parse_only(impl):
    """The implementation's driver without its passes, or None if it is
    not an opt driver (a wrapper script: then only the diagnostic tells)."""
    import os
    if not impl or not _OPT_DRIVER.match(os.path.basename(impl[0])):
        return None
    return [impl[0]] + [a for a in impl[1:] if a.startswith(_DRIVER_FLAGS)] + \
        ["-o", "/dev/null"]


def input_rejection(cfg, text):
    """A function of a failed run: why the implementation's own parser and
    verifier refuse `text` (its first diagnostic, blanked), or None."""
    def rejected(run):
        diag = diagnostic_verdict(run.stderr)
        if diag and not _OP_NOTE.search(run.stderr) and \
                _PARSER.match(diag[1].split(": ", 1)[1]):
            return diag[1].split(": ", 1)[1]
        argv = _parse_only(cfg.impl)
        if argv is None:
            return None
        probe = process.run(argv, text, timeout=cfg.timeout, memory=cfg.memory)
        if probe.status != "exit":
            return None
        diag = diagnostic_verdict(probe.stderr)
        return diag[1].split(": ", 1)[1] if diag else None
    return rejected


def _impl_class(run, input_rejected=None):
    """(kind, verdict) of the implementation's run, or (None, "").
    `input_rejected(run)`: the implementation's own parser and verifier
    refuse the input (a diagnostic), or None."""
    if run.status == "timeout":
        return "impl-timeout", "timeout"
    if run.status == "exit":
        diag = diagnostic_verdict(run.stderr)
        if diag:
            why = input_rejected(run) if input_rejected else None
            if why:
                return "input-rejected", "does not accept the input: " + why
            return diag
        name = wrapped_signal(run.returncode)
        if name:
            return "impl-crash", f"killed by signal {name}"
    if run.status in ("signal", "exit", "not-found"):
        return "impl-crash", run.describe()
    if run.status == "huge-output":
        return "impl-invalid-output", "huge output"
    if not run.stdout.strip():
        return "impl-invalid-output", "empty output"
    return None, ""


def _add(classes, entry):
    classes.append(entry)


def check(text, cfg, wanted=None):
    """Check one memref-level program. `wanted` (a kind) lets the reducer skip
    checks that cannot produce that kind. Independent tool calls run
    concurrently: the reference side (reference pipeline, then proving the
    reference output) runs while the implementation runs and its output is
    executed and proved; the equivalence check comes last."""
    held = {}
    with ThreadPoolExecutor(max_workers=3) as pool:
        out = _check(text, cfg, wanted, pool, held)
    out.fallbacks = server.take_fallbacks()
    out.impl_stderr = kept_stderr(held.get("stderr", ""))
    return out


STDERR_KEPT = 2000     # characters of the implementation's stderr a finding keeps


def kept_stderr(stderr):
    """The implementation's stderr as a finding keeps it: its start (the
    first error) and its end (a stack dump's last frames), temporary paths
    dropped."""
    stderr = untemp(stderr.strip())
    if len(stderr) <= STDERR_KEPT:
        return stderr
    half = STDERR_KEPT // 2
    return stderr[:half] + "\n[...]\n" + stderr[-half:]


@dataclass
class _ReferenceSide:
    ref: process.RunResult
    checks: list = field(default_factory=list)    # (name, ToolResult), in order


def _reference_side(text, cfg, wanted):
    """The reference pipeline's output and, when the reducer may want it,
    the checks of that output: proved (verify), and executed (run) only when
    the proof is not available or not SAFE — the reference is expected to be
    safe. Stops at the first violation."""
    t = cfg.tools
    side = _ReferenceSide(t.reference(text))
    if not side.ref.ok or wanted not in (None, "reference-unsafe"):
        return side
    verified_safe = False
    for name in ("verify", "run"):
        if name not in cfg.checks:
            continue
        if name == "run" and "verify" in cfg.checks and t.have("dealloc-verify") \
                and verified_safe:
            continue
        res = getattr(t, name)(side.ref.stdout)
        side.checks.append((name, res))
        if name == "verify":
            verified_safe = res.status == "ok" and set(res.verdicts.values()) == {"SAFE"}
        if res.status == "ok" and res.first_violation():
            break
    return side


# Classes the implementation's run alone decides: the reference is not run.
_IMPL_ALONE = ("impl-unsafe", "impl-invalid-output", "impl-crash", "impl-rejected",
               "impl-timeout")


def _check(text, cfg, wanted, pool, held):
    seconds = {}
    classes = []          # (kind, verdict, function, detector, message)
    not_run = []

    ref_future = None
    if wanted not in _IMPL_ALONE:
        ref_future = pool.submit(_reference_side, text, cfg, wanted)
    impl_text, failed = _run_impl(text, cfg, held, classes, seconds)
    if failed or wanted in ("impl-crash", "impl-rejected", "impl-timeout"):
        return _outcome(classes, not_run, seconds, impl_text, cfg)
    # The interface: every public function of the input is still there and
    # public ([pipeline.conformance]); `module {}` loses all of them.
    for fn, what in interface.problems(text, impl_text):
        _add(classes, ("impl-invalid-output", what, fn, "interface",
                       f"public function @{fn} of the input is {what.split(' ', 1)[0]} "
                       "in the output ([pipeline.conformance])"))
    if classes:
        return _outcome(classes, not_run, seconds, impl_text, cfg)
    impl_results = _check_impl_output(impl_text, cfg, wanted, pool, classes, not_run, seconds)
    if impl_results is None:
        return _outcome(classes, not_run, seconds, impl_text, cfg)
    excluded = {name: len(res.excluded()) for name, res in impl_results.items()
                if res.status == "ok" and res.excluded()}
    if wanted in ("impl-unsafe", "impl-invalid-output"):
        return _outcome(classes, not_run, seconds, impl_text, cfg)
    notes = []
    compared = _compare_with_reference(interrupt.wait(ref_future), impl_text, cfg, wanted,
                                       classes, not_run, seconds, notes, excluded)
    out = _outcome(classes, not_run, seconds, impl_text, cfg, notes)
    if compared:
        out.excluded = excluded
    return out


def _run_impl(text, cfg, held, classes, seconds):
    """Runs the implementation under test on `text`: (its output, failed).
    A crash, refusal or timeout is a class and `failed`, with the output as
    printed; else the output has its free-function calls read as deallocs."""
    impl = process.run(cfg.impl, text, timeout=cfg.timeout, memory=cfg.memory)
    seconds["implementation"] = impl.seconds
    held["stderr"] = impl.stderr
    kind, verdict = _impl_class(impl, input_rejection(cfg, text))
    if kind:
        message = untemp(impl.stderr.strip()[:1500])
        if impl.status == "exit" and wrapped_signal(impl.returncode):
            message = (f"exit code {impl.returncode}: a shell's report of signal "
                       f"{impl.returncode - 128}\n" + message)
        _add(classes, (kind, verdict, "", "impl", message))
        return impl.stdout, True
    return free_calls.rewrite(impl.stdout, cfg.free_functions), False


def _check_impl_output(impl_text, cfg, wanted, pool, classes, not_run, seconds):
    """Runs dealloc-run and dealloc-verify on the implementation's output and
    adds their classes: {check: result}, or None when the output is
    invalid (the outcome is decided)."""
    t = cfg.tools
    impl_futures = {name: pool.submit(getattr(t, name), impl_text)
                    for name in ("run", "verify")
                    if name in cfg.checks and wanted not in ("reference-error",
                                                             "reference-unsafe")}
    impl_results = {}
    for name, fut in impl_futures.items():
        res = interrupt.wait(fut)
        seconds[name] = seconds.get(name, 0.0) + res.seconds
        impl_results[name] = res
        if res.status == "not-run":
            not_run.append(f"{name}(impl)")
        elif res.status == "bad-input":
            # Output the tools cannot read is not a deallocated version of
            # the input ([pipeline.conformance]).
            what = "unreadable by the tools" if tools_mod.parses(impl_text) \
                else "unparseable"
            _add(classes, ("impl-invalid-output", what, "", name,
                           f"dealloc-{name}: {res.message}"))
            return None
        elif res.status == "error":
            _add(classes, ("tool-error", "crash", "", name, res.message))
    if "run" not in impl_results and "verify" not in impl_results and \
            wanted in (None, "impl-invalid-output"):
        if not tools_mod.parses(impl_text):
            _add(classes, ("impl-invalid-output", "unparseable", "", "mlir-opt", ""))
            return None
    _classify_impl(impl_results, classes)
    if any(r.status == "ok" and "UNSUPPORTED" in r.verdicts.values()
           for r in impl_results.values()):
        # An op of a dialect no MLIR tool knows: not an unmodelled op of
        # ours but output no other tool can read either.
        bad = tools_mod.unregistered(impl_text)
        if bad:
            _add(classes, ("impl-invalid-output", "unregistered op", "", "mlir-opt", bad))
            return None
    return impl_results


def _compare_with_reference(side, impl_text, cfg, wanted, classes, not_run, seconds, notes,
                            excluded):
    """Adds the classes of the reference side (its checks, the comparison
    with --equiv); False when the reference is not built or refused the
    input (nothing compared)."""
    ref = side.ref
    seconds["reference"] = ref.seconds
    if ref.status == "not-found":
        # Under refinement the reference only informs (differences).
        if cfg.require_equivalence:
            not_run.append("reference")
        elif "equiv" in cfg.checks:
            notes.append(["", "reference", "not compared with the reference: "
                          "dealloc-opt is not built"])
        return False
    if not ref.ok:
        # Under refinement the reference only informs: its diagnosed refusal
        # of an input (a documented limitation, e.g. [own.pipeline.hidden-view])
        # decides nothing; a crash or hang of it is still our bug.
        if cfg.require_equivalence or ref.status != "exit":
            _add(classes, ("reference-error", ref.describe(), "", "reference",
                           ref.stderr.strip()[-1500:]))
        elif "equiv" in cfg.checks:
            notes.append(["", "reference", "not compared with the reference: "
                          "the reference pipeline refused the input: "
                          + untemp(ref.stderr.strip()[-500:])])
        return False
    impl_unsafe = any(c[0] == "impl-unsafe" for c in classes)
    equiv = None
    if "equiv" in cfg.checks and not impl_unsafe and wanted in (None, "different"):
        equiv = cfg.tools.equiv(impl_text, ref.stdout)
    for name, res in side.checks:
        seconds[name] = seconds.get(name, 0.0) + res.seconds
        if res.status == "not-run":
            if cfg.require_equivalence:
                not_run.append(f"{name}(reference)")
        elif res.status in ("error", "bad-input"):
            _add(classes, ("tool-error", res.status, "", name,
                           "on the reference output: " + res.message))
        else:
            hit = res.first_violation()
            if hit:
                _add(classes, ("reference-unsafe", hit[1], hit[0], name,
                               _describe(hit[2])))
    if equiv is not None:
        seconds["equiv"] = equiv.seconds
        _classify_equiv(equiv, classes, not_run, notes, cfg.require_equivalence)
        if equiv.status == "ok" and equiv.excluded():
            excluded["equiv"] = len(equiv.excluded())
    return True


def _classify_impl(impl_results, classes):
    """Verdicts on the implementation's output: the first violation (a
    concrete one, with its input and trace, outranks a symbolic one), a
    run/verify disagreement (ours), and every unsure verdict."""
    for name in ("run", "verify"):
        res = impl_results.get(name)
        hit = res.first_violation() if res and res.status == "ok" else None
        if hit:
            fn, verdict, rec = hit
            _add(classes, ("impl-unsafe", verdict, fn, name, _describe(rec)))
            break
    if impl_results.get("run") and impl_results.get("verify"):
        run_v = impl_results["run"].violations()
        ver = impl_results["verify"]
        if ver.status == "ok" and run_v:
            for fn in run_v:
                if ver.verdicts.get(fn) == "SAFE":
                    _add(classes, ("tool-error", "disagreement", fn, "verify",
                                   f"dealloc-run says {run_v[fn]} for @{fn}, "
                                   "dealloc-verify says SAFE"))
    for name, res in impl_results.items():
        if res.status == "ok":
            for fn, v in sorted(res.unsure().items()):
                why = next((_describe(r) for r in res.records
                            if r.get("function") == fn and r.get("verdict") == v), "")
                _add(classes, (v.lower(), v, fn, name, why[:500]))


def _classify_equiv(res, classes, not_run, notes, strict):
    """Under refinement (not `strict`) the comparison with the reference
    only informs: a DIFFERENT is reported (class "different", no failure)
    and an UNKNOWN or a comparison not run leaves nothing undecided, since
    the question was answered by the safety checks: it is a note, with its
    reason."""
    if res.status == "not-run":
        if strict:
            not_run.append("equiv")
        else:
            notes.append(["", "equiv", "not compared with the reference: "
                          + res.message])
    elif res.status in ("error", "bad-input"):
        _add(classes, ("tool-error", res.status, "", "equiv", res.message))
    else:
        for rec in res.records:
            if rec["verdict"] == "DIFFERENT":
                _add(classes, ("different", "DIFFERENT", rec.get("function", "*"),
                               "equiv", _describe(rec)))
                break
            if rec["verdict"] == "UNKNOWN" and strict:
                _add(classes, ("unknown", "UNKNOWN", rec.get("function", "*"),
                               "equiv", _describe(rec)[:500]))
            elif rec["verdict"] == "UNKNOWN":
                notes.append([rec.get("function", "*"), "equiv",
                              "comparison with the reference UNKNOWN: "
                              + _describe(rec)[:500]])


def _describe(rec):
    parts = []
    # dealloc-run and dealloc-verify --json share these field names; --equiv
    # adds "A" and "B", what each version does on the distinguishing input.
    for key in ("clause", "op", "loc", "input", "message"):
        if rec.get(key):
            parts.append(f"{key}: {rec[key]}")
    for key in ("A", "B"):
        run = rec.get(key)
        if isinstance(run, dict):
            parts.append(f"{key}: " + " ".join(
                str(run[k]) for k in ("verdict", "clause", "message") if run.get(k)))
    trace = rec.get("trace")
    if trace:
        if isinstance(trace, list):
            trace = "\n".join(_trace_line(x) for x in trace)
        parts.append("trace:\n" + str(trace)[:1500])
    return normalize_locs(re.sub(r"/tmp/dealloc-harness-[^/]+/", "", "\n".join(parts)))


def normalize_locs(text):
    """One location format, `file:line:col` (dealloc-verify's): dealloc-run's
    `loc("file":line:col)` (MLIR's attribute syntax) is rewritten."""
    return re.sub(r'loc\("([^"]*)":(\d+):(\d+)\)', r"\1:\2:\3", text)


def untemp(text):
    """A message as a finding keeps it: without the per-run temporary
    directory in paths, and with the absolute addresses of a stack dump
    blanked (they change from run to run), so the same program gives the
    same message."""
    text = re.sub(r"/tmp/dealloc-harness-[^/]+/", "", text)
    return re.sub(r"\b0x[0-9a-f]{12,16}\b", "0x?", text)


def _trace_line(event):
    if isinstance(event, dict):
        what = event.get("event", "?")
        buf = event.get("buffer")
        loc = event.get("loc", "")
        return f"  {what}" + (f" buffer #{buf}" if buf is not None else "") + \
            (f" at {loc}" if loc else "")
    return f"  {event}"


def _outcome(classes, not_run, seconds, impl_output, cfg, notes=()):
    first = whole_pipeline(cfg.require_equivalence).head(classes, not_run)
    return _headed(first, classes=[list(c) for c in classes], not_run=not_run,
                   seconds=seconds, impl_output=impl_output,
                   # Notes tell what a passing case was not compared on;
                   # beside a finding or an undecided check they are noise.
                   notes=list(notes) if first[0] == "pass" else [],
                   require_equivalence=cfg.require_equivalence)


def _headed(head, **rest):
    """The Outcome whose kind, verdict, function, detector and message are
    those of the class entry `head`; the other fields from `rest`."""
    return Outcome(kind=head[0], verdict=head[1], function=head[2], detector=head[3],
                   message=head[4], **rest)

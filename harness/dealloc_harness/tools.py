"""Locating and calling the project's C++ tools (dealloc-opt, dealloc-run,
dealloc-verify) for the harness, and classifying their answers.

Contracts (docs/architecture.md, "Contracts between the pieces"; JSON fields:
docs/conformance-reference.md#json): one line per function `@name: VERDICT
...`, or with --json one object per line with at least "function" and
"verdict"; `--equiv` prints EQUIVALENT / DIFFERENT / UNKNOWN. The verdicts,
which are violations, and the exit codes are the tools' own (`--describe`,
read by toolclient.py, the one client of the tools). Exit codes: 0 all safe
or equivalent, 1 a violation or difference, 2 unsupported or unknown, 3
unreadable input. Anything else (a crash, an exit code that contradicts the
printed verdicts, nothing parseable) is a tool error, reported as such.

A missing tool is never an error and never a pass: its check is "not-run"
and counted in the report. When `dealloc-check` is built (and not disabled
with use_server=False), the same tool runs are jobs of long-lived
dealloc-check processes (server.py) instead of one process each: same
stdout and exit codes, start-up paid once.

Dialect plugins (toolclient.set_dialect_plugins, `--load-dialect-plugin`)
are passed to every tool run and to upstream mlir-opt; with plugins every
tool call is its own process (dealloc-check's servers run without them).
"""

import glob
import os
import re
import shutil
from dataclasses import dataclass, field

from . import process, toolclient
from .toolclient import LLVM_BIN, MLIR_OPT, REPO  # noqa: F401 - re-exported

TOOL_NAMES = ("dealloc-opt", "dealloc-run", "dealloc-verify", "dealloc-check")


def locate(tools_dir=None):
    """Map tool name -> path or None.

    An explicit --tools DIR (or $DEALLOC_TOOLS) is used as given. Otherwise
    $DEALLOC_BUILD_DIR/bin (scripts/test.sh and the corpus's lit
    configuration set it), build/bin of the repo, for tools missing there
    the newest build-*/bin that has them (helpers' development builds), and
    last PATH (installed tools)."""
    explicit = tools_dir or os.environ.get("DEALLOC_TOOLS")
    build_dir = os.environ.get("DEALLOC_BUILD_DIR")
    found = {}
    for name in TOOL_NAMES:
        if explicit:
            # Absolute: the tools run in a temporary folder.
            path = os.path.abspath(os.path.join(explicit, name))
            found[name] = path if os.access(path, os.X_OK) else None
            continue
        candidates = [os.path.join(build_dir, "bin", name)] if build_dir else []
        candidates.append(os.path.join(REPO, "build", "bin", name))
        extra = [p for p in glob.glob(os.path.join(REPO, "build-*", "bin", name))
                 if os.access(p, os.X_OK)]
        extra.sort(key=lambda p: (-os.path.getmtime(p), p))
        candidates += extra
        on_path = shutil.which(name)
        if on_path:
            candidates.append(on_path)
        usable = [p for p in candidates if os.access(p, os.X_OK)]
        if name == "dealloc-opt":
            usable = [p for p in usable if _has_reference_pass(p)]
        found[name] = usable[0] if usable else None
    if explicit and found.get("dealloc-opt") and \
            not _has_reference_pass(found["dealloc-opt"]):
        found["dealloc-opt"] = None
    # dealloc-check replaces the other tools' runs: only one from the same
    # build as all of them gives the same answers.
    check = found.get("dealloc-check")
    if check and any(os.path.dirname(found[n] or "") != os.path.dirname(check)
                     for n in TOOL_NAMES if n != "dealloc-check"):
        found["dealloc-check"] = None
    return found


def _has_reference_pass(path):
    """dealloc-opt exists before the reference pass is registered in it."""
    run = process.run([path, "--help"], timeout=60)
    return "reference-buffer-deallocation-pipeline" in run.stdout


@dataclass
class ToolResult:
    """The outcome of one tool call on one file."""
    status: str                     # "ok", "not-run", "bad-input", "error"
    verdicts: dict = field(default_factory=dict)   # function -> verdict
    records: list = field(default_factory=list)    # parsed JSON objects
    exit: int = 0
    message: str = ""
    seconds: float = 0.0
    vocab: object = None            # the tool's toolclient.Vocabulary

    def violations(self):
        return {f: v for f, v in self.verdicts.items() if v in self.vocab.violations}

    def unsure(self):
        return {f: v for f, v in self.verdicts.items() if v in self.vocab.unsure}

    def excluded(self):
        """Functions whose answer excluded inputs that reach undefined
        behaviour ([safety.defined]): function -> excluded sites."""
        return {rec.get("function", "*"): len(rec["excluded"])
                for rec in self.records if rec.get("excluded")}

    def first_violation(self):
        """(function, verdict, record) of the first violating function in
        output order, or None."""
        for rec in self.records:
            if rec.get("verdict") in self.vocab.violations:
                return rec.get("function", "?"), rec["verdict"], rec
        return None


def parse(stdout, vocab, equiv=False):
    """The verdict records of a tool's output. dealloc-verify's
    per-function "seconds" differs from run to run: records (and the
    reports built from them) stay deterministic without it; process time
    is measured here."""
    recs = toolclient.records(stdout, vocab, equiv)
    for rec in recs:
        rec.pop("seconds", None)
    return recs


def _finish(res, run, vocab, equiv=False):
    res.seconds = run.seconds
    res.exit = run.returncode
    res.vocab = vocab
    if run.status == "not-found":
        res.status, res.message = "not-run", run.stderr
        return res
    if run.status in ("timeout", "signal", "huge-output"):
        res.status = "error"
        res.message = f"{run.describe()}: {run.stderr.strip()[-500:]}"
        return res
    if run.returncode == 3:
        res.status = "bad-input"
        res.message = run.stderr.strip()[-1000:]
        return res
    res.records = parse(run.stdout, vocab, equiv)
    if equiv and not res.records:
        for word in vocab.equiv:
            if re.search(rf"\b{word}\b", run.stdout):
                res.records = [{"function": "*", "verdict": word,
                                "message": run.stdout.strip()[:2000]}]
                break
    # Several records per function (one per input): the first violation,
    # else the first unsure verdict, else SAFE.
    res.verdicts = {fn: rec["verdict"] for fn, rec in
                    toolclient.by_function(res.records, vocab).items()}
    if not res.records:
        res.status = "error"
        res.message = (f"no verdict in output (exit {run.returncode}): "
                       f"{(run.stdout + run.stderr).strip()[-500:]}")
        return res
    expected = vocab.expected_exit(res.verdicts.values())
    if run.returncode != expected:
        res.status = "error"
        res.message = (f"exit code {run.returncode} contradicts verdicts "
                       f"{sorted(set(res.verdicts.values()))}")
        return res
    res.status = "ok"
    res.message = "; ".join(r.get("message", "") for r in res.records
                            if r.get("message"))[:2000]
    return res


class Tools:
    """Calls the tools with fixed options; picklable (paths only)."""

    def __init__(self, paths, timeout=60.0, verify_timeout_ms=20000, unroll=None,
                 use_server=True):
        self.paths = dict(paths)
        self.timeout = timeout
        self.verify_timeout_ms = verify_timeout_ms
        self.unroll = unroll
        self.use_server = use_server

    def have(self, name):
        return bool(self.paths.get(name))

    def vocabulary(self, name=None):
        """The verdicts tool `name` (default: the first built of
        dealloc-verify, dealloc-run, dealloc-check) answers with: its
        --describe, cached; None if no such tool is built."""
        for tool in [name] if name else ["dealloc-verify", "dealloc-run",
                                         "dealloc-check"]:
            if self.have(tool):
                return toolclient.describe(self.paths[tool])
        return None

    @property
    def serving(self):
        """True if tool runs are dealloc-check jobs (not with dialect
        plugins: the servers are started without them)."""
        return (self.use_server and self.have("dealloc-check")
                and not toolclient.dialect_plugin_args())

    def _call(self, name, job, args, texts, names):
        """Run tool `name` (job kind `job` of dealloc-check) on `texts`,
        written to files `names`: a process.RunResult either way."""
        argv = [self.paths[name], *toolclient.dialect_plugin_args(), *args]
        # dealloc-check's JSON jobs carry UTF-8 only: other text runs as
        # its own process, byte for byte.
        if self.serving and all(_utf8(t) for t in texts):
            from . import server
            options = {"timeout_ms": self.verify_timeout_ms}
            if self.unroll:
                options["unroll"] = self.unroll
            return server.call(self.paths["dealloc-check"], job, list(texts),
                               list(names), options, argv, self.timeout)
        if len(texts) == 1:
            return process.run(argv, texts[0], input_name=names[0],
                               timeout=self.timeout)
        return process.run(argv + list(names), None, timeout=self.timeout,
                           extra_files=dict(zip(names, texts)))

    def _verify_args(self):
        args = ["--json", "--timeout", str(self.verify_timeout_ms)]
        if self.unroll:
            args += ["--unroll", str(self.unroll)]
        return args

    def reference(self, text):
        """The reference pipeline's output (RunResult)."""
        if not self.have("dealloc-opt"):
            return process.RunResult("not-found", 127, "", "dealloc-opt not built", 0.0)
        return self._call("dealloc-opt", "reference",
                          ["--reference-buffer-deallocation-pipeline"],
                          [text], ["input.mlir"])

    def run(self, text):
        if not self.have("dealloc-run"):
            return ToolResult("not-run", message="dealloc-run not built")
        return _finish(ToolResult("ok"), self._call(
            "dealloc-run", "run", ["--json"], [text], ["input.mlir"]),
            self.vocabulary("dealloc-run"))

    def verify(self, text):
        if not self.have("dealloc-verify"):
            return ToolResult("not-run", message="dealloc-verify not built")
        return _finish(ToolResult("ok"), self._call(
            "dealloc-verify", "verify", self._verify_args(), [text], ["input.mlir"]),
            self.vocabulary())

    def equiv(self, impl_text, ref_text):
        if not self.have("dealloc-verify"):
            return ToolResult("not-run", message="dealloc-verify not built")
        run = self._call("dealloc-verify", "equiv", ["--equiv"] + self._verify_args(),
                         [impl_text, ref_text], ["impl.mlir", "ref.mlir"])
        return _finish(ToolResult("ok"), run, self.vocabulary(), equiv=True)


def parses(text):
    """True if upstream mlir-opt parses and verifies `text` (unregistered
    dialects allowed: a downstream pipeline may emit its own ops)."""
    run = process.run(toolclient.mlir_opt_argv("--allow-unregistered-dialect",
                                               "-o", "/dev/null"),
                      text, timeout=60)
    return run.ok


def _utf8(text):
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def unregistered(text):
    """The diagnostic of upstream mlir-opt if `text` uses an op of a dialect
    it does not know (no MLIR tool can read such output), else ""."""
    run = process.run(toolclient.mlir_opt_argv("-o", "/dev/null"), text,
                      timeout=60)
    if run.ok or "unregistered" not in run.stderr:
        return ""
    return re.sub(r"/tmp/dealloc-harness-[^/]+/", "", run.stderr.strip())[:500]

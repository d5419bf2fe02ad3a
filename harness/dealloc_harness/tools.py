"""Locating and calling the project's C++ tools (dealloc-opt, dealloc-run,
dealloc-verify) and parsing their verdicts.

Contracts (docs/architecture.md, "Contracts between the pieces"; JSON fields:
docs/conformance-reference.md#json): one line per function `@name: VERDICT ...`, or
with --json one object per line with at least "function" and "verdict";
`--equiv` prints EQUIVALENT / DIFFERENT / UNKNOWN. Exit codes: 0 all safe or
equivalent, 1 a violation or difference, 2 unsupported or unknown, 3
unreadable input. Anything else (a crash, an exit code that contradicts the
printed verdicts, nothing parseable) is a tool error, reported as such.

A missing tool is never an error and never a pass: its check is "not-run"
and counted in the report. When `dealloc-check` is built (and not disabled
with use_server=False), the same tool runs are jobs of long-lived
dealloc-check processes (server.py) instead of one process each: same
stdout and exit codes, start-up paid once.
"""

import glob
import json
import os
import re
import shutil
from dataclasses import dataclass, field

from . import process

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM_BIN = "/usr/lib/llvm-22/bin"
MLIR_OPT = os.path.join(LLVM_BIN, "mlir-opt")
TOOL_NAMES = ("dealloc-opt", "dealloc-run", "dealloc-verify", "dealloc-check")
VIOLATIONS = ("LEAK", "DOUBLE_FREE", "USE_AFTER_FREE", "INVALID_FREE",
              "ABI_VIOLATION")
UNSURE = ("UNSUPPORTED", "UNKNOWN")
VERDICTS = ("SAFE",) + VIOLATIONS + UNSURE
EQUIV = ("EQUIVALENT", "DIFFERENT", "UNKNOWN")
_LINE = re.compile(r"^@([\w.$-]+):\s+([A-Z_]+)\b(.*)$")


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
            path = os.path.join(explicit, name)
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

    def violations(self):
        return {f: v for f, v in self.verdicts.items() if v in VIOLATIONS}

    def unsure(self):
        return {f: v for f, v in self.verdicts.items() if v in UNSURE}

    def excluded(self):
        """Functions whose answer excluded inputs that reach undefined
        behaviour ([safety.defined]): function -> excluded sites."""
        return {rec.get("function", "*"): len(rec["excluded"])
                for rec in self.records if rec.get("excluded")}

    def first_violation(self):
        """(function, verdict, record) of the first violating function in
        output order, or None."""
        for rec in self.records:
            if rec.get("verdict") in VIOLATIONS:
                return rec.get("function", "?"), rec["verdict"], rec
        return None


def _parse_lines(stdout):
    records = []
    for line in stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("{"):
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict) and "verdict" in obj:
                # dealloc-verify's per-function "seconds" differs from run
                # to run: records (and the reports built from them) stay
                # deterministic without it; process time is measured here.
                obj.pop("seconds", None)
                records.append(obj)
            continue
        m = _LINE.match(line)
        if m and m.group(2) in VERDICTS:
            records.append({"function": m.group(1), "verdict": m.group(2),
                            "message": m.group(3).strip()})
    return records


def _expected_exit(verdicts):
    if any(v in VIOLATIONS or v == "DIFFERENT" for v in verdicts):
        return 1
    if any(v in UNSURE for v in verdicts):
        return 2
    return 0


def _finish(res, run, equiv=False):
    res.seconds = run.seconds
    res.exit = run.returncode
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
    if equiv:
        res.records = [r for r in _parse_lines(run.stdout)]
        if not res.records:
            for word in EQUIV:
                if re.search(rf"\b{word}\b", run.stdout):
                    res.records = [{"function": "*", "verdict": word,
                                    "message": run.stdout.strip()[:2000]}]
                    break
        res.records = [r for r in res.records if r.get("verdict") in EQUIV]
    else:
        res.records = [r for r in _parse_lines(run.stdout)
                       if r.get("verdict") in VERDICTS]
    res.verdicts = {}
    for rec in res.records:
        fn = rec.get("function", "*")
        # Several records per function (one per input): keep the first
        # violation, else the first unsure verdict, else SAFE.
        old = res.verdicts.get(fn)
        new = rec["verdict"]
        rank = {v: 0 for v in VIOLATIONS + ("DIFFERENT",)}
        rank.update({"UNSUPPORTED": 1, "UNKNOWN": 1})
        if old is None or rank.get(new, 2) < rank.get(old, 2):
            res.verdicts[fn] = new
    if not res.records:
        res.status = "error"
        res.message = (f"no verdict in output (exit {run.returncode}): "
                       f"{(run.stdout + run.stderr).strip()[-500:]}")
        return res
    expected = _expected_exit(res.verdicts.values())
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

    @property
    def serving(self):
        """True if tool runs are dealloc-check jobs."""
        return self.use_server and self.have("dealloc-check")

    def _call(self, name, job, args, texts, names):
        """Run tool `name` (job kind `job` of dealloc-check) on `texts`,
        written to files `names`: a process.RunResult either way."""
        argv = [self.paths[name], *args]
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
            "dealloc-run", "run", ["--json"], [text], ["input.mlir"]))

    def verify(self, text):
        if not self.have("dealloc-verify"):
            return ToolResult("not-run", message="dealloc-verify not built")
        return _finish(ToolResult("ok"), self._call(
            "dealloc-verify", "verify", self._verify_args(), [text], ["input.mlir"]))

    def equiv(self, impl_text, ref_text):
        if not self.have("dealloc-verify"):
            return ToolResult("not-run", message="dealloc-verify not built")
        run = self._call("dealloc-verify", "equiv", ["--equiv"] + self._verify_args(),
                         [impl_text, ref_text], ["impl.mlir", "ref.mlir"])
        return _finish(ToolResult("ok"), run, equiv=True)


def parses(text):
    """True if upstream mlir-opt parses and verifies `text` (unregistered
    dialects allowed: a downstream pipeline may emit its own ops)."""
    run = process.run([MLIR_OPT, "--allow-unregistered-dialect", "-o", "/dev/null"],
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
    run = process.run([MLIR_OPT, "-o", "/dev/null"], text, timeout=60)
    if run.ok or "unregistered" not in run.stderr:
        return ""
    return re.sub(r"/tmp/dealloc-harness-[^/]+/", "", run.stderr.strip())[:500]

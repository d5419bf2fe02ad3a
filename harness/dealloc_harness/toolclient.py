"""The one Python client of the project's tools (dealloc-run,
dealloc-verify, dealloc-check): finding them, running them (timeouts,
isolation: process.py), reading their JSON lines and their verdicts.

The verdict vocabulary is the tools', not a copy: `TOOL --describe` prints
one JSON object (docs/architecture.md, the tool contract)

  {"tool": ..., "schema": 1,
   "verdicts": [{"name", "violation", "exit_code", "clause"}, ...],  (report order)
   "equiv_verdicts": [{"name", "exit_code"}, ...],
   "exit_codes": {"0": meaning, ...},
   "stop_kinds": [{"name", "class": "ub" | "limit"}, ...]}

read once per tool path (and again if the binary changes) into a
`Vocabulary`. A tool without it is a ContractError, never a guess.

Users: the harness (tools.py, stage_check.py), bench/*.py, and the corpus's
scripts (corpus/**/Inputs/*.py, corpus/groundtruth/*.py), which find this
package from their own location - they put the checkout's `harness`
folder, found relative to their own file, first on sys.path and import
`dealloc_harness.toolclient` (two lines at the top of each script).
"""

import functools
import json
import os
import re
import shutil
from dataclasses import dataclass

from . import process

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def llvm_paths():
    """The LLVM/MLIR locations this project was configured with: CMake's
    one cache variable DEALLOC_LLVM_PREFIX, written to
    BUILD/dealloc-paths.json (docs/contributing.md, "Where the tools are
    found"). Read from $DEALLOC_LLVM_TOOLS_DIR / $DEALLOC_LLVM_LIBRARY_DIR
    (set by the corpus's lit configuration), else from the JSON file of
    $DEALLOC_BUILD_DIR or this checkout's build/, else next to the mlir-opt
    on PATH. A dict with "llvm_tools_dir" and "llvm_library_dir" (None when
    nothing is found: the tools then come from PATH)."""
    tools = os.environ.get("DEALLOC_LLVM_TOOLS_DIR")
    lib = os.environ.get("DEALLOC_LLVM_LIBRARY_DIR")
    if not tools:
        build = os.environ.get("DEALLOC_BUILD_DIR") or os.path.join(REPO, "build")
        try:
            with open(os.path.join(build, "dealloc-paths.json")) as f:
                paths = json.load(f)
            tools, lib = paths["llvm_tools_dir"], lib or paths["llvm_library_dir"]
        except (OSError, ValueError, KeyError):
            opt = shutil.which("mlir-opt")
            tools = os.path.dirname(opt) if opt else None
    if tools and not lib:
        lib = os.path.join(os.path.dirname(tools), "lib")
    return {"llvm_tools_dir": tools, "llvm_library_dir": lib}


def llvm_tool(name):
    """The path of LLVM/MLIR tool `name` (mlir-opt, lit, FileCheck, ...), or
    the bare name for a PATH lookup."""
    tools = llvm_paths()["llvm_tools_dir"]
    return os.path.join(tools, name) if tools else name


LLVM_BIN = llvm_paths()["llvm_tools_dir"] or ""
MLIR_OPT = llvm_tool("mlir-opt")
SCHEMA = 1

# Dialect plugin libraries (`--load-dialect-plugin LIB` of dealloc-harness,
# cli.py) for programs with a downstream dialect's ops, e.g. the test
# plugin's `dealloc_test` (build/lib/DeallocTestPlugin.so): passed to every
# run of upstream mlir-opt and of the project's tools on a user's program.
# Held in the environment (absolute paths, os.pathsep-separated), so that
# worker processes see the same list however they are started.
PLUGINS_ENV = "DEALLOC_DIALECT_PLUGINS"


def set_dialect_plugins(paths):
    """Load the dialect plugin libraries `paths` in every later tool run of
    this process and its children; the absolute paths. ValueError naming a
    path that is not a file (the tools would refuse it for every program)."""
    absolute = []
    for path in paths or []:
        if not os.path.isfile(path):
            raise ValueError(f"--load-dialect-plugin: no such file: {path}")
        absolute.append(os.path.abspath(path))
    if absolute:
        os.environ[PLUGINS_ENV] = os.pathsep.join(absolute)
    return absolute


def dialect_plugin_args():
    """`--load-dialect-plugin=LIB` for each library set: arguments that
    mlir-opt and every project tool take."""
    libs = os.environ.get(PLUGINS_ENV, "").split(os.pathsep)
    return [f"--load-dialect-plugin={lib}" for lib in libs if lib]


def mlir_opt_argv(*args):
    """Upstream mlir-opt with the dialect plugins, then `args`."""
    return [MLIR_OPT, *dialect_plugin_args(), *args]


_TEXT_LINE = re.compile(r"^@([\w.$-]+):\s+([A-Z_]+)\b(.*)$")


class ContractError(RuntimeError):
    """A tool's --describe is missing or not the agreed shape."""


@dataclass(frozen=True)
class Vocabulary:
    """What a tool can answer, from its --describe."""
    tool: str
    verdicts: tuple             # names, in report order
    violations: frozenset
    exit_codes: dict            # verdict or equivalence verdict -> exit code
    clauses: dict               # verdict -> "[clause]"
    equiv: tuple                # equivalence verdicts, in order
    stop_kinds: dict            # stop kind -> "ub" | "limit"
    meanings: dict              # exit code (str) -> what it means

    @property
    def safe(self):
        """The verdicts that answer "no violation" (exit code 0)."""
        return frozenset(v for v in self.verdicts if self.exit_codes[v] == 0)

    @property
    def unsure(self):
        """Verdicts that decide nothing (neither safe nor a violation)."""
        return frozenset(v for v in self.verdicts
                         if v not in self.violations and v not in self.safe)

    def rank(self, verdict):
        """0 a violation or a difference, 1 undecided, 2 safe / equivalent
        (unknown names last): the worst answer of several sorts first."""
        code = self.exit_codes.get(verdict)
        return {1: 0, 2: 1, 0: 2}.get(code, 3)

    def expected_exit(self, verdicts):
        """The exit code the tool gives for these answers: 1 if any is a
        violation or difference, else 2 if any is undecided, else 0."""
        codes = {self.exit_codes.get(v) for v in verdicts}
        return 1 if 1 in codes else 2 if 2 in codes else 0

    @classmethod
    def from_json(cls, obj):
        try:
            if obj.get("schema") != SCHEMA:
                raise ContractError(f"schema {obj.get('schema')!r}, expected {SCHEMA}")
            verdicts = [(v["name"], bool(v["violation"]), int(v["exit_code"]),
                         v.get("clause", "")) for v in obj["verdicts"]]
            equiv = [(v["name"], int(v["exit_code"])) for v in obj["equiv_verdicts"]]
            kinds = {k["name"]: k["class"] for k in obj.get("stop_kinds", [])}
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise ContractError(f"not the --describe shape: {exc!r}") from None
        codes = {name: code for name, _, code, _ in verdicts}
        codes.update({name: code for name, code in equiv if name not in codes})
        return cls(tool=obj.get("tool", "?"),
                   verdicts=tuple(name for name, *_ in verdicts),
                   violations=frozenset(n for n, bad, *_ in verdicts if bad),
                   exit_codes=codes,
                   clauses={name: clause for name, _, _, clause in verdicts},
                   equiv=tuple(name for name, _ in equiv), stop_kinds=kinds,
                   meanings=dict(obj.get("exit_codes", {})))


def describe(path):
    """The Vocabulary of the tool at `path` (a path or a name on PATH);
    cached per path and binary (a rebuilt tool is asked again)."""
    full = shutil.which(path) if path and os.sep not in path else path
    if not full or not os.access(full, os.X_OK):
        raise ContractError(f"{path}: no such tool")
    st = os.stat(full)
    return _describe(os.path.realpath(full), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=None)
def _describe(path, mtime, size):
    run = process.run([path, "--describe"], timeout=60)
    if not run.ok:
        raise ContractError(f"{path} --describe: {run.describe()}: "
                            f"{run.stderr.strip()[-300:]}")
    try:
        obj = json.loads(run.stdout)
    except ValueError as exc:
        raise ContractError(f"{path} --describe: not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise ContractError(f"{path} --describe: not a JSON object")
    try:
        return Vocabulary.from_json(obj)
    except ContractError as exc:
        raise ContractError(f"{path} --describe: {exc}") from None


def find(name, tools_dir=None):
    """The path of tool `name`: in `tools_dir` or $DEALLOC_TOOLS if given,
    else $DEALLOC_BUILD_DIR/bin, this checkout's build/bin, then PATH; or
    None."""
    explicit = tools_dir or os.environ.get("DEALLOC_TOOLS")
    if explicit:
        path = os.path.join(explicit, name)
        return path if os.access(path, os.X_OK) else None
    build = os.environ.get("DEALLOC_BUILD_DIR")
    for d in ([os.path.join(build, "bin")] if build else []) + \
            [os.path.join(REPO, "build", "bin")]:
        path = os.path.join(d, name)
        if os.access(path, os.X_OK):
            return path
    return shutil.which(name)


def run(argv, text=None, timeout=120, input_name="input.mlir", memory=None):
    """Run a tool in a fresh temporary directory: `text`, if given, is
    written there as `input_name` and that name appended to `argv` (so the
    tools' locations read `input.mlir:L:C` whatever the directory; file
    arguments in `argv` must be absolute). A process.RunResult: a crash or
    a timeout comes back as a status, never raises."""
    kwargs = {} if memory is None else {"memory": memory}
    if text is None:
        return process.run(argv, None, timeout=timeout, append_input=False, **kwargs)
    return process.run(list(argv) + [input_name], None, timeout=timeout,
                       extra_files={input_name: text}, append_input=False, **kwargs)


def json_lines(stdout):
    """The JSON objects printed one per line (other lines skipped)."""
    out = []
    for line in stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict):
                out.append(obj)
    return out


def records(stdout, vocab, equiv=False):
    """Verdict records of a tool's output: its JSON lines with a verdict of
    `vocab` (its equivalence verdicts if `equiv`), or its text lines
    `@function: VERDICT message`."""
    names = set(vocab.equiv if equiv else vocab.verdicts)
    out = [r for r in json_lines(stdout) if r.get("verdict") in names]
    if out:
        return out
    for line in stdout.splitlines():
        m = _TEXT_LINE.match(line.strip())
        if m and m.group(2) in names:
            out.append({"function": m.group(1), "verdict": m.group(2),
                        "message": m.group(3).strip()})
    return out


def by_function(recs, vocab):
    """{function: record}: per function its worst record (a violation or
    difference first, then an undecided answer, then a safe one), the
    first of equals."""
    out = {}
    for rec in recs:
        fn = rec.get("function", "*")
        if fn not in out or vocab.rank(rec["verdict"]) < vocab.rank(out[fn]["verdict"]):
            out[fn] = rec
    return out


def results(argv, text=None, timeout=120, equiv=False):
    """{function: record} of one tool run (argv[0] is the tool; its
    --describe gives the vocabulary). A run that crashed, timed out or
    printed no verdict raises ToolFailed."""
    vocab = describe(argv[0])
    res = run(argv, text, timeout=timeout)
    recs = records(res.stdout, vocab, equiv)
    if res.status in ("signal", "timeout", "not-found", "huge-output") or not recs:
        raise ToolFailed(f"{' '.join(argv)}: {res.describe()}, "
                         f"{len(recs)} verdicts: {res.stderr.strip()[-500:]}")
    return by_function(recs, vocab)


class ToolFailed(RuntimeError):
    """A tool run that gave no answer (crash, timeout, nothing printed)."""

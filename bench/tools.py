"""Locating and timing the benchmarked tools (used by bench/run.py).

A tool is "not built" when its binary is missing or, for the reference
passes, when `dealloc-opt --help` does not list the pass.  Nothing is ever
faked: a missing tool yields no time, only the status "not built".
"""
import glob
import os
import resource
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "harness"))
from dealloc_harness import toolclient  # noqa: E402

# The LLVM/MLIR tools the build was configured with (toolclient.llvm_paths).
LLVM_BIN = toolclient.LLVM_BIN


def candidate_bin_dirs(explicit=None):
    """Directories searched for project tools, most preferred first.

    --tools DIR or $DEALLOC_BUILD_DIR/bin when given (and only those);
    otherwise this checkout's build/bin, then every build-*/bin of the repo.
    """
    if explicit:
        return [explicit]
    env = os.environ.get("DEALLOC_BUILD_DIR")
    if env:
        return [os.path.join(env, "bin")]
    return [os.path.join(REPO, "build", "bin")] + sorted(
        glob.glob(os.path.join(REPO, "build-*", "bin")))


def find_tool(name, dirs, accept=None):
    """Path of `name`: the first dir's if it qualifies, else the newest one.

    `accept(path)` filters candidates (e.g. a dealloc-opt that has the
    reference pass); the main build wins when it qualifies.
    """
    found = [os.path.join(d, name) for d in dirs]
    found = [p for p in found if os.access(p, os.X_OK)]
    if accept:
        found = [p for p in found if accept(p)]
    if not found:
        return None
    if dirs and found[0] == os.path.join(dirs[0], name):
        return found[0]
    return max(found, key=os.path.getmtime)


def has_pass(dealloc_opt, flag, attempts=3):
    """Whether `dealloc-opt --help` lists `flag`.  Retried: a binary that
    another helper is relinking right now fails to start (exit 126)."""
    if not dealloc_opt:
        return False
    for i in range(attempts):
        try:
            proc = subprocess.run([dealloc_opt, "--help"], capture_output=True,
                                  text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            proc = None
        if proc is not None and proc.returncode == 0:
            return flag in proc.stdout
        time.sleep(5)
    return False


class Outcome:
    """One timed tool invocation."""

    def __init__(self, status, seconds=None, rc=None, detail="", cpu=None):
        self.status = status  # ok | timeout | error | not built | no input | skipped
        self.seconds = seconds  # wall clock
        self.cpu = cpu  # user + system CPU seconds of the child
        self.rc = rc
        self.detail = detail  # verdict line or first error line
        self.stdout = ""  # full stdout of the first run (not serialized)

    def to_json(self):
        return {"status": self.status, "seconds": self.seconds, "rc": self.rc,
                "detail": self.detail, "cpu": self.cpu}


def _children_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_once(argv, timeout, stdout_path=None, cpu_out=None):
    """Run argv once; returns (seconds or None on timeout, rc, stdout, stderr).

    Runs are sequential, so the growth of RUSAGE_CHILDREN over the run is
    this child's CPU time; it is appended to `cpu_out` when given.
    """
    out = open(stdout_path, "w") if stdout_path else subprocess.PIPE
    try:
        cpu0 = _children_cpu()
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True)
        try:
            sout, serr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            return None, None, "", ""
        elapsed = time.perf_counter() - start
        if cpu_out is not None:
            cpu_out.append(_children_cpu() - cpu0)
        return elapsed, proc.returncode, sout or "", serr or ""
    finally:
        if stdout_path:
            out.close()


def timed(argv, timeout, repeats, ok_codes=(0,), stdout_path=None,
          repeat_below=5.0, short=1.0, short_repeats=5):
    """Best wall-clock time of up to `repeats` runs.

    Runs taking longer than `repeat_below` seconds are not repeated (their
    variance is small relative to their length and the machine is shared);
    runs shorter than `short` seconds, dominated by process start-up and
    scheduling noise, are repeated at least `short_repeats` times.
    """
    best = None
    detail = ""
    rc = None
    first_out = ""
    cpus = []
    i = 0
    while i < max(1, repeats) or (best is not None and best < short
                                  and repeats > 1 and i < short_repeats):
        secs, rc, sout, serr = run_once(argv, timeout, stdout_path, cpus)
        if secs is None:
            return Outcome("timeout", None, None, f"did not finish in {timeout:g} s")
        if rc not in ok_codes:
            first = (serr.strip().splitlines() or sout.strip().splitlines() or [""])[0]
            return Outcome("error", secs, rc, first[:300])
        if i == 0:
            lines = sout.strip().splitlines()
            detail = lines[0][:300] if lines and not stdout_path else ""
            first_out = sout
        best = secs if best is None else min(best, secs)
        i += 1
        if secs > repeat_below:
            break
    o = Outcome("ok", best, rc, detail, min(cpus) if cpus else None)
    o.stdout = first_out
    return o

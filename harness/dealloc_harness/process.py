"""Running an external command on one input, in isolation.

The command runs without a shell, in its own session (process group),
in a fresh temporary directory, with the
input file as its last argument, a wall-clock timeout, an address-space limit
(resource.setrlimit in the child), and stdout capped at MAX_OUTPUT bytes.
stderr goes through a pipe of which the last STDERR_KEEP bytes are kept: it
does not count toward the output cap (a chatty but correct implementation
is not "huge output"). Input text that is not UTF-8 (surrogate escapes from
reading bytes) is written back byte for byte. Whatever the command does — crash, hang, garbage, huge
output — comes back as a RunResult; nothing here raises for a misbehaving
command. When the command ends (or is killed), its process group is killed
too: nothing it started outlives the run.
"""

import os
import resource
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass

from . import interrupt

MAX_OUTPUT = 16 * 1024 * 1024
STDERR_KEEP = 64 * 1024
DEFAULT_TIMEOUT = 30.0
DEFAULT_MEMORY = 2 * 1024 * 1024 * 1024
# Children running now (each leads its own process group): killed by
# kill_children() when a worker process is stopped (ignore_in_worker).
CHILDREN = set()


@dataclass
class RunResult:
    status: str          # "ok", "exit", "signal", "timeout", "huge-output", "not-found"
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def ok(self):
        return self.status == "ok"

    def describe(self):
        if self.status == "exit":
            return f"exit code {self.returncode}"
        if self.status == "signal":
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = str(-self.returncode)
            return f"killed by signal {name}"
        return self.status


def _lower(which, value):
    """Set a resource limit to `value`, or to the hard limit the process
    already has if that is lower (raising a hard limit is not allowed: a
    harness that itself runs under limits, e.g. as an implementation under
    test, would fail in every child)."""
    hard = resource.getrlimit(which)[1]
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def limits(memory):
    """preexec_fn of a child: own session, address-space, core and file-size
    limits."""
    def apply():
        os.setsid()
        if memory:
            _lower(resource.RLIMIT_AS, memory)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # Output files (stdout is one) beyond the cap kill the child with
        # SIGXFSZ instead of filling the disk: reported as huge-output.
        _lower(resource.RLIMIT_FSIZE, MAX_OUTPUT + 1)
    return apply


def run(argv, input_text=None, input_name="input.mlir", timeout=DEFAULT_TIMEOUT,
        memory=DEFAULT_MEMORY, extra_files=None, append_input=True):
    """Run `argv` (+ the input file path if append_input) in a temp dir.

    `input_text` is written to `input_name` inside the temp dir; extra_files
    maps further file names to contents (e.g. the second equivalence input).
    Returns a RunResult; status "ok" means exit code 0."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dealloc-harness-") as tmp:
        args = list(argv)
        if input_text is not None:
            path = os.path.join(tmp, input_name)
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(input_text)
            if append_input:
                args.append(path)
        for name, text in (extra_files or {}).items():
            with open(os.path.join(tmp, name), "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(text)
        out_path = os.path.join(tmp, ".stdout")
        tail = bytearray()
        try:
            with open(out_path, "wb") as out:
                proc = subprocess.Popen(args, cwd=tmp, stdin=subprocess.DEVNULL,
                                        stdout=out, stderr=subprocess.PIPE,
                                        preexec_fn=limits(memory))
                reader = threading.Thread(target=_keep_tail,
                                          args=(proc.stderr, tail), daemon=True)
                reader.start()
                status = None
                CHILDREN.add(proc.pid)
                try:
                    if not _wait(proc, timeout):
                        status = "timeout"
                        _kill(proc.pid)
                        proc.wait()
                except BaseException:
                    # Interrupted (Ctrl-C): the child does not outlive us.
                    _kill(proc.pid)
                    raise
                finally:
                    # Whatever the command left behind in its process
                    # group (a wrapper's background child) goes with it,
                    # on every exit path: it would hold the stderr pipe
                    # open (a stall) and outlive the harness.
                    _kill(proc.pid)
                    CHILDREN.discard(proc.pid)
                reader.join(timeout=5)
        except (FileNotFoundError, PermissionError, OSError) as exc:
            return RunResult("not-found", 127, "", str(exc),
                             time.monotonic() - start)
        stdout, huge = _read_capped(out_path)
        stderr = bytes(tail).decode("utf-8", errors="replace")
        rc = proc.returncode
        if status is None:
            if huge or rc == -signal.SIGXFSZ:
                status = "huge-output"
            elif rc == 0:
                status = "ok"
            elif rc < 0:
                status = "signal"
            else:
                status = "exit"
        return RunResult(status, rc, stdout, stderr, time.monotonic() - start)


def _wait(proc, timeout):
    """Wait for `proc` up to `timeout` seconds (None: no limit); False if it
    is still running then. A cancel point (interrupt.py): raises
    KeyboardInterrupt after a Ctrl-C of a campaign."""
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        step = interrupt.POLL_SECONDS
        if deadline is not None:
            step = min(step, max(0.0, deadline - time.monotonic()))
        try:
            proc.wait(timeout=step)
            return True
        except subprocess.TimeoutExpired:
            interrupt.cancel_point()
            if deadline is not None and time.monotonic() >= deadline:
                return False


def _kill(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def kill_children():
    """Kill every child this process runs now, with its process group."""
    for pid in list(CHILDREN):
        _kill(pid)


def _keep_tail(stream, tail):
    """Drain `stream`, keeping its last STDERR_KEEP bytes in `tail`."""
    try:
        for chunk in iter(lambda: stream.read(65536), b""):
            tail.extend(chunk)
            if len(tail) > 2 * STDERR_KEEP:
                del tail[:len(tail) - STDERR_KEEP]
    except (OSError, ValueError):
        pass
    finally:
        del tail[:max(0, len(tail) - STDERR_KEEP)]
        stream.close()


def _read_capped(path, cap=MAX_OUTPUT):
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        data = f.read(cap)
    return data.decode("utf-8", errors="replace"), size > cap


def ignore_in_worker():
    """Initializer of worker processes: the main process handles Ctrl-C,
    and stops an interrupted campaign's workers with SIGTERM, which kills
    the worker's own children first (none outlives the campaign)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)


def _stop_worker(signum, frame):
    kill_children()
    os._exit(128 + signum)

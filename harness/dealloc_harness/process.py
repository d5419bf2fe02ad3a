"""Running an external command on one input, in isolation.

The command runs without a shell, in a fresh temporary directory, with the
input file as its last argument, a wall-clock timeout, an address-space limit
and a CPU-time limit (resource.setrlimit in the child), and stdout capped at
MAX_OUTPUT bytes. Whatever the command does — crash, hang, garbage, huge
output — comes back as a RunResult; nothing here raises for a misbehaving
command.
"""

import os
import resource
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass

MAX_OUTPUT = 16 * 1024 * 1024
DEFAULT_TIMEOUT = 30.0
DEFAULT_MEMORY = 2 * 1024 * 1024 * 1024


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


def limits(memory):
    """preexec_fn of a child: own session, address-space, core and file-size
    limits."""
    def apply():
        os.setsid()
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # Output files (stdout is one) beyond the cap kill the child with
        # SIGXFSZ instead of filling the disk: reported as huge-output.
        resource.setrlimit(resource.RLIMIT_FSIZE, (MAX_OUTPUT + 1, MAX_OUTPUT + 1))
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
            with open(path, "w") as f:
                f.write(input_text)
            if append_input:
                args.append(path)
        for name, text in (extra_files or {}).items():
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        out_path = os.path.join(tmp, ".stdout")
        err_path = os.path.join(tmp, ".stderr")
        try:
            with open(out_path, "wb") as out, open(err_path, "wb") as err:
                proc = subprocess.Popen(args, cwd=tmp, stdin=subprocess.DEVNULL,
                                        stdout=out, stderr=err,
                                        preexec_fn=limits(memory))
                status = None
                try:
                    proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    status = "timeout"
                    try:
                        os.killpg(proc.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    proc.wait()
        except (FileNotFoundError, PermissionError, OSError) as exc:
            return RunResult("not-found", 127, "", str(exc),
                             time.monotonic() - start)
        stdout, huge = _read_capped(out_path)
        stderr, _ = _read_capped(err_path, 64 * 1024)
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


def _read_capped(path, cap=MAX_OUTPUT):
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        data = f.read(cap)
    return data.decode("utf-8", errors="replace"), size > cap

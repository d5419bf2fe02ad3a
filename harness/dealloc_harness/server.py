"""Keeping the checking tools alive: a client for `dealloc-check`.

`dealloc-check` (reference/tools/dealloc-check) reads jobs as JSON lines and
answers each with what one run of dealloc-opt --reference-buffer-deallocation-
pipeline, dealloc-verify --json, dealloc-run --json or dealloc-verify --equiv
--json would have printed and returned, paying MLIR's start-up once.

Here: a pool of such servers per worker process (one per concurrent caller,
created on demand), and `call()`, which returns a process.RunResult exactly
like running the tool as its own process. The servers run jobs in-process
(`--no-isolation`: on this project's VMs a forked child per job costs about
as much as a new process, in page faults); isolation is kept here instead,
one job at a time per server:
  - a server that dies during a job (a crash in the libraries) is replaced,
    and that job is rerun as its own per-program process (the standalone
    tool, which then crashes or answers on its own); the fallback is
    recorded in `FALLBACKS` and reported — no other job loses its result;
  - a job over its time limit: the server is killed (and replaced) and the
    job's result is "timeout", as for a process over its time limit;
  - the server has the same address-space limit as a tool process.
"""

import atexit
import json
import os
import queue
import signal
import subprocess
import threading
import time

from . import interrupt, process

# Fallbacks to per-program processes in this worker process, by reason.
FALLBACKS = {}
_FALLBACK_LOCK = threading.Lock()
GRACE = 1.0       # seconds a server may exceed a job's time limit


def _record(reason):
    with _FALLBACK_LOCK:
        FALLBACKS[reason] = FALLBACKS.get(reason, 0) + 1


def take_fallbacks():
    """Fallbacks recorded since the last call (and forget them)."""
    with _FALLBACK_LOCK:
        out = dict(FALLBACKS)
        FALLBACKS.clear()
    return out


class Server:
    """One dealloc-check process, used by one thread at a time."""

    def __init__(self, path, job_timeout, memory):
        self.path = path
        self.job_timeout = job_timeout
        self.memory = memory
        self.proc = None
        self.lines = None
        self.next_id = 0

    def _start(self):
        self.proc = subprocess.Popen([self.path, "--no-isolation"],
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=process.limits(self.memory))
        process.CHILDREN.add(self.proc.pid)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc.stdout, self.lines),
                         daemon=True).start()

    @staticmethod
    def _read(stream, lines):
        for line in stream:
            lines.put(line)
        lines.put(None)     # EOF: the server is gone

    def kill(self):
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()
            process.CHILDREN.discard(self.proc.pid)
            self.proc = None

    def stop(self):
        if self.proc is None:
            return
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
            return
        process.CHILDREN.discard(self.proc.pid)
        self.proc = None

    def request(self, tool, inputs, names, options):
        """The answer object; a "timeout" answer if the job ran out of time;
        None if the server died (then it is restarted on the next request)."""
        if self.proc is None or self.proc.poll() is not None:
            self.stop()
            self._start()
        self.next_id += 1
        job = {"id": self.next_id, "tool": tool, "inputs": inputs,
               "names": names, "options": options}
        try:
            self.proc.stdin.write((json.dumps(job) + "\n").encode())
            self.proc.stdin.flush()
        except OSError:
            self.stop()
            return None
        deadline = time.monotonic() + self.job_timeout + GRACE
        while True:
            try:
                line = self.lines.get(timeout=interrupt.POLL_SECONDS)
            except queue.Empty:
                if interrupt.cancelled():
                    self.kill()
                    raise KeyboardInterrupt
                if time.monotonic() < deadline:
                    continue
                self.kill()
                return {"id": self.next_id, "status": "timeout", "exit": -signal.SIGKILL,
                        "stdout": "", "seconds": self.job_timeout,
                        "stderr": f"{tool} job killed after {self.job_timeout:g} s"}
            if line is None:
                self.stop()
                return None
            try:
                reply = json.loads(line)
            except ValueError:
                continue
            if reply.get("id") == self.next_id:
                return reply


class Pool:
    """Servers of one dealloc-check binary in this process. After
    MAX_LOSSES servers lost in a row the pool gives up: every job then runs
    as its own process (recorded as a fallback)."""

    MAX_LOSSES = 3

    def __init__(self, path, job_timeout, memory):
        self.args = (path, job_timeout, memory)
        self.idle = []
        self.all = []
        self.lock = threading.Lock()
        self.losses = 0

    @property
    def usable(self):
        return self.losses < self.MAX_LOSSES

    def outcome(self, lost):
        with self.lock:
            self.losses = self.losses + 1 if lost else 0

    def acquire(self):
        with self.lock:
            if self.idle:
                return self.idle.pop()
            server = Server(*self.args)
            self.all.append(server)
            return server

    def release(self, server):
        with self.lock:
            self.idle.append(server)

    def close(self):
        with self.lock:
            for server in self.all:
                server.stop()
            self.all, self.idle = [], []


_POOLS = {}
_POOLS_LOCK = threading.Lock()


def _pool(path, job_timeout, memory):
    key = (os.getpid(), path, job_timeout, memory)
    with _POOLS_LOCK:
        if key not in _POOLS:
            _POOLS[key] = Pool(path, job_timeout, memory)
        return _POOLS[key]


@atexit.register
def close_all():
    with _POOLS_LOCK:
        pools = [p for (pid, *_), p in _POOLS.items() if pid == os.getpid()]
        _POOLS.clear()
    for pool in pools:
        pool.close()


def call(path, tool, inputs, names, options, fallback_argv, timeout,
         memory=process.DEFAULT_MEMORY):
    """Run one job on a server of `path`; RunResult like process.run of
    `fallback_argv` (the standalone tool, given the inputs as files named
    `names` in its temporary directory). A crash or a lost server falls back
    to that per-program process, recorded in FALLBACKS."""
    pool = _pool(path, timeout, memory)
    reply = None
    tried = pool.usable
    if tried:
        server = pool.acquire()
        try:
            reply = server.request(tool, inputs, names, options)
        finally:
            pool.release(server)
        pool.outcome(lost=reply is None)
    if reply is not None and reply.get("status") in ("ok", "exit", "timeout"):
        return process.RunResult(reply["status"], reply.get("exit", 0),
                                 reply.get("stdout", ""), reply.get("stderr", ""),
                                 reply.get("seconds", 0.0))
    if not tried:
        why = "servers keep failing: processes only"
    elif reply is None:
        why = "server lost"
    else:
        why = f"{tool} job {reply.get('status')} {reply.get('exit')}"
    _record(why)
    files = dict(zip(names, inputs))
    return process.run(fallback_argv + names, None, timeout=timeout, memory=memory,
                       extra_files=files)

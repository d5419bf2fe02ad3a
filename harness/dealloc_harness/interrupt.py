"""Ctrl-C and SIGTERM during a campaign (fuzz, fuzz --stage, conformance).

SIGTERM (how CI runners stop a job on time-out or cancel) is an interrupt
exactly like SIGINT; so is a file that cannot be written (atomicio.py,
`request_stop()`). A Ctrl-C at any moment gives a report of what was found so far, marked
"interrupted", with the exit code of what it holds. Python's default
handler is not enough for that: it raises KeyboardInterrupt at the next
bytecode the main thread runs, and that bytecode may be one whose
exceptions Python prints as "Exception ignored" and drops - an
`os.register_at_fork` hook run in the parent after each fork of
subprocess.Popen (logging's `_releaseLock`), or a finalizer (`__del__`, a
weakref callback). Dropped in `_releaseLock`, it also leaves logging's
module lock held, and the next fork of another thread waits for it
forever: the campaign hung (about 1 Ctrl-C in 30). So the handler never
raises; the signal is remembered, and acted on only where it is safe:

  - the handler sets `requested()` and does nothing else;
  - inside a campaign's checking (`armed()`), every wait is a cancel
    point: process.run kills its child and raises KeyboardInterrupt,
    `wait()` of a future (a check's tools, a worker's program) raises,
    a dealloc-check server request kills the server and raises; the
    campaign loops call `poll()` between programs;
  - a result is noted and its finding written inside `shielded()`, where
    no cancel point raises: a finding on disk is always one the report
    holds;
  - the report is written outside `armed()`: a second Ctrl-C is noted on
    stderr and cannot lose it. (SIGQUIT, Ctrl-\\, still ends the process.)
Worker processes (-j N) ignore SIGINT (process.ignore_in_worker): the terminal
sends it to the whole process group, and a worker killed between tasks
would break the pool; the main process stops them (SIGTERM) when the
campaign ends. Children (the implementation, the tools) run in their own
process groups, away from the terminal's Ctrl-C.
"""

import contextlib
import signal
import sys
import threading


class _State:
    installed = False
    requested = False   # a SIGINT or SIGTERM arrived, or request_stop()
    armed = False       # inside armed() and not shielded(): cancel points raise


_state = _State()

# How often a wait looks at requested(), seconds.
POLL_SECONDS = 0.1


SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _handler(signum, frame):
    again = _state.requested
    _state.requested = True
    if again or not _state.armed:
        print(f"[dealloc-harness] {signal.Signals(signum).name}: finishing "
              "the checks under way and writing the report", file=sys.stderr,
              flush=True)


def install():
    """Take SIGINT and SIGTERM over for this process (from the main thread;
    elsewhere signals cannot be handled and nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in SIGNALS:
        signal.signal(sig, _handler)
    _state.installed = True
    _state.requested = _state.armed = False


def request_stop():
    """Stop the campaign as an interrupt does (its next cancel point raises,
    its report is marked interrupted): used when a file cannot be written."""
    _state.requested = True


def requested():
    return _state.requested


def poll():
    """Raise KeyboardInterrupt if an interrupt was requested."""
    if _state.requested:
        raise KeyboardInterrupt


def cancelled():
    """True at a cancel point that must stop: an interrupt was requested
    and the checking is armed (any thread may ask)."""
    return _state.requested and _state.armed


def cancel_point():
    """Raise KeyboardInterrupt if cancelled()."""
    if cancelled():
        raise KeyboardInterrupt


def wait(future):
    """`future.result()` (a concurrent.futures or Dask future) as a cancel
    point."""
    while True:
        try:
            return future.result(timeout=POLL_SECONDS)
        except TimeoutError:
            cancel_point()


@contextlib.contextmanager
def armed():
    """The checking part of a campaign: after a SIGINT its cancel points
    raise KeyboardInterrupt. Catch it, and any exception raised while
    `requested()` (a pool broken by the same Ctrl-C), outside this block."""
    _state.armed = True
    try:
        poll()
        yield
    finally:
        _state.armed = False


@contextlib.contextmanager
def shielded():
    """A step of the checking that must finish once started: noting a
    result in the campaign's state and writing its finding to OUT. A SIGINT
    during it is remembered and raised when it ends, so a finding on disk
    is always one the report holds (no cancel point raises in it)."""
    was = _state.armed
    _state.armed = False
    try:
        yield
    finally:
        _state.armed = was
    if was:
        poll()


def checking(body):
    """Run `body()`, a campaign's checking part, inside armed(): True if it
    was interrupted (a Ctrl-C, or any exception raised after one: a worker
    pool broken by the same Ctrl-C), False if it ran to its end; other
    exceptions propagate (the caller writes its report in a `finally`)."""
    try:
        with armed():
            body()
    except KeyboardInterrupt:
        return True
    except Exception:
        if not _state.requested:
            raise
        return True
    return _state.requested


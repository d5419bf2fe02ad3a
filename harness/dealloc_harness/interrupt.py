"""Ctrl-C during a campaign (fuzz, fuzz --stage, conformance).

A Ctrl-C at any moment gives a report of what was found so far, marked
"interrupted", with the exit code of what it holds. Python's default
handler is not enough for that: it raises KeyboardInterrupt at the next
bytecode the main thread runs, and that bytecode may be one whose
exceptions Python prints as "Exception ignored" and drops - an
`os.register_at_fork` hook run in the parent after each fork of
subprocess.Popen (logging's `_releaseLock`: caught in the act), or a
finalizer (`__del__`, a weakref callback). The campaign then ran to its
end and reported "interrupted": false (the once-flaky interrupted-campaign
test: about 1 run in 30). So the signal is remembered first, and raised
only where it is safe:

  - the handler sets `requested()`. It raises KeyboardInterrupt only while
    a campaign's checking runs (inside `armed()`), and only once;
  - the campaign loops call `poll()` between programs, so an interrupt
    lost in such a hook, or one that came before the loop started, still
    stops the campaign;
  - a result is noted and its finding written inside `shielded()`: a
    Ctrl-C there is raised when both are done;
  - the report is written outside `armed()`: a second Ctrl-C is noted on
    stderr and cannot lose it. (SIGQUIT, Ctrl-\\, still ends the process.)
Worker processes (-j N) ignore SIGINT (`ignore_in_worker`): the terminal
sends it to the whole process group, and a worker killed between tasks
would break the pool; the main process stops them (SIGTERM) when the
campaign ends. Children (the implementation, the tools) run in their own
process groups, away from the terminal's Ctrl-C; an interrupted
process.run kills its child.
"""

import contextlib
import os
import signal
import sys
import threading


class _State:
    installed = False
    requested = False   # a SIGINT arrived
    armed = False       # inside armed(): the handler may raise
    raised = False      # the handler raised once already


_state = _State()


def _handler(signum, frame):
    again = _state.requested
    _state.requested = True
    if _state.armed and not _state.raised:
        _state.raised = True
        raise KeyboardInterrupt
    if again or not _state.armed:
        print("[dealloc-harness] interrupted: finishing the checks under way "
              "and writing the report", file=sys.stderr, flush=True)


def install():
    """Take SIGINT over for this process (from the main thread; elsewhere
    signals cannot be handled and nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        return
    signal.signal(signal.SIGINT, _handler)
    _state.installed = True
    _state.requested = _state.armed = _state.raised = False


def requested():
    return _state.requested


def poll():
    """Raise KeyboardInterrupt if an interrupt was requested."""
    if _state.requested:
        _state.raised = True
        raise KeyboardInterrupt


@contextlib.contextmanager
def armed():
    """The checking part of a campaign: a SIGINT raises KeyboardInterrupt
    here (once). Catch it, and any exception raised while `requested()` (a
    pool broken by the same Ctrl-C), outside this block."""
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
    is always one the report holds."""
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


def ignore_in_worker():
    """Initializer of worker processes: the main process handles Ctrl-C,
    and stops an interrupted campaign's workers with SIGTERM, which kills
    the worker's own children first (none outlives the campaign)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)


def _stop_worker(signum, frame):
    from . import process
    process.kill_children()
    os._exit(128 + signum)

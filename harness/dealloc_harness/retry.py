"""Run a command repeatedly, for RUN lines of reproducers whose
implementation is nondeterministic (e.g. upstream MLIR 22's deallocation
pass crashes on some inputs only some of the time, see docs/findings.md).

  retry.py [--tries N] [--memory-mb M] [--timeout S] --until-ok    CMD...
      the first run that exits 0: its stdout, exit 0; else exit 1
  retry.py [--tries N] [--memory-mb M] [--timeout S] --until-crash CMD...
      exit 0 iff some run is killed by a signal (or exits 128+N, how a shell
      wrapper reports its command's death by signal N)
  retry.py [--tries N] [--memory-mb M] [--timeout S] --until-error CMD...
      exit 0 iff some run exits with a non-zero code (not a signal, nor
      128+N): that
      run's stderr, for FileCheck to read its diagnostic

--memory-mb and --timeout give each run the address-space limit and the
wall-clock limit the harness ran the implementation with, so a reproducer
runs under the limits its finding was made with. With a deterministic
command the first run decides, so this costs nothing.
"""
import resource
import signal
import subprocess
import sys


def _crashed(returncode):
    """Killed by a signal, or a shell's exit status 128+N for signal N."""
    if returncode < 0:
        return True
    try:
        return 128 < returncode < 128 + 65 and bool(signal.Signals(returncode - 128))
    except ValueError:
        return False


def _limit(memory_mb):
    def apply():
        if memory_mb:
            size = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def main(argv):
    tries, mode, memory, timeout = 10, None, 0, None
    try:
        while argv and argv[0].startswith("--"):
            opt = argv.pop(0)
            if opt == "--tries":
                tries = int(argv.pop(0))
            elif opt == "--memory-mb":
                memory = int(argv.pop(0))
            elif opt == "--timeout":
                timeout = float(argv.pop(0))
            elif opt in ("--until-ok", "--until-crash", "--until-error"):
                mode = opt
            else:
                print(f"retry.py: unknown option {opt}", file=sys.stderr)
                return 2
    except (IndexError, ValueError):
        print(f"retry.py: bad option value\n{__doc__}", file=sys.stderr)
        return 2
    if not argv or mode is None:
        print(__doc__, file=sys.stderr)
        return 2
    err = b""
    for _ in range(tries):
        try:
            proc = subprocess.run(argv, capture_output=True, timeout=timeout,
                                  preexec_fn=_limit(memory))
        except subprocess.TimeoutExpired:
            err = f"retry.py: timed out after {timeout:g} s\n".encode()
            continue
        except OSError as exc:
            print(f"retry.py: {argv[0]}: {exc.strerror}", file=sys.stderr)
            return 1
        err = proc.stderr
        if mode == "--until-ok" and proc.returncode == 0:
            sys.stdout.buffer.write(proc.stdout)
            return 0
        if mode == "--until-crash" and _crashed(proc.returncode):
            sys.stderr.buffer.write(proc.stderr[-2000:])
            return 0
        if mode == "--until-error" and proc.returncode > 0 and \
                not _crashed(proc.returncode):
            sys.stderr.buffer.write(proc.stderr)
            return 0
    # The first error (an MLIR diagnostic) comes first, a stack trace last.
    sys.stderr.buffer.write(err if len(err) <= 4000 else
                            err[:2000] + b"\n[...]\n" + err[-2000:])
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Run a command repeatedly, for RUN lines of reproducers whose
implementation is nondeterministic (e.g. upstream MLIR 22's deallocation
pass crashes on some inputs only some of the time, see docs/findings.md).

  retry.py [--tries N] --until-ok    CMD...  first run that exits 0: its stdout, exit 0
  retry.py [--tries N] --until-crash CMD...  exit 0 iff some run is killed by a signal

With a deterministic command the first run decides, so this costs nothing.
"""
import subprocess
import sys


def main(argv):
    tries, mode = 10, None
    while argv and argv[0].startswith("--"):
        opt = argv.pop(0)
        if opt == "--tries":
            tries = int(argv.pop(0))
        elif opt in ("--until-ok", "--until-crash"):
            mode = opt
        else:
            print(f"retry.py: unknown option {opt}", file=sys.stderr)
            return 2
    if not argv or mode is None:
        print(__doc__, file=sys.stderr)
        return 2
    last = None
    for _ in range(tries):
        proc = subprocess.run(argv, capture_output=True)
        last = proc
        if mode == "--until-ok" and proc.returncode == 0:
            sys.stdout.buffer.write(proc.stdout)
            return 0
        if mode == "--until-crash" and proc.returncode < 0:
            sys.stderr.buffer.write(proc.stderr[-2000:])
            return 0
    sys.stderr.buffer.write(last.stderr[-2000:])
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

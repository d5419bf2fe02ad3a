"""What every command of dealloc-harness checks before it starts: the
implementation's argv (--impl, --impl-shell), the tools and checks
(--tools, --checks), the output directories (--out, --regressions, --into)
and the executor (-j, --scheduler). A bad one is a UsageError (exit 2)
now, not a failure after the run. cli.py and the campaign driver both
import this module (and neither imports the other)."""

import os
import re
import shlex
import shutil
import sys

from . import check, toolclient, tools as tools_mod

DEFAULT_IMPL = f"{tools_mod.MLIR_OPT} --buffer-deallocation-pipeline"
CHECKS = ("run", "verify", "equiv")
# The tools each check needs (equiv compares with the reference pipeline's
# output).
CHECK_TOOLS = {"run": ("dealloc-run",), "verify": ("dealloc-verify",),
               "equiv": ("dealloc-verify", "dealloc-opt")}


class UsageError(Exception):
    """Bad arguments or input files: a message, exit code 2."""


# Tokens a shell would read as operators; --impl passes them to the
# program as arguments.
SHELL_OPERATORS = ("|", "||", "&&", ";", "&", "|&")
SHELL_PREFIXES = ("|", ">", "<", "2>", "&>", "$(", "`")


def implementation_argv(impl, impl_shell):
    """The implementation's argv from --impl or --impl-shell (UsageError
    on a shell operator in --impl, which runs without a shell)."""
    if impl_shell is not None:
        if impl is not None:
            raise UsageError("--impl and --impl-shell exclude each other")
        if not re.search(r'\$(1\b|\{1\}|@)', impl_shell):
            raise UsageError('--impl-shell: the script must read the input file '
                             'as "$1" (e.g. --impl-shell \'my-opt "$1" | my-fix\')')
        bash = shutil.which("bash") or "/bin/bash"
        return [bash, "-o", "pipefail", "-c", impl_shell, "dealloc-impl"]
    if impl is None:
        impl = DEFAULT_IMPL
    try:
        argv = shlex.split(impl)
    except ValueError as exc:
        raise UsageError(f"--impl {impl!r}: {exc}") from None
    if not argv:
        raise UsageError("--impl is empty")
    bad = [a for a in argv[1:] if a in SHELL_OPERATORS or a.startswith(SHELL_PREFIXES)]
    if bad:
        raise UsageError(f"--impl {impl!r}: {bad[0]!r} would be an argument of "
                         f"{argv[0]}: --impl runs the command without a shell. Use "
                         "--impl-shell 'SCRIPT' (the input file is \"$1\") or a "
                         "wrapper script")
    argv = [absolute(a, n) for n, a in enumerate(argv)]
    check_executable(argv[0])
    return argv


def config(args):
    try:
        toolclient.set_dialect_plugins(getattr(args, "load_dialect_plugin", []))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if toolclient.dialect_plugin_args() and args.impl is None and \
            getattr(args, "impl_shell", None) is None:
        args.impl = shlex.join(toolclient.mlir_opt_argv(
            *shlex.split(DEFAULT_IMPL)[1:]))
    impl = implementation_argv(args.impl, getattr(args, "impl_shell", None))
    args.impl, args.impl_shell = shlex.join(impl), None
    checks = tuple(c for c in args.checks.split(",") if c)
    bad = [c for c in checks if c not in CHECKS]
    if bad or not checks:
        raise UsageError(f"--checks {args.checks!r}: expected a comma-separated "
                         f"subset of {','.join(CHECKS)}")
    if args.tools and not os.path.isdir(args.tools):
        raise UsageError(f"--tools {args.tools}: no such directory")
    paths = tools_mod.locate(args.tools)
    if not any(all(paths.get(t) for t in CHECK_TOOLS[c]) for c in checks):
        where = args.tools or os.environ.get("DEALLOC_TOOLS") or "build/bin"
        raise UsageError(f"nothing could be checked: the tools of the checks "
                         f"{','.join(checks)} are not built (looked in {where})")
    tools = tools_mod.Tools(paths, timeout=max(60.0, args.verify_timeout_ms / 1000 * 3),
                            verify_timeout_ms=args.verify_timeout_ms,
                            use_server=not args.no_server)
    missing = [n for n, p in paths.items() if not p and n != "dealloc-check"]
    if missing and not args.quiet:
        print(f"[dealloc-harness] not built: {', '.join(missing)} — their checks "
              "are reported as not run", file=sys.stderr)
    bad = [n for n in args.free_function if not re.fullmatch(r"[\w$.-]+", n)]
    if bad:
        raise UsageError(f"--free-function {bad[0]!r}: expected a symbol name "
                         "without @")
    return check.Config(impl=impl, tools=tools, timeout=args.timeout,
                        memory=args.memory_mb * 1024 * 1024, checks=checks,
                        require_equivalence=args.require_equivalence,
                        free_functions=tuple(args.free_function))


def absolute(arg, n):
    """The implementation runs in a temporary directory: an argument naming
    an existing file relative to the caller's directory is made absolute,
    also as the value of `--flag=FILE`."""
    if arg.startswith("-"):
        flag, eq, value = arg.partition("=")
        if eq and value and not value.startswith("/") and os.path.exists(value):
            return f"{flag}={os.path.abspath(value)}"
        return arg
    if ("/" in arg or n > 0) and os.path.exists(arg):
        return os.path.abspath(arg)
    return arg


def check_executable(program):
    """A missing or non-executable --impl is a usage error now, not one
    impl-crash per program later."""
    if "/" in program:
        if not os.path.exists(program):
            raise UsageError(f"--impl: {program}: no such file")
        if os.path.isdir(program) or not os.access(program, os.X_OK):
            raise UsageError(f"--impl: {program}: not an executable file")
    elif shutil.which(program) is None:
        raise UsageError(f"--impl: {program}: not found on PATH")


def output_dir(path, option, create=True):
    """Check (and create) an output directory before any work is done, so
    that a bad path does not lose a finished run: it must be a directory we
    can write a file into."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{option} {path}: exists and is not a directory")
    if not create and not os.path.isdir(path):
        parent = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(parent):
            raise UsageError(f"{option} {path}: no such directory: {parent}")
    try:
        os.makedirs(path, exist_ok=True)
        probe = os.path.join(path, f".dealloc-harness-probe-{os.getpid()}")
        with open(probe, "w") as f:
            f.write("")
        os.remove(probe)
    except OSError as exc:
        raise UsageError(f"{option} {path}: {exc.strerror}") from None




def executor(args):
    """The campaign's executor, made before the campaign: an unreachable
    --scheduler is a usage error, not a traceback after the run."""
    from .scheduler import make_executor
    try:
        return make_executor(args.jobs, args.scheduler)
    except (OSError, TimeoutError, ValueError, ImportError) as exc:
        raise UsageError(f"--scheduler {args.scheduler}: cannot connect: "
                         f"{exc}") from None

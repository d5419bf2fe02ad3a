#!/usr/bin/env python3
"""Checks (default) or applies (--fix) clang-format on the project's C++.

The style is the repository's .clang-format; the formatter is the one
scripts/setup.sh installs (clang-format-22, else $CLANG_FORMAT). Every
tracked *.cpp / *.h / *.def under reference/ is formatted, except the
generated and the table files listed in SKIP. Exit 0: all formatted;
1: files that differ (listed); 2: no formatter.
"""
import argparse
import os
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# X-macro tables: one row per line reads better than what the formatter makes.
SKIP = {"reference/include/dealloc/Support/OpTable.def",
        "reference/include/dealloc/Support/Verdict.def"}


def formatter():
    return os.environ.get("CLANG_FORMAT") or shutil.which("clang-format-22")


def sources():
    out = subprocess.run(["git", "ls-files", "reference"], cwd=REPO,
                         capture_output=True, text=True, check=True).stdout
    return [f for f in out.split()
            if f.endswith((".cpp", ".h")) and f not in SKIP]


def unformatted(exe, files, cwd):
    """The files among `files` (relative to `cwd`) that clang-format would
    change."""
    bad = []
    for f in files:
        r = subprocess.run([exe, "--dry-run", "-Werror", f], cwd=cwd,
                           capture_output=True, text=True)
        if r.returncode != 0:
            bad.append(f)
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fix", action="store_true", help="rewrite the files")
    args = ap.parse_args(argv)
    exe = formatter()
    if not exe:
        print("format: clang-format-22 not found (scripts/setup.sh installs it)",
              file=sys.stderr)
        return 2
    files = sources()
    if args.fix:
        subprocess.run([exe, "-i", *files], cwd=REPO, check=True)
        return 0
    bad = unformatted(exe, files, REPO)
    for f in bad:
        print(f"format: {f} is not clang-formatted "
              f"(python3 scripts/format.py --fix)")
    print(f"format: {len(files)} files, {len(bad)} not formatted")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

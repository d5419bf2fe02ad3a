"""The newcomer journey of docs/conformance.md works as printed: its
commands run in order from the checkout's root (scratch folder /tmp/journey
mapped to a temporary one), and each prints what the page shows (wall
times aside; lines compared as sorted lists, and lit's `(1 of 2)` left out,
since lit and progress lines may come in another order) with the exit code the page shows.

  python3 harness/tests/test_newcomer_journey.py   prints the commands'
  outputs, to refresh the page after an intended change."""
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PAGE = os.path.join(REPO, "docs", "conformance.md")
SCRATCH = "/tmp/journey"
TIME_LINE = re.compile(r"^(\| [a-z_]+ \| \d+\.\d+ \||Testing Time: .*)$")


def _doccommands():
    spec = importlib.util.spec_from_file_location(
        "doccommands", os.path.join(REPO, "spec", "tools", "doccommands.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def journey():
    """[(command, expected output lines, expected exit code or None)]."""
    with open(PAGE) as f:
        lines = f.read().splitlines()
    start = lines.index("## Newcomer journey: your own files")
    fence, end = False, len(lines)
    for i in range(start + 1, len(lines)):
        if lines[i].lstrip().startswith("```"):
            fence = not fence
        elif not fence and lines[i].startswith("## "):
            end = i
            break
    section = lines[start:end]
    out = []
    for cmd in _doccommands().parse(section):
        expected = section[cmd.out_start:cmd.out_end] if cmd.out_start is not None else []
        code = int(section[cmd.exit_line]) if cmd.exit_line is not None else None
        out.append((cmd.text, expected, code))
    return out


def run(text, scratch):
    env = {k: v for k, v in os.environ.items() if k != "DEALLOC_TOOLS"}
    proc = subprocess.run(["bash", "-c", text.replace(SCRATCH, scratch)], cwd=REPO,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=600, env=env)
    return proc.stdout.replace(scratch, SCRATCH).splitlines(), proc.returncode


def comparable(lines):
    """Lines without times, and without lit's completion order `(1 of 2)`."""
    return sorted(re.sub(r" \(\d+ of \d+\)$", "", line.rstrip()) for line in lines
                  if not TIME_LINE.match(line.strip()))


def test_the_newcomer_journey_works_as_printed(tmp_path):
    steps = journey()
    assert len(steps) >= 8, steps
    for text, expected, code in steps:
        got, rc = run(text, str(tmp_path / "journey"))
        if code is not None:
            assert rc == code, (text, got)
        assert comparable(got) == comparable(expected), (text, "\n".join(got))


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        for text, _, _ in journey():
            got, rc = run(text, os.path.join(tmp, "journey"))
            print(f"$ {text}\n" + "\n".join(got) + f"\n[exit {rc}]")

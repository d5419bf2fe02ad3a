#!/usr/bin/env python3
"""The commands pasted in the guides still print what the guides say.

In a fenced code block of a Markdown page, a line `$ CMD` is a command and
the lines up to the next `$ ` line are its output; `$ echo $?` followed by a
number records the previous command's exit code. A command may continue over
several lines with a here-document (`<<'EOS'` ... `EOS`). This tool runs the
commands of the given pages in order (one `bash -c` each, stdout and stderr
together, from the repository root) and compares what they print and their
exit codes with the page.

Commands whose output is not reproducible are not run, and said so: the
harness (`harness/dealloc-harness`: wall times), `lit` (times) and solver
timeouts (`--timeout`: machine load), `--solver-stats` (times). Scratch paths written in the pages
(`/tmp/qs`) are mapped to `--scratch DIR`, so runs do not share files.

  doccommands.py [--repo DIR] [--scratch DIR] [--update] PAGE.md...
      exit 0 every run command printed its pasted output, 1 a difference
      (file:line of the command, then a diff), 2 usage.
      --update rewrites the pasted outputs and exit codes in place instead
      (review the diff: a changed output may be a regression).
"""
import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SCRATCH = "/tmp/qs"
SKIP = (("harness/dealloc-harness", "harness output has wall times"),
        ("lit ", "lit output has times"),
        ("--timeout", "solver timeouts depend on the machine's load"),
        ("--solver-stats", "solver statistics have times"))


class Command:
    def __init__(self, line, text):
        self.line, self.text = line, text      # 1-based line of `$ `, command
        self.out_start = self.out_end = None   # [start, end) output lines (0-based)
        self.exit_line = None                  # 0-based line of the exit code

    def skip_reason(self):
        for needle, why in SKIP:
            if needle in self.text:
                return why
        return None


def parse(lines):
    """Commands of the fenced blocks of a page, in order."""
    cmds, fence, i = [], False, 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fence = not fence
            i += 1
            continue
        if not fence or not line.startswith("$ "):
            i += 1
            continue
        text, start = line[2:], i
        m = re.search(r"<<'?(\w+)'?\s*$", text)
        if m:
            while i + 1 < len(lines) and lines[i + 1] != m.group(1):
                i += 1
                text += "\n" + lines[i]
            i += 1
            text += "\n" + m.group(1)
        if text.strip() == "echo $?":
            if cmds and i + 1 < len(lines) and lines[i + 1].strip().isdigit():
                cmds[-1].exit_line = i + 1
                i += 2
            else:
                i += 1
            continue
        cmd = Command(start + 1, text)
        i += 1
        cmd.out_start = i
        while i < len(lines) and not lines[i].startswith("$ ") and not lines[i].lstrip().startswith("```"):
            i += 1
        cmd.out_end = i
        cmds.append(cmd)
    return cmds


def run(cmd, repo, scratch):
    env = dict(os.environ)
    build = env.get("DEALLOC_BUILD_DIR", os.path.join(repo, "build"))
    llvm_bin = env.get("DEALLOC_LLVM_TOOLS_DIR")
    if not llvm_bin:  # not under lit: the locations the build was configured with
        with open(os.path.join(build, "dealloc-paths.json")) as f:
            llvm_bin = json.load(f)["llvm_tools_dir"]
    env["PATH"] = os.pathsep.join([os.path.join(build, "bin"), llvm_bin, env.get("PATH", "")])
    script = "{ " + cmd.text.replace(SCRATCH, scratch) + "\n} 2>&1"
    p = subprocess.run(["bash", "-c", script], cwd=repo,
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    out = p.stdout.decode("utf-8", "replace").replace(scratch, SCRATCH)
    return [l.rstrip() for l in out.splitlines()], p.returncode


def check_page(path, repo, scratch, update):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    rel = os.path.relpath(path, repo)
    problems, ran, skipped, edits = [], 0, 0, []
    for cmd in parse(lines):
        if cmd.skip_reason():
            skipped += 1
            continue
        ran += 1
        out, code = run(cmd, repo, scratch)
        pasted = [l.rstrip() for l in lines[cmd.out_start:cmd.out_end]]
        while pasted and not pasted[-1]:
            pasted.pop()
        while out and not out[-1]:
            out.pop()
        if out != pasted:
            diff = difflib.unified_diff(pasted, out, "pasted", "printed now", n=1, lineterm="")
            problems.append(f"{rel}:{cmd.line}: `{cmd.text.splitlines()[0]}` prints something else:\n  "
                            + "\n  ".join(list(diff)[:40]))
            edits.append((cmd.out_start, cmd.out_end, out + lines[cmd.out_start:cmd.out_end][len(pasted):]))
        if cmd.exit_line is not None and lines[cmd.exit_line].strip() != str(code):
            problems.append(f"{rel}:{cmd.line}: `{cmd.text.splitlines()[0]}` exits {code}, "
                            f"the page says {lines[cmd.exit_line].strip()}")
            edits.append((cmd.exit_line, cmd.exit_line + 1, [str(code)]))
    if update and edits:
        for start, end, new in sorted(edits, reverse=True):
            lines[start:end] = new
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    return problems, ran, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    ap.add_argument("--scratch", help="directory for the pages' /tmp/qs files (default: a fresh one)")
    ap.add_argument("--update", action="store_true", help="rewrite pasted outputs in place")
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args()
    missing = [p for p in args.pages if not os.path.isfile(os.path.join(args.repo, p))]
    if missing:
        print(f"error: no such page: {', '.join(missing)}", file=sys.stderr)
        return 2
    scratch = args.scratch or tempfile.mkdtemp(prefix="doccommands-")
    os.makedirs(scratch, exist_ok=True)
    total, ran, skipped = [], 0, 0
    try:
        for page in args.pages:
            problems, r, s = check_page(os.path.join(args.repo, page), args.repo, scratch, args.update)
            total += problems
            ran, skipped = ran + r, skipped + s
    finally:
        if not args.scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    for p in total:
        print(f"{'updated' if args.update else 'error'}: {p}")
    print(f"doccommands: {ran} commands run, {skipped} not reproducible (skipped), "
          f"{len(total)} {'updated' if args.update else 'differences'}")
    return 1 if total and not args.update else 0


if __name__ == "__main__":
    sys.exit(main())

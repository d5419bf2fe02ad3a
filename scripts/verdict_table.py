#!/usr/bin/env python3
"""Runs dealloc-run over the bundled corpus and prints one verdict table.

Which programs run (a simple, documented rule):
  * every .mlir file under corpus/ whose lit RUN lines invoke `dealloc-run`,
    except files containing the line `// DEALLOC-RUN: skip`;
  * a RUN line `dealloc-run ... %s ...` runs the file itself;
  * a RUN line `mlir-opt|dealloc-opt <args> | ... dealloc-run -` first runs
    that pass pipeline (as written, with %s/%S substituted) and runs its
    output: the row's program is labelled `file [passes]`.
  * dealloc-run options --function, --reuse-addresses, --max-steps and
    --max-inputs on the RUN line are kept; --all-inputs, --input and --json
    are replaced by --json.
Each distinct (program, options) runs once. Needs dealloc-run and mlir-opt on
PATH (scripts/main.sh sets it). Prints `file | function | verdict | inputs`
rows and a summary by verdict; exits 0 (the table is the result).
"""
import json
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "corpus")
KEEP_WITH_VALUE = {"--function", "--max-steps", "--max-inputs", "--load-dialect-plugin"}
# lit's %dealloc_test_plugin (corpus/lit.cfg.py): the project's test plugin.
TEST_PLUGIN = os.path.join(os.environ.get("DEALLOC_BUILD_DIR", os.path.join(ROOT, "build")),
                           "lib", "DeallocTestPlugin.so")
KEEP_FLAGS = {"--reuse-addresses"}
TIMEOUT = 300


def run_lines(path):
    """RUN lines of a lit test, continuation lines joined."""
    lines, cur = [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            s = raw.strip()
            if "DEALLOC-RUN: skip" in s:
                return []
            if not s.startswith("//") or "RUN:" not in s:
                continue
            body = s.split("RUN:", 1)[1].strip()
            cur = body if cur is None else cur + " " + body
            if cur.endswith("\\"):
                cur = cur[:-1]
                continue
            lines.append(cur)
            cur = None
    return lines


def substitute(text, path):
    text = text.replace("%dealloc_test_plugin", TEST_PLUGIN)
    return (text.replace("%S", os.path.dirname(path)).replace("%s", path)
            .replace("%repo", ROOT).replace("%python", sys.executable))


def dealloc_run_options(words):
    """Options of a dealloc-run invocation kept for the table, and its input."""
    opts, source, k = [], None, 1
    while k < len(words):
        w = words[k]
        name = w.split("=", 1)[0]
        if name in KEEP_WITH_VALUE:
            if "=" in w:
                opts.append(w)
            elif k + 1 < len(words):
                opts += [w, words[k + 1]]
                k += 1
        elif name in KEEP_FLAGS:
            opts.append(w)
        elif name == "--input":
            if "=" not in w:
                k += 1
        elif not w.startswith("-") or w == "-":
            source = w
        k += 1
    return opts, source


def programs(path):
    """Yields (label, pipeline argv or None, dealloc-run options)."""
    seen = set()
    for line in run_lines(path):
        if "dealloc-run" not in line:
            continue
        segments = [s.strip() for s in line.split("|")]
        for i, seg in enumerate(segments):
            try:
                words = shlex.split(substitute(seg, path))
            except ValueError:
                continue
            if words and words[0] == "not":
                words = words[1:]
            if not words or words[0] != "dealloc-run":
                continue
            opts, source = dealloc_run_options(words)
            pipeline, label = None, os.path.relpath(path, ROOT)
            if source == "-" and i > 0:
                prev = shlex.split(substitute(segments[i - 1], path))
                if prev and prev[0] == "not":
                    prev = prev[1:]
                if not prev or prev[0] not in ("mlir-opt", "dealloc-opt"):
                    continue
                pipeline = prev
                passes = " ".join(w for w in prev[1:] if w.startswith("-"))
                inputs = [os.path.relpath(w, ROOT) for w in prev[1:]
                          if not w.startswith("-") and w.endswith(".mlir")]
                if len(passes) > 60:  # keep the table readable
                    passes = passes[:28] + " ... " + passes[-28:]
                label = f"{' '.join(inputs) or label} [{passes}]"
            elif source != path:
                continue
            key = (label, tuple(opts))
            if key in seen:
                continue
            seen.add(key)
            yield label, pipeline, opts


def check(path, pipeline, opts):
    """Returns a list of per-function JSON objects, or an error row."""
    stdin = None
    if pipeline:
        try:
            p = subprocess.run(pipeline, capture_output=True, text=True, timeout=TIMEOUT)
        except FileNotFoundError:
            return [{"function": "-", "verdict": "TOOL_MISSING", "inputs": "-"}]
        except subprocess.TimeoutExpired:
            return [{"function": "-", "verdict": "PIPELINE_TIMEOUT", "inputs": "-"}]
        if p.returncode != 0:
            return [{"function": "-", "verdict": "PIPELINE_FAILED", "inputs": "-",
                     "message": (p.stderr.strip().splitlines() or [""])[0]}]
        stdin = p.stdout
    argv = ["dealloc-run", "-" if pipeline else path, "--json"] + opts
    try:
        r = subprocess.run(argv, input=stdin, capture_output=True, text=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return [{"function": "-", "verdict": "TIMEOUT", "inputs": "-"}]
    except FileNotFoundError:
        return [{"function": "-", "verdict": "TOOL_MISSING", "inputs": "-"}]
    if r.returncode == 3:
        return [{"function": "-", "verdict": "UNREADABLE", "inputs": "-",
                 "message": (r.stderr.strip().splitlines() or [""])[0]}]
    rows = []
    for line in r.stdout.splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def main():
    files = []
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames[:] = sorted(d for d in dirnames if d != "Inputs" and not d.startswith("."))
        files += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".mlir")]
    table = []
    for path in files:
        for label, pipeline, opts in programs(path):
            shown = [o for o in opts if not o.startswith("--load-dialect-plugin")]
            if shown:
                label += " (" + " ".join(shown) + ")"
            for row in check(path, pipeline, opts):
                inputs = row.get("inputs", "-")
                if row.get("capped"):
                    total = row.get("total_inputs")
                    if isinstance(total, int) and total >= 2 ** 64 - 1:
                        total = "2^64 or more"   # dealloc-run's count saturates
                    inputs = f"{inputs} (capped, of {total})"
                table.append((label, "@" + row.get("function", "-") if row.get("function") != "-" else "-",
                              row.get("verdict", "?"), str(inputs)))
    widths = [max([len(h)] + [len(r[k]) for r in table]) for k, h in
              enumerate(("file", "function", "verdict", "inputs"))]
    fmt = " | ".join("{:<%d}" % w for w in widths)
    print(fmt.format("file", "function", "verdict", "inputs"))
    print("-+-".join("-" * w for w in widths))
    for row in table:
        print(fmt.format(*row))
    counts = {}
    for row in table:
        counts[row[2]] = counts.get(row[2], 0) + 1
    programs_run = len({row[0] for row in table})
    print()
    print(f"summary: {programs_run} programs, {len(table)} functions: " +
          ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

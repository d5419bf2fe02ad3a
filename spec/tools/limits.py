#!/usr/bin/env python3
"""Every limit the specification states is the tools' own value.

Reads the `"limits"` object of `dealloc-run --describe` and
`dealloc-verify --describe` (printed from the constants the tools stop at,
reference/lib/Driver/Describe.cpp) and checks, in spec/*.md and the design
documents of traceability.DESIGN:

  1. the table of [safety.limits]: one row per limit, its `"limits"` key in
     the second column and its value in the third, equal to the tools';
     every limit the tools print has a row;
  2. every other statement of a limit found by the patterns of MENTIONS
     (e.g. "256 MiB", "512 nested calls", "`--timeout` ... (default N)")
     names the same value;
  3. every size in KiB / MiB / GiB / TiB in spec/ is a limit's value (an
     example's size is written in bytes, so a stale limit cannot hide).

  limits.py --repo R [--bin DIR]   exit 0 clean, 1 a mismatch, 2 usage or a
                                   tool that does not describe itself
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import traceability  # noqa: E402

UNITS = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}
NUM = r"([0-9][0-9,]*)"


def number(text):
    """'1,000,000' -> 1000000, '2^20' -> 1048576, '1 TiB' -> 2^40."""
    text = text.strip().strip("`")
    m = re.fullmatch(r"([0-9][0-9,]*(?:\.[0-9]+)?)\s*(KiB|MiB|GiB|TiB)", text)
    if m:
        return int(float(m.group(1).replace(",", "")) * UNITS[m.group(2)])
    m = re.fullmatch(r"2\^([0-9]+)", text)
    if m:
        return 1 << int(m.group(1))
    return int(text.replace(",", ""))


# key -> patterns whose first group states the limit (in whitespace-joined
# paragraphs). A pattern that matches nowhere is fine: the table is the
# definition, the patterns catch restatements.
MENTIONS = {
    "max_buffer_bytes": [r"buffers? (?:above|over|larger than) " + NUM + r" ?(?:TiB|GiB|MiB)",
                         r"" + NUM + r" ?(?:TiB|GiB|MiB) buffer limit",
                         r"interpreter's limit \(" + NUM + r" ?TiB\)"],
    "max_written_bytes": [r"more than " + NUM + r" ?(?:MiB|GiB) of (?:buffer )?contents"],
    "max_steps_default": [r"`--max-steps`[^.]*?\(default " + NUM],
    "max_call_depth": [NUM + r" nested calls", r"to " + NUM + r" nested calls",
                       r"call depth limit " + NUM],
    "max_inputs_default": [r"`--max-inputs`[^.]*?\(default " + NUM],
    "unroll_default": [r"`--unroll N` times \(default " + NUM],
    "constant_loop_iterations": [r"up to " + NUM + r" iterations"],
    "timeout_ms_default": [r"`--timeout MS` bounds each solver query to MS milliseconds \(default " + NUM],
    "function_timeout_ms_default": [r"`--function-timeout MS` bounds[^.]*?\(default " + NUM],
    "max_stop_sites": [r"[Aa]t most " + NUM + r" sites", r"cut off after " + NUM + r" sites"],
    "stop_budget_ms": [r"time budget of " + NUM + r" s\b"],
    "max_arg_extent": [r"every dynamic extent from 0 to (2\^[0-9]+)"],
    "max_region_depth": [r"up to " + NUM + r" deep"],
    "max_text_nesting": [r"nested deeper than " + NUM + r" levels", r"deeper than " + NUM + r" levels is not parsed"],
    "min_memory_limit_mib": [r"[Aa] limit under " + NUM + r" MiB"],
}
# Values in seconds in the prose, milliseconds in the tools.
SECONDS = {"stop_budget_ms"}


def describe(bindir, tool):
    exe = os.path.join(bindir, tool) if bindir else tool
    try:
        out = subprocess.run([exe, "--describe"], capture_output=True, text=True, check=True).stdout
        return json.loads(out)["limits"]
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError) as e:
        print(f"error: {tool} --describe: no limits ({e})")
        sys.exit(2)


def table_rows(text):
    """Rows of the [safety.limits] table: key -> value cell."""
    start = text.find("**[safety.limits]**")
    rows = {}
    if start < 0:
        return None
    for line in text[start:].splitlines()[1:]:
        if line.startswith("<a id=") or line.startswith("Rationale:"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"`[a-z_]+`", cells[1]):
            rows[cells[1].strip("`")] = cells[2]
    return rows


def table_value(cell):
    """The value of a table cell: '1 TiB (2^40 bytes)' -> 2^40, '`0`, `1`, `2`' -> [0, 1, 2]."""
    if "`" in cell and "," in cell:
        return [int(v) for v in re.findall(r"`(-?[0-9]+)`", cell)]
    return number(re.sub(r"\s*\(.*\)$", "", cell))


def files(repo):
    spec = [p for p in traceability.chapters(repo)]
    design = [d for d in traceability.DESIGN if os.path.exists(os.path.join(repo, d))]
    return spec, design


def check(repo, limits):
    problems, found = [], 0
    spec, design = files(repo)
    rows = None
    for rel in spec:
        text = open(os.path.join(repo, rel), encoding="utf-8").read()
        if "**[safety.limits]**" in text:
            rows = table_rows(text)
    if rows is None:
        problems.append("spec: no [safety.limits] table")
        rows = {}
    for key, value in limits.items():
        if key not in rows:
            problems.append(f"[safety.limits]: no row for `{key}` (the tools' value: {value})")
        elif table_value(rows[key]) != value:
            problems.append(f"[safety.limits]: `{key}` is {rows[key]}, the tools say {value}")
    for key in rows:
        if key not in limits:
            problems.append(f"[safety.limits]: row `{key}` is no limit the tools print")
    byte_values = {v for k, v in limits.items() if k.endswith("_bytes")}
    byte_values |= {v << 20 for k, v in limits.items() if k.endswith("_mib")}
    for rel in spec + design:
        lines = open(os.path.join(repo, rel), encoding="utf-8").read().splitlines()
        joined = " ".join(lines)
        joined = re.sub(r"\s+", " ", joined)
        for key, patterns in MENTIONS.items():
            if key not in limits:
                continue
            want = limits[key] // 1000 if key in SECONDS else limits[key]
            if key.endswith("_mib"):
                want = limits[key] << 20  # stated with its unit, compared in bytes
            for pattern in patterns:
                for m in re.finditer(pattern, joined):
                    got = m.group(1)
                    unit = re.search(r"(KiB|MiB|GiB|TiB)", m.group(0))
                    value = number(got + (" " + unit.group(1) if unit else ""))
                    found += 1
                    if value != want:
                        problems.append(f"{rel}: \"{m.group(0)}\" states {key} = {got}"
                                        f"{' ' + unit.group(1) if unit else ''}, the tools say {limits[key]}")
        if rel in design:
            continue
        for i, line in enumerate(lines, 1):
            for m in re.finditer(r"(?<![0-9.])([0-9][0-9,]*(?:\.[0-9]+)?) ?(KiB|MiB|GiB|TiB)\b", line):
                size = f"{m.group(1)} {m.group(2)}"
                if number(size) not in byte_values:
                    problems.append(f"{rel}:{i}: \"{size}\" is no limit of [safety.limits] "
                                    f"(a stale limit? write an example's size in bytes)")
    return problems, found


def main():
    args = traceability.repo_arguments(__doc__, lambda ap: ap.add_argument(
        "--bin", default="", help="folder of dealloc-run and dealloc-verify (default: PATH)"))
    if args is None:
        return 2
    run, verify = describe(args.bin, "dealloc-run"), describe(args.bin, "dealloc-verify")
    if run != verify:
        print("error: dealloc-run and dealloc-verify describe different limits")
        return 1
    problems, found = check(args.repo, run)
    return traceability.report(
        problems, f"limits: {len(run)} limits, {found} statements in the prose, {len(problems)} problems")


if __name__ == "__main__":
    sys.exit(main())

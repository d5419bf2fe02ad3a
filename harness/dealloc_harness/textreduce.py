"""Reducing MLIR text: for findings that have no generator choice buffer
(conformance cases, plain files) and as a clean-up after the choice-buffer
shrinker (shrink.py) of generated programs.

`reduce(text, interesting, budget)` greedily deletes, while `interesting`
still holds and upstream mlir-opt still parses the candidate:
  1. whole functions (not the last public one),
  2. region ops without results (an `scf.if {...}` used for its effects),
  3. single op lines (never a terminator or a block label),
then `dead_code` removes what nothing uses any more. Deterministic (no
clocks, no randomness): candidates are tried top to bottom, and the
predicate is called at most `budget` times.

`dead_code(text)` removes `arith.constant` ops whose result is unused and
private functions no symbol reference names, until nothing changes; it
keeps everything else (it does not know which other ops are pure).
"""

import re

from . import process, toolclient, tools as tools_mod

_FUNC = re.compile(r"^(\s*)func\.func\s+(?:(public|private|nested)\s+)?@([\w$.-]+)")
_CONST = re.compile(r"^\s*(%[\w.$-]+)\s*=\s*arith\.constant\b")
_RESULT = re.compile(r"^\s*(%[\w.$#:-]+(?:\s*,\s*%[\w.$#:-]+)*)\s*=")
_TERMINATOR = re.compile(r"^\s*(return|func\.return|scf\.yield|scf\.condition|cf\.br|"
                         r"cf\.cond_br|cf\.switch|scf\.reduce|affine\.yield|"
                         r"memref\.alloca_scope\.return|\}|\^|module|func\.func)\b")


def _block_end(lines, start):
    """Index of the line closing the region opened on `lines[start]`."""
    depth = 0
    for i in range(start, len(lines)):
        depth += lines[i].count("{") - lines[i].count("}")
        if depth <= 0 and i > start:
            return i
    return None


def _functions(lines):
    """[(start, end, name, visibility)] of func.func ops with a body."""
    out = []
    for i, line in enumerate(lines):
        m = _FUNC.match(line)
        if m and line.rstrip().endswith("{"):
            end = _block_end(lines, i)
            if end is not None:
                out.append((i, end, m.group(3), m.group(2) or "public"))
    return out


def _uses(name, text):
    return len(re.findall(re.escape(name) + r"(?![\w.$-])", text))


def dead_code(text):
    """`text` without unused constants and unreferenced private functions."""
    lines = text.splitlines()
    changed = True
    while changed:
        changed = False
        joined = "\n".join(lines)
        for i, line in enumerate(lines):
            m = _CONST.match(line)
            if m and _uses(m.group(1), joined) == 1:
                del lines[i]
                changed = True
                break
        if changed:
            continue
        for start, end, name, vis in _functions(lines):
            if vis == "private" and _uses("@" + name, joined) == 1:
                del lines[start:end + 1]
                changed = True
                break
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def parses(text):
    run = process.run([tools_mod.MLIR_OPT, *toolclient.dialect_plugin_args(),
                       "--allow-unregistered-dialect", "-o", "/dev/null"],
                      text, timeout=60)
    return run.ok


def _candidates(lines):
    """Candidate texts, biggest deletions first."""
    funcs = _functions(lines)
    public = [f for f in funcs if f[3] == "public"]
    for start, end, name, vis in funcs:
        if vis == "public" and len(public) == 1:
            continue
        yield lines[:start] + lines[end + 1:]
    for i, line in enumerate(lines):
        if line.rstrip().endswith("{") and not _RESULT.match(line) and \
                not _TERMINATOR.match(line):
            end = _block_end(lines, i)
            if end is not None and not re.search(r"\}\s*\S", lines[end]):
                yield lines[:i] + lines[end + 1:]
    for i, line in enumerate(lines):
        if line.strip() and not line.rstrip().endswith("{") and \
                not _TERMINATOR.match(line) and not line.strip().startswith("//"):
            yield lines[:i] + lines[i + 1:]


def reduce(text, interesting, budget=200):
    """(smallest interesting text found, predicate calls made)."""
    best, calls = text, 0
    improved = True
    while improved and calls < budget:
        improved = False
        for cand in _candidates(best.splitlines()):
            if calls >= budget:
                break
            cand_text = dead_code("\n".join(cand) + "\n")
            if len(cand_text) >= len(best) or not parses(cand_text):
                continue
            calls += 1
            if interesting(cand_text):
                best, improved = cand_text, True
                break
    clean = dead_code(best)
    if clean != best and calls < budget and parses(clean):
        calls += 1
        if interesting(clean):
            best = clean
    return best, calls

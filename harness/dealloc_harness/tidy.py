"""Removal of dead code from MLIR text: the shrinker's post-pass.

Generated functions start with the same four constants whether they use
them or not, and a shrunk program may keep a private helper nothing calls
any more. `tidy` removes

- "constants": `%x = arith.constant ...` lines whose result is not used in
  their function (SSA names are function-scoped: functions are isolated
  from above);
- "symbols": private functions (with a body or declarations) and private
  `memref.global`s that no other line names, repeated until none is left
  (removing a dead function can make its callees dead);
- "all": both.

Public functions are never removed. The result is a deterministic function
of the text and the mode, so a finding record that names the mode replays
to the same text (generate.program_from_choices).
"""

import re

MODES = ("", "constants", "symbols", "all")

_NAME_END = r"(?![\w.$-])"
_FUNC = re.compile(r"^(\s*)func\.func\b")
_CONST = re.compile(r"^\s*(%[\w.$-]+) = arith\.constant\b")
_PRIVATE = re.compile(r"^(\s*)(?:func\.func private|memref\.global \"private\""
                      r"(?: constant)?) (@[\w.$-]+)")


def _extent(lines, i):
    """The index after the op starting at line i: a one-line op, or up to
    the closing brace at its own indentation."""
    if not lines[i].rstrip().endswith("{"):
        return i + 1
    indent = re.match(r"\s*", lines[i]).group(0)
    for j in range(i + 1, len(lines)):
        if lines[j] == indent + "}":
            return j + 1
    return len(lines)


def _functions(lines):
    """(start, end) line ranges of the functions."""
    out, i = [], 0
    while i < len(lines):
        if _FUNC.match(lines[i]):
            end = _extent(lines, i)
            out.append((i, end))
            i = end
        else:
            i += 1
    return out


def dead_constants(lines):
    """Indices of the lines defining constants unused in their function."""
    dead = []
    for start, end in _functions(lines):
        body = lines[start:end]
        for k, line in enumerate(body):
            m = _CONST.match(line)
            if not m:
                continue
            use = re.compile(re.escape(m.group(1)) + _NAME_END)
            if not any(use.search(other) for n, other in enumerate(body) if n != k):
                dead.append(start + k)
    return dead


def dead_symbols(lines):
    """(start, end) line ranges of private symbols named by no other line."""
    dead = []
    for i, line in enumerate(lines):
        m = _PRIVATE.match(line)
        if not m:
            continue
        end = _extent(lines, i)
        use = re.compile(re.escape(m.group(2)) + _NAME_END)
        if not any(use.search(other) for n, other in enumerate(lines)
                   if not i <= n < end):
            dead.append((i, end))
    return dead


def tidy(text, mode="all"):
    """`text` without its dead constants and/or dead private symbols."""
    if mode not in MODES:
        raise ValueError(f"tidy mode {mode!r}: expected one of {MODES}")
    lines = text.split("\n")
    if mode in ("symbols", "all"):
        while True:
            ranges = dead_symbols(lines)
            if not ranges:
                break
            drop = {n for s, e in ranges for n in range(s, e)}
            lines = [line for n, line in enumerate(lines) if n not in drop]
    if mode in ("constants", "all"):
        drop = set(dead_constants(lines))
        lines = [line for n, line in enumerate(lines) if n not in drop]
    return "\n".join(lines)


def dead_code(text):
    """What tidy would remove: (dead constant lines, dead symbol lines)."""
    lines = text.split("\n")
    return ([lines[n].strip() for n in dead_constants(lines)],
            [lines[s].strip() for s, _ in dead_symbols(lines)])

"""Deterministic shrinking of a finding over its Hypothesis choice buffer.

A program is decoded from a byte buffer by the generators (generate.py);
every buffer decodes to a valid program and zero bytes are the simplest
choices. Like Hypothesis's own shrinker we work on the buffer, guided by the
example spans Hypothesis records while drawing (each span is a statement, a
block, a function, a list element, ...):

  1. delete a span (drops a statement / branch / function),
  2. replace a span by one nested in it (keeps a statement, drops its context),
  3. zero a span (makes that part as simple as possible),
  4. lower single bytes (0, then halve).

A candidate is accepted only if its used buffer is shortlex-smaller than the
current one and the predicate still holds (same finding class and verdict).
Dead constants and dead private functions and globals are removed from the
text of every program tried (tidy.py), unless the finding needs them: that
is checked once before shrinking and once after. The predicate is called at
most `budget` times, so shrinking is bounded and, like everything in the
harness, deterministic: no clocks, no randomness.
"""

from . import tidy as tidy_mod
from .generate import decode, family_of, program_from_choices


DECODES_PER_CALL = 20     # bound on candidates decoded per predicate call


def _shortlex(buf):
    buf = bytes(buf).rstrip(b"\0")  # trailing zeros are implicit padding
    return (len(buf), buf)


def shrink(prog, interesting, budget=60):
    """Return (smallest program found, predicate calls made)."""
    family = family_of(prog.level)
    best, calls, mode = _choose_tidy(prog, interesting, budget)
    seen = {tidy_mod.tidy(prog.source or prog.text, mode)}
    tried = set()
    decodes = 0

    def attempt(candidate_bytes):
        nonlocal best, calls, decodes
        if _shortlex(candidate_bytes) >= _shortlex(best.choices) or calls >= budget:
            return False
        key = bytes(candidate_bytes).rstrip(b"\0")
        if key in tried or decodes >= DECODES_PER_CALL * budget:
            return False
        tried.add(key)
        decodes += 1
        try:
            level, source, used, _ = decode(candidate_bytes, family)
        except ValueError:
            return False
        # Stay at the level of the finding; skip programs already tried
        # (programs that differ in dead code only are the same program).
        source = tidy_mod.tidy(source, mode)
        if level != prog.level or source in seen or \
                _shortlex(used) >= _shortlex(best.choices):
            return False
        seen.add(source)
        try:
            cand = program_from_choices(prog.seed, prog.index, used, tidy=mode,
                                        family=family)
        except Exception:  # a tensor program One-Shot Bufferize rejects
            return False
        calls += 1
        ok = bool(interesting(cand.text))
        if ok:
            best = cand
        return ok

    improved = True
    while improved and calls < budget:
        improved = False
        for transform in (_deletions, _descendants, _zeroings, _lowerings):
            for cand in transform(best):
                if calls >= budget:
                    break
                if attempt(cand):
                    improved = True
                    break
            if improved:
                break
    best, calls, _ = _choose_tidy(best, interesting, budget, calls)
    return best, calls


def _parts(mode):
    return {"constants", "symbols"} if mode == "all" else {mode} - {""}


def _choose_tidy(prog, interesting, budget, calls=0):
    """The first of the tidy modes "all", "constants", "symbols" (tidy.py)
    that keeps the predicate on `prog` (a mode with nothing to remove keeps
    it for free); returns (tidied prog, calls, mode). The shrinker tidies
    every candidate with it, and tries again at the end: a finding that
    needs a dead private function (e.g. a crash on it) keeps it."""
    mode = prog.tidy
    failed = set()
    for want in ("all", "constants", "symbols"):
        if _parts(want) <= _parts(mode):
            continue
        text = tidy_mod.tidy(prog.text, want)
        if text != prog.text:
            if calls >= budget or text in failed:
                continue
            calls += 1
            if not interesting(text):
                failed.add(text)
                continue
        parts = _parts(mode) | _parts(want)
        mode = "all" if len(parts) > 1 else parts.pop()
        if text != prog.text:
            prog = program_from_choices(prog.seed, prog.index, prog.choices,
                                        tidy=mode, family=family_of(prog.level))
    return prog, calls, mode


def _deletions(prog):
    buf = prog.choices
    for start, end in prog.spans:
        if end - start < len(buf):
            yield buf[:start] + buf[end:]


def _descendants(prog):
    """Replace a span by a span nested in it (e.g. a branch by the statement
    inside it), like Hypothesis's pass_to_descendant."""
    buf = prog.choices
    spans = [se for se in prog.spans if se[1] - se[0] > 2]
    for start, end in spans[:40]:
        for inner_start, inner_end in spans:
            if start <= inner_start and inner_end <= end and \
                    (inner_start, inner_end) != (start, end):
                yield buf[:start] + buf[inner_start:inner_end] + buf[end:]


def _zeroings(prog):
    buf = prog.choices
    for start, end in prog.spans:
        if any(buf[start:end]):
            yield buf[:start] + bytes(end - start) + buf[end:]


def _lowerings(prog):
    buf = prog.choices
    for i, byte in enumerate(buf):
        if byte:
            yield buf[:i] + b"\0" + buf[i + 1:]
            if byte > 1:
                yield buf[:i] + bytes([byte // 2]) + buf[i + 1:]

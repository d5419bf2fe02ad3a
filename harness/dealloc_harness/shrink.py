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
The predicate is called at most `budget` times, so shrinking is bounded and,
like everything in the harness, deterministic: no clocks, no randomness.
"""

from .generate import decode, program_from_choices


DECODES_PER_CALL = 20     # bound on candidates decoded per predicate call


def _shortlex(buf):
    buf = bytes(buf).rstrip(b"\0")  # trailing zeros are implicit padding
    return (len(buf), buf)


def shrink(prog, interesting, budget=60):
    """Return (smallest program found, predicate calls made)."""
    best = prog
    calls = 0
    seen = {prog.source or prog.text: True}

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
            level, source, used, _ = decode(candidate_bytes)
        except ValueError:
            return False
        # Stay at the level of the finding; skip programs already tried.
        if level != prog.level or source in seen or \
                _shortlex(used) >= _shortlex(best.choices):
            return False
        seen[source] = False
        try:
            cand = program_from_choices(prog.seed, prog.index, used)
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
    return best, calls


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

"""Seeded bug: upstream's output without its last public function."""
import os
import re
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402


def drop_last(src, lines):
    starts = [n for n, l in enumerate(lines) if re.match(r"\s*func\.func @", l)]
    if not starts:
        return lines
    start = starts[-1]
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = next(n for n in range(start + 1, len(lines))
               if lines[n].startswith(" " * indent + "}"))
    return lines[:start] + lines[end + 1:]


main(drop_last, base="upstream")

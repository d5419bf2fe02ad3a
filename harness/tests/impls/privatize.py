"""Seeded bug: upstream's output with every public function made private
(nothing is left for callers to link against, and nothing for the safety
checks to check)."""
import os
import re
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402

main(lambda src, lines: [re.sub(r"^(\s*)func\.func @", r"\1func.func private @", l)
                         for l in lines], base="upstream")

"""Seeded bug: the reference pipeline's output with every memref.dealloc
removed (leaks)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402

main(lambda src, lines: [l for l in lines if "memref.dealloc " not in l])

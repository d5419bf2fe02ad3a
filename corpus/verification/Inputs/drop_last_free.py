"""Prints an MLIR file without the last guarded free of its last loop.

Usage: drop_last_free.py FILE. The guarded free is upstream's
`scf.if %own { memref.dealloc %base : memref<f32> }` of an scf.for body
(the buffer of the iteration before, freed if owned): without it the last
loop of a chain leaks every buffer but its last.
"""
import re
import sys

GUARDED_FREE = re.compile(
    r"\n *scf\.if %\w+ \{\n *memref\.dealloc %\w+ : memref<f32>\n *\}"
    r"(?=\n *scf\.yield)")

text = open(sys.argv[1], encoding="utf-8").read()
found = list(GUARDED_FREE.finditer(text))
if not found:
    sys.exit("drop_last_free.py: no guarded free of a loop body in "
             + sys.argv[1])
last = found[-1]
sys.stdout.write(text[:last.start()] + text[last.end():])

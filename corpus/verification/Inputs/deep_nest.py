#!/usr/bin/python3
"""Prints @nest: a function whose body holds N scf.execute_region ops, each
inside the one before (with the function's body, N+1 nested regions), the
innermost allocating and freeing one buffer. Used by nesting.test
([verify.encoding.nesting])."""
import sys

n = int(sys.argv[1])
out = ["func.func @nest() {"]
for i in range(n):
    out.append(" " * (2 + i % 40) + "scf.execute_region {")
out.append("  %b = memref.alloc() : memref<2xf32>")
out.append("  memref.dealloc %b : memref<2xf32>")
for i in reversed(range(n)):
    out.append(" " * (2 + i % 40) + "  scf.yield")
    out.append(" " * (2 + i % 40) + "}")
out.append("  return")
out.append("}")
print("\n".join(out))

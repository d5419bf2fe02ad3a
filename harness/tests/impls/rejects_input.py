"""Seeded refusal: exits 1 with an MLIR-style error diagnostic at the first
memref.alloc, as a pass does on an input it does not handle (upstream's
limitations). The harness reports it as impl-rejected, not impl-crash."""
import sys

path = sys.argv[-1]
with open(path) as f:
    lines = f.readlines()
for n, line in enumerate(lines, 1):
    col = line.find("memref.alloc")
    if col >= 0:
        uses = sum(l.count("memref.alloc") for l in lines)
        sys.stderr.write(f"{path}:{n}:{col + 1}: error: rejects_input: cannot deallocate "
                         f"'memref.alloc' ({uses} in the module)\n")
        sys.exit(1)
sys.stdout.write("".join(lines))

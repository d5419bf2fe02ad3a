#!/usr/bin/python3
"""Self-test of the ground-truth checker's pure parts, on canned inputs.

Covers the rows of gt_valgrind's table that no program reaches (UNKNOWN for
out-of-bounds, uninitialised values, fatal signals, a driver that stops
early; INVALID_FREE in phase "args"), the leak filter for library blocks,
the signature parser, the input grammar and the fallback enumeration.
Prints one line per check; exit 1 if any fails.
"""
import sys

import gt_driver
import gt_signature
import gt_valgrind

EXE = "/tmp/gt/program"
PHASES = "GT-PHASE call\nGT-PHASE results\nGT-PHASE args\nGT-PHASE end\n"
SUMMARY = ("==1== HEAP SUMMARY:\n"
           "==1==     in use at exit: 0 bytes in 0 blocks\n")


def report(head, address, frames=("f (in /tmp/gt/program)",)):
    lines = ["==1== " + head]
    lines += [f"==1==    at 0x1: {fr}" for fr in frames]
    lines.append("==1==  " + address)
    lines.append("==1== ")
    return "\n".join(lines) + "\n"


FREED = "Address 0x4a is 0 bytes inside a block of size 8 free'd"
LIVE = "Address 0x4a is 64 bytes inside a block of size 72 alloc'd"
STACK = "Address 0x1ffefff is on thread 1's stack"
NOT_HEAP = "Address 0xdeadbeef is not stack'd, malloc'd or (recently) free'd"
AFTER = "Address 0x4a is 0 bytes after a block of size 8 alloc'd"
FREE = "Invalid free() / delete / delete[] / realloc()"


def in_phase(phase, text):
    """A log whose report happens at the start of `phase`."""
    out = ""
    for p in ("call", "results", "args", "end"):
        out += f"GT-PHASE {p}\n"
        if p == phase:
            out += text
    return out + SUMMARY


def leak_log(frames):
    return (PHASES + "==1== HEAP SUMMARY:\n"
            "==1==     in use at exit: 8 bytes in 1 blocks\n"
            "==1== 8 bytes in 1 blocks are still reachable in loss record 1 of 1\n"
            + "".join(f"==1==    by 0x2: {fr}\n" for fr in frames) + "==1== \n")


CLASSIFY = [
    ("double free", in_phase("call", report(FREE, FREED)), 0, "DOUBLE_FREE"),
    ("free of an alloca", in_phase("call", report(FREE, STACK)), 0, "INVALID_FREE"),
    ("free of a global", in_phase("call", report(FREE, NOT_HEAP)), 0, "INVALID_FREE"),
    ("free of an argument", in_phase("call", report(FREE, LIVE)), 0, "INVALID_FREE"),
    ("read after free", in_phase("call", report("Invalid read of size 4", FREED)), 0,
     "USE_AFTER_FREE"),
    ("write after free", in_phase("call", report("Invalid write of size 4", FREED)), 0,
     "USE_AFTER_FREE"),
    ("caller frees a freed result", in_phase("results", report(FREE, FREED)), 0,
     "ABI_VIOLATION"),
    ("caller frees an argument result", in_phase("results", report(FREE, LIVE)), 0,
     "ABI_VIOLATION"),
    ("argument freed twice", in_phase("args", report(FREE, FREED)), 0, "INVALID_FREE"),
    ("out of bounds", in_phase("call", report("Invalid read of size 4", AFTER)), 0,
     "UNKNOWN"),
    ("uninitialised", in_phase("call", report(
        "Conditional jump or move depends on uninitialised value(s)", "")), 0, "UNKNOWN"),
    ("fatal signal", "GT-PHASE call\n" + report(
        "Process terminating with default action of signal 11 (SIGSEGV)", STACK),
     139, "UNKNOWN"),
    ("driver stopped early", "GT-PHASE call\n" + SUMMARY, 0, "UNKNOWN"),
    ("bad exit code", PHASES + SUMMARY, 64, "UNKNOWN"),
    ("no heap summary", PHASES, 0, "UNKNOWN"),
    ("first report decides", in_phase("call", report(FREE, FREED)
                                      + report("Invalid read of size 4", AFTER)), 0,
     "DOUBLE_FREE"),
    ("memcpy overlap is a note", in_phase("call", report(
        "Source and destination overlap in memcpy(0x1, 0x1, 8)", "")), 0, "SAFE"),
    ("leak from the program", leak_log(["f (in /tmp/gt/program)"]), 0, "LEAK"),
    ("leak from the driver", leak_log(["gt_case0 (driver.c:12)"]), 0, "LEAK"),
    ("library block is not a leak", leak_log(
        ["llvm::allocate_buffer (in /usr/lib/x86_64-linux-gnu/libLLVM.so.22.1)"]), 0,
     "SAFE"),
    ("clean run", PHASES + SUMMARY, 0, "SAFE"),
]

MODULE = """
func.func private @ext(memref<?xindex>, i1) -> (memref<2x?xf32>, i32)
func.func @f(%arg0: i1, %arg1: memref<?x4xf32, strided<[4, 1], offset: ?>>, %arg2: index) -> memref<f32> {
  return %x : memref<f32>
}
func.func @g(%a: memref<2xf32>, %b: memref<2xf32>, %c: memref<2xi32>) attributes {llvm.emit_c_interface} {
  return
}
"""


def check_signatures(fail):
    fs = {f.name: f for f in gt_signature.parse_functions(MODULE)}
    ext, f, g = fs.get("ext"), fs.get("f"), fs.get("g")
    fail("ext is a private declaration", ext.declaration and not ext.public)
    fail("ext takes memref<?xindex> (element 'index', not 'inde')",
         ext.args[0].element == "index" and ext.args[0].shape == [None])
    fail("ext returns memref<2x?xf32> and i32",
         ext.results[0].shape == [2, None] and ext.results[1] == "i32")
    fail("f is a public definition with 3 args",
         f.public and not f.declaration and len(f.args) == 3)
    fail("strided layout with dynamic offset",
         f.args[1].strides == [4, 1] and f.args[1].offset is None)
    fail("dynamic extent from the input: 3x4 floats",
         f.args[1].bytes_needed([3]) == 48)
    fail("rank-0 result", f.results[0].rank == 0)
    inp = gt_signature.Input("true,b0[3],2", f)
    fail("input grammar", inp.values == [("scalar", "1"), ("buffer", 0, [3]),
                                         ("scalar", "2")])
    try:
        gt_signature.Input("true,b0", f)
        fail("wrong arity is rejected", False)
    except gt_signature.SignatureError:
        fail("wrong arity is rejected", True)
    enum = list(gt_signature.enumerate_inputs(g))
    fail("aliasing only among equal types: 2 patterns",
         enum == ["b0,b0,b1", "b0,b1,b2"])
    src = gt_driver.generate(list(fs.values()), [(f, "false,b0,1")])
    fail("driver defines the declaration-only callee",
         "void _mlir_ciface_ext(gt_res_ext *res" in src)
    fail("driver passes the argument 64 bytes into its block",
         "blk0 + 64" in src)


def main():
    failures = 0

    def fail(name, ok):
        nonlocal failures
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
        failures += not ok

    for name, log, code, want in CLASSIFY:
        got = gt_valgrind.classify(log, code, EXE)
        fail(f"classify: {name} -> {want} (got {got.verdict})", got.verdict == want)
    check_signatures(fail)
    print(f"gt_selftest: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

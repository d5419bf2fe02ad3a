"""An implementation for conformance-contract.test ([pipeline.conformance.invoke],
[pipeline.conformance.observable]): checks how the harness runs it, then runs
the reference pipeline and changes only what the ABI does not make
observable.

  contract_impl.py MODE INPUT   MODE: generic (generic form, no dealloc.site
                                attributes, the private function renamed) or
                                reorder (custom form, functions in reverse
                                order)
Exits 3 with a message on stderr if the harness broke its side of the
contract (no input file in a fresh working directory, standard input not
empty, no dealloc.site attributes in the input).
"""
import os
import re
import subprocess
import sys


def fail(msg):
    sys.stderr.write(f"contract_impl: {msg}\n")
    sys.exit(3)


def main(mode, path):
    if not os.path.isfile(path):
        fail(f"the last argument {path} is not a file")
    if os.path.dirname(os.path.abspath(path)) != os.getcwd():
        fail("the input is not in the working directory")
    others = [n for n in os.listdir(".") if n != os.path.basename(path) and not n.startswith(".")]
    if others:
        fail(f"the working directory is not fresh: {others}")
    if sys.stdin.read():
        fail("standard input is not empty")
    text = open(path, encoding="utf-8").read()
    if "dealloc.site" not in text:
        fail("the input has no dealloc.site attributes")
    argv = ["dealloc-opt", "--reference-buffer-deallocation-pipeline", path]
    if mode == "generic":
        argv.append("--mlir-print-op-generic")
    out = subprocess.run(argv, capture_output=True, text=True)
    if out.returncode:
        sys.stderr.write(out.stderr)
        return out.returncode
    result = out.stdout
    if mode == "generic":
        site = r"dealloc\.site = \d+ : i64"
        result = re.sub(r", " + site, "", result)
        result = re.sub(site + r"(, )?", "", result)
        result = result.replace(" {}", "")
        result = result.replace('sym_name = "make"', 'sym_name = "renamed_private_make"')
        result = result.replace("@make", "@renamed_private_make")
    else:
        lines = result.rstrip("\n").split("\n")
        head = lines.index("module {") + 1
        groups = []
        for line in lines[head:-1]:
            if line.startswith("  func.func") or not groups:
                groups.append([])
            groups[-1].append(line)
        result = "\n".join(lines[:head] + [l for g in reversed(groups) for l in g] + lines[-1:]) + "\n"
    sys.stdout.write(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[-1]))

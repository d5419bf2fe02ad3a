"""MLIR 19's deallocation pipeline behind a wrapper that rewrites the
bufferization syntax MLIR 22 prints into MLIR 19's: `to_tensor %m : A to B`
becomes `to_tensor %m : A`, `to_buffer %t : A to B` becomes
`to_memref %t : B` (the op's name and type list changed between the two
versions). What a downstream team on an older MLIR does to accept inputs
in the newer syntax; test_version_skew.py checks that the harness then
decides the case instead of filing it as `input-rejected`."""
import re
import subprocess
import sys

MLIR19 = "/usr/lib/llvm-19/bin/mlir-opt"
TO_TENSOR = re.compile(r"(bufferization\.to_tensor [^:]+: \S+) to tensor<[^>]*>")
TO_BUFFER = re.compile(r"bufferization\.to_buffer ([^:]+): tensor<[^>]*> to (memref<[^>]*>)")


def older(text):
    text = TO_TENSOR.sub(r"\1", text)
    return TO_BUFFER.sub(r"bufferization.to_memref \1: \2", text)


with open(sys.argv[-1]) as f:
    source = older(f.read())
proc = subprocess.run([MLIR19, "--buffer-deallocation-pipeline", "-"], input=source,
                      capture_output=True, text=True)
sys.stderr.write(proc.stderr)
sys.stdout.write(proc.stdout)
sys.exit(proc.returncode if proc.returncode >= 0 else 128 - proc.returncode)

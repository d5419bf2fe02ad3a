"""Conforming, and cooperating with nothing: upstream's pipeline
(mlir-opt --buffer-deallocation-pipeline, printed with --mlir-print-debuginfo)
with every `dealloc.site` attribute and every `loc(...)` removed from its
output, as a pass that rebuilds ops drops discardable attributes and
locations. The comparison with the reference must not need them
([equiv.match]).

Options, before the input file:
  --generic         print the generic op form
  --rename-private  give every private function another name
  --keep            keep the attributes and locations (only the options
                    below change the output)
  --move-free       move the first memref.dealloc that can be moved up its
                    block across an allocation or a call to just after the
                    buffer's last use there: still safe, but where the call
                    allocates, one input-program buffer is freed at another
                    point (DIFFERENT, [equiv.def])
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir))
from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402

# A location: `loc(` up to its matching `)`, strings and one level of
# nested parentheses (fused / callsite locations) included.
_LOC = re.compile(r'\s*(?<![\w.#])loc\((?:[^()"]|"(?:[^"\\]|\\.)*"|\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))*\)')
_LOC_ALIAS = re.compile(r"^#loc\d*\s*=.*\n?", re.M)
_SITE = r"dealloc\.site\s*=\s*-?\d+\s*:\s*i64"


def strip(text):
    text = _LOC_ALIAS.sub("", text)
    text = _LOC.sub("", text)
    text = re.sub(r"\s*\{\s*" + _SITE + r"\s*\}", "", text)   # the only entry
    text = re.sub(_SITE + r"\s*,\s*", "", text)                # the first of several
    return re.sub(r",\s*" + _SITE, "", text)                   # a later one


def rename_private(text):
    names = re.findall(r"func\.func private @([\w$.]+)", text)
    names += re.findall(r'sym_name = "([\w$.]+)"[^}]*sym_visibility = "private"',
                        text)
    for n in set(names):
        text = re.sub(r'@' + re.escape(n) + r'\b', "@renamed_" + n, text)
        text = text.replace(f'sym_name = "{n}"', f'sym_name = "renamed_{n}"')
    return text


def move_free(text):
    lines = text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        m = re.match(r'\s*"?memref\.dealloc"?[ (](%[\w#]+)\b', line)
        if not m:
            continue
        use = re.compile(re.escape(m.group(1)) + r"\b")
        k, crossed = n, False
        # Up, within the block: stop at a use, a block or region boundary.
        while k > 0 and not use.search(lines[k - 1]) and \
                not re.search(r"[{}]\s*$|^\s*\^", lines[k - 1]):
            crossed |= bool(re.search(r"memref\.alloc|\bcall\b", lines[k - 1]))
            k -= 1
        if crossed:
            lines.insert(k, lines.pop(n))
            return "".join(lines)
    sys.exit("strip_annotations: no memref.dealloc can be moved across an "
             "allocation or a call")


def main(argv):
    opts, path = argv[:-1], argv[-1]
    cmd = [MLIR_OPT, "--buffer-deallocation-pipeline", "--mlir-print-debuginfo"]
    if "--generic" in opts:
        cmd.append("--mlir-print-op-generic")
    proc = subprocess.run(cmd + [path], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        sys.exit(proc.returncode if proc.returncode > 0 else 1)
    text = proc.stdout
    if "--keep" not in opts:
        text = strip(text)
    if "--rename-private" in opts:
        text = rename_private(text)
    if "--move-free" in opts:
        text = move_free(text)
    sys.stdout.write(text)


main(sys.argv[1:])

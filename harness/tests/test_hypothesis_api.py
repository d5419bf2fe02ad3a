"""The generators, the shrinker and every Python file under harness/,
corpus/ and bench/ use Hypothesis through its documented API only (so the
next Hypothesis release does not break them), and the choice-buffer decoder
that replaced Hypothesis's internal ConjectureData names the same programs,
byte for byte."""
import ast
import hashlib
import os
import re
import subprocess

from hypothesis import HealthCheck, given, settings

from dealloc_harness import gen_choices as ch, generate
from dealloc_harness.gen_memref import memref_program

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402

# Hypothesis's documented names (hypothesis.readthedocs.io, "API reference").
DOCUMENTED = {
    "hypothesis": {"given", "settings", "seed", "example", "assume", "note",
                   "event", "find", "target", "reject", "HealthCheck", "Phase",
                   "Verbosity", "strategies", "infer", "reproduce_failure"},
    "hypothesis.errors": {"InvalidArgument", "Unsatisfiable", "NoSuchExample",
                          "DeadlineExceeded", "FailedHealthCheck", "Flaky",
                          "HypothesisDeprecationWarning",
                          "HypothesisWarning", "InvalidState"},
    "hypothesis.strategies": None,        # the whole public module
    "hypothesis.stateful": None,
}
# Internals the generator used to reach for, spelled anywhere in a file.
UNDOCUMENTED = re.compile(r"hypothesis\.internal|\bConjectureData\b|\bfor_buffer\b"
                          r"|\bStopTest\b|\._hypothesis_internal\w*")
# Attributes of Hypothesis's internal data objects (in files using Hypothesis).
INTERNAL_ATTRS = re.compile(r"\.(examples|draw_bits|draw_bytes|freeze)\b")


def violations(path, source):
    """What in this Python source uses Hypothesis beyond its documented API."""
    out = [f"{path}:{n}: {m.group(0)}" for n, line in
           enumerate(source.splitlines(), 1) for m in UNDOCUMENTED.finditer(line)]
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        return out + [f"{path}: does not parse: {exc}"]
    uses = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "hypothesis":
                    uses = True
                    if alias.name not in DOCUMENTED:
                        out.append(f"{path}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and \
                node.module.split(".")[0] == "hypothesis":
            uses = True
            allowed = DOCUMENTED.get(node.module, set())
            for alias in node.names:
                if node.module not in DOCUMENTED or \
                        (allowed is not None and alias.name not in allowed):
                    out.append(f"{path}:{node.lineno}: from {node.module} "
                               f"import {alias.name}")
    if uses:
        out += [f"{path}:{n}: {m.group(0)}" for n, line in
                enumerate(source.splitlines(), 1) for m in INTERNAL_ATTRS.finditer(line)]
    return out


def python_files():
    for top in ("harness", "corpus", "bench"):
        for root, dirs, files in os.walk(os.path.join(REPO, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", ".git")]
            for name in sorted(files):
                if name.endswith(".py") and name != os.path.basename(__file__):
                    yield os.path.join(root, name)


def test_no_hypothesis_internals_under_harness_corpus_bench():
    found = []
    files = list(python_files())
    assert len(files) > 20
    for path in files:
        with open(path, encoding="utf-8") as f:
            found += violations(os.path.relpath(path, REPO), f.read())
    assert not found, "\n".join(found)


def test_the_check_finds_what_the_old_generator_did():
    old = ("from hypothesis.errors import StopTest\n"
           "from hypothesis.internal.conjecture.data import ConjectureData\n"
           "data = ConjectureData.for_buffer(b'')\n"
           "spans = [(e.start, e.end) for e in data.examples]\n")
    found = violations("old.py", old)
    assert any("import StopTest" in v for v in found), found
    assert any("hypothesis.internal" in v for v in found), found
    assert any("for_buffer" in v for v in found), found
    assert any(".examples" in v for v in found), found
    good = ("from hypothesis import given, settings, strategies as st\n"
            "@given(st.integers(0, 3))\ndef test(x):\n    assert x >= 0\n")
    assert violations("good.py", good) == []


def test_generated_programs_are_pinned():
    """Digest of decode() over 120 programs (level, text, used bytes,
    spans). The decoder that replaced Hypothesis 6.67's
    ConjectureData-based one gave the same digest as it (and equal results on
    9,000 more programs and mutated buffers); generator version 2 added
    selects of selects and private callees returning one buffer twice;
    version 3 the ops real pipelines emit (affine.for / if / load / store /
    apply, memref.prefetch, memory_space_cast, atomic_rmw, scf.forall; linalg
    copy / transpose / reduce / dot / broadcast, tensor.generate / pad),
    version 4 unranked memrefs passed to @printMemrefF32, version 5 memref
    iter_args on affine.for and clones of unranked memrefs, version 6
    memref.generic_atomic_rmw in one atomic statement of six, version 7
    the vector dialect (transfers, loads, stores and lane ops on memrefs,
    transfers on tensors before bufferization), version 8 statements that
    give one buffer two owned names (gen_alias.py: scf.if / scf.for pairs,
    a private callee returning one buffer twice), version 9 a store into
    both names of each such pair (kept alive through the canonicalizer
    before the ownership pass); the digest was
    updated each time, deliberately. Change it only with the
    generator and its version (generate.VERSION), and say so: a finding
    record's choice buffer names its program only under the generator
    version that wrote it."""
    digest = hashlib.sha256()
    for seed in (0, 1, 2024):
        for i in range(40):
            level, text, used, spans = generate.decode(generate.initial_choices(seed, i))
            digest.update(repr((level, text, used, spans)).encode())
    assert generate.VERSION == 9
    assert digest.hexdigest() == \
        "bb12dbcc2cb75e4afc2fae99542d6a2dc757635c3ff4462de2198dfec485070b"


def test_decoder_byte_format():
    dec = ch.Decoder(bytes([0xff, 2, 200, 7, 0x81, 0x05]))
    assert dec.draw(ch.booleans()) is True            # 1 bit of 0xff
    assert dec.draw(ch.integers(0, 2)) == 2 and dec.used == bytes([1, 2])
    assert dec.draw(ch.integers(5, 5)) == 5           # a forced zero byte
    assert dec.draw(ch.integers(0, 4)) == 1           # 7 & 7 = 7 > 4: redrawn
    assert dec.used == bytes([1, 2, 0, 7, 1])
    assert (3, 5) in dec.spans() and (3, 4) in dec.spans()
    try:
        dec.draw(ch.integers(0, 1000))                # 7 bits + 2 bytes: overrun
    except ch.Overrun:
        pass
    else:
        raise AssertionError("no overrun")


@settings(max_examples=8, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(ch.as_strategy(memref_program()))
def test_generators_are_hypothesis_strategies_too(text):
    proc = subprocess.run([MLIR_OPT, "-", "-o", "/dev/null"], input=text,
                          capture_output=True, text=True)
    assert proc.returncode == 0, text + proc.stderr

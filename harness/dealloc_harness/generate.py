"""Deterministic program generation: a (seed, index) pair names one program.

The strategies (gen_choices.py) are driven by a *choice buffer*: bytes from
`random.Random(f"{seed}:{index}")`, decoded by gen_choices.Decoder. The
same seed gives the same bytes, hence the same programs and names, on any
machine, under any scheduler and any Hypothesis version. Any byte string
decodes to a valid program (short buffers are padded with zeros, the simplest
choices), so the reducer in shrink.py can shrink the buffer and stay valid by
construction.
"""

import random
from dataclasses import dataclass, field

from . import gen_choices as ch, tidy as tidy_mod
from .gen_memref import memref_program
from .gen_stages import stage_program
from .gen_tensor import tensor_program

BUFFER_SIZE = 4096
# The generator's version: bumped whenever a choice buffer decodes to other
# text than before (harness/tests/test_hypothesis_api.py pins the output).
# 2: selects of selects, private callees returning one buffer twice;
# 3: the ops real pipelines emit (gen_memref_ops.py, gen_linalg_ops.py);
# 4: unranked memrefs (a cast to memref<*xf32> passed to @printMemrefF32);
# 5: memref iter_args on affine.for (finding F6), clones of unranked memrefs;
# 6: memref.generic_atomic_rmw ([limit.regions.memref-free]);
# 7: the vector dialect (gen_vector_ops.py): transfers, loads and stores,
#    lane ops, at the memref level and on tensors before bufferization;
# 8: one buffer under two owned names (gen_alias.py), so that one
#    bufferization.dealloc gets it through two operands, both conditions true;
# 9: both names of such a pair are stored into at once (gen_alias.py), so the
#    canonicalizer before the ownership pass does not delete the pair as dead.
VERSION = 9


@dataclass
class Program:
    seed: int
    index: int
    level: str           # "memref" or "tensor"
    text: str            # memref-level input of the deallocation pipeline
    source: str = ""     # the tensor-level program before bufferization
    choices: bytes = b""
    spans: list = field(default_factory=list)  # (start, end) of draws
    tidy: str = ""       # dead code removed after decoding (tidy.py's modes)

    @property
    def name(self):
        return f"s{self.seed}-p{self.index}"


@ch.composite
def any_program(draw):
    if draw(ch.integers(0, 3)) == 3:
        return "tensor", draw(tensor_program())
    return "memref", draw(memref_program())


@ch.composite
def any_stage_program(draw):
    """Input of a stage after the ownership pass (gen_stages.py): level
    "stage", or "stage-sloppy" when it is not safe by construction."""
    text, sloppy = draw(stage_program())
    return ("stage-sloppy" if sloppy else "stage"), text


# A family of programs: the whole pipeline's input, or a later stage's.
FAMILIES = {"pipeline": any_program, "stage": any_stage_program}


def family_of(level):
    return "stage" if level.startswith("stage") else "pipeline"


def decode(choices, family="pipeline"):
    """Decode a choice buffer into (level, text-or-tensor-source, used bytes,
    spans of its draws). Raises ValueError only if the buffer is exhausted even
    after zero padding, which the generators' size bounds rule out."""
    dec = ch.Decoder(bytes(choices) + bytes(BUFFER_SIZE))
    level, text = dec.draw(FAMILIES[family]())   # Overrun is a ValueError
    return level, text, bytes(dec.used), dec.spans()


def program_from_choices(seed, index, choices, tidy="", family="pipeline"):
    """The program a choice buffer decodes to; `tidy` (a mode of tidy.py,
    as the shrinker chose it) removes dead code from both levels' text."""
    level, text, used, spans = decode(choices, family)
    if level == "tensor":
        from .gen_tensor import bufferize
        source, memref_text = text, bufferize(text)
    else:
        source, memref_text = "", text
    if tidy:
        memref_text = tidy_mod.tidy(memref_text, tidy)
        source = source and tidy_mod.tidy(source, tidy)
    return Program(seed, index, level, memref_text, source, used, spans, tidy)


def initial_choices(seed, index, family="pipeline"):
    key = f"{seed}:{index}" if family == "pipeline" else f"{family}:{seed}:{index}"
    rng = random.Random(key)
    return bytes(rng.getrandbits(8) for _ in range(BUFFER_SIZE))


def program(seed, index, family="pipeline"):
    """The program with this index in the campaign of this seed."""
    return program_from_choices(seed, index, initial_choices(seed, index, family),
                                family=family)

"""Deterministic program generation: a (seed, index) pair names one program.

The Hypothesis strategies are driven by a *choice buffer*: bytes from
`random.Random(f"{seed}:{index}")`, fed to Hypothesis's ConjectureData. The
same seed gives the same bytes, hence the same programs and names, on any
machine and under any scheduler. Any byte string decodes to a valid program
(short buffers are padded with zeros, the simplest choices), so the reducer
in shrink.py can shrink the buffer and stay valid by construction.
"""

import random
from dataclasses import dataclass, field

import hypothesis.strategies as st
from hypothesis.errors import StopTest
from hypothesis.internal.conjecture.data import ConjectureData

from .gen_memref import memref_program
from .gen_tensor import tensor_program

BUFFER_SIZE = 4096


@dataclass
class Program:
    seed: int
    index: int
    level: str           # "memref" or "tensor"
    text: str            # memref-level input of the deallocation pipeline
    source: str = ""     # the tensor-level program before bufferization
    choices: bytes = b""
    spans: list = field(default_factory=list)  # Hypothesis example bounds

    @property
    def name(self):
        return f"s{self.seed}-p{self.index}"


@st.composite
def any_program(draw):
    if draw(st.integers(0, 3)) == 3:
        return "tensor", draw(tensor_program())
    return "memref", draw(memref_program())


def decode(choices):
    """Decode a choice buffer into (level, text-or-tensor-source, used bytes,
    example spans). Raises ValueError only if the buffer is exhausted even
    after zero padding, which the generators' size bounds rule out."""
    data = ConjectureData.for_buffer(bytes(choices) + bytes(BUFFER_SIZE))
    try:
        level, text = data.draw(any_program())
    except StopTest as err:  # pragma: no cover - bounded generators
        raise ValueError("choice buffer exhausted") from err
    data.freeze()
    used = bytes(data.buffer)
    spans = sorted({(ex.start, ex.end) for ex in data.examples
                    if ex.end > ex.start},
                   key=lambda se: (-(se[1] - se[0]), se[0]))
    return level, text, used, spans


def program_from_choices(seed, index, choices):
    level, text, used, spans = decode(choices)
    if level == "tensor":
        from .gen_tensor import bufferize
        source, memref_text = text, bufferize(text)
    else:
        source, memref_text = "", text
    return Program(seed, index, level, memref_text, source, used, spans)


def initial_choices(seed, index):
    rng = random.Random(f"{seed}:{index}")
    return bytes(rng.getrandbits(8) for _ in range(BUFFER_SIZE))


def program(seed, index):
    """The program with this index in the campaign of this seed."""
    return program_from_choices(seed, index, initial_choices(seed, index))

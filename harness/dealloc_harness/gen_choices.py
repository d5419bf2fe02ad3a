"""The generators' source of decisions: a few strategies and two ways to draw
from them, without Hypothesis internals.

A generator is a function of `draw` written with the strategies of this
module: `integers(lo, hi)`, `booleans()`, `sampled_from(seq)` and functions
decorated with `@composite` (as with Hypothesis's `st.composite`, the
decorated function gets `draw` as its first argument). They are drawn

- by `Decoder`, from a *choice buffer*: a byte string, decoded the way
  Hypothesis 6.x replayed a buffer through these strategies (the buffers of
  this project's campaigns and finding records keep naming the same programs,
  byte for byte, whatever Hypothesis version is installed). Every byte string
  decodes (short ones are padded with zeros by the caller), zero bytes are the
  simplest choices, and every draw that consumes bytes is recorded as a span
  (start, end) of the buffer, which is what the reducer in shrink.py deletes,
  replaces by a nested span or zeroes;
- by Hypothesis, through `as_strategy`, which builds the equivalent strategy
  from Hypothesis's documented API only (`st.integers`, `st.sampled_from`,
  `st.composite`): property tests use the generators with `@given` and get
  Hypothesis's own generation and shrinking.

The byte format, per draw (n-bit draws read ceil(n/8) bytes, big-endian,
masking the first byte to n bits):
- integers(lo, hi): if hi - lo > 127, first a 7-bit draw that may force a
  bound (122, 123: lo; 124, 125: hi; 126: lo + 1; 127: hi - 1); then, if
  lo == hi, one forced zero byte; else draws of bit_length(hi - lo) bits until
  one is <= hi - lo (each draw is a span); the result is lo + that draw.
- sampled_from(seq): nothing if seq has one element, else
  seq[integers(0, len - 1) without the 7-bit draw].
- booleans(): sampled_from([False, True]).
"""

MASKS = [255] + [(1 << n) - 1 for n in range(1, 8)]
MAX_BITS = 24                 # larger ranges would need Hypothesis's weighting
BOUND_CODES = {122: "lo", 123: "lo", 124: "hi", 125: "hi", 126: "lo+1",
               127: "hi-1"}


class Overrun(ValueError):
    """The choice buffer ran out."""


class Strategy:
    """A source of one kind of value, drawn by a Decoder or by Hypothesis."""

    def decode(self, dec):
        raise NotImplementedError

    def hypothesis(self):
        raise NotImplementedError


class Integers(Strategy):
    def __init__(self, lo, hi, weighted=True):
        if not lo <= hi or (hi - lo).bit_length() > MAX_BITS:
            raise ValueError(f"integers({lo}, {hi}): empty or too large a range")
        self.lo, self.hi, self.weighted = lo, hi, weighted

    def decode(self, dec):
        lo, hi = self.lo, self.hi
        forced = None
        if self.weighted and hi - lo > 127:
            code = BOUND_CODES.get(dec.bits(7))
            forced = {None: None, "lo": lo, "hi": hi, "lo+1": lo + 1,
                      "hi-1": hi - 1}[code]
        if lo == hi:
            dec.bits(1, forced=0)
            return lo
        # Drawn up from the lower end: Hypothesis centres bounded integers
        # at 0 clamped into the range, which is the lower end for lo >= 0.
        gap = hi - lo
        bits = gap.bit_length()
        probe = gap + 1
        while probe > gap:
            probe = dec.bits(bits, forced=None if forced is None else forced - lo)
        return lo + probe

    def hypothesis(self):
        import hypothesis.strategies as hst
        return hst.integers(self.lo, self.hi)


class SampledFrom(Strategy):
    def __init__(self, elements):
        self.elements = tuple(elements)
        if not self.elements:
            raise ValueError("sampled_from of an empty sequence")
        self.index = Integers(0, len(self.elements) - 1, weighted=False) \
            if len(self.elements) > 1 else None

    def decode(self, dec):
        if self.index is None:
            return self.elements[0]
        return self.elements[self.index.decode(dec)]

    def hypothesis(self):
        import hypothesis.strategies as hst
        return hst.sampled_from(self.elements)


class Composite(Strategy):
    def __init__(self, function, args, kwargs):
        self.function, self.args, self.kwargs = function, args, kwargs

    def decode(self, dec):
        return self.function(dec.draw, *self.args, **self.kwargs)

    def hypothesis(self):
        import hypothesis.strategies as hst

        @hst.composite
        def strategy(draw):
            return self.function(lambda s: draw(as_strategy(s)),
                                 *self.args, **self.kwargs)
        return strategy()


def integers(lo, hi):
    if lo < 0:
        # Hypothesis centres such ranges at 0 (a sign bit, or drawn down from
        # the upper bound); no generator needs them.
        raise ValueError(f"integers({lo}, {hi}): negative ranges are not supported")
    return Integers(lo, hi)


def sampled_from(elements):
    return SampledFrom(elements)


def booleans():
    return SampledFrom((False, True))


def composite(function):
    """`@composite def f(draw, *args)`: f(*args) is a strategy."""
    def strategy(*args, **kwargs):
        return Composite(function, args, kwargs)
    strategy.__name__ = function.__name__
    strategy.__doc__ = function.__doc__
    return strategy


def as_strategy(strategy):
    """The Hypothesis strategy drawing what `strategy` draws."""
    return strategy.hypothesis()


class Decoder:
    """Draws from a choice buffer; records the bytes used and the spans."""

    def __init__(self, buffer):
        self.buffer = bytes(buffer)
        self.used = bytearray()
        self._spans = set()

    def bits(self, n, forced=None):
        start = len(self.used)
        n_bytes = (n + 7) >> 3
        if start + n_bytes > len(self.buffer):
            raise Overrun("choice buffer exhausted")
        chunk = bytearray(self.buffer[start:start + n_bytes] if forced is None
                          else forced.to_bytes(n_bytes, "big"))
        chunk[0] &= MASKS[n % 8]
        self.used += chunk
        self._spans.add((start, start + n_bytes))
        return int.from_bytes(chunk, "big")

    def draw(self, strategy):
        start = len(self.used)
        value = strategy.decode(self)
        if len(self.used) > start:
            self._spans.add((start, len(self.used)))
        return value

    def spans(self):
        """The spans, largest first (then by position)."""
        return sorted(self._spans, key=lambda se: (se[0] - se[1], se[0]))

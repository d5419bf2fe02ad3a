"""The outcome kinds of a checked case, for both questions a campaign asks
(the whole pipeline, check.py; one stage after the ownership pass,
stage_check.py), in one order.

A case may have several classes (kind, verdict, function, detector,
message); its kind is the first in `Kinds.rank`, which is always

  implementation   findings about the implementation under test (exit 1)
  ours             findings about our own tools, reference or generator (exit 3)
  undecided        a check could not decide (exit 3), never a pass
  allowed          decided and not a failure: reported and counted
  pass             every check ran and was satisfied

report.json "counts" has one entry per kind of `rank` (junit.py and
report.py read the same object).
"""

from dataclasses import dataclass

# The whole pipeline (check.py). "different" is a finding only when
# equivalence with the reference is required; else an allowed difference.
IMPL_ALWAYS = ("impl-crash", "impl-rejected", "impl-timeout", "impl-invalid-output",
               "impl-unsafe")
OUR_FINDINGS = ("reference-error", "reference-unsafe", "tool-error")
# input-rejected: the implementation's own parser or verifier refuses the
# input (another MLIR version): nothing about its deallocation is known.
UNDECIDED = ("unsupported", "unknown", "input-rejected", "not-run")

# One stage (stage_check.py): refinement and clone-fold are what
# canonicalize may do ([pipeline.canonicalize]).
STAGE_FINDINGS = ("stage-crash", "stage-timeout", "stage-invalid-output",
                  "stage-verdict", "stage-different")
STAGE_OURS = ("input-unsafe", "tool-error")
STAGE_UNDECIDED = ("unsupported", "unknown", "not-run")
STAGE_ALLOWED = ("refinement", "clone-fold")


@dataclass(frozen=True)
class Kinds:
    implementation: tuple
    ours: tuple
    undecided: tuple
    allowed: tuple = ()

    @property
    def rank(self):
        """Precedence of classes: a case's kind is its first class."""
        return self.implementation + self.ours + self.undecided + self.allowed + \
            ("pass",)

    @property
    def counted(self):
        return self.rank

    @property
    def findings(self):
        return self.implementation + self.ours

    def finding_classes(self, classes):
        """Distinct (kind, verdict) finding classes of `classes`, in rank."""
        seen = []
        for c in sorted(classes, key=lambda c: self.rank.index(c[0])):
            if c[0] in self.findings and (c[0], c[1]) not in seen:
                seen.append((c[0], c[1]))
        return seen

    def unsure(self, classes):
        """The classes that leave a case undecided (unsure checks, our own
        failures)."""
        return [c for c in classes if c[0] in self.undecided + self.ours]

    def head(self, classes, not_run):
        """The class that names a case: its first by rank; without classes
        `not-run` if a check was not run (never a pass), else `pass`."""
        if classes:
            return tuple(min(classes, key=lambda c: self.rank.index(c[0])))
        if not_run:
            return ("not-run", "", "", "", "checks not run: " + ", ".join(not_run))
        return ("pass", "", "", "", "")


def whole_pipeline(require_equivalence=False):
    """The kinds of the whole-pipeline question ([pipeline.conformance]):
    under refinement (the default) a difference ranks below every undecided
    class (a case both different and unknown is undecided, not a pass)."""
    if require_equivalence:
        return Kinds(IMPL_ALWAYS + ("different",), OUR_FINDINGS, UNDECIDED)
    return Kinds(IMPL_ALWAYS, OUR_FINDINGS, UNDECIDED, ("different",))


STAGE = Kinds(STAGE_FINDINGS, STAGE_OURS, STAGE_UNDECIDED, STAGE_ALLOWED)

"""What a campaign (fuzz, fuzz --stage or conformance) counts of each checked program,
once for both: outcome classes, checks not run, why checks were unsure,
undecided cases with their reasons, differences from the reference, notes
(what the comparison could not tell, under refinement), inputs excluded as
undefined, fallbacks of dealloc-check jobs; and the report built from it.
"""

from . import junit, report as report_mod
from .kinds import whole_pipeline

UNSURE_CLASSES = ("unsupported", "unknown", "tool-error")


def _bump(table, key, n=1):
    table[key] = table.get(key, 0) + n


class Tally:
    def __init__(self, kinds=None):
        """`kinds` (kinds.Kinds): the campaign's outcome classes (default:
        those of the first outcome added, or of the whole pipeline under
        the question of report()'s parameters)."""
        self.kinds = kinds
        self.cases = []         # report.json "cases" (junit.case_entries)
        self.programs = 0
        self.counts, self.not_run, self.reasons = {}, {}, {}
        self.fallbacks, self.excluded = {}, {}
        self.undecided, self.differences, self.notes = [], [], []
        self.errors = []

    def add(self, case, outcome, functions=()):
        """One checked program (check.Outcome, or a stage campaign's
        StageOutcome) of case `case`; `functions`: its public functions
        (interface.public_functions), one per-case result each."""
        self.programs += 1
        _bump(self.counts, outcome.kind)
        for name in outcome.not_run:
            _bump(self.not_run, name)
        for why, n in getattr(outcome, "fallbacks", {}).items():
            _bump(self.fallbacks, why, n)
        for name, n in getattr(outcome, "excluded", {}).items():
            _bump(self.excluded, name, n)
        self.kinds = self.kinds or outcome.kinds
        self.cases += junit.case_entries(case, outcome, functions, self.kinds)
        self.undecided += report_mod.undecided_entries(case, outcome)
        if hasattr(outcome, "differences"):
            self.differences += report_mod.difference_entries(case, outcome)
            self.notes += report_mod.note_entries(case, outcome)
        for c in outcome.classes:
            if c[0] in UNSURE_CLASSES:
                _bump(self.reasons, report_mod.unsure_reason(c))

    def failed(self, message):
        """A program that could not be checked (generation failed...)."""
        self.programs += 1
        _bump(self.counts, "error")
        self.errors.append(message)

    def report(self, mode, params, findings, timing, interrupted):
        kinds = self.kinds or whole_pipeline(bool(params.get("require_equivalence")))
        rep = report_mod.build(mode, params, self.programs, self.counts,
                               self.not_run, findings, timing, self.errors,
                               self.undecided, self.differences, interrupted,
                               kinds)
        rep["cases"] = list(self.cases)
        rep["notes"] = list(self.notes)
        rep["unsure_reasons"] = dict(sorted(self.reasons.items()))
        rep["tool_fallbacks"] = dict(sorted(self.fallbacks.items()))
        rep["excluded_inputs"] = dict(sorted(self.excluded.items()))
        return rep

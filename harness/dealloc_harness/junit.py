"""Per-case results and junit.xml, the same for every campaign (fuzz,
conformance, fuzz --stage).

report.json "cases" has one entry per checked case and public function
(`case_entries()`): the function's worst class decides its status,

  failure   a finding about the implementation (known ones, in a
            --baseline, are `known`: skipped in JUnit with that reason)
  error     a failure of the harness's own tools or reference
  skipped   undecided (unsupported, unknown, a check not run), with why
  pass      everything else (a safe difference under refinement too)

A class without a function (a crash, an empty output) is the case's own
entry (function ""). When that class is the implementation's run itself
(detector `impl`, or `stage`: a crash, a timeout, a refusal, an input the
implementation does not accept), no function was checked: each is
`skipped` with that reason, never `pass`. junit.xml has one testcase per entry: classname the
case (file, or `program N`), name the function; a failure names the kind,
verdict, clause and input; a case that could not be checked at all (a
program the generator could not make, an unreadable file) is an error.
"""

import re
from xml.sax.saxutils import escape, quoteattr

from .findings import clause_of

STATUS_ORDER = ("failure", "error", "skipped", "pass")
# Detectors of classes that leave nothing to check in the functions.
_RUN_DETECTORS = ("impl", "stage")
_FIELD = re.compile(r"^(input): (.*)$", re.M)


def _status(kind, kinds):
    if kind in kinds.implementation:
        return "failure"
    if kind in kinds.ours:
        return "error"
    if kind in kinds.undecided:
        return "skipped"
    return "pass"


def case_entries(case, outcome, functions, kinds):
    """report.json "cases" entries of one checked case: one per public
    function (`functions`, in order) and one for classes about the whole
    module; the worst class per function decides."""
    worst = {}
    for kind, verdict, fn, detector, message in outcome.classes:
        if kind not in kinds.rank:
            continue
        status = _status(kind, kinds)
        old = worst.get(fn)
        key = (STATUS_ORDER.index(status), kinds.rank.index(kind))
        if old is None or key < old[0]:
            worst[fn] = (key, status, kind, verdict, detector, message)
    # A function without a class passed, unless a check was not run.
    default = (None, "skipped", "not-run", "", "", "checks not run: "
               + ", ".join(outcome.not_run)) if outcome.not_run else \
        (None, "pass", "pass", "", "", "")
    module = worst.get("")
    if module and module[4] in _RUN_DETECTORS:
        default = (None, "skipped", module[2], module[3], module[4],
                   f"not checked: the run of the module is {module[2]} ({module[3]})")
    names = list(dict.fromkeys(list(functions) + [f for f in worst if f]))
    if "" in worst or not names:
        names = [""] + names
    out = []
    for fn in names:
        _, status, kind, verdict, detector, message = worst.get(fn, default)
        fields = dict(_FIELD.findall(message or ""))
        clause = clause_of(message)
        out.append({"case": case, "function": fn, "status": status, "kind": kind,
                    "verdict": verdict, "detector": detector,
                    "clause": f"[{clause}]" if clause else "",
                    "input": fields.get("input", ""),
                    "message": " ".join((message or "").split())[:500]})
    return out


def mark_known(report):
    """A case entry's failure is `known` when a known finding of the report
    has its kind, verdict and clause (and its case, if the finding has
    one) and no new finding does."""
    findings = report["findings"]

    def same(f, c):
        return (f["kind"], f.get("verdict", ""), f.get("clause", "")) == \
            (c["kind"], c["verdict"], c["clause"]) and \
            f.get("case", c["case"]) == c["case"]
    for c in report.get("cases", []):
        if c["status"] != "failure":
            continue
        hits = [f for f in findings if same(f, c)]
        c["known"] = bool(hits) and all(f.get("known") for f in hits)


# Characters XML 1.0 cannot carry, even escaped (an implementation's stderr
# may print them): replaced by U+FFFD.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _x(text):
    return _NOT_XML.sub("\ufffd", str(text))


def _testcase(c, reproducers):
    fn = f"@{c['function']}" if c["function"] else "(module)"
    what = " ".join(p for p in (c["kind"], c["verdict"], fn, c["clause"],
                                f"input: {c['input']}" if c["input"] else "")
                    if p)
    body = ""
    if c["status"] == "failure" and c.get("known"):
        body = f"<skipped message={quoteattr(_x('known finding (baseline): ' + what))}/>"
    elif c["status"] in ("failure", "error"):
        text = c["message"]
        repro = reproducers.get(c["case"])
        if repro:
            text += f"\nreproducer: {repro}"
        body = (f"<{c['status']} type={quoteattr(_x(c['kind']))} "
                f"message={quoteattr(_x(what))}>{escape(_x(text))}</{c['status']}>")
    elif c["status"] == "skipped":
        reason = f"{c['kind']} ({c['detector'] or '?'}): {c['message']}"
        body = f"<skipped message={quoteattr(_x(reason[:500]))}/>"
    return (f'  <testcase classname={quoteattr(_x(c["case"]))} '
            f'name={quoteattr(_x(fn))}>{body}</testcase>')


def junit(report):
    """junit.xml: one testcase per case and function ("cases"), plus one
    error per case that could not be checked ("errors")."""
    reproducers = {}
    for f in report["findings"]:
        reproducers.setdefault(f.get("case", ""), f["reproducer"])
    cases = [_testcase(c, reproducers) for c in report.get("cases", [])]
    for n, e in enumerate(report.get("errors", [])):
        cases.append(f'  <testcase classname="dealloc-harness.errors" '
                     f'name="error {n + 1}"><error message={quoteattr(_x(e[:300]))}>'
                     f'{escape(_x(e))}</error></testcase>')
    if report.get("interrupted"):
        cases.append('  <testcase classname="dealloc-harness" name="run">'
                     '<error message="interrupted: the run did not finish"/></testcase>')
    entries = report.get("cases", [])
    failures = sum(1 for c in entries if c["status"] == "failure" and not c.get("known"))
    errors = sum(1 for c in entries if c["status"] == "error") + \
        len(report.get("errors", [])) + bool(report.get("interrupted"))
    skipped = sum(1 for c in entries if c["status"] == "skipped" or c.get("known"))
    name = f"dealloc-harness-{report['mode']}" + (
        f"-{report['stage']}" if report.get("stage") else "")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<testsuite name={quoteattr(name)} tests="{len(cases)}" '
            f'failures="{failures}" errors="{errors}" skipped="{skipped}">\n'
            + "\n".join(cases) + ("\n" if cases else "") + "</testsuite>\n")

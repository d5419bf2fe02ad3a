"""Campaign reports: report.json, report.md and junit.xml.

report.json has at least "programs" (checked), "findings" (a list with
"kind", "signature", "reproducer", ...), "counts" (programs per outcome
class), "undecided" (per case: what could not be decided, and why),
"differences" (safe differences from the reference: not failures unless
--require-equivalence), "notes" (what the comparison with the reference
could not tell under refinement, per case: information), "interrupted" and
"exit_code"; everything is
sorted, so the same campaign gives the same bytes (timing lives only in
"timing", which `canonical()` drops). docs/conformance-reference.md#json documents
the shape.

Exit codes (`exit_code()`, also the harness's; docs/conformance-reference.md):
  0  every case was checked, decided and conforms;
  1  an implementation finding;
  2  usage error, or nothing could be checked;
  3  no implementation finding, but not everything was decided: a case is
     unsupported / unknown / not-run, a check of ours failed (tool-error,
     reference-*), a program could not be generated, or the run was
     interrupted.
"""

import json
import os
import re
from xml.sax.saxutils import escape, quoteattr

from .check import ORDER, UNDECIDED, finding_kinds, impl_findings

EXIT_PASS, EXIT_FINDINGS, EXIT_USAGE, EXIT_UNDECIDED = 0, 1, 2, 3
LISTED = 50      # undecided cases and differences listed in report.md


def build(mode, params, programs, counts, not_run, findings, timing, errors,
          undecided=(), differences=(), interrupted=False):
    strict = bool(params.get("require_equivalence"))
    rep = {
        "mode": mode,
        "parameters": params,
        "programs": programs,
        "counts": {k: counts.get(k, 0) for k in ORDER + ("error",)},
        "not_run": dict(sorted(not_run.items())),
        "errors": errors,
        "findings": findings,
        "implementation_findings": sum(1 for f in findings
                                       if f["kind"] in impl_findings(strict)),
        "undecided": list(undecided),
        "differences": list(differences),
        "interrupted": interrupted,
        "timing": timing,
    }
    rep["exit_code"] = exit_code(rep)
    return rep


def exit_code(rep):
    if rep["implementation_findings"]:
        return EXIT_FINDINGS
    undecided = sum(rep["counts"].get(k, 0) for k in UNDECIDED + ("error",))
    ours = len(rep["findings"]) - rep["implementation_findings"]
    if rep["programs"] == 0 and not rep.get("interrupted"):
        return EXIT_USAGE
    if undecided or ours or rep["errors"] or rep.get("interrupted") or \
            rep.get("undecided"):
        return EXIT_UNDECIDED
    return EXIT_PASS


def undecided_entries(case, outcome):
    """report.json "undecided" entries of one program: per unsure class."""
    out = []
    for kind, verdict, fn, detector, message in outcome.undecided():
        out.append({"case": case, "kind": kind, "verdict": verdict,
                    "function": fn, "detector": detector,
                    "reason": " ".join((message or "").split())[:500]})
    for name in outcome.not_run:
        out.append({"case": case, "kind": "not-run", "verdict": "", "function": "",
                    "detector": name, "reason": "tool not built"})
    return out


def note_entries(case, outcome):
    """report.json "notes": what the comparison with the reference could
    not tell under refinement (information, not undecided)."""
    return [{"case": case, "function": fn, "detector": detector,
             "reason": " ".join((message or "").split())[:500]}
            for fn, detector, message in outcome.notes]


def difference_entries(case, outcome):
    return [{"case": case, "function": fn, "message": (message or "")[:2000]}
            for _, _, fn, _, message in outcome.differences()]


def unsure_reason(cls):
    """A class's reason, grouped: locations and inputs dropped."""
    text = re.sub(r"\b(loc|location|input): \S+", "", cls[4])
    text = re.sub(r" at [\w./-]+\.mlir:\d+:\d+", "", text)
    return f"{cls[0]} ({cls[3] or '?'}): " + " ".join(text.split())[:160]


def canonical(report):
    """The report without wall-clock data and paths, for comparisons."""
    rep = {k: v for k, v in report.items() if k not in ("timing",)}
    rep["findings"] = [{k: (os.path.basename(v) if k == "reproducer" else v)
                        for k, v in f.items()} for f in report["findings"]]
    rep.pop("interrupted", None)
    rep["parameters"] = {k: v for k, v in report["parameters"].items()
                         if k not in ("jobs", "scheduler", "out", "regressions")}
    return rep


def write(out_dir, report):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "report.json"), "w") as f:
        json.dump(report, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(out_dir, "report.md"), "w") as f:
        f.write(markdown(report))
    with open(os.path.join(out_dir, "junit.xml"), "w") as f:
        f.write(junit(report))


def markdown(report):
    p = report["parameters"]
    lines = [f"# dealloc-harness {report['mode']} report", "",
             f"- implementation: `{p.get('impl', '')}`"]
    for key in ("seed", "count", "dirs", "skipped"):
        if key in p:
            value = p[key]
            if key == "skipped":
                value = ", ".join(f"{n} {why}" for why, n in value.items()) or "none"
            lines.append(f"- {key}: {value}")
    question = ("equivalence with the reference (--require-equivalence)"
                if p.get("require_equivalence") else
                "refinement: safe output that keeps the interface")
    code = report.get("exit_code", exit_code(report))
    lines += [f"- question: {question}",
              f"- programs checked: {report['programs']}"
              + (" (INTERRUPTED: the run did not finish)"
                 if report.get("interrupted") else ""),
              f"- findings: {len(report['findings'])} "
              f"({report['implementation_findings']} about the implementation)",
              f"- result: {STATUS[code]} (exit {code})", "",
              "| outcome | programs |", "|---|---|"]
    # Classes without programs are left out here (report.json has all).
    for kind, n in report["counts"].items():
        if n or kind == "pass":
            lines.append(f"| {kind} | {n} |")
    if report["not_run"]:
        lines += ["", "Checks not run (tool not built), per program:", ""]
        lines += [f"- {k}: {v}" for k, v in report["not_run"].items()]
    if report.get("unsure_reasons"):
        lines += ["", "Why checks were unsure (classes per program):", ""]
        lines += [f"- {n} × {why}" for why, n in report["unsure_reasons"].items()]
    if report.get("excluded_inputs"):
        lines += ["", "Functions whose answer excluded inputs that reach "
                  "undefined behaviour ([safety.defined]), per check:", ""]
        lines += [f"- {name}: {n}" for name, n in report["excluded_inputs"].items()]
    differ = ("Safe on both sides: " + ("failures (--require-equivalence)."
                                          if p.get("require_equivalence") else
                                          "reported, not failures."))
    lines += _listing(report.get("undecided"), "Undecided", "",
                      ("case", "class", "function", "check", "reason"),
                      ("case", "kind", "function", "detector", "reason"), 200)
    lines += _listing(report.get("differences"), "Differences from the reference",
                      differ, ("case", "function", "what differs"),
                      ("case", "function", "message"), 300)
    lines += _listing(report.get("notes"), "Not compared with the reference",
                      "Information, not failures: under refinement the safety "
                      "checks answer the question.",
                      ("case", "function", "check", "reason"),
                      ("case", "function", "detector", "reason"), 300)
    if report.get("tool_fallbacks"):
        lines += ["", "Tool jobs rerun as their own process (dealloc-check "
                  "crash or lost server):", ""]
        lines += [f"- {n} × {why}" for why, n in report["tool_fallbacks"].items()]
    if report["errors"]:
        lines += ["", "Harness errors (programs not checked):", ""]
        lines += [f"- {e}" for e in report["errors"]]
    lines += _listing(report.get("skipped_cases"), "Skipped", "",
                      ("case", "reason"), ("case", "reason"), 1000)
    if report["findings"]:
        lines += ["", "## Findings", "", "| kind | verdict | signature | reproducer |",
                  "|---|---|---|---|"]
        for fd in report["findings"]:
            lines.append(f"| {fd['kind']} | {fd.get('verdict', '')} | "
                         f"`{fd['signature']}` | {fd['reproducer']} |")
    t = report.get("timing") or {}
    if t:
        lines += ["", "## Time", "", "| stage | seconds |", "|---|---|"]
        lines += [f"| {k} | {v:.2f} |" for k, v in sorted(t.items())
                  if isinstance(v, (int, float))]
    return "\n".join(lines) + "\n"


def _listing(entries, title, note, heads, keys, width):
    """A "## title (N)" table of report entries, the first LISTED rows."""
    if not entries:
        return []
    lines = ["", f"## {title} ({len(entries)})", ""] + ([note, ""] if note else [])
    lines += ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    lines += ["| " + " | ".join(_cell(str(e.get(k, ""))[:width]) for k in keys) + " |"
              for e in entries[:LISTED]]
    if len(entries) > LISTED:
        lines.append(f"\n({len(entries) - LISTED} more in report.json)")
    return lines


STATUS = {EXIT_PASS: "every case decided, all conform",
          EXIT_FINDINGS: "implementation findings",
          EXIT_USAGE: "nothing could be checked",
          EXIT_UNDECIDED: "not every case was decided"}


def _cell(text):
    return " ".join(str(text or "").split()).replace("|", "\\|")


# Characters XML 1.0 cannot carry, even escaped (an implementation's stderr
# may print them): replaced by U+FFFD.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _x(text):
    return _NOT_XML.sub("\ufffd", str(text))


def junit(report):
    """One test case per finding signature plus one per outcome class."""
    cases = []
    strict = bool(report["parameters"].get("require_equivalence"))
    for fd in report["findings"]:
        body = (f"<failure type={quoteattr(_x(fd['kind']))} "
                f"message={quoteattr(_x(fd.get('verdict', '')))}>"
                f"{escape(_x(fd.get('message', '')))}\nreproducer: "
                f"{escape(_x(fd['reproducer']))}</failure>")
        cases.append(f'  <testcase classname="dealloc-harness.{_x(fd["kind"])}" '
                     f'name={quoteattr(_x(fd["signature"]))}>{body}</testcase>')
    for kind, n in report["counts"].items():
        if kind in finding_kinds(strict):
            continue
        body = ""
        if kind in UNDECIDED + ("error",) and n:
            body = f"<skipped message={quoteattr(f'{n} programs {kind}')}/>"
        cases.append(f'  <testcase classname="dealloc-harness.outcomes" '
                     f'name={quoteattr(kind)}>{body}</testcase>')
    failures = len(report["findings"])
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<testsuite name="dealloc-harness-{report["mode"]}" '
            f'tests="{len(cases)}" failures="{failures}" errors="0">\n'
            + "\n".join(cases) + "\n</testsuite>\n")


# What markdown() and `report` read, and their types.
REQUIRED = {"mode": str, "parameters": dict, "programs": int, "counts": dict,
            "not_run": dict, "errors": list, "findings": list,
            "implementation_findings": int}
FINDING_KEYS = {"kind", "signature", "reproducer"}


def load(out_dir):
    """The report written to out_dir; ValueError if it is not one."""
    with open(os.path.join(out_dir, "report.json")) as f:
        rep = json.load(f)
    if not isinstance(rep, dict):
        raise ValueError("report.json is not a JSON object")
    bad = [k for k, kind in REQUIRED.items() if not isinstance(rep.get(k), kind)]
    if not all(isinstance(fd, dict) and FINDING_KEYS <= set(fd)
               for fd in rep.get("findings") or []):
        bad.append("findings")
    if not isinstance(rep.get("timing", {}), dict):
        bad.append("timing")
    if bad:
        raise ValueError(f"report.json lacks or has invalid {', '.join(sorted(set(bad)))}")
    return rep

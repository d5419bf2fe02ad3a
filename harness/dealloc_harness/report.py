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

from . import atomicio, baseline as baseline_mod
from .kinds import UNDECIDED, whole_pipeline

EXIT_PASS, EXIT_FINDINGS, EXIT_USAGE, EXIT_UNDECIDED = 0, 1, 2, 3
LISTED = 50      # undecided cases and differences listed in report.md


def build(mode, params, programs, counts, not_run, findings, timing, errors,
          undecided=(), differences=(), interrupted=False, kinds=None):
    kinds = kinds or whole_pipeline(bool(params.get("require_equivalence")))
    for f in findings:
        f["implementation"] = f["kind"] in kinds.implementation
    rep = {
        "mode": mode,
        "parameters": params,
        "programs": programs,
        "counts": {k: counts.get(k, 0) for k in kinds.counted + ("error",)},
        "not_run": dict(sorted(not_run.items())),
        "errors": errors,
        "findings": findings,
        "undecided": list(undecided),
        "differences": list(differences),
        "interrupted": interrupted,
        "timing": timing,
    }
    return recount(rep)


def recount(rep):
    """Set "implementation_findings" (new ones: a baseline's known findings
    do not count) and "exit_code"."""
    rep["implementation_findings"] = sum(
        1 for f in rep["findings"] if f.get("implementation") and not f.get("known"))
    rep["exit_code"] = exit_code(rep)
    return rep


def exit_code(rep):
    if rep["implementation_findings"]:
        return EXIT_FINDINGS
    undecided = sum(rep["counts"].get(k, 0) for k in UNDECIDED + ("error",))
    ours = [f for f in rep["findings"]
            if not f.get("known") and not f.get("implementation", False)]
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
    """A class's reason, grouped: locations, inputs, symbol and SSA names
    and numbers blanked, so that the same reason on other functions, sites
    or sizes is one group."""
    return f"{cls[0]} ({cls[3] or '?'}): " + blank(cls[4])


def blank(text, width=160):
    text = re.sub(r"\b(loc|location|input): \S+", "", text or "")
    text = re.sub(r" at [\w./-]+\.mlir:\d+:\d+", "", text)
    text = re.sub(r"\S+\.mlir:\d+:\d+", "", text)
    text = re.sub(r"[%@^#][\w$.-]+", lambda m: m.group(0)[0] + "?", text)
    text = re.sub(r"\d+", "?", text)
    text = " ".join(text.split())
    if len(text) > width:      # cut at a word, not inside one
        text = text[:width].rsplit(" ", 1)[0] + " ..."
    return text


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
    from .junit import junit
    atomicio.write_files({
        os.path.join(out_dir, "report.json"): json.dumps(report, indent=1, sort_keys=True) + "\n",
        os.path.join(out_dir, "report.md"): markdown(report),
        os.path.join(out_dir, "junit.xml"): junit(report)})


def markdown(report):
    p = report["parameters"]
    lines = [f"# dealloc-harness {report['mode']} report", "",
             f"- implementation: `{p.get('impl', '')}`"]
    if report.get("stage"):
        lines.append(f"- stage: {report['stage']}")
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
        lines += ["", "## Findings", "",
                  "| kind | verdict | function | clause | signature | reproducer |",
                  "|---|---|---|---|---|---|"]
        for fd in report["findings"]:
            known = " (known)" if fd.get("known") else ""
            fn = f"@{fd['function']}" if fd.get("function") else ""
            lines.append(f"| {fd['kind']}{known} | {_cell(fd.get('verdict', ''))} | "
                         f"{_cell(fn)} | {fd.get('clause', '')} | "
                         f"`{fd['signature']}` | {fd['reproducer']} |")
    lines += baseline_mod.markdown(report)
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


# The report.json of every campaign (fuzz, conformance, fuzz --stage):
# key -> type; docs/conformance-reference.md#report-json documents each key
# and test_report_schema.py checks the documentation and real reports.
SCHEMA = {"mode": str, "parameters": dict, "programs": int, "counts": dict,
          "not_run": dict, "errors": list, "findings": list,
          "implementation_findings": int, "cases": list, "undecided": list,
          "differences": list, "notes": list, "unsure_reasons": dict,
          "tool_fallbacks": dict, "excluded_inputs": dict, "interrupted": bool,
          "timing": dict, "exit_code": int}
OPTIONAL = {"stage": str, "levels": dict, "skipped_cases": list, "baseline": dict}
FINDING = {"kind": str, "verdict": str, "signature": str, "clause": str,
           "reproducer": str, "function": str, "detector": str, "message": str,
           "loc": str, "input": str, "implementation": bool}
FINDING_OPTIONAL = {"known": bool, "stderr": str, "case": str, "file": str, "base_signature": str,
                    "seed": int, "index": int, "level": str}
CASE = {"case": str, "function": str, "status": str, "kind": str, "verdict": str,
        "detector": str, "clause": str, "input": str, "message": str}
CASE_OPTIONAL = {"known": bool}


def schema_problems(rep):
    """What in `rep` does not have the shape of SCHEMA (a list of texts)."""
    def check(obj, required, optional, where):
        out = [f"{where}: missing {k}" for k in required if k not in obj]
        for k, v in obj.items():
            kind = required.get(k) or optional.get(k)
            if kind is None:
                out.append(f"{where}: unexpected key {k}")
            elif not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
                out.append(f"{where}: {k} is {type(v).__name__}, not {kind.__name__}")
        return out
    problems = check(rep, SCHEMA, OPTIONAL, "report")
    for n, f in enumerate(rep.get("findings") or []):
        problems += check(f, FINDING, FINDING_OPTIONAL, f"findings[{n}]")
    for n, c in enumerate(rep.get("cases") or []):
        problems += check(c, CASE, CASE_OPTIONAL, f"cases[{n}]")
        if c.get("status") not in ("pass", "failure", "error", "skipped"):
            problems.append(f"cases[{n}]: status {c.get('status')!r}")
    return problems


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

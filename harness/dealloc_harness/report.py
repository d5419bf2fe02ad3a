"""Campaign reports: report.json, report.md and junit.xml.

report.json has at least "programs" (checked), "findings" (a list with
"kind", "signature", "reproducer", ...) and "counts" (programs per outcome
class); everything is sorted, so the same campaign gives the same bytes
(timing lives only in "timing", which `canonical()` drops).
"""

import json
import os
from xml.sax.saxutils import escape, quoteattr

from .check import FINDING_KINDS, IMPL_FINDINGS, ORDER


def build(mode, params, programs, counts, not_run, findings, timing, errors):
    return {
        "mode": mode,
        "parameters": params,
        "programs": programs,
        "counts": {k: counts.get(k, 0) for k in ORDER + ("error",)},
        "not_run": dict(sorted(not_run.items())),
        "errors": errors,
        "findings": findings,
        "implementation_findings": sum(1 for f in findings
                                       if f["kind"] in IMPL_FINDINGS),
        "timing": timing,
    }


def canonical(report):
    """The report without wall-clock data and paths, for comparisons."""
    rep = {k: v for k, v in report.items() if k not in ("timing",)}
    rep["findings"] = [{k: (os.path.basename(v) if k == "reproducer" else v)
                        for k, v in f.items()} for f in report["findings"]]
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
            lines.append(f"- {key}: {p[key]}")
    lines += [f"- programs checked: {report['programs']}",
              f"- findings: {len(report['findings'])} "
              f"({report['implementation_findings']} about the implementation)", "",
              "| outcome | programs |", "|---|---|"]
    for kind, n in report["counts"].items():
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
    if report.get("tool_fallbacks"):
        lines += ["", "Tool jobs rerun as their own process (dealloc-check "
                  "crash or lost server):", ""]
        lines += [f"- {n} × {why}" for why, n in report["tool_fallbacks"].items()]
    if report["errors"]:
        lines += ["", "Harness errors (programs not checked):", ""]
        lines += [f"- {e}" for e in report["errors"]]
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


def junit(report):
    """One test case per finding signature plus one per outcome class."""
    cases = []
    for fd in report["findings"]:
        body = (f"<failure type={quoteattr(fd['kind'])} "
                f"message={quoteattr(fd.get('verdict', ''))}>"
                f"{escape(fd.get('message', ''))}\nreproducer: "
                f"{escape(fd['reproducer'])}</failure>")
        cases.append(f'  <testcase classname="dealloc-harness.{fd["kind"]}" '
                     f'name={quoteattr(fd["signature"])}>{body}</testcase>')
    for kind, n in report["counts"].items():
        if kind in FINDING_KINDS:
            continue
        body = ""
        if kind in ("unsupported", "unknown") and n:
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

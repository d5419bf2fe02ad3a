"""Known-findings baselines: `--write-baseline FILE` records a run's
findings, `--baseline FILE` checks a run against them.

A baseline is a JSON file (docs/conformance-reference.md#baseline):

  {"format": "dealloc-harness-baseline", "version": 1,
   "findings": [{"campaign": "conformance", "kind": "impl-unsafe",
                 "verdict": "LEAK", "clause": "[heap.leak]",
                 "signature": "impl-unsafe-leak-alloc-if",
                 "file": "regressions/x.mlir", "function": "f"}, ...]}

An entry matches a finding of a run when its campaign is the run's (or the
entry has none) and kind, verdict, clause and signature are equal; "file"
(the case's file, relative to the folder of cases) and "function" are
optional: present, they must be equal too (delete them from an entry to
match the finding wherever it occurs). `signature` is the case-independent
one (kind, verdict and op-shape of the reproducer; a stage campaign's has
the stage in front).

Checking a run: a finding that matches an entry is *known* (listed in the
report, marked `"known": true`, not a failure); any other finding is *new*
(it decides the exit code as without a baseline); an entry of the run's
campaign that matched no finding is *fixed* (reported, so that it can be
removed: fixed, or not reached by this run). The lit recipe reads the same
file (litsuite.configure(baseline=...)): a file whose findings are all
known is XFAIL.

Writing keeps the entries of other campaigns and replaces those of the
run's campaign, so one file can hold a fuzz, a conformance and the stage
campaigns' findings; entries are sorted and deduplicated, so the same run
writes the same bytes.
"""

import json
import os

from . import atomicio

FORMAT = "dealloc-harness-baseline"
VERSION = 1
KEYS = ("campaign", "kind", "verdict", "clause", "signature", "file", "function")
REQUIRED = ("kind", "verdict", "signature")


class BaselineError(Exception):
    """A baseline file that cannot be read: a usage error (exit 2)."""


def campaign_of(report):
    """The campaign name entries are filed under: `fuzz`, `conformance`
    (also the lit recipe) or `fuzz --stage STAGE`."""
    if report.get("mode") == "fuzz-stage":
        return f"fuzz --stage {report.get('stage', '')}"
    return report.get("mode", "")


def key_of(finding, campaign, with_location=True):
    """A finding (report.json entry) as a baseline entry."""
    entry = {"campaign": campaign, "kind": finding["kind"],
             "verdict": finding.get("verdict", ""),
             "clause": finding.get("clause", ""),
             "signature": finding.get("base_signature") or finding["signature"]}
    if with_location:
        if finding.get("file"):
            entry["file"] = finding["file"]
        if finding.get("function") and finding.get("file"):
            entry["function"] = finding["function"]
    return entry


def matches(entry, finding, campaign):
    if entry.get("campaign", campaign) != campaign:
        return False
    key = key_of(finding, campaign)
    return all(entry.get(k, "") == key.get(k, "") for k in
               ("kind", "verdict", "clause", "signature")) and \
        all(entry[k] == key.get(k) for k in ("file", "function") if k in entry)


def load(path):
    """The entries of a baseline file; BaselineError saying what is wrong."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise BaselineError(f"{path}: {exc.strerror}") from None
    except ValueError as exc:
        raise BaselineError(f"{path}: not a baseline (JSON): {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BaselineError(f"{path}: not a baseline (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise BaselineError(f"{path}: baseline version {data.get('version')!r}, "
                            f"expected {VERSION}")
    entries = data.get("findings")
    if not isinstance(entries, list):
        raise BaselineError(f"{path}: \"findings\" is not a list")
    for n, e in enumerate(entries):
        if not isinstance(e, dict) or any(not isinstance(e.get(k), str)
                                          for k in REQUIRED) or \
                any(not isinstance(v, str) for v in e.values()):
            raise BaselineError(f"{path}: findings[{n}]: expected an object of "
                                f"strings with {', '.join(REQUIRED)}")
        unknown = sorted(set(e) - set(KEYS))
        if unknown:
            raise BaselineError(f"{path}: findings[{n}]: unknown key "
                                f"{', '.join(unknown)} (keys: {', '.join(KEYS)})")
    return entries


def _sort_key(entry):
    return tuple(entry.get(k, "") for k in KEYS)


def write(path, report):
    """Write (or update) the baseline at `path` with the findings of
    `report`: entries of other campaigns are kept."""
    campaign = campaign_of(report)
    kept = [e for e in load(path) if e.get("campaign", campaign) != campaign] \
        if os.path.exists(path) else []
    new = [key_of(f, campaign) for f in report["findings"]]
    entries = {json.dumps(e, sort_keys=True): e for e in kept + new}
    data = {"format": FORMAT, "version": VERSION,
            "findings": sorted(entries.values(), key=_sort_key)}
    atomicio.write_text(path, json.dumps(data, indent=1, sort_keys=True) + "\n")
    return len(new)


def classify(entries, findings, campaign):
    """(known findings, new findings, fixed entries)."""
    known, new, used = [], [], set()
    for f in findings:
        hits = [n for n, e in enumerate(entries) if matches(e, f, campaign)]
        (known if hits else new).append(f)
        used.update(hits)
    fixed = [e for n, e in enumerate(entries)
             if n not in used and e.get("campaign", campaign) == campaign]
    return known, new, fixed


def apply(report, path, entries):
    """Mark the report's known findings and add its "baseline" section;
    the caller recomputes the exit code (report.exit_code skips known
    findings)."""
    campaign = campaign_of(report)
    known, new, fixed = classify(entries, report["findings"], campaign)
    for f in report["findings"]:
        f["known"] = any(f is k for k in known)
    report["baseline"] = {
        "file": path, "campaign": campaign,
        "known": [f["signature"] for f in known],
        "new": [f["signature"] for f in new],
        "fixed": sorted(fixed, key=_sort_key)}
    return report


def markdown(report):
    """report.md's section on the baseline."""
    b = report.get("baseline")
    if not b:
        return []
    lines = ["", f"## Baseline ({b['file']})", "",
             f"- known findings (expected, not failures): {len(b['known'])}",
             f"- new findings: {len(b['new'])}",
             f"- baseline entries not seen (fixed, or not reached by this run; "
             f"remove them with --write-baseline): {len(b['fixed'])}"]
    lines += [f"  - new: `{s}`" for s in b["new"]]
    lines += [f"  - not seen: {e['kind']} {e['verdict']} `{e['signature']}`"
              + (f" in {e['file']}" if e.get("file") else "")
              + (f" @{e['function']}" if e.get("function") else "")
              for e in b["fixed"]]
    return lines

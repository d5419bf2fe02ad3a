"""The conformance corpus as a lit suite inside another project's build.

A downstream project's lit.cfg.py calls `configure()`; then each `.mlir`
file of the chosen folders (by default this checkout's corpus/) is one lit
test that runs the project's implementation on the file's cases and checks
them as `dealloc-harness conformance` does ([pipeline.conformance]):

  PASS         every case of the file was decided and conforms
  FAIL         an implementation finding (the output says which, with its
               reproducer in <exec root>/dealloc-reproducers/, which has a
               lit.cfg.py and is never a case of the suite)
  XFAIL        every finding of the file is known (configure(baseline=FILE),
               the file `--write-baseline` writes: baseline.py)
  UNRESOLVED   a case could not be decided (unsupported / unknown / a check
               not run / a failure of the checking tools): never a pass;
               lit counts it as a failure (configure(undecided="unsupported")
               reports it as UNSUPPORTED instead, still listed, not failed)
  UNSUPPORTED  the file has no case the implementation can be run on
               (already deallocated, no public function, ...), with the
               reasons

docs/conformance-integration.md#lit-suite has the recipe and its test.
"""

import os
import re

import lit.formats
import lit.Test

from . import baseline as baseline_mod, check, conformance, findings, \
    report as report_mod, tools as tools_mod
from .generate import Program
from .mlir_text import annotate_sites


# Where reproducers go, under the suite's exec root; excluded from the
# suite (config.excludes), so a run never discovers the previous run's
# reproducers, and with its own lit.cfg.py (`lit <exec root>/REPRODUCERS`).
REPRODUCERS = "dealloc-reproducers"


class ConformanceFormat(lit.formats.FileBasedTest):
    def __init__(self, cfg, undecided=lit.Test.UNRESOLVED, baseline=None):
        super().__init__()
        self.cfg = cfg
        self.undecided = undecided
        self.baseline = baseline

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        # .mlir files only, whatever a lit.local.cfg of the cases adds.
        for test in super().getTestsInDirectory(testSuite, path_in_suite,
                                                litConfig, localConfig):
            if test.getSourcePath().endswith(".mlir"):
                yield test

    def execute(self, test, lit_config):
        path = test.getSourcePath()
        suite = test.suite
        rel = os.path.relpath(path, suite.source_root)
        lines, found, undecided, checked = [], [], False, 0
        for name, text, reason in conformance.cases([path]):
            if text is not None:
                if "dealloc.site" not in text:
                    text = annotate_sites(text)
                reason = conformance.parse_problem(text)
            if reason:
                lines.append(f"{name}: skipped: {reason}")
                continue
            checked += 1
            outcome = check.check(text, self.cfg)
            lines.append(f"{name}: {outcome.kind} {outcome.verdict}".rstrip())
            for kind, verdict in outcome.findings():
                found.append(self._finding(outcome.entry(kind, verdict), text,
                                           name, rel, checked, suite, lines))
            for e in report_mod.undecided_entries(name, outcome):
                undecided = True
                lines.append(f"  undecided: {e['kind']} ({e['detector']}) "
                             f"{e['function']}: {e['reason'][:300]}")
            for d in report_mod.difference_entries(name, outcome):
                lines.append(f"  differs from the reference @{d['function']}: "
                             f"{' '.join(d['message'].split())[:300]}")
        return self._result(found, undecided, checked, rel, lines)

    def _finding(self, entry, text, name, rel, n, suite, lines):
        """Save a finding's reproducer (outside the discovered suite, in
        REPRODUCERS under the exec root, with its lit.cfg.py); its report
        entry."""
        sig = findings.signature(entry, text)
        out = os.path.join(suite.exec_root, REPRODUCERS)
        findings.write_lit_config(out, self.cfg.tools)
        slug = re.sub(r"[^A-Za-z0-9]+", "_", rel).strip("_")
        repro = findings.write(out, f"{slug}-{sig}"[:150], entry,
                               Program(0, n, "memref", text), self.cfg,
                               f"lit conformance case {name}")
        lines.append(f"  {entry.kind} {entry.verdict} @{entry.function}: "
                     f"{' '.join(entry.message.split())[:300]}")
        lines.append(f"  reproducer: {repro}")
        return findings.entry(entry, sig, repro, case=name, file=rel,
                              base_signature=sig)

    def _result(self, found, undecided, checked, rel, lines):
        new = found
        if found and self.baseline is not None:
            known, new, _ = baseline_mod.classify(self.baseline, found, "conformance")
            for f in known:
                lines.append(f"  known (baseline): {f['kind']} {f['verdict']} "
                             f"@{f['function']}")
        elif self.baseline and any(e.get("file") == rel and e.get(
                "campaign", "conformance") == "conformance" for e in self.baseline):
            lines.append("  a baseline entry of this file was not seen (fixed?): "
                         "remove it from the baseline")
        text = "\n".join(lines) + "\n"
        if new:
            return lit.Test.FAIL, text
        if undecided:
            return self.undecided, text
        if found:               # every finding known
            return lit.Test.XFAIL, text
        if not checked:
            return lit.Test.UNSUPPORTED, text
        return lit.Test.PASS, text


def configure(config, impl, cases=None, tools=None, checks="run,verify,equiv",
              require_equivalence=False, timeout=30.0, memory_mb=2048,
              name="dealloc-conformance", undecided="unresolved", baseline=None):
    """Make `config` (a lit TestingConfig) a conformance suite: `impl` is the
    implementation command (split like a shell; the input file is appended;
    output on stdout), `cases` the folder of cases (default: this checkout's
    corpus/), `tools` the folder of dealloc-opt / dealloc-run /
    dealloc-verify (default: as dealloc-harness finds them), `baseline` a
    known-findings file (baseline.py: a file whose findings are all known
    is XFAIL)."""
    from .options import UsageError, absolute, check_executable
    import shlex
    argv = [absolute(a, n) for n, a in enumerate(shlex.split(impl))]
    try:
        check_executable(argv[0])
    except UsageError as exc:
        raise ValueError(f"dealloc-conformance: {exc}") from None
    paths = tools_mod.locate(tools)
    cfg = check.Config(impl=argv, tools=tools_mod.Tools(paths), timeout=timeout,
                       memory=memory_mb * 1024 * 1024,
                       checks=tuple(c for c in checks.split(",") if c),
                       require_equivalence=require_equivalence)
    config.name = name
    if undecided not in ("unresolved", "unsupported"):
        raise ValueError("dealloc-conformance: undecided= must be 'unresolved' "
                         "or 'unsupported'")
    entries = None
    if baseline:
        try:
            entries = baseline_mod.load(baseline)
        except baseline_mod.BaselineError as exc:
            raise ValueError(f"dealloc-conformance: baseline {exc}") from None
    config.test_format = ConformanceFormat(
        cfg, lit.Test.UNRESOLVED if undecided == "unresolved" else lit.Test.UNSUPPORTED,
        entries)
    config.suffixes = [".mlir"]
    # Reproducers of earlier runs are not cases.
    config.excludes = ["Inputs", "lit.cfg.py", REPRODUCERS]
    config.test_source_root = os.path.abspath(
        cases or os.path.join(tools_mod.REPO, "corpus"))
    return cfg

"""The conformance corpus as a lit suite inside another project's build.

A downstream project's lit.cfg.py calls `configure()`; then each `.mlir`
file of the chosen folders (by default this checkout's corpus/) is one lit
test that runs the project's implementation on the file's cases and checks
them as `dealloc-harness conformance` does ([pipeline.conformance]):

  PASS         every case of the file was decided and conforms
  FAIL         an implementation finding (the output says which, with its
               reproducer under the suite's exec folder)
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

import lit.formats
import lit.Test

from . import check, conformance, findings, report as report_mod, tools as tools_mod
from .generate import Program
from .mlir_text import annotate_sites


class ConformanceFormat(lit.formats.FileBasedTest):
    def __init__(self, cfg, undecided=lit.Test.UNRESOLVED):
        super().__init__()
        self.cfg = cfg
        self.undecided = undecided

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        # .mlir files only, whatever a lit.local.cfg of the cases adds.
        for test in super().getTestsInDirectory(testSuite, path_in_suite,
                                                litConfig, localConfig):
            if test.getSourcePath().endswith(".mlir"):
                yield test

    def execute(self, test, lit_config):
        path = test.getSourcePath()
        out = os.path.join(os.path.dirname(test.getExecPath()), "reproducers")
        lines, failed, undecided, checked = [], False, False, 0
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
                failed = True
                entry = outcome.entry(kind, verdict)
                sig = findings.signature(entry, text)
                repro = findings.write(out, f"{os.path.basename(path)}-{sig}"[:150],
                                       entry, Program(0, checked, "memref", text),
                                       self.cfg, f"lit conformance case {name}")
                lines.append(f"  {kind} {verdict} @{entry.function}: "
                             f"{' '.join(entry.message.split())[:300]}")
                lines.append(f"  reproducer: {repro}")
            for e in report_mod.undecided_entries(name, outcome):
                undecided = True
                lines.append(f"  undecided: {e['kind']} ({e['detector']}) "
                             f"{e['function']}: {e['reason'][:300]}")
            for d in report_mod.difference_entries(name, outcome):
                lines.append(f"  differs from the reference @{d['function']}: "
                             f"{' '.join(d['message'].split())[:300]}")
        text = "\n".join(lines) + "\n"
        if failed:
            return lit.Test.FAIL, text
        if undecided:
            return self.undecided, text
        if not checked:
            return lit.Test.UNSUPPORTED, text
        return lit.Test.PASS, text


def configure(config, impl, cases=None, tools=None, checks="run,verify,equiv",
              require_equivalence=False, timeout=30.0, memory_mb=2048,
              name="dealloc-conformance", undecided="unresolved"):
    """Make `config` (a lit TestingConfig) a conformance suite: `impl` is the
    implementation command (split like a shell; the input file is appended;
    output on stdout), `cases` the folder of cases (default: this checkout's
    corpus/), `tools` the folder of dealloc-opt / dealloc-run /
    dealloc-verify (default: as dealloc-harness finds them)."""
    from .cli import UsageError, _absolute, _check_executable
    import shlex
    argv = [_absolute(a, n) for n, a in enumerate(shlex.split(impl))]
    try:
        _check_executable(argv[0])
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
    config.test_format = ConformanceFormat(
        cfg, lit.Test.UNRESOLVED if undecided == "unresolved" else lit.Test.UNSUPPORTED)
    config.suffixes = [".mlir"]
    config.excludes = ["Inputs", "lit.cfg.py"]
    config.test_source_root = os.path.abspath(
        cases or os.path.join(tools_mod.REPO, "corpus"))
    return cfg

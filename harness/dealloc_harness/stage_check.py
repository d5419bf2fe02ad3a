"""The check of one stage of the deallocation pipeline on one program that
already contains `bufferization.dealloc` (gen_stages.py).

A stage must keep the verdict of its input ([pipeline.equiv],
`dealloc-verify --stages`): `--buffer-deallocation-simplification`
([pipeline.simplify]) and `--bufferization-lower-deallocations`
([pipeline.lower]) must give a dealloc-equivalent program ([equiv.def]);
`--canonicalize` ([pipeline.canonicalize]) an equivalent one or a
refinement ([equiv.refine]), except where it folds a clone. So:

1. the input is proved (dealloc-verify) and executed (dealloc-run): its
   verdict per public function (a program safe by construction that is
   not SAFE is our bug: `input-unsafe`);
2. the stage runs (its own process, limits of process.py);
3. the output is proved and executed: a verdict that differs from the
   input's is `stage-verdict` (for canonicalize only SAFE -> violation);
4. `dealloc-verify --equiv input output`: `DIFFERENT` is `stage-different`,
   except for canonicalize where the input's replay is a violation (a
   refinement) or both replays are SAFE and the output has fewer clones
   than the input (the clone fold): those are counted, not findings.

Classes, in the order that picks an outcome's kind (kinds.STAGE): stage
findings (stage-crash, stage-timeout, stage-invalid-output, stage-verdict,
stage-different), ours (input-unsafe, tool-error), undecided (unsupported,
unknown, not-run), allowed (refinement, clone-fold), pass.
"""

import re
from dataclasses import dataclass, field

from . import process, tools as tools_mod
from .check import untemp
from .kinds import STAGE

# name -> (mlir-opt flag, relation the stage must keep, spec clause)
STAGES = {
    "buffer-deallocation-simplification": ("equivalent", "pipeline.simplify"),
    "bufferization-lower-deallocations": ("equivalent", "pipeline.lower"),
    "canonicalize": ("refinement", "pipeline.canonicalize"),
}
ALIASES = {"simplify": "buffer-deallocation-simplification",
           "simplification": "buffer-deallocation-simplification",
           "lower": "bufferization-lower-deallocations",
           "lowering": "bufferization-lower-deallocations",
           "canon": "canonicalize"}


def stage_name(text):
    """The pass name of a stage given by its name or alias, or None."""
    text = text.lstrip("-")
    return text if text in STAGES else ALIASES.get(text)


def default_impl(stage):
    return [tools_mod.MLIR_OPT, f"--{stage}"]


@dataclass
class StageConfig:
    stage: str                      # a key of STAGES
    impl: list                      # argv; the input file is appended
    tools: object                   # tools.Tools
    timeout: float = 30.0
    memory: int = process.DEFAULT_MEMORY

    @property
    def relation(self):
        relation, _ = STAGES.get(self.stage)
        return relation

    @property
    def clause(self):
        _, clause = STAGES.get(self.stage)
        return clause


@dataclass
class StageOutcome:
    kind: str
    verdict: str = ""
    function: str = ""
    detector: str = ""
    message: str = ""
    classes: list = field(default_factory=list)   # [kind, verdict, fn, detector, msg]
    not_run: list = field(default_factory=list)
    impl_output: str = ""           # the stage's output
    seconds: dict = field(default_factory=dict)
    kinds = STAGE

    def findings(self):
        """Distinct (kind, verdict) stage-finding and our-bug classes."""
        return STAGE.finding_classes(self.classes)

    def undecided(self):
        """The classes that left the program undecided (unsure checks, our
        own failures), as check.Outcome.undecided()."""
        return STAGE.unsure(self.classes)

    def entry(self, kind, verdict):
        for c in self.classes:
            if c[0] == kind and c[1] == verdict:
                return StageOutcome(*c, classes=self.classes, not_run=self.not_run,
                                    impl_output=self.impl_output, seconds=self.seconds)
        return None


def _verdicts(tools, text, label, classes, not_run):
    """{function: (verdict, tool)} of `text` from dealloc-run and
    dealloc-verify (a concrete violation outranks the proof's answer), or
    None if neither could read it; disagreements and tool failures are
    classes."""
    results = {}
    for name in ("run", "verify"):
        res = getattr(tools, name)(text)
        if res.status == "not-run":
            not_run.append(f"{name}({label})")
        elif res.status == "ok":
            results[name] = res
        elif res.status == "bad-input":
            return None, res.message
        else:
            classes.append(["tool-error", res.status, "", name,
                            f"on the {label}: {res.message}"])
    if not results:
        return {}, ""
    merged = {}
    for name in ("verify", "run"):        # run last: its violations win
        res = results.get(name)
        for fn, v in (res.verdicts.items() if res else ()):
            if v in res.vocab.violations or fn not in merged or \
                    merged[fn][0] in res.vocab.unsure:
                merged[fn] = (v, name)
    if "run" in results and "verify" in results:
        for fn, v in results["run"].violations().items():
            if results["verify"].verdicts.get(fn) == "SAFE":
                classes.append(["tool-error", "disagreement", fn, "verify",
                                f"on the {label}: dealloc-run says {v}, "
                                "dealloc-verify says SAFE"])
    return merged, _messages(results)


def _messages(results):
    return "\n".join(f"{name}: {rec.get('function', '?')}: {rec.get('verdict')} "
                     f"{rec.get('message', '')}".strip()
                     for name, res in results.items() for rec in res.records[:4])


def check_stage(text, cfg, strict=True, wanted=None):
    """Check one stage on one program; `strict`: the program is safe by
    construction. `wanted` (a kind) lets the reducer skip checks that
    cannot produce it."""
    classes, not_run = [], []
    run = process.run(cfg.impl, text, timeout=cfg.timeout, memory=cfg.memory)
    seconds = {"implementation": run.seconds}
    crash = _run_class(run)
    if crash:
        classes.append(crash)
    if crash or wanted in ("stage-crash", "stage-timeout"):
        return _outcome(classes, not_run, run.stdout, seconds)
    t = cfg.tools
    before, why = _verdicts(t, text, "input", classes, not_run)
    if before is None:
        classes.append(["unsupported", "UNSUPPORTED", "", "input",
                        f"the tools cannot read the input: {why}"])
        return _outcome(classes, not_run, run.stdout, seconds)
    vocab = t.vocabulary()
    for fn, (v, tool) in sorted(before.items()):
        if v in vocab.unsure:
            classes.append([v.lower(), v, fn, "input", "input not decided"])
        elif strict and v != "SAFE":
            classes.append(["input-unsafe", v, fn, tool,
                            "a program safe by construction is not SAFE "
                            "(a generator or tool bug)"])
    if wanted == "input-unsafe":
        return _outcome(classes, not_run, run.stdout, seconds)
    out = run.stdout
    after, why = _verdicts(t, out, "output", classes, not_run)
    if after is None:
        kind = "unsupported" if tools_mod.parses(out) else "stage-invalid-output"
        classes.append([kind, "UNSUPPORTED" if kind == "unsupported" else "unparseable",
                        "", "output", why])
        return _outcome(classes, not_run, out, seconds)
    _compare(cfg, vocab, before, after, classes)
    if wanted in (None, "stage-different"):
        _equivalence(cfg, text, out, classes, not_run)
    return _outcome(classes, not_run, out, seconds)


def _run_class(run):
    if run.status == "timeout":
        return ["stage-timeout", "timeout", "", "stage", untemp(run.stderr[-1500:])]
    if run.status in ("signal", "exit", "not-found"):
        return ["stage-crash", run.describe(), "", "stage",
                untemp(run.stderr.strip()[:1500])]
    if run.status == "huge-output":
        return ["stage-invalid-output", "huge output", "", "stage", ""]
    if not run.stdout.strip():
        return ["stage-invalid-output", "empty output", "", "stage", ""]
    return None


def _compare(cfg, vocab, before, after, classes):
    """The stage keeps the verdict of every public function."""
    for fn, (v, tool_in) in sorted(before.items()):
        w, tool_out = after.get(fn, (None, ""))
        if w is None:
            classes.append(["stage-invalid-output", "function dropped", fn, "output",
                            f"@{fn} is not a public function of the output"])
        elif v in vocab.unsure or w in vocab.unsure:
            if w in vocab.unsure:
                classes.append([w.lower(), w, fn, "output", "output not decided"])
        elif v != w and (cfg.relation == "equivalent" or v == "SAFE"):
            classes.append(["stage-verdict", f"{v} -> {w}", fn, f"{tool_in}>{tool_out}",
                            f"the stage must keep the verdict of its input "
                            f"([{cfg.clause}], [pipeline.equiv]): input {v}, "
                            f"output {w}"])


def _equivalence(cfg, text, out, classes, not_run):
    res = cfg.tools.equiv(text, out)
    if res.status == "not-run":
        not_run.append("equiv")
        return
    if res.status != "ok":
        classes.append(["tool-error", res.status, "", "equiv", res.message])
        return
    for rec in res.records:
        fn = rec.get("function", "*")
        if rec["verdict"] == "UNKNOWN":
            classes.append(["unknown", "UNKNOWN", fn, "equiv", rec.get("message", "")])
        if rec["verdict"] != "DIFFERENT":
            continue
        a, b = (rec.get(k, {}).get("verdict", "?") if isinstance(rec.get(k), dict)
                else "?" for k in ("A", "B"))
        msg = (f"dealloc-verify --equiv input output ([equiv.def], [{cfg.clause}]): "
               f"DIFFERENT on input {rec.get('input', '?')}; input {a}, output {b}. "
               + rec.get("message", ""))
        if cfg.relation == "refinement" and a in res.vocab.violations:
            classes.append(["refinement", f"{a} -> {b}", fn, "equiv", msg])
        elif cfg.relation == "refinement" and a == b == "SAFE" and \
                _clones(out) < _clones(text):
            classes.append(["clone-fold", "SAFE", fn, "equiv", msg])
        else:
            classes.append(["stage-different", f"{a} -> {b}", fn, "equiv", msg])


def _clones(text):
    return len(re.findall(r"\bbufferization\.clone\b", text))


def _outcome(classes, not_run, output, seconds):
    return StageOutcome(*STAGE.head(classes, not_run), classes=classes,
                        not_run=not_run, impl_output=output, seconds=seconds)

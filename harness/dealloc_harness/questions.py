"""The two questions a fuzz campaign (campaign.py) can ask, as plug-ins of
its one skeleton: what is generated, how one case is checked, how a finding
is named and how its reproducer is written.

  WholePipeline   `dealloc-harness fuzz`: the implementation under test
                  against the spec and the reference pipeline (check.py;
                  reproducers by findings.py)
  OneStage        `dealloc-harness fuzz --stage NAME`: one stage after the
                  ownership pass keeps the verdict of its input
                  (stage_check.py; reproducers by stage_repro.py)

A question is sent to worker processes (and Dask workers) with each task:
it holds its configuration only.
"""

import re

from . import check, findings, generate, stage_repro
from .kinds import STAGE, whole_pipeline
from .stage_check import check_stage


class _Question:
    """What both questions share: `cfg` (its `impl`, `timeout`, `memory`
    and `tools`), `kinds` (kinds.py), `mode` (report.json "mode"),
    `command` (how a reproducer's origin names the run), `family`
    (generate.program's) and `default_clause` (a finding's clause when the
    tools cite none)."""

    def program(self, seed, index):
        return generate.program(seed, index, self.family)

    def folder(self, outcome):
        """The folder of OUT a shrunk finding goes to: `reproducers` (and
        --regressions) for every finding."""
        return "reproducers"

    def lit_config(self, directory, own):
        """A lit.cfg.py that runs the reproducers: always in OUT (`own`),
        in --regressions unless it is in a lit suite already."""
        if own:
            findings.write_lit_config(directory, self.cfg.tools)
        else:
            findings.ensure_lit_config(directory, self.cfg.tools)

    def report_keys(self):
        return {}


class WholePipeline(_Question):
    mode = command = "fuzz"
    family = "pipeline"
    default_clause = ""

    def __init__(self, cfg):
        self.cfg = cfg          # check.Config
        self.kinds = whole_pipeline(cfg.require_equivalence)

    def check(self, text, level, wanted=None):
        return check.check(text, self.cfg, wanted=wanted)

    def signature(self, outcome, text):
        return findings.signature(outcome, text)

    def op_shape(self, text):
        return findings.op_shape(text)

    def save(self, directory, sig, outcome, prog, origin):
        return findings.write(directory, sig, outcome, prog, self.cfg, origin)

    def parameters(self):
        params = {"checks": list(self.cfg.checks),
                  "require_equivalence": self.cfg.require_equivalence}
        if self.cfg.free_functions:
            params["free_functions"] = list(self.cfg.free_functions)
        return params


class OneStage(_Question):
    family = "stage"

    def __init__(self, cfg):
        self.cfg = cfg          # stage_check.StageConfig
        self.kinds = STAGE
        self.mode = "fuzz-stage"
        self.command = f"fuzz --stage {cfg.stage}"
        # A stage finding cites the stage's clause if the tools cite none.
        self.default_clause = f"[{cfg.clause}]"

    def check(self, text, level, wanted=None):
        # Programs of level "stage" are safe by construction (gen_stages.py).
        return check_stage(text, self.cfg, strict=level == "stage", wanted=wanted)

    # The op-shape of a stage program: what the stage rewrites.
    SHAPE = [("alloc", r"memref\.alloc\("), ("alloca", r"memref\.alloca\("),
             ("clone", r"bufferization\.clone"), ("select", r"arith\.select .*memref"),
             ("base", r"extract_strided_metadata"),
             ("view", r"memref\.(cast|reinterpret_cast)"),
             ("retain", r"bufferization\.dealloc.* retain"),
             ("if", r"scf\.if"), ("call", r"func\.call"),
             ("twice", r"-> \(memref<4xf32>, i1, memref<4xf32>, i1\)")]
    SHORT = {"buffer-deallocation-simplification": "simplify",
             "bufferization-lower-deallocations": "lower"}

    def op_shape(self, text):
        return [tok for tok, rx in self.SHAPE if re.search(rx, text, re.M)]

    def signature(self, outcome, text):
        stage = self.SHORT.get(self.cfg.stage, self.cfg.stage)
        shape = "-".join(self.op_shape(text)) or "empty"
        return f"{stage}-{outcome.kind}-{findings._slug(outcome.verdict)}-{shape}"[:120]

    def folder(self, outcome):
        """Findings about our tools or generator go to OUT/ours (not run
        by `lit OUT`, not copied to --regressions)."""
        return "ours" if outcome.kind in self.kinds.ours else "reproducers"

    def save(self, directory, sig, outcome, prog, origin):
        return stage_repro.save(directory, sig, self.cfg, outcome, prog, origin)

    def parameters(self):
        return {"stage": self.cfg.stage}

    def report_keys(self):
        return {"stage": self.cfg.stage}

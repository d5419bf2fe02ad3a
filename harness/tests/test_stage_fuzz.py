"""Stage-level fuzzing (`fuzz --stage`): the stage inputs are valid,
deterministic and safe by construction (unless drawn sloppy); the stage check
tells refinements and clone folds from findings; seeded stage bugs (a
dropped retained value, a freed retained alias) are caught with shrunk
reproducers that run under lit."""
import re
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings

from harness_helpers import SCRIPT, TOOLS, fuzz, impl, lit
from dealloc_harness import gen_choices as ch, generate, shrink, stage_check
from dealloc_harness.gen_stages import stage_program
from dealloc_harness.tools import ToolResult, Tools

from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402
needs_tools = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-verify"]),
    reason="dealloc-run / dealloc-verify are not built (build/bin or build-*/bin)")


def parses(text):
    proc = subprocess.run([MLIR_OPT, "-", "-o", "/dev/null"], input=text,
                          capture_output=True, text=True)
    return proc.returncode == 0, proc.stderr


def test_stage_programs_are_valid_deterministic_and_cover_the_shapes():
    progs = [generate.program(4, i, "stage") for i in range(40)]
    assert [p.text for p in progs[:8]] == \
        [generate.program(4, i, "stage").text for i in range(8)]
    assert [p.text for p in progs[:8]] != \
        [generate.program(5, i, "stage").text for i in range(8)]
    seen = set()
    shapes = {"dealloc": r"bufferization\.dealloc \(", "retain": r" retain \(",
              "clone": r"bufferization\.clone", "indicator": r"-> \(memref<4xf32>, i1\)",
              "twice": r"memref<4xf32>, i1, memref<4xf32>, i1\)",
              "base": r"extract_strided_metadata", "select-ownership": r"arith\.select .* : i1",
              "same-buffer-twice": r"bufferization\.dealloc \((%\w+), \1\b",
              "dynamic-condition": r"if \([^)]*%(r|d)\d+"}
    for prog in progs:
        ok, err = parses(prog.text)
        assert ok, f"{prog.name}:\n{prog.text}\n{err}"
        seen |= {name for name, rx in shapes.items() if re.search(rx, prog.text)}
    assert seen == set(shapes), set(shapes) - seen
    assert {p.level for p in progs} == {"stage", "stage-sloppy"}
    # The whole-pipeline family is not disturbed by the stage family.
    assert generate.program(4, 0).level in ("memref", "tensor")


@needs_tools
def test_stage_programs_are_safe_by_construction():
    tools = Tools(TOOLS, use_server=False)
    strict = [p for p in (generate.program(6, i, "stage") for i in range(40))
              if p.level == "stage"][:15]
    assert len(strict) >= 10
    for prog in strict:
        res = tools.run(prog.text)
        assert res.status == "ok", res.message
        assert set(res.verdicts.values()) == {"SAFE"}, prog.text + res.message


@settings(max_examples=5, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(ch.as_strategy(stage_program()))
def test_the_stage_generator_is_a_hypothesis_strategy_too(drawn):
    text, _ = drawn
    assert parses(text)[0], text


def test_stage_programs_shrink_within_their_level():
    prog = next(p for p in (generate.program(2, i, "stage") for i in range(30))
                if p.level == "stage" and "scf.if" in p.text and len(p.text) > 2000)
    small, calls = shrink.shrink(prog, lambda t: "scf.if" in t, budget=40)
    assert small.level == "stage" and "scf.if" in small.text
    assert len(small.text) < len(prog.text) / 2 and calls <= 40
    again = generate.program_from_choices(small.seed, small.index, small.choices,
                                          tidy=small.tidy, family="stage")
    assert again.text == small.text and parses(small.text)[0]


class _Equiv:
    """Tools whose --equiv answers DIFFERENT with the given replays."""

    def __init__(self, a, b):
        self.record = {"function": "entry", "verdict": "DIFFERENT", "input": "true",
                       "A": {"verdict": a}, "B": {"verdict": b}}

    def equiv(self, text, out):
        return ToolResult("ok", verdicts={"entry": "DIFFERENT"}, records=list((self.record,)),
                          vocab=Tools(TOOLS).vocabulary())


@needs_tools
@pytest.mark.parametrize("stage,a,b,clones,kind", [
    ("canonicalize", "SAFE", "SAFE", (2, 1), "clone-fold"),
    ("canonicalize", "SAFE", "SAFE", (1, 1), "stage-different"),
    ("canonicalize", "LEAK", "SAFE", (1, 1), "refinement"),
    ("canonicalize", "SAFE", "LEAK", (2, 1), "stage-different"),
    ("buffer-deallocation-simplification", "SAFE", "SAFE", (2, 1), "stage-different"),
    ("bufferization-lower-deallocations", "LEAK", "SAFE", (1, 1), "stage-different"),
])
def test_what_a_difference_means_depends_on_the_stage(stage, a, b, clones, kind):
    cfg = stage_check.StageConfig(stage=stage, impl=[], tools=_Equiv(a, b))
    clone = "%c = bufferization.clone %a : memref<4xf32> to memref<4xf32>\n"
    classes = []
    stage_check._equivalence(cfg, clone * clones[0], clone * clones[1], classes, [])
    assert [c[0] for c in classes] == [kind]


def test_stage_names_and_aliases():
    assert stage_check.stage_name("simplify") == "buffer-deallocation-simplification"
    assert stage_check.stage_name("--bufferization-lower-deallocations") == \
        "bufferization-lower-deallocations"
    assert stage_check.stage_name("canonicalize") == "canonicalize"
    assert stage_check.stage_name("cse") is None


def test_an_unknown_stage_is_a_usage_error(tmp_path):
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "fuzz", "--stage", "cse",
                           "--out", str(tmp_path / "out"), "-q"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "--stage 'cse': expected one of" in proc.stderr


def _caught(tmp_path, name, stage, verdicts):
    rc, rep = fuzz(tmp_path, f"{impl(name)} --{stage}", "--stage", stage,
                   "--count", "40", "--seed", "0", "--stop-after", "1",
                   "--shrink-budget", "25", "--shrink-per-class", "1")
    assert rc == 1, rep
    hits = [f for f in rep["findings"] if f["kind"] == "stage-verdict"
            and f["verdict"].split(" -> ")[1] in verdicts]
    assert hits, rep["findings"]
    assert all(f["verdict"].startswith("SAFE -> ") for f in hits)
    ok, out = lit([f["reproducer"] for f in rep["findings"]])
    assert ok, out
    return hits


@needs_tools
def test_a_dropped_retained_value_is_caught(tmp_path):
    _caught(tmp_path, "stage_drop_retained", "buffer-deallocation-simplification",
            {"USE_AFTER_FREE", "DOUBLE_FREE", "ABI_VIOLATION"})


@needs_tools
def test_a_freed_retained_alias_is_caught(tmp_path):
    _caught(tmp_path, "stage_free_retained", "bufferization-lower-deallocations",
            {"USE_AFTER_FREE", "DOUBLE_FREE", "ABI_VIOLATION"})


@needs_tools
def test_the_unchanged_stage_passes_where_upstream_is_right(tmp_path):
    """The fakes without their damage (`stage_bug.py` runs the pass on the
    input as is) find nothing on the programs the seeded bugs were caught
    on: the findings above are the damage's."""
    rc, rep = fuzz(tmp_path, f"{impl('stage_bug')} --canonicalize", "--stage",
                   "canonicalize", "--count", "3", "--seed", "0")
    assert rep["programs"] == 3
    assert not [f for f in rep["findings"] if f["kind"] == "stage-verdict"], rep


needs_reference = pytest.mark.skipif(
    not (TOOLS["dealloc-run"] and TOOLS["dealloc-verify"] and TOOLS["dealloc-opt"]),
    reason="dealloc-run / dealloc-verify / dealloc-opt (reference passes) not built")


@needs_reference
@pytest.mark.parametrize("stage,flag", [
    ("bufferization-lower-deallocations", "--reference-lower-deallocations"),
    ("buffer-deallocation-simplification", "--reference-split-deallocations"),
])
def test_the_reference_stages_conform(tmp_path, stage, flag):
    """No false alarm: the reference lowering (the spec's meaning, literally)
    and the reference split pass keep every verdict and are equivalent on
    the generated stage inputs, which are SAFE by construction."""
    rc, rep = fuzz(tmp_path, f"{TOOLS['dealloc-opt']} {flag}", "--stage", stage,
                   "--count", "25", "--seed", "3")
    assert rep["programs"] == 25
    assert not rep["findings"], rep
    assert rc == 0, rep


def _sleep_then(seconds):
    import time
    time.sleep(seconds)
    return seconds


def test_a_closed_pool_leaves_no_thread_for_interpreter_exit():
    """The cause of the `OSError: [Errno 9] Bad file descriptor` traceback
    at the end of -j N campaigns (scheduler.py's LocalProcesses): after
    close(), also with a check still running (--stop-after), the pool's
    manager thread has finished and closed its wake-up pipe, so
    concurrent.futures' exit handler has nothing to wake."""
    import threading
    from dealloc_harness import scheduler
    ex = scheduler.LocalProcesses(2)
    done = ex.submit(_sleep_then, 0)
    ex.result(done)
    running = ex.submit(_sleep_then, 60)
    manager = ex.pool._executor_manager_thread
    wakeup = ex.pool._executor_manager_thread_wakeup
    ex.close()
    assert not manager.is_alive()
    assert wakeup._closed
    assert running.done()
    assert not [t for t in threading.enumerate() if "Executor" in type(t).__name__]


@needs_tools
def test_a_parallel_stage_campaign_exits_without_a_traceback(tmp_path):
    """A -j 2 stage campaign, stopped after its first finding while checks
    are under way, writes nothing to stderr but its progress: no traceback
    at exit."""
    proc = subprocess.run(
        ["/usr/bin/python3", SCRIPT, "fuzz", "--stage", "simplify", "--impl",
         f"{impl('stage_drop_retained')} --buffer-deallocation-simplification",
         "--count", "12", "--seed", "0", "-j", "2", "--stop-after", "1",
         "--shrink-budget", "5", "-q", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, \
        proc.stderr
    assert "Errno" not in proc.stderr, proc.stderr

"""The shrinker's post-pass: shrunk programs keep no dead constants and no
dead private functions or globals, unless the finding needs them; the tidied
text replays from the choice buffer and the mode."""
import subprocess

from dealloc_harness import generate, shrink, tidy

from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402

TEXT = """module {
  memref.global "private" @g0 : memref<4xf32> = dense<0.0>
  memref.global "private" @g1 : memref<4xf32> = dense<0.0>
  func.func private @decl0(memref<4xf32>) -> ()
  func.func private @priv1(%arg0: memref<4xf32>) -> () {
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    func.call @decl0(%arg0) : (memref<4xf32>) -> ()
    %x = memref.load %arg0[%c10] : memref<4xf32>
    return
  }
  func.func @entry() -> (memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %cst = arith.constant 1.0 : f32
    %g = memref.get_global @g1 : memref<4xf32>
    %w:2 = scf.while (%a = %g, %i = %c1) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
      %b = arith.constant true
      scf.condition(%b) %a, %i : memref<4xf32>, index
    } do {
    ^bb0(%a2: memref<4xf32>, %i2: index):
      scf.yield %a2, %i2 : memref<4xf32>, index
    }
    return %w#0 : memref<4xf32>
  }
}
"""


def parses(text):
    return subprocess.run([MLIR_OPT, "-", "-o", "/dev/null"], input=text,
                          capture_output=True, text=True).returncode == 0


def test_tidy_removes_dead_constants_and_private_symbols_transitively():
    consts, syms = tidy.dead_code(TEXT)
    assert consts == ["%c1 = arith.constant 1 : index",
                      "%cst = arith.constant 1.0 : f32"]
    assert [s.split("(")[0] for s in syms] == [
        'memref.global "private" @g0 : memref<4xf32> = dense<0.0>'.split("(")[0],
        "func.func private @priv1"]
    out = tidy.tidy(TEXT)
    assert tidy.dead_code(out) == ([], [])
    # @decl0 was called only from the dead @priv1; %c1 of @entry is used by
    # the loop, %c10 of @priv1 went with @priv1; %b is used.
    for gone in ("@g0", "@priv1", "@decl0", "%cst"):
        assert gone not in out
    for kept in ("@g1", "%c1 = arith.constant 1", "%b = arith.constant true"):
        assert kept in out
    assert parses(TEXT) and parses(out)


def test_tidy_modes():
    only_consts = tidy.tidy(TEXT, "constants")
    assert "@priv1" in only_consts and "%cst" not in only_consts
    assert "%c1 = arith.constant 1 : index\n    %c10" not in only_consts
    only_syms = tidy.tidy(TEXT, "symbols")
    assert "@priv1" not in only_syms and "%cst" in only_syms
    assert tidy.tidy(TEXT, "") == TEXT
    assert tidy.tidy(tidy.tidy(TEXT, "constants"), "symbols") == tidy.tidy(TEXT)


def _program_with(pred, level="memref", seeds=range(40)):
    return next(p for p in (generate.program(7, i) for i in seeds)
                if p.level == level and pred(p.text))


def test_shrunk_programs_have_no_dead_code():
    # A program whose scf.for is not only in dead code (else tidying would
    # lose the property and the shrinker keeps the dead code it needs).
    prog = _program_with(lambda t: "scf.for" in tidy.tidy(t) and "func.call" in t)
    small, calls = shrink.shrink(prog, lambda t: "scf.for" in t, budget=40)
    assert calls <= 40 and "scf.for" in small.text
    assert tidy.dead_code(small.text) == ([], []), small.text
    assert small.tidy == "all" and parses(small.text)
    # The record (choices + mode) replays to the same text.
    again = generate.program_from_choices(small.seed, small.index, small.choices,
                                          tidy=small.tidy)
    assert again.text == small.text


def test_tidying_keeps_what_the_finding_needs():
    prog = _program_with(lambda t: "func.func private @decl" in t)
    decl = "@" + prog.text.split("func.func private @")[1].split("(")[0]

    def needs_decl(text):   # e.g. a crash on a declaration nobody calls
        return f"func.func private {decl}" in text

    small, _ = shrink.shrink(prog, needs_decl, budget=30)
    assert f"func.func private {decl}" in small.text
    assert tidy.dead_code(small.text)[0] == []      # constants still go
    assert small.tidy in ("constants", "all")


def test_zero_budget_changes_nothing():
    prog = generate.program(7, 0)
    small, calls = shrink.shrink(prog, lambda t: True, budget=0)
    assert calls == 0 and small.text == prog.text and small.tidy == ""


def test_a_finding_record_replays_to_its_tidied_text(tmp_path):
    import json
    from types import SimpleNamespace
    from dealloc_harness import findings
    prog = _program_with(lambda t: "scf.if" in t)
    small, _ = shrink.shrink(prog, lambda t: "scf.if" in t, budget=20)
    assert small.tidy
    outcome = SimpleNamespace(kind="impl-crash", verdict="exit code 1",
                              function="", detector="", message="")
    cfg = SimpleNamespace(impl=["x"], memory=2048 * 1024 * 1024, timeout=30.0)
    path = findings.write(str(tmp_path), "sig", outcome, small, cfg, "test")
    with open(path[:-len(".mlir")] + ".json") as f:
        rec = json.load(f)
    again = generate.program_from_choices(rec["seed"], rec["index"],
                                          bytes.fromhex(rec["choices"]),
                                          tidy=rec["tidy"])
    assert again.text == rec["text"] == small.text

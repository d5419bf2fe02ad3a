"""Implementations as users write them (issue 37): a wrapper's exit status
128+N is signal N (same verdict, a retrying reproducer), the
implementation's stderr is kept, a shell operator in --impl is a usage
error that says why (--impl-shell runs a script), and an implementation
whose own parser or verifier refuses the input is `input-rejected`
(undecided), not an invalid output."""
import os
import subprocess

import pytest

from dealloc_harness import check, cli, findings, kinds, options, process
from harness_helpers import HARNESS_DIR, SCRIPT

RETRY = os.path.join(HARNESS_DIR, "dealloc_harness", "retry.py")
MLIR19 = "/usr/lib/llvm-19/bin/mlir-opt"


def _run(status, code, stderr="", stdout=""):
    return process.RunResult(status=status, returncode=code, stdout=stdout,
                             stderr=stderr, seconds=0.0)


def test_exit_128_plus_n_through_a_wrapper_is_signal_n():
    direct = check._impl_class(_run("signal", -11))
    wrapped = check._impl_class(_run("exit", 139, "Segmentation fault"))
    assert direct == wrapped == ("impl-crash", "killed by signal SIGSEGV")
    assert check._impl_class(_run("exit", 134)) == ("impl-crash", "killed by signal SIGABRT")
    assert check._impl_class(_run("exit", 1)) == ("impl-crash", "exit code 1")
    assert check._impl_class(_run("exit", 255)) == ("impl-crash", "exit code 255")


def test_a_wrapped_crash_reproducer_retries_until_the_crash(tmp_path):
    wrapper = tmp_path / "wrapper.sh"
    wrapper.write_text("#!/bin/sh\nsh -c 'kill -SEGV $$'\nexit $?\n")
    wrapper.chmod(0o755)
    assert subprocess.run([str(wrapper)]).returncode == 139
    out = check.Outcome(kind="impl-crash", verdict="killed by signal SIGSEGV")
    [run], _ = findings.run_lines(out, str(wrapper))
    assert "--until-crash" in run
    rc = subprocess.run(["/usr/bin/python3", RETRY, "--tries", "2", "--until-crash",
                         str(wrapper)]).returncode
    assert rc == 0
    rc = subprocess.run(["/usr/bin/python3", RETRY, "--tries", "1", "--until-error",
                         str(wrapper)], capture_output=True).returncode
    assert rc == 1


def test_the_implementations_stderr_is_kept_capped_in_the_finding(tmp_path):
    stderr = "error: the real reason\n" + "x" * 10000 + "\nlast frame"
    kept = check.kept_stderr(stderr)
    assert kept.startswith("error: the real reason") and kept.endswith("last frame")
    assert len(kept) <= check.STDERR_KEPT + 10
    out = check.Outcome(kind="impl-invalid-output", verdict="missing public function",
                        function="f", detector="interface", message="@f is missing",
                        impl_stderr="my-opt: Segmentation fault")
    assert findings.entry(out, "s", "/r.mlir")["stderr"] == "my-opt: Segmentation fault"
    assert out.entry is not None


@pytest.mark.parametrize("impl,bad", [("mlir-opt --x | my-fix", "'|'"),
                                      ("mlir-opt --x > out.mlir", "'>'"),
                                      ("mlir-opt --x && true", "'&&'")])
def test_a_shell_operator_in_impl_is_a_usage_error_that_says_why(impl, bad):
    with pytest.raises(options.UsageError) as exc:
        options.implementation_argv(impl, None)
    assert bad in str(exc.value) and "without a shell" in str(exc.value)
    assert "--impl-shell" in str(exc.value)


def test_impl_shell_runs_a_pipeline_with_the_input_as_dollar_1(tmp_path):
    argv = options.implementation_argv(None, 'cat "$1" | tr a b')
    assert argv[1:4] == ["-o", "pipefail", "-c"]
    res = process.run(argv, "aaa\n", timeout=30)
    assert res.ok and res.stdout == "bbb\n"
    failing = options.implementation_argv(None, 'sh -c "kill -SEGV \\$\\$"; cat "$1" | cat')
    assert process.run(failing, "x", timeout=30).ok    # a later command decides
    crash = options.implementation_argv(None, 'sh -c "kill -SEGV \\$\\$" | cat "$1"')
    res = process.run(crash, "x", timeout=30)
    assert check._impl_class(res) == ("impl-crash", "killed by signal SIGSEGV")
    with pytest.raises(options.UsageError, match='"\\$1"'):
        options.implementation_argv(None, "cat | tr a b")
    with pytest.raises(options.UsageError, match="exclude each other"):
        options.implementation_argv("cat", 'cat "$1"')


def test_a_parse_error_of_the_implementation_is_input_rejected():
    run = _run("exit", 1, "in.mlir:3:43: error: expected '{' to begin a region\n"
               "  %r = scf.execute_region -> memref<?xf32> no_inline {\n")
    cfg = check.Config(impl=["/bin/false"], tools=None)
    kind, verdict = check._impl_class(run, check.input_rejection(cfg, ""))
    assert (kind, verdict) == ("input-rejected",
                               "does not accept the input: expected '{' to begin a region")
    assert "input-rejected" in kinds.UNDECIDED
    pass_error = _run("exit", 1, "in.mlir:3:4: error: rejects_input: cannot deallocate "
                      "'memref.alloc' (1 in the module)\n")
    assert check._impl_class(pass_error, check.input_rejection(cfg, ""))[0] == \
        "impl-rejected"


NEWER_SYNTAX = """func.func @f(%n: index) -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %t = bufferization.to_tensor %0 restrict : memref<4xf32> to tensor<4xf32>
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  return %m : memref<4xf32>
}
"""


@pytest.mark.skipif(not os.path.exists(MLIR19), reason="MLIR 19's mlir-opt not installed")
def test_mlir19_refusing_newer_syntax_is_input_rejected_not_invalid_output():
    cfg = check.Config(impl=[MLIR19, "--buffer-deallocation-pipeline"], tools=None)
    run = process.run(cfg.impl, NEWER_SYNTAX, timeout=60)
    assert run.status == "exit"
    kind, verdict = check._impl_class(run, check.input_rejection(cfg, NEWER_SYNTAX))
    assert kind == "input-rejected", (kind, verdict, run.stderr)


def test_report_json_into_a_closed_pipe_is_not_a_traceback(tmp_path):
    from test_report import sample
    from dealloc_harness import report
    rep = sample()
    rep["errors"] = [f"program {n}: generation failed" for n in range(20000)]
    report.write(str(tmp_path), rep)      # far more than a pipe holds
    proc = subprocess.run(f"/usr/bin/python3 {SCRIPT} report --json {tmp_path} | head -1",
                          shell=True, capture_output=True, text=True, timeout=60)
    assert proc.stdout == "{\n" and "Traceback" not in proc.stderr, proc.stderr


def test_a_relative_tools_folder_is_made_absolute(tmp_path, monkeypatch):
    """The tools run in a temporary folder: `--tools build/bin` must not
    turn every check into not-run."""
    from dealloc_harness import tools
    (tmp_path / "bin").mkdir()
    tool = tmp_path / "bin" / "dealloc-run"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    assert tools.locate("bin")["dealloc-run"] == str(tool)


@pytest.mark.skipif(not __import__("harness_helpers").TOOLS["dealloc-run"],
                    reason="dealloc-run is not built")
def test_the_implementation_line_keeps_shell_quoting(tmp_path):
    from harness_helpers import REPO
    out = tmp_path / "out"
    case = os.path.join(REPO, "corpus", "pipeline", "conformance-case.mlir")
    assert cli.main(["conformance", "-q", "--checks", "run", "--impl",
                     "sh -c 'exit 3'", "--out", str(out), case]) == 1
    md = (out / "report.md").read_text()
    assert "- implementation: `sh -c 'exit 3'`" in md, md
    [finding] = __import__("json").loads((out / "report.json").read_text())["findings"]
    assert "// implementation: sh -c 'exit 3'\n" in open(finding["reproducer"]).read()


def test_calls_of_a_runtime_free_function_read_as_memref_dealloc():
    from dealloc_harness import free_calls
    text = ("module {\n  func.func private @rt_free(memref<4xf32>)\n"
            "  func.func @f() {\n    %0 = memref.alloc() : memref<4xf32>\n"
            "    func.call @rt_free(%0) : (memref<4xf32>) -> ()\n"
            "    call @rt_free(%0) : (memref<4xf32, strided<[1], offset: ?>>) -> ()\n"
            "    %r = func.call @rt_free(%0) : (memref<4xf32>) -> i32\n"
            "    return\n  }\n}\n")
    out = free_calls.rewrite(text, ["rt_free"])
    assert "    memref.dealloc %0 : memref<4xf32>\n" in out
    assert "memref.dealloc %0 : memref<4xf32, strided<[1], offset: ?>>" in out
    assert "%r = func.call @rt_free" in out          # a result: left alone
    assert "func.func private @rt_free" in out       # still used: kept
    alone = free_calls.rewrite(text.replace(
        "    %r = func.call @rt_free(%0) : (memref<4xf32>) -> i32\n", ""), ["rt_free"])
    assert "@rt_free" not in alone
    assert free_calls.rewrite(text, []) == text


@pytest.mark.skipif(not (__import__("harness_helpers").TOOLS["dealloc-run"] and
                         __import__("harness_helpers").TOOLS["dealloc-opt"]),
                    reason="dealloc-run / dealloc-opt not built")
def test_a_declared_runtime_free_function_is_checked_like_memref_dealloc(tmp_path):
    import json
    from harness_helpers import REPO, impl, lit
    case = os.path.join(REPO, "corpus", "pipeline", "conformance-case.mlir")
    runtime = impl("runtime_free")

    def conformance(out, *extra):
        rc = cli.main(["conformance", "-q", "--checks", "run", "--impl", runtime,
                       "--out", str(out), *extra, case])
        return rc, json.loads((out / "report.json").read_text())
    rc, rep = conformance(tmp_path / "plain")
    assert rc == 1 and {f["verdict"] for f in rep["findings"]} == {"LEAK"}, rep
    rc, rep = conformance(tmp_path / "declared", "--free-function", "rt_free")
    assert rc == 0 and rep["parameters"]["free_functions"] == ["rt_free"], rep


def test_a_reproducer_reads_the_output_as_the_harness_did(tmp_path):
    from dealloc_harness import generate
    cfg = check.Config(impl=["/usr/bin/python3", "x.py"], tools=None,
                       free_functions=("rt_free",))
    out = check.Outcome(kind="impl-unsafe", verdict="LEAK", function="f", detector="run",
                        message="clause: [heap.leak]")
    path = findings.write(str(tmp_path), "sig", out,
                          generate.Program(0, 0, "memref", "func.func @f() { return }\n"),
                          cfg, "test")
    assert "x.py %s | %python %repo/harness/dealloc_harness/free_calls.py rt_free " \
        "> %t.mlir\n" in open(path).read()

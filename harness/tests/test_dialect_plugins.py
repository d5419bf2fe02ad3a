"""--load-dialect-plugin LIB: a downstream dialect's library reaches upstream
mlir-opt (the default implementation and the parse checks) and every tool
run, so a program with its ops is checked instead of skipped as unreadable;
a library that does not exist is a usage error (exit 2). The library used is
the project's test plugin (dialect `dealloc_test`: ops no tool models)."""
import json
import os
import subprocess

import pytest

from harness_helpers import SCRIPT, TOOLS
from dealloc_harness import findings, toolclient, tools as tools_mod

PLUGIN = os.path.join(os.path.dirname(os.path.dirname(TOOLS["dealloc-run"] or "/")),
                      "lib", "DeallocTestPlugin.so")
needs_plugin = pytest.mark.skipif(not os.path.isfile(PLUGIN),
                                  reason="the test plugin is not built")

PROGRAM = """func.func @norm(%x: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %s = dealloc_test.pure_opaque %x : f32
  memref.store %s, %a[%c0] : memref<4xf32>
  return %a : memref<4xf32>
}
"""


def test_plugin_arguments_come_from_the_environment(monkeypatch, tmp_path):
    # setenv records the variable, so whatever the test sets is undone
    # (delenv of an unset variable records nothing).
    monkeypatch.setenv(toolclient.PLUGINS_ENV, "")
    assert toolclient.dialect_plugin_args() == []
    lib = tmp_path / "libmine.so"
    lib.write_text("")
    assert toolclient.set_dialect_plugins([str(lib)]) == [str(lib)]
    assert toolclient.dialect_plugin_args() == [f"--load-dialect-plugin={lib}"]
    assert toolclient.mlir_opt_argv("-o", "x")[1:] == \
        [f"--load-dialect-plugin={lib}", "-o", "x"]
    with pytest.raises(ValueError, match="no such file: .*missing.so"):
        toolclient.set_dialect_plugins([str(tmp_path / "missing.so")])


@needs_plugin
def test_tools_and_parse_checks_take_the_plugin(monkeypatch):
    # setenv records the variable, so whatever the test sets is undone
    # (delenv of an unset variable records nothing).
    monkeypatch.setenv(toolclient.PLUGINS_ENV, "")
    tools = tools_mod.Tools(TOOLS)
    assert not tools_mod.parses(PROGRAM)
    assert tools.run(PROGRAM).status != "ok"
    toolclient.set_dialect_plugins([PLUGIN])
    assert not tools.serving
    assert tools_mod.parses(PROGRAM)
    for res in (tools.run(PROGRAM), tools.verify(PROGRAM)):
        assert res.status == "ok", res.message
        assert [(r["verdict"], r["op"]) for r in res.records] == \
            [("UNSUPPORTED", "dealloc_test.pure_opaque")]


def conformance(tmp_path, *extra):
    cases = tmp_path / "cases"
    cases.mkdir(exist_ok=True)
    (cases / "opaque.mlir").write_text(PROGRAM)
    out = tmp_path / f"out{len(extra)}"
    env = {k: v for k, v in os.environ.items() if k != toolclient.PLUGINS_ENV}
    proc = subprocess.run(["/usr/bin/python3", SCRIPT, "conformance", "-q", *extra,
                           str(cases), "--out", str(out)], capture_output=True,
                          text=True, timeout=600, env=env)
    return proc, out


@needs_plugin
def test_conformance_checks_a_program_of_the_plugins_dialect(tmp_path):
    proc, out = conformance(tmp_path, "--load-dialect-plugin", PLUGIN)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    rep = json.loads((out / "report.json").read_text())
    assert rep["programs"] == 1 and rep["parameters"]["skipped"] == {}
    assert f"--load-dialect-plugin={PLUGIN}" in rep["parameters"]["impl"]
    assert "dealloc_test.pure_opaque" in proc.stdout
    # Without the library the program is unreadable: skipped, nothing checked.
    proc, out = conformance(tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "does not parse" in proc.stdout


def test_a_missing_plugin_is_a_usage_error(tmp_path):
    proc, _ = conformance(tmp_path, "--load-dialect-plugin",
                          str(tmp_path / "missing.so"))
    assert proc.returncode == 2
    assert "--load-dialect-plugin: no such file:" in proc.stderr


def test_reproducers_load_the_plugins_in_their_own_tool_runs(monkeypatch, tmp_path):
    # A finding's RUN lines read its program with the plugins the campaign
    # loaded (else the plugin's ops are unregistered there and the
    # reproducer tests something else); the implementation's own command
    # is left as the campaign ran it.
    monkeypatch.setenv(toolclient.PLUGINS_ENV, "")
    impl = "mlir-opt --load-dialect-plugin=/x/lib.so --buffer-deallocation-pipeline"
    runs = [f"RUN: {impl} %s > %t.mlir", "RUN: not dealloc-verify %t.mlir | FileCheck %s",
            "RUN: not mlir-opt %t.mlir -o /dev/null"]
    assert findings.with_dialect_plugins(runs, impl) == runs
    lib = tmp_path / "libmine.so"
    lib.write_text("")
    toolclient.set_dialect_plugins([str(lib)])
    flag = f"--load-dialect-plugin={lib}"
    assert findings.with_dialect_plugins(runs, impl) == [
        f"RUN: {impl} %s > %t.mlir",
        f"RUN: not dealloc-verify {flag} %t.mlir | FileCheck %s",
        f"RUN: not mlir-opt {flag} %t.mlir -o /dev/null"]

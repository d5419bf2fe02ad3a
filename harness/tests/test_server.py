"""dealloc-check (one process, many tool runs) answers exactly what the
standalone tools answer; a crashing job, a crashing or stuck server and a job
over its time limit cost only that job, which falls back to its own process
and is counted."""
import json
import os
import subprocess

import pytest

from dealloc_harness import check, generate, process, server, tools
from harness_helpers import TOOLS

CHECK = TOOLS.get("dealloc-check")
needs_check = pytest.mark.skipif(
    not CHECK, reason="dealloc-check is not built next to dealloc-opt, "
    "dealloc-run and dealloc-verify")

LOOP_FOREVER = """func.func @spin() {
  scf.while : () -> () {
    %true = arith.constant true
    scf.condition(%true)
  } do {
    scf.yield
  }
  return
}
"""


def serving_and_plain():
    return (tools.Tools(TOOLS, verify_timeout_ms=20000, use_server=True),
            tools.Tools(TOOLS, verify_timeout_ms=20000, use_server=False))


def same(x, y):
    """Same status, exit code and verdict records; file paths in locations
    may differ by the temporary directory of a tool process, which the
    harness drops from every message (check.untemp)."""
    def key(r):
        return (r.status, r.exit, check.untemp(json.dumps(r.records, sort_keys=True)))
    return key(x) == key(y)


def jobs(lines, *args, timeout=300):
    """Run dealloc-check on request objects; its answers."""
    proc = subprocess.run([CHECK, *args], input="".join(json.dumps(x) + "\n"
                                                        for x in lines),
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(x) for x in proc.stdout.splitlines()]


def crashed(result):
    """Did a standalone tool run end by a signal (a crash in the libraries)?"""
    if isinstance(result, process.RunResult):
        return result.status == "signal"
    return result.status == "error" and result.message.startswith("killed by signal")


@needs_check
def test_jobs_answer_what_the_standalone_tools_answer():
    served, plain = serving_and_plain()
    assert served.serving and not plain.serving
    programs = [generate.program(4, i) for i in range(6)]
    assert {p.level for p in programs} == {"memref", "tensor"}
    crashes = 0     # a job that crashes falls back to the standalone tool
    for prog in programs:
        a, b = served.reference(prog.text), plain.reference(prog.text)
        assert (a.status, a.returncode, a.stdout) == (b.status, b.returncode, b.stdout)
        crashes += crashed(b)
        impl = process.run([tools.MLIR_OPT,
                            "--buffer-deallocation-pipeline"], prog.text)
        for text in (a.stdout,) + ((impl.stdout,) if impl.ok else ()):
            for name in ("run", "verify"):
                x, y = getattr(served, name)(text), getattr(plain, name)(text)
                assert same(x, y), (name, x, y)
                crashes += crashed(y)
        if impl.ok:
            x, y = served.equiv(impl.stdout, a.stdout), plain.equiv(impl.stdout, a.stdout)
            assert same(x, y), (x, y)
            crashes += crashed(y)
    assert sum(server.take_fallbacks().values()) == crashes
    server.close_all()


@needs_check
def test_bad_requests_and_unreadable_inputs_get_answers_in_order():
    answers = jobs([{"id": 1, "tool": "verify", "inputs": ["func.func @f( {"],
                     "names": ["bad.mlir"]},
                    {"id": 2, "tool": "frobnicate", "inputs": []},
                    {"id": 3, "tool": "run", "inputs": [LOOP_FOREVER],
                     "options": {"max_steps": 1000}}])
    assert [a["id"] for a in answers] == [1, 2, 3]
    assert answers[0]["status"] == "exit" and answers[0]["exit"] == 3
    assert "bad.mlir:1:" in answers[0]["stderr"]
    assert answers[1]["status"] == "bad-request" and answers[1]["exit"] == 3
    assert "<stdin>:2: error: bad request" in answers[1]["stderr"]
    assert answers[2]["exit"] == 2 and "UNKNOWN" in answers[2]["stdout"]


UNREGISTERED = """func.func @custom_op() {
  %a = memref.alloc() : memref<2xf32>
  "downstream.frob"(%a) : (memref<2xf32>) -> ()
  memref.dealloc %a : memref<2xf32>
  return
}
"""


@needs_check
def test_an_op_of_an_unregistered_dialect_is_unsupported_in_every_tool():
    """Readable input: verify, equiv and run jobs answer UNSUPPORTED/UNKNOWN
    with exit 2 as the standalone tools do; dealloc-opt (reference) rejects it
    at parse time with its exit 1."""
    served, plain = serving_and_plain()
    for name in ("run", "verify"):
        x, y = getattr(served, name)(UNREGISTERED), getattr(plain, name)(UNREGISTERED)
        assert same(x, y), (name, x, y)
    answers = jobs([{"id": k, "tool": tool, "inputs": [UNREGISTERED] * n}
                    for k, (tool, n) in enumerate(
                        [("verify", 1), ("equiv", 2), ("run", 1), ("reference", 1)])])
    assert [a["exit"] for a in answers] == [2, 2, 2, 1], answers
    assert "UNSUPPORTED" in answers[0]["stdout"] and "downstream.frob" in answers[0]["stdout"]
    assert "UNKNOWN" in answers[1]["stdout"]
    assert "UNSUPPORTED" in answers[2]["stdout"]
    server.close_all()


@needs_check
def test_a_crashing_job_and_a_job_over_time_cost_only_themselves():
    ok = {"id": 2, "tool": "run", "inputs": [LOOP_FOREVER], "options": {"max_steps": 10}}
    # A job that needs more memory than its limit (a copy of its 48 MiB
    # input) crashes; the next job does not notice.
    huge = LOOP_FOREVER + "// " + "x" * (48 << 20) + "\n"
    crash = jobs([{"id": 1, "tool": "verify", "inputs": [huge],
                   "options": {"memory_mb": 32}}, ok])
    assert crash[0]["status"] == "signal" and crash[0]["exit"] < 0
    assert crash[1]["status"] == "exit" and crash[1]["exit"] == 2
    slow = jobs([{"id": 1, "tool": "run", "inputs": [LOOP_FOREVER],
                  "options": {"max_steps": 10 ** 15}}, ok], "--job-timeout", "2")
    assert slow[0]["status"] == "timeout"
    assert slow[1]["status"] == "exit" and slow[1]["exit"] == 2


SAFE = """func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
"""
FAKE_SERVER = """#!/usr/bin/python3
import sys, time
mode = {mode!r}
for line in sys.stdin:
    if mode == "die":
        sys.exit(1)
    time.sleep(60)
"""


@pytest.mark.skipif(not TOOLS["dealloc-run"], reason="dealloc-run is not built")
def test_a_lost_server_falls_back_to_a_process_and_is_counted(tmp_path):
    fake = tmp_path / "dealloc-check"
    fake.write_text(FAKE_SERVER.format(mode="die"))
    os.chmod(fake, 0o755)
    paths = dict(TOOLS, **{"dealloc-check": str(fake)})
    served = tools.Tools(paths, use_server=True)
    plain = tools.Tools(paths, use_server=False)
    server.take_fallbacks()
    x, y = served.run(SAFE), plain.run(SAFE)
    assert x.status == "ok" and same(x, y)
    assert server.take_fallbacks() == {"server lost": 1}
    for _ in range(server.Pool.MAX_LOSSES):
        served.run(SAFE)
    assert server.take_fallbacks() == {"server lost": 2,
                                       "servers keep failing: processes only": 1}
    server.close_all()


def test_a_job_over_its_time_limit_is_a_timeout_and_the_server_is_replaced(
        tmp_path, monkeypatch):
    fake = tmp_path / "dealloc-check"
    fake.write_text(FAKE_SERVER.format(mode="hang"))
    os.chmod(fake, 0o755)
    monkeypatch.setattr(server, "GRACE", 0.2)
    first = server.call(str(fake), "run", [SAFE], ["input.mlir"], {},
                        ["/bin/false"], timeout=1)
    assert first.status == "timeout" and "killed after 1 s" in first.stderr
    assert server.take_fallbacks() == {}
    pool = server._pool(str(fake), 1, process.DEFAULT_MEMORY)
    assert [s.proc for s in pool.all] == [None]     # killed; restarted on demand
    server.close_all()

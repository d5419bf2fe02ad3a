"""Faults a CI causes (issue 40): SIGTERM at any moment, a full disk under
--out, an implementation that leaves a process behind, hostile
dealloc-check requests. No report is lost or half-written, no process
outlives the harness, the server answers every line and stays up.

Processes are told apart by a tag in their environment (every child of the
harness inherits it): none may carry it once the harness has ended."""
import errno
import json
import os
import random
import signal
import subprocess
import time
import uuid

import pytest

from harness_helpers import SCRIPT, TOOLS, impl
from test_server import LOOP_FOREVER as SPIN
from dealloc_harness import atomicio, process

needs_run = pytest.mark.skipif(not TOOLS["dealloc-run"], reason="dealloc-run is not built")
CHECK = TOOLS.get("dealloc-check")
needs_check = pytest.mark.skipif(not CHECK, reason="dealloc-check is not built")


def _tagged_env():
    tag = f"DEALLOC_FAULTS_TAG={uuid.uuid4().hex}"
    env = dict(os.environ)
    key, value = tag.split("=")
    env[key] = value
    return env, tag.encode()


def _tagged(tag):
    """Pids of live (not zombie) processes whose environment holds `tag`."""
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read()
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if tag in env.split(b"\0") and state != "Z":
            out.append(int(pid))
    return out


def _none_left(tag, limit=30):
    deadline = time.monotonic() + limit
    while _tagged(tag) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _tagged(tag)
    for pid in left:        # do not leave them to the next test
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return left


def _fuzz(out, env, *extra, impl_name="drop_all_deallocs"):
    return subprocess.Popen(
        ["/usr/bin/python3", SCRIPT, "fuzz", "-q", "--impl", impl(impl_name),
         "--checks", "run", "--out", str(out), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


# -- SIGTERM ---------------------------------------------------------------

@needs_run
@pytest.mark.parametrize("moment", range(3))
def test_sigterm_at_a_seeded_moment_leaves_a_whole_report_and_no_process(tmp_path, moment):
    """kill -TERM of the harness's own process (how CI runners stop a job)
    during `fuzz -j 2`: the report is written, marked interrupted, with
    every finding class saved in raw/; exit code that of the report;
    no worker, server or implementation process is left."""
    delay = random.Random(40 + moment).uniform(0.0, 6.0)
    env, tag = _tagged_env()
    out = tmp_path / "out"
    proc = _fuzz(out, env, "--count", "500", "-j", "2")
    deadline = time.monotonic() + 300
    while not out.is_dir() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(delay)
    assert proc.poll() is None, "the campaign ended before the SIGTERM"
    proc.send_signal(signal.SIGTERM)
    if moment == 2:
        # A second signal while the campaign shuts down changes nothing.
        time.sleep(0.3)
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=600)
    rep = json.loads((out / "report.json").read_text())
    assert rep["interrupted"] and rep["programs"] < 500, stderr
    assert proc.returncode == rep["exit_code"] in (1, 3), stderr
    assert "Traceback" not in stderr, stderr
    raw = out / "raw"
    saved = set()
    for name in (os.listdir(raw) if raw.is_dir() else []):
        if name.endswith(".json"):
            record = json.loads((raw / name).read_text())
            saved.add((record["kind"], record["verdict"]))
    reported = {(f["kind"], f["verdict"]) for f in rep["findings"]}
    assert saved <= reported, (saved, reported)
    assert not _none_left(tag), "processes of the campaign outlived it"


# -- Writes that fail ------------------------------------------------------

def test_a_failed_write_keeps_the_previous_files_and_leaves_no_temporary(tmp_path, monkeypatch):
    old = {tmp_path / "report.json": "old json\n", tmp_path / "junit.xml": "old xml\n"}
    for path, text in old.items():
        path.write_text(text)
    real_fsync = os.fsync
    calls = []

    def full(fd):
        calls.append(fd)
        if len(calls) == 2:     # the second file: the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)
    monkeypatch.setattr(os, "fsync", full)
    monkeypatch.setattr(atomicio, "_failures", [])
    with pytest.raises(atomicio.WriteError) as caught:
        atomicio.write_files({str(p): "new\n" for p in old})
    assert "No space left on device" in str(caught.value)
    assert {p: p.read_text() for p in old} == old       # neither replaced
    assert sorted(os.listdir(tmp_path)) == ["junit.xml", "report.json"]
    assert atomicio.failures()


def _mount_tiny_fs(path, size="200k"):
    path.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                           str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip()}")


@needs_run
def test_a_full_filesystem_under_out_is_an_environment_error(tmp_path):
    """A 200 KB filesystem under --out: the first campaign fits; the disk
    is then filled and a second one exits ENVIRONMENT_ERROR (4) with a
    message, no traceback, the first report intact and no temporary or
    0-byte file left."""
    disk = tmp_path / "disk"
    _mount_tiny_fs(disk)
    try:
        out = disk / "out"
        env, tag = _tagged_env()
        first = _fuzz(out, env, "--count", "3", "--shrink-budget", "0")
        first.communicate(timeout=600)
        before = (out / "report.json").read_text()
        assert json.loads(before)["programs"] == 3
        try:
            with open(disk / "filler", "wb") as f:
                while True:
                    f.write(b"\0" * 4096)
                    f.flush()
        except OSError:
            pass        # full
        second = _fuzz(out, env, "--count", "20", "--seed", "7")
        stdout, stderr = second.communicate(timeout=600)
        assert second.returncode == atomicio.ENVIRONMENT_ERROR, stderr
        assert "environment error: cannot write" in stderr, stderr
        assert "Traceback" not in stderr, stderr
        assert (out / "report.json").read_text() == before
        for root, _, names in os.walk(out):
            for name in names:
                path = os.path.join(root, name)
                assert not name.endswith(".tmp"), path
                assert os.path.getsize(path) > 0 or name.startswith(".dealloc-harness-probe"), path
        assert not _none_left(tag)
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


# -- The implementation's process group ------------------------------------

def test_a_command_s_background_child_is_killed_when_it_exits():
    res = process.run(["/bin/sh", "-c", "sleep 300 & echo $!"], timeout=30)
    assert res.ok, res.stderr
    pid = int(res.stdout.strip())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    break
        except OSError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the background child outlived its command")


@needs_run
def test_an_implementation_that_leaves_a_child_leaves_no_process(tmp_path):
    env, tag = _tagged_env()
    out = tmp_path / "out"
    proc = _fuzz(out, env, "--count", "3", impl_name="leaves_child")
    stdout, stderr = proc.communicate(timeout=600)
    rep = json.loads((out / "report.json").read_text())
    assert rep["programs"] == 3 and not rep["findings"], stdout + stderr
    assert not _none_left(tag, limit=5)


# -- Hostile dealloc-check requests ----------------------------------------

SAFE = "func.func @f() {\n  %a = memref.alloc() : memref<2xf32>\n  memref.dealloc %a : memref<2xf32>\n  return\n}\n"


def _job(**fields):
    job = {"id": 1, "tool": "verify", "inputs": [SAFE]}
    job.update(fields)
    return json.dumps(job)


HOSTILE = [
    ("[" * 500_000, None, "nested deeper than 64"),
    ('{"id": 1e400, "tool": "verify", "inputs": []}', None, '"id" must be'),
    ('{"id": [1], "tool": "verify", "inputs": []}', None, '"id" must be'),
    (_job(names="a.mlir"), 1, '"names" must be a list of 1'),
    (_job(names=[3]), 1, '"names" must be a list of 1'),
    (_job(names=["a.mlir", "b.mlir"]), 1, '"names" must be a list of 1'),
    (_job(extra=True), 1, 'unknown field "extra"'),
    (_job(inputs="x"), 1, '"inputs" must be a list'),
    (_job(tool=7), 1, '"tool" must be one of'),
    ("x" * (2 << 20), None, "longer than --max-request-mb 1 MiB"),
]


@needs_check
def test_hostile_requests_each_get_a_well_formed_answer():
    lines = [text for text, _, _ in HOSTILE]
    lines.append('{"id": 12345678901234567890, "tool": "verify", "inputs": ['
                 + json.dumps(SAFE) + "]}")
    lines.append('{"id": -9223372036854775808, "tool": "verify", "inputs": ['
                 + json.dumps(SAFE) + "]}")
    proc = subprocess.run([CHECK, "--no-warm-up", "--max-request-mb", "1"],
                          input="\n".join(lines) + "\n", capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    replies = proc.stdout.splitlines()
    assert len(replies) == len(lines), proc.stdout[-2000:]
    for (_, want_id, why), line in zip(HOSTILE, replies):
        reply = json.loads(line)
        assert reply["status"] == "bad-request" and reply["exit"] == 3, line
        assert reply["id"] == want_id and why in reply["stderr"], line
    assert '"id":12345678901234567890' in replies[-2]
    assert '"id":-9223372036854775808' in replies[-1]
    for line in replies[-2:]:
        assert json.loads(line)["status"] == "ok", line


@needs_check
def test_a_job_out_of_memory_is_answered_without_waiting_for_the_job_timeout():
    """The forked job used to deadlock joining the solver's watchdog thread
    (a thread of the parent, which a fork does not copy) and answer
    "timeout" after --job-timeout."""
    loop = ("func.func @f(%n: index) {\n  %c0 = arith.constant 0 : index\n"
            "  %c1 = arith.constant 1 : index\n"
            "  scf.for %i = %c0 to %n step %c1 {\n"
            "    %a = memref.alloc() : memref<4xf32>\n"
            "    %c7 = arith.constant 7 : index\n"
            "    %e = arith.cmpi ne, %i, %c7 : index\n"
            "    scf.if %e {\n      memref.dealloc %a : memref<4xf32>\n    }\n"
            "  }\n  return\n}\n")
    job = {"id": 5, "tool": "verify", "inputs": [loop],
           "options": {"unroll": 10000, "memory_mb": 1024}}
    proc = subprocess.run([CHECK, "--job-timeout", "600"], input=json.dumps(job) + "\n",
                          capture_output=True, text=True, timeout=900)
    reply = json.loads(proc.stdout)
    assert reply["status"] == "exit" and reply["exit"] == 2, proc.stdout
    assert "out of memory" in reply["stdout"] + reply["stderr"], proc.stdout


@needs_check
def test_a_closed_stdout_ends_the_server_with_exit_3():
    proc = subprocess.Popen([CHECK, "--no-warm-up"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    _, err = proc.communicate(_job().encode() + b"\n", timeout=300)
    assert proc.returncode == 3, err
    assert b"cannot write standard output" in err and b"LLVM ERROR" not in err, err


@needs_check
def test_help_lists_the_server_options_only():
    proc = subprocess.run([CHECK, "--help"], capture_output=True, text=True, timeout=60)
    assert "--job-timeout" in proc.stdout and "--max-request-mb" in proc.stdout
    assert "--x86" not in proc.stdout and len(proc.stdout.splitlines()) < 40, proc.stdout




@needs_check
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_to_a_busy_server_kills_its_job_and_the_client_gets_eof(sig):
    env, tag = _tagged_env()
    proc = subprocess.Popen([CHECK, "--no-warm-up", "--job-timeout", "0"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    job = {"id": 1, "tool": "run", "inputs": [SPIN],
           "options": {"max_steps": 2 ** 62}}
    proc.stdin.write((json.dumps(job) + "\n").encode())
    proc.stdin.flush()
    deadline = time.monotonic() + 120
    while len(_tagged(tag)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)        # the server and its job's child
    assert len(_tagged(tag)) >= 2, "the job did not start"
    proc.send_signal(sig)
    assert proc.stdout.read() == b""        # EOF, not a hang
    proc.wait(timeout=60)
    assert proc.returncode == -sig
    assert not _none_left(tag, limit=10)

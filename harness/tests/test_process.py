"""The isolated runner: whatever the command does, a RunResult comes back."""
import os

from dealloc_harness import process

HARNESS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PY = "/usr/bin/python3"


def test_ok_and_input_is_last_argument():
    res = process.run([PY, "-c", "import sys; print(open(sys.argv[-1]).read())"],
                      "hello")
    assert res.ok and res.stdout.strip() == "hello"


def test_exit_code_and_signal():
    assert process.run([PY, "-c", "raise SystemExit(3)"], "").status == "exit"
    res = process.run([PY, "-c", "import os; os.abort()"], "")
    assert res.status == "signal" and "SIGABRT" in res.describe()


def test_timeout_kills_the_process_group():
    res = process.run([PY, "-c", "import time; time.sleep(60)"], "", timeout=1)
    assert res.status == "timeout" and res.seconds < 10


def test_huge_output_is_capped():
    res = process.run([PY, "-c",
                       "import sys\nwhile True: sys.stdout.write('x' * 65536)"], "",
                      timeout=20)
    assert res.status == "huge-output"
    assert len(res.stdout) <= process.MAX_OUTPUT


def test_memory_limit():
    res = process.run([PY, "-c", "x = bytearray(1 << 31)"], "", memory=512 << 20)
    assert res.status == "exit" and "MemoryError" in res.stderr


def test_missing_command():
    assert process.run(["/nonexistent/impl"], "").status == "not-found"


def test_runs_in_a_fresh_temporary_directory():
    res = process.run([PY, "-c", "import os; print(os.getcwd())"], "")
    assert "dealloc-harness-" in res.stdout


def test_a_runner_under_a_lower_memory_limit_still_runs_its_children():
    """An implementation under test may itself run tools through process.run
    (tests/impls/seeded_bug.py does) while the harness limits its memory
    below process.DEFAULT_MEMORY: the child gets the lower limit, not an
    error."""
    inner = (f"from dealloc_harness import process\n"
             f"r = process.run([{PY!r}, '-c', 'import resource; "
             f"print(resource.getrlimit(resource.RLIMIT_AS)[0])'])\n"
             f"print(r.status, r.stdout.strip(), r.stderr[-300:])")
    res = process.run([PY, "-c", f"import sys; sys.path.insert(0, {HARNESS!r})\n" + inner],
                      memory=700 << 20, append_input=False)
    assert res.ok and res.stdout.split()[:2] == ["ok", str(700 << 20)], \
        res.stdout + res.stderr

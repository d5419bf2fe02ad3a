"""The isolated runner: whatever the command does, a RunResult comes back."""
from dealloc_harness import process

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

"""The C++ sources are clang-formatted (scripts/format.py, the repository's
.clang-format); the check itself fails on a file that is not."""
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "format.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import format as fmt  # noqa: E402


def test_sources_are_formatted():
    r = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_check_finds_unformatted(tmp_path):
    exe = fmt.formatter()
    assert exe, "clang-format-22 is installed by scripts/setup.sh"
    (tmp_path / ".clang-format").write_text("BasedOnStyle: LLVM\n")
    (tmp_path / "bad.cpp").write_text("int  f( int x ){return x;}\n")
    (tmp_path / "good.cpp").write_text("int f(int x) { return x; }\n")
    assert fmt.unformatted(exe, ["bad.cpp", "good.cpp"], str(tmp_path)) == ["bad.cpp"]

"""No function in reference/ and harness/ is over 100 lines
(scripts/function_length.py measures: its docstring states the rule); the
measure itself is checked on small C++ and Python sources."""
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "function_length.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import function_length  # noqa: E402

CPP = r'''#include "x.h"
#define BODY(x) { return x; }
namespace a {
namespace {
struct S : Base<decltype(f())> {
public:
  S(int x) : v{x}, w(x) {
    go();
  }
  int get() const override { return v; }
  int v, w;
};
} // namespace
static const int table[] = {1, 2, 3};
static auto make = Options{1, 2};
int use(int x) {
  auto s = "}";
  char c = '{';
  auto r = R"d(} { )d";
  /* } */
  // }
  auto l = [&](int y) {
    return y + x;
  };
  return l(1'000);
}
} // namespace a
void a::Cls::method(
    int x) {
  if (x) {
  }
}
TEST(Suite, Case) {
  EXPECT_TRUE(true);
}
'''

PY = '''import os


@decorator
def outer(x):
    def inner():
        return x
    return inner


class C:
    async def run(self):
        pass
'''


def test_cpp_measure_finds_bodies_and_skips_literals_and_initialisers():
    assert function_length.cpp_functions(CPP) == [
        ("S", 7, 3), ("get", 10, 1), ("use", 16, 11), ("a::Cls::method", 28, 5),
        ("TEST(Suite, Case)", 33, 3)]


def test_python_measure_counts_def_to_last_line_nested_included():
    assert function_length.python_functions(PY) == [
        ("outer", 5, 4), ("inner", 6, 2), ("run", 12, 2)]


def test_a_long_function_is_listed(tmp_path):
    (tmp_path / "reference" / "lib").mkdir(parents=True)
    (tmp_path / "harness").mkdir()
    body = "".join(f"  x += {i};\n" for i in range(5))
    (tmp_path / "reference" / "lib" / "L.cpp").write_text("int f(int x) {\n" + body + "  return x;\n}\n")
    (tmp_path / "harness" / "m.py").write_text("def g():\n    return 1\n")
    proc = subprocess.run([sys.executable, SCRIPT, "--repo", str(tmp_path), "--max", "8"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout == ""
    proc = subprocess.run([sys.executable, SCRIPT, "--repo", str(tmp_path), "--max", "7"],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == ["reference/lib/L.cpp:1: f: 8 lines",
                                        "function-length: 2 functions, 1 over 7 lines"]


def test_no_function_in_reference_or_harness_is_over_100_lines():
    proc = subprocess.run([sys.executable, SCRIPT, "--repo", REPO, "--max", "100"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, "functions over 100 lines (split them):\n" + proc.stdout + proc.stderr

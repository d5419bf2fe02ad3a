#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the whole test suite:
#   1. lit over corpus/ (spec clause tests, regressions, ground truth),
#   2. the C++ unit tests (ctest),
#   3. pytest for harness/ and the spec traceability check.
# Ends with one line "tests: N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export DEALLOC_BUILD_DIR=${DEALLOC_BUILD_DIR:-$root/build}
bash "$root/scripts/setup.sh" || { echo "tests: 0 passed, 1 failed (setup/build)"; exit 1; }
# The LLVM/MLIR tools and Python the build was configured with (CMake writes them).
source "$DEALLOC_BUILD_DIR/dealloc-paths.sh"
export PATH="$DEALLOC_BUILD_DIR/bin:$DEALLOC_LLVM_TOOLS_DIR:$PATH"
jobs=${DEALLOC_TEST_JOBS:-2}
passed=0; failed=0; log=$(mktemp -d)

# lit: prints "Passed: N" / "Failed: N" lines.
"$DEALLOC_PYTHON" "$DEALLOC_LLVM_TOOLS_DIR/lit" -sv -j "$jobs" "$DEALLOC_BUILD_DIR/corpus" 2>&1 | tee "$log/lit.txt"
lit_rc=${PIPESTATUS[0]}
# lit's summary lines look like "  Passed: 123 (99.19%)".
count() { sed -nE "s/^ *($1) *: *([0-9]+).*/\2/p" "$log/lit.txt" | awk '{s+=$1} END {print s+0}'; }
p=$(count 'Passed|Expectedly Failed')
f=$(count 'Failed|Unresolved|Timed Out|Unexpectedly Passed')
passed=$((passed + p)); failed=$((failed + f))
[ "$lit_rc" -eq 0 ] || [ "$f" -gt 0 ] || failed=$((failed + 1))

# ctest (C++ unit tests).
if [ -f "$DEALLOC_BUILD_DIR/CTestTestfile.cmake" ]; then
  (cd "$DEALLOC_BUILD_DIR" && ctest --output-on-failure -j "$jobs") 2>&1 | tee "$log/ctest.txt"
  ct_rc=${PIPESTATUS[0]}
  t=$(sed -nE 's/.*tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\2 \1/p' "$log/ctest.txt" | tail -1)
  if [ -n "$t" ]; then
    set -- $t; passed=$((passed + $1 - $2)); failed=$((failed + $2))
  fi
  [ "$ct_rc" -eq 0 ] || [ -n "$t" ] || failed=$((failed + 1))
fi

# pytest (harness and spec checks); exit 5 means "no tests collected".
if ls "$root"/harness/tests/test_*.py >/dev/null 2>&1; then
  (cd "$root" && "$DEALLOC_PYTHON" -m pytest -q -p no:cacheprovider harness/tests) 2>&1 | tee "$log/pytest.txt"
  py_rc=${PIPESTATUS[0]}
  p=$(grep -oE '[0-9]+ passed' "$log/pytest.txt" | tail -1 | awk '{print $1+0}')
  f=$(grep -oE '[0-9]+ (failed|error|errors)' "$log/pytest.txt" | awk '{s+=$1} END {print s+0}')
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  if [ "$py_rc" -ne 0 ] && [ "$py_rc" -ne 5 ] && [ "${f:-0}" -eq 0 ]; then failed=$((failed + 1)); fi
fi

echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

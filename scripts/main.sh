#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the main job against the installed
# upstream pipeline (mlir-opt --buffer-deallocation-pipeline):
#   1. a short differential fuzz campaign (harness/dealloc-harness fuzz),
#   2. a conformance run over the bundled corpus,
#   3. dealloc-run over the corpus, as one verdict table.
# Each harness run prints its report (report.md) once, on stdout; the reports
# also go to ${DEALLOC_OUT:-out}/{fuzz,conformance}/report.{md,json} and junit.xml,
# reproducers to .../reproducers (run them with `lit OUT/fuzz/reproducers`).
# Nothing else in the checkout is written (out/ is git-ignored): the main
# job and scripts/test.sh run in either order.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export DEALLOC_BUILD_DIR=${DEALLOC_BUILD_DIR:-$root/build}
bash "$root/scripts/setup.sh"
source "$DEALLOC_BUILD_DIR/dealloc-paths.sh"
export PATH="$DEALLOC_BUILD_DIR/bin:$DEALLOC_LLVM_TOOLS_DIR:$PATH"
export DEALLOC_TOOLS="$DEALLOC_BUILD_DIR/bin"
out=${DEALLOC_OUT:-$root/out}
impl="$DEALLOC_LLVM_TOOLS_DIR/mlir-opt --buffer-deallocation-pipeline"
fuzz_rc=0 conf_rc=0
/usr/bin/python3 "$root/harness/dealloc-harness" fuzz --impl "$impl" --count "${DEALLOC_COUNT:-20}" \
  --seed 0 -j 2 --out "$out/fuzz" || fuzz_rc=$?
/usr/bin/python3 "$root/harness/dealloc-harness" conformance --impl "$impl" --out "$out/conformance" \
  "$root/corpus" || conf_rc=$?
/usr/bin/python3 "$root/scripts/verdict_table.py"
# Findings against upstream (exit 1) and undecided cases (exit 3) are the
# job's product, not a failure of the job; a usage error (exit 2) is one.
echo "main: fuzz + conformance reports in $out (harness exit status: fuzz $fuzz_rc, conformance $conf_rc)"
[ "$fuzz_rc" -ne 2 ] && [ "$conf_rc" -ne 2 ]

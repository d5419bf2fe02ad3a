#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the main job against the installed
# upstream pipeline (mlir-opt --buffer-deallocation-pipeline):
#   1. a short differential fuzz campaign (harness/dealloc-harness fuzz),
#   2. a conformance run over the bundled corpus,
#   3. dealloc-run over the corpus, as one verdict table.
# Reports go to ${DEALLOC_OUT:-out}/{fuzz,conformance}/report.{md,json} and junit.xml.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export DEALLOC_BUILD_DIR=${DEALLOC_BUILD_DIR:-$root/build}
bash "$root/scripts/setup.sh"
export PATH="$DEALLOC_BUILD_DIR/bin:/usr/lib/llvm-22/bin:$PATH"
export DEALLOC_TOOLS="$DEALLOC_BUILD_DIR/bin"
out=${DEALLOC_OUT:-$root/out}
impl="/usr/lib/llvm-22/bin/mlir-opt --buffer-deallocation-pipeline"
status=0
/usr/bin/python3 "$root/harness/dealloc-harness" fuzz --impl "$impl" --count "${DEALLOC_COUNT:-20}" \
  --seed 0 -j 2 --out "$out/fuzz" || status=$?
cat "$out/fuzz/report.md" 2>/dev/null || true
/usr/bin/python3 "$root/harness/dealloc-harness" conformance --impl "$impl" --out "$out/conformance" \
  "$root/corpus" || status=$?
cat "$out/conformance/report.md" 2>/dev/null || true
/usr/bin/python3 "$root/scripts/verdict_table.py"
# Findings against upstream are the job's product, not a failure of the job.
echo "main: fuzz + conformance reports in $out (harness exit status $status)"

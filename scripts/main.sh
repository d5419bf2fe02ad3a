#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the main job: dealloc-run over the
# bundled corpus, printing one verdict table.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export DEALLOC_BUILD_DIR=${DEALLOC_BUILD_DIR:-$root/build}
bash "$root/scripts/setup.sh"
export PATH="$DEALLOC_BUILD_DIR/bin:/usr/lib/llvm-22/bin:$PATH"
exec /usr/bin/python3 "$root/scripts/verdict_table.py" "$@"

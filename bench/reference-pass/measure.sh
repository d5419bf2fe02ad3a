#!/bin/sh
# Wall time of the reference pass / pipeline against upstream's, per shape and
# size (bench/shapes.py). Usage:
#   bench/reference-pass/measure.sh [-t SECONDS] BUILD_DIR SHAPE N1 N2 ... > table.tsv
# Prints: shape size tool wall-seconds cpu-seconds (user + system), or
# "timeout" (default limit 120 s). A tool that timed out is not run on the
# larger sizes (printed as "skipped").
set -u
limit=120
if [ "$1" = "-t" ]; then limit=$2; shift 2; fi
build=$1; shift; shape=$1; shift
here=$(dirname "$0")
. "$build/dealloc-paths.sh"  # the LLVM tools the build was configured with
opt=$DEALLOC_LLVM_TOOLS_DIR/mlir-opt
ref=$build/bin/dealloc-opt
tmp=$(mktemp -d)
skip=""
for n in "$@"; do
  # shapes.py recurses once per scf.if level: raise Python's limit for deep
  # nests (scf-if 1600).
  /usr/bin/python3 -c 'import runpy, sys
sys.setrecursionlimit(100000)
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")' \
    "$here/../shapes.py" "$shape" "$n" > "$tmp/in.mlir" || exit 1
  for tool in ref-pass up-pass ref-pipeline up-pipeline; do
    case $tool in
      ref-pass) cmd="$ref --reference-buffer-deallocation" ;;
      up-pass) cmd="$opt --ownership-based-buffer-deallocation" ;;
      ref-pipeline) cmd="$ref --reference-buffer-deallocation-pipeline" ;;
      up-pipeline) cmd="$opt --buffer-deallocation-pipeline" ;;
    esac
    case " $skip " in
      *" $tool "*) printf '%s\t%s\t%s\tskipped\tskipped\n' "$shape" "$n" "$tool"; continue ;;
    esac
    if /usr/bin/time -f '%e %U %S' -o "$tmp/time" \
         timeout "$limit" $cmd "$tmp/in.mlir" -o /dev/null 2>/dev/null; then
      read -r wall user sys < "$tmp/time"
      printf '%s\t%s\t%s\t%s\t%.2f\n' "$shape" "$n" "$tool" "$wall" \
        "$(echo "$user + $sys" | bc)"
    else
      printf '%s\t%s\t%s\ttimeout\ttimeout\n' "$shape" "$n" "$tool"
      skip="$skip $tool"
    fi
  done
done
rm -rf "$tmp"

#!/bin/sh
# Wall time of the reference pass / pipeline against upstream's, per shape and
# size (bench/shapes.py). Usage:
#   bench/reference-pass/measure.sh BUILD_DIR SHAPE N1 N2 ... > table.tsv
# Prints: shape size tool seconds (timeout 120 s => "timeout").
set -u
build=$1; shift; shape=$1; shift
here=$(dirname "$0")
opt=/usr/lib/llvm-22/bin/mlir-opt
ref=$build/bin/dealloc-opt
tmp=$(mktemp -d)
for n in "$@"; do
  /usr/bin/python3 "$here/../shapes.py" "$shape" "$n" > "$tmp/in.mlir"
  for tool in ref-pass up-pass ref-pipeline up-pipeline; do
    case $tool in
      ref-pass) cmd="$ref --reference-buffer-deallocation" ;;
      up-pass) cmd="$opt --ownership-based-buffer-deallocation" ;;
      ref-pipeline) cmd="$ref --reference-buffer-deallocation-pipeline" ;;
      up-pipeline) cmd="$opt --buffer-deallocation-pipeline" ;;
    esac
    start=$(date +%s.%N)
    if timeout 120 $cmd "$tmp/in.mlir" -o /dev/null 2>/dev/null; then
      end=$(date +%s.%N)
      printf '%s\t%s\t%s\t%.2f\n' "$shape" "$n" "$tool" "$(echo "$end - $start" | bc)"
    else
      printf '%s\t%s\t%s\ttimeout\n' "$shape" "$n" "$tool"
    fi
  done
done
rm -rf "$tmp"

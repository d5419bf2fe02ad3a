#!/usr/bin/env bash
# Idempotent set-up on Debian 12: installs what is missing with apt, then
# configures and builds the project into ${DEALLOC_BUILD_DIR:-build}.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${DEALLOC_BUILD_DIR:-$root/build}

pkgs=(cmake ninja-build g++ git libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools mlir-19-tools
      clang-22 clang-format-22 libz3-dev z3 python3-z3 python3-hypothesis python3-pytest
      python3-distributed python3-psutil valgrind graphviz libgtest-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Configure every time (cheap): a build directory from an older checkout
# then picks up tool folders added since.
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build"

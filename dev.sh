#!/usr/bin/env bash
# SnR developer entry point. Two commands do everything on a fresh Debian
# bookworm machine:
#
#   ./dev.sh example   install what is missing, build, run the bundled example
#   ./dev.sh test      install what is missing, build, run every test
#
# Also: ./dev.sh deps | build. Re-running is incremental (ninja, ccache).
set -euo pipefail
cd "$(dirname "$0")"

BUILD_DIR=${SNR_BUILD_DIR:-build}
LLVM_PREFIX=/usr/lib/llvm-22
PACKAGES=(
  cmake ninja-build g++ ccache python3 gzip zstd
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libsimdjson-dev libzstd-dev zlib1g-dev libgtest-dev nlohmann-json3-dev
  # headless, for the HTML report's rendering test (test/Report)
  chromium
  # callgrind, for the analyses' linearity test (test/Analysis/linearity.test)
  valgrind
)

deps() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
      missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "==> installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

build() {
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    cmake -G Ninja -S . -B "$BUILD_DIR" \
      -DCMAKE_BUILD_TYPE=Release \
      -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
      -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit"
  fi
  ninja -C "$BUILD_DIR"
}

example() {
  local out=out/example
  mkdir -p "$out"
  local bin="$BUILD_DIR/bin"
  echo "==> recording examples/matmul_chain.mlir from its first matmul (fusion.0)"
  "$bin/snr-record" examples/matmul_chain.mlir --break-at fusion.0 \
    --count 2000 -o "$out/matmul_chain.trace.jsonl"
  echo "==> importing the trace into the snr dialect"
  "$bin/snr-translate" --import-snr-trace "$out/matmul_chain.trace.jsonl" \
    -o "$out/matmul_chain.trace.mlir"
  echo "==> recording examples/allgather.mlir"
  "$bin/snr-record" examples/allgather.mlir --break-at 0 --count 2000 \
    -o "$out/allgather.trace.jsonl"
  "$bin/snr-translate" --import-snr-trace "$out/allgather.trace.jsonl" \
    -o "$out/allgather.trace.mlir"
  echo
  for t in matmul_chain allgather; do
    printf '%-14s %6d instructions, snapshot of %d entries -> %s\n' "$t" \
      "$(grep -c '"pc"' "$out/$t.trace.jsonl")" \
      "$(grep -c '^{"\(reg\|mem\)"' "$out/$t.trace.jsonl")" \
      "$out/$t.trace.mlir"
  done
  echo
  echo "First instructions of the matmul-chain trace, as MLIR:"
  grep -m 12 'snr\.' "$out/matmul_chain.trace.mlir"
}

run_tests() {
  ctest --test-dir "$BUILD_DIR" --output-on-failure
}

case "${1:-}" in
  deps) deps ;;
  build) deps; build ;;
  example) deps; build; example ;;
  test) deps; build; run_tests ;;
  bench) deps; shift; exec bench/run.sh "$@" ;;
  *) echo "usage: $0 example | test | build | deps" >&2; exit 2 ;;
esac

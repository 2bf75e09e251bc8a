#!/usr/bin/env bash
# SnR developer entry point. Two commands do everything on a fresh Debian
# bookworm machine:
#
#   ./dev.sh example   install what is missing, build, run the bundled example
#   ./dev.sh test      install what is missing, build, run every test (lit
#                      and gtest, via ctest); when nothing changed since its
#                      last passing run, says so instead (--force: run them)
#
# Also: ./dev.sh deps | build | bench | fuzz (the libFuzzer targets, in
# build-fuzz/) | sanitize (every test again, built with clang's
# AddressSanitizer and UndefinedBehaviorSanitizer, in build-sanitize/) | ci
# (test, then fuzz, then sanitize: what .ci/run runs). Re-running is
# incremental (ninja, ccache).
set -euo pipefail
cd "$(dirname "$0")"

BUILD_DIR=${SNR_BUILD_DIR:-build}
LLVM_PREFIX=/usr/lib/llvm-22
PACKAGES=(
  cmake ninja-build g++ ccache python3 gzip zstd
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libsimdjson-dev libzstd-dev zlib1g-dev libgtest-dev nlohmann-json3-dev
  # Chakra export (lib/Export), its decoding and the XLA profile's (test/Export)
  libprotobuf-dev protobuf-compiler python3-protobuf
  # headless, for the HTML report's rendering test (test/Report)
  chromium
  # LLVM's opt-viewer renders the remarks (test/Report/opt-viewer.test)
  python3-yaml python3-pygments
  # callgrind, for the analyses' linearity test (test/Analysis/linearity.test)
  valgrind
  # fault injection, for snr-replay's kill test (test/Replay/kill-strace.test)
  strace
  # a real debugger stub and real RISC-V vector code to record from it
  # (docs/recording.md): QEMU's gdbstub, clang-22 for RVV, the cross
  # binutils and C library to link the kernels
  qemu-user clang-22 lld-22 gcc-riscv64-linux-gnu binutils-riscv64-linux-gnu
  libc6-dev-riscv64-cross
)

deps() {
  local missing=()
  for p in "${PACKAGES[@]}" "$@"; do
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
  local bin="$BUILD_DIR/bin"
  rm -rf "$out"
  mkdir -p "$out"
  for example in matmul_chain allgather; do
    echo "==> recording examples/$example.mlir on the reference target"
    "$bin/snr-record" "examples/$example.mlir" --break-at 0 --count 1000000 \
      --verify -o "$out/$example.jsonl"
    echo "==> replaying it, analysing it, applying the suggestions"
    echo
    "$bin/snr-replay" "$out/$example.jsonl" -o "$out/$example" --apply \
      --annotated-mlir=text
    echo
  done
  # A real ISA: a bundled RVV kernel run by QEMU at the sifive-x280's VLEN,
  # one call of it recorded over its gdbstub (from its symbol until it
  # returns), then replayed and timed by LLVM's model (docs/targets.md, "End
  # to end").
  local elf="$BUILD_DIR/examples/riscv/gemv_i8.elf"
  echo "==> recording a call of gemv_i8 (examples/riscv/gemv_i8.c) from" \
    "qemu-riscv64 -g (rv64, V, VLEN 512)"
  python3 test/Remote/run-qemu.py --cpu rv64,v=true,vlen=512 "$elf" -- \
    "$bin/snr-record" --remote '127.0.0.1:{port}' --elf "$elf" \
    --break-at gemv_i8 --until-return -o "$out/gemv_i8.jsonl"
  echo "==> replaying it, timing it with LLVM's sifive-x280 model"
  echo
  "$bin/snr-replay" "$out/gemv_i8.jsonl" --elf "$elf" -o "$out/gemv_i8"
  echo
  echo "Open the reports: $out/matmul_chain/report.html," \
    "$out/allgather/report.html and $out/gemv_i8/report.html"
  echo "(timeline.json in each opens in https://ui.perfetto.dev;" \
    "annotated.mlir is the trace with every op's cycles; the RISC-V" \
    "remarks, $out/gemv_i8/remarks.opt.yaml, are at gemv_i8.c's lines:" \
    "opt-viewer.py -s examples/riscv $out/gemv_i8 renders them.)"
}

# What the tests test: the commit and every change to the sources, the
# built tools, libraries and test programs, lit's configuration and the
# installed packages the tests use. Cheap to compute (sizes and times of the
# build's outputs, not their bytes).
test_fingerprint() {
  {
    git rev-parse HEAD 2>/dev/null || true
    git diff HEAD 2>/dev/null || true
    git ls-files --others --exclude-standard -z 2>/dev/null |
      xargs -0 -r sha256sum 2>/dev/null || true
    find "$BUILD_DIR/bin" "$BUILD_DIR/lib" "$BUILD_DIR/unittests" -type f \
      \( -perm -u+x -o -name '*.so' \) -printf '%p %s %T@\n' 2>/dev/null |
      sort
    find "$BUILD_DIR/test" -maxdepth 1 -name 'lit.site.cfg.py' \
      -printf '%p %s %T@\n' 2>/dev/null
    dpkg-query -W -f='${Package} ${Version}\n' "${PACKAGES[@]}" 2>/dev/null ||
      true
  } | sha256sum | cut -d' ' -f1
}

# Every test, lit and gtest, through ctest (lit runs its tests on every core
# itself; ctest runs the gtest programs beside it). A run that passed leaves
# a stamp: the next run with nothing changed says so and stops (--force or
# SNR_TEST_FORCE=1 runs the tests anyway).
run_tests() {
  local stamp="$BUILD_DIR/.tests-passed" fingerprint
  fingerprint=$(test_fingerprint)
  if [ "${1:-}" != "--force" ] && [ -z "${SNR_TEST_FORCE:-}" ] &&
     [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ]; then
    echo "==> nothing changed since the tests last passed" \
      "($(date -r "$stamp" '+%F %T')); ./dev.sh test --force runs them again"
    return 0
  fi
  rm -f "$stamp"
  ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
  echo "$fingerprint" > "$stamp"
}

# Debian's LLVM is not instrumented: its inline allocator code poisons memory
# the library then touches, so ASan's user poisoning is off (real errors in
# SnR's own code are still caught). Leaks are not checked: LLVM keeps some
# static state on purpose.
sanitize() {
  local dir=build-sanitize
  if [ ! -f "$dir/build.ninja" ]; then
    local flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
    flags+=" -fno-omit-frame-pointer"
    cmake -G Ninja -S . -B "$dir" \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
      -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
      -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
      -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit"
  fi
  ninja -C "$dir"
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 \
    UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$dir" --output-on-failure
}

# The libFuzzer targets (fuzz/README.md), built with clang, ASan and UBSan in
# build-fuzz/, each run for SNR_FUZZ_SECONDS (60) from a seed corpus of the
# repository's inputs; a finding fails and is kept in build-fuzz/artifacts/.
fuzz() {
  local dir=build-fuzz
  if [ ! -f "$dir/build.ninja" ]; then
    local flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
    flags+=" -fsanitize=fuzzer-no-link -g"
    cmake -G Ninja -S . -B "$dir" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DCMAKE_CXX_FLAGS="$flags" \
      -DSNR_BUILD_FUZZERS=ON -DBUILD_TESTING=OFF \
      -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
      -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit"
  fi
  ninja -C "$dir" fuzzers
  fuzz/run.sh "$dir" "${SNR_FUZZ_SECONDS:-60}"
}

case "${1:-}" in
  deps) deps ;;
  build) deps; build ;;
  example) deps; build; example ;;
  test) deps; build; run_tests "${2:-}" ;;
  bench) deps; shift; exec bench/run.sh "$@" ;;
  sanitize) deps clang-22 libclang-rt-22-dev; sanitize ;;
  fuzz) deps clang-22 libclang-rt-22-dev; fuzz ;;
  # CI: the README's test command, then the fuzzers and the sanitizer rerun.
  ci) deps clang-22 libclang-rt-22-dev; build; run_tests --force; fuzz
      sanitize ;;
  *) echo "usage: $0 example | test [--force] | build | bench | fuzz |" \
       "sanitize | ci | deps" >&2
     exit 2 ;;
esac

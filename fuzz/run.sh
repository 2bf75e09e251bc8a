#!/usr/bin/env bash
# Runs each libFuzzer target for a fixed time from a seed corpus made of the
# repository's inputs (fuzz/README.md). Usage: fuzz/run.sh BUILD_DIR SECONDS
# New inputs accumulate in BUILD_DIR/corpus/<target>; a crash, leak of time
# or memory is written to BUILD_DIR/artifacts/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
seconds=$2
bin="$dir/bin"
seeds="$dir/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/trace" "$seeds/machine" "$seeds/rsp" "$seeds/metrics" \
  "$seeds/program" "$dir/artifacts"

# Traces: the test inputs, every file of the trace error tests, and a few
# lines of each (the replay fuzzer skips traces over 4,096 instructions).
cp test/Trace/Inputs/*.jsonl "$seeds/trace/"
for test in test/Trace/errors.test test/Trace/compressed.test \
            test/Analysis/budgets.test; do
  [ -f "$test" ] || continue
  /usr/lib/llvm-22/bin/split-file "$test" "$seeds/split-$(basename "$test")" \
    2>/dev/null || true
done
find "$seeds" -path "$seeds/split-*" -type f \( -name '*.jsonl' -o -name '*.gz' \
  -o -name '*.zst' \) -exec cp {} "$seeds/trace/" \; 2>/dev/null || true
for example in matmul_chain allgather; do
  if [ -x build/bin/snr-record ]; then
    build/bin/snr-record "examples/$example.mlir" --break-at 0 --count 300 \
      -o "$seeds/trace/$example.jsonl"
    gzip -c "$seeds/trace/$example.jsonl" > "$seeds/trace/$example.jsonl.gz"
    zstd -q -c "$seeds/trace/$example.jsonl" > "$seeds/trace/$example.jsonl.zst"
  fi
done
cp machines/*.json test/Sim/Inputs/*.json "$seeds/machine/"
# The RSP readers: QEMU 7.2's traffic as captured by snr-rsp-probe (both
# directions), its target description documents, alone and as one input.
cp fuzz/rsp-seeds/* unittests/Remote/Inputs/qemu-7.2-rv64v/*.xml "$seeds/rsp/"
# metrics.json: snr-diff's test inputs and the golden files.
cp test/Diff/Inputs/*.json "$seeds/metrics/"
for golden in test/Golden/Inputs/*/metrics.json; do
  cp "$golden" "$seeds/metrics/$(basename "$(dirname "$golden")").json"
done
# Programs: the examples, the test programs, and each in bytecode too.
cp examples/*.mlir test/Rewrite/Inputs/*.mlir test/Record/*.mlir \
  "$seeds/program/" 2>/dev/null || true
# Inputs that once found a bug (fuzz/regressions/<seed>/) are run first, as
# seeds, so that a bug fixed stays fixed.
for kind in trace machine rsp metrics program; do
  [ -d "fuzz/regressions/$kind" ] && cp fuzz/regressions/$kind/* "$seeds/$kind/"
done
if [ -x build/bin/snr-opt ]; then
  for program in examples/*.mlir; do
    build/bin/snr-opt "$program" --emit-bytecode --snr-bytecode-writer=mlir \
      -o "$seeds/program/$(basename "$program" .mlir).mlirbc" 2>/dev/null ||
      true
  done
fi

export ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0
export UBSAN_OPTIONS=print_stacktrace=1
status=0
run() {
  local target=$1 seed=$2 maxlen=$3 dict=$4
  local corpus="$dir/corpus/$target"
  mkdir -p "$corpus"
  echo "==> $target: ${seconds} s, inputs up to $maxlen bytes"
  if ! "$bin/$target" "$corpus" "$seeds/$seed" -dict="$dict" \
      -max_len="$maxlen" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -artifact_prefix="$dir/artifacts/$target-" \
      -print_final_stats=1 2> "$dir/$target.log"; then
    # The sanitizer's report from its first line (its stack names the code),
    # else the log's end.
    if grep -q "^==[0-9]*==ERROR" "$dir/$target.log"; then
      sed -n '/^==[0-9]*==ERROR/,$p' "$dir/$target.log" | head -80
    else
      tail -50 "$dir/$target.log"
    fi
    echo "==> $target FOUND A PROBLEM: see $dir/artifacts/ and $dir/$target.log"
    status=1
  fi
  grep -E "^stat::number_of_executed_units|^Done" "$dir/$target.log" || true
}
# The JSON readers get inputs far deeper than the 8 KB libFuzzer would pick.
run trace-reader-fuzzer trace 262144 fuzz/trace.dict
run machine-model-fuzzer machine 262144 fuzz/machine.dict
run replay-fuzzer trace 65536 fuzz/trace.dict
run rsp-packet-fuzzer rsp 65536 fuzz/rsp.dict
run metrics-reader-fuzzer metrics 262144 fuzz/machine.dict
run program-reader-fuzzer program 65536 fuzz/program.dict
exit $status

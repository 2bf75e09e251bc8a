//===- trace-reader-fuzzer.cpp - libFuzzer target for the trace reader ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes (plain text, or what looks like gzip or zstd) to the
// trace reader, building the flat table as snr-replay does. Any input must
// end in a trace or in a located error: never a crash, a hang or a
// sanitizer report. Build with -DSNR_BUILD_FUZZERS=ON and clang (fuzz/README.md).
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/Trace.h"
#include "SnR/Trace/TraceReader.h"

#include "llvm/Support/MemoryBufferRef.h"

#include <cstddef>
#include <cstdint>

using namespace snr;

namespace {
/// Keeps the records, like the table builder, so every callback runs.
class Sink : public trace::TraceConsumer {
public:
  void onInstruction(const arch::Instruction &inst,
                     const trace::RecordedOutcome &, trace::SourcePos) override {
    count += inst.pc != 0;
  }
  void onMemory(arch::MemSpace, unsigned, uint64_t,
                llvm::ArrayRef<uint8_t> bytes, trace::SourcePos) override {
    count += bytes.size();
  }
  uint64_t count = 0;
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::MemoryBufferRef buffer(text, "fuzz.jsonl");
  Sink sink;
  llvm::consumeError(trace::readTrace(buffer, "fuzz.jsonl", sink));
  return 0;
}

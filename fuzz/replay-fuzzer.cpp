//===- replay-fuzzer.cpp - libFuzzer target: a trace, replayed ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Any bytes as a trace: one that reads is replayed on the reference machine
// (functional core and cycle-level simulator) with every analysis listening,
// as snr-replay does. A replay ends in a result or a located error, never a
// crash. Traces of more than kMaxInstructions instructions are skipped, so
// each input runs in bounded time.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Trace/Trace.h"
#include "SnR/Trace/TraceReader.h"

#include "llvm/Support/MemoryBufferRef.h"

#include <cstddef>
#include <cstdint>

using namespace snr;

static constexpr size_t kMaxInstructions = 4096;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::MemoryBufferRef buffer(text, "fuzz.jsonl");
  llvm::Expected<trace::Trace> trace =
      trace::loadTrace(buffer, "fuzz.jsonl", trace::ReaderOptions());
  if (!trace) {
    llvm::consumeError(trace.takeError());
    return 0;
  }
  if (trace->instructions.empty() ||
      trace->instructions.size() > kMaxInstructions)
    return 0;
  analysis::AnalysisOptions options;
  llvm::Expected<std::unique_ptr<analysis::ReplayResults>> results =
      analysis::analyzeTrace(*trace, sim::getDefaultMachineModel(), options);
  if (!results)
    llvm::consumeError(results.takeError());
  return 0;
}

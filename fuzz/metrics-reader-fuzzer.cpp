//===- metrics-reader-fuzzer.cpp - libFuzzer target for metrics.json ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Arbitrary bytes as a metrics.json, as snr-diff reads one: metrics or a
// located error, never a crash. Metrics that read are compared with
// themselves and the comparison printed and written as snr-diff does.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RunDiff.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace snr;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::Expected<llvm::json::Object> metrics =
      report::parseMetrics(text, "fuzz/metrics.json");
  if (!metrics) {
    llvm::consumeError(metrics.takeError());
    return 0;
  }
  report::NamedMetrics before{"before", *metrics};
  report::NamedMetrics after{"after", std::move(*metrics)};
  report::RunDiff diff = report::diffRuns(before, after);
  report::printRunDiff(diff, llvm::nulls(), 0);
  report::printRunSummary({before, after}, llvm::nulls());
  return 0;
}

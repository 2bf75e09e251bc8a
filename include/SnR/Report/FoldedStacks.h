//===- FoldedStacks.h - Stall cycles as folded stacks -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The replay's stall cycles as Brendan Gregg's folded stacks, one line per
// HLO, static instruction and stall kind:
//
//   layer0.attention;pc12:dma.wait;dma_wait 4096
//
// what flamegraph.pl, speedscope and inferno read, and what the report's
// flamegraph draws.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_FOLDEDSTACKS_H
#define SNR_REPORT_FOLDEDSTACKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

/// One stack: its frames, outermost first, and the cycles stalled in it.
struct FoldedStack {
  std::vector<std::string> frames;
  uint64_t cycles = 0;
};

/// The stacks with stall cycles, by HLO (in order of first execution), PC
/// and stall kind, of the instructions `include` accepts (null: all).
std::vector<FoldedStack>
computeStallStacks(const analysis::ReplayResults &results,
                   llvm::function_ref<bool(uint64_t index)> include = nullptr);

void writeFoldedStacks(llvm::ArrayRef<FoldedStack> stacks,
                       llvm::raw_ostream &os);

} // namespace snr::report

#endif // SNR_REPORT_FOLDEDSTACKS_H

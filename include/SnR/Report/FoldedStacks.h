//===- FoldedStacks.h - Stall cycles as folded stacks -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The replay as Brendan Gregg's folded stacks, one line per HLO, static
// instruction (with its line in the program, when the trace's line table
// has it) and leaf:
//
//   layer0.attention;pc12:dma.wait@prog.mlir:37:5;dma_wait 4096
//
// In stalls mode the leaves are the stall kinds and the counts the stall
// cycles (what the report's flamegraph draws; they add up to the run's
// stall cycles). In cycles mode every cycle of the run is in one stack:
// each instruction's cycles from the previous instruction's issue to its
// own (the first's from cycle 0) are its stall (leaf: the stall kind) and
// the rest (leaf "issue"), and the cycles after the last issue are the last
// instruction's "drain"; they add up to the run's cycles. flamegraph.pl,
// speedscope and inferno read them.
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

enum class FoldedStacksMode { Stalls, Cycles };

/// The stacks, by HLO (in order of first execution), PC and leaf, of the
/// instructions `include` accepts (null: all).
std::vector<FoldedStack>
computeFoldedStacks(const analysis::ReplayResults &results,
                    FoldedStacksMode mode,
                    llvm::function_ref<bool(uint64_t index)> include = nullptr);

/// The stall stacks (FoldedStacksMode::Stalls).
inline std::vector<FoldedStack>
computeStallStacks(const analysis::ReplayResults &results,
                   llvm::function_ref<bool(uint64_t index)> include = nullptr) {
  return computeFoldedStacks(results, FoldedStacksMode::Stalls, include);
}

void writeFoldedStacks(llvm::ArrayRef<FoldedStack> stacks,
                       llvm::raw_ostream &os);

} // namespace snr::report

#endif // SNR_REPORT_FOLDEDSTACKS_H

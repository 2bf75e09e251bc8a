//===- RewriteCheck.h - Prove a rewrite before keeping it -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Replays the original and the rewritten trace from the same snapshot on the
// same machine and compares them: the final architectural state (every
// register, flag and memory byte) must be identical, and the rewritten trace
// must not take more cycles. Reports the cycles, the stalls by kind and each
// DMA's stall before and after.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_REWRITECHECK_H
#define SNR_REWRITE_REWRITECHECK_H

#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/PerformanceTracker.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace snr::rewrite {

struct DmaChange {
  uint64_t issueIndex = 0; ///< in the original trace
  uint64_t stallBefore = 0, stallAfter = 0;
  uint64_t completeBefore = 0, completeAfter = 0;
};

struct RewriteComparison {
  sim::PerformanceTracker before, after;
  std::vector<DmaChange> dmas; ///< every DMA, by original issue order
  /// The first difference of the final states; empty if they are identical.
  std::string stateDifference;

  bool sameResult() const { return stateDifference.empty(); }
  bool notSlower() const { return after.totalCycles <= before.totalCycles; }
  /// The rewrite may be kept.
  bool accepted() const { return sameResult() && notSlower(); }
  /// One sentence on why it may not, for an error.
  std::string rejection() const;
};

/// Replays `original` and `rewritten` (planned by `plan`) on `machine`.
/// Fails if either replay diverges from its trace (for the rewritten one, a
/// planner bug), naming the instruction.
llvm::Expected<RewriteComparison> compareRewrite(
    const trace::Trace &original, const trace::Trace &rewritten,
    const HoistPlan &plan, const sim::MachineModel &machine);

} // namespace snr::rewrite

#endif // SNR_REWRITE_REWRITECHECK_H

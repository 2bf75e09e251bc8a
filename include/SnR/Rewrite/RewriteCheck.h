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
// DMA's stall before and after. A trace's replay is made once (TraceReplay)
// and compared as often as needed: the original against every attempt of a
// proof, an attempt against the original and against the round it came
// from.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_REWRITECHECK_H
#define SNR_REWRITE_REWRITECHECK_H

#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Sim/ArchState.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/PerformanceTracker.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace snr::rewrite {

/// One functional replay of a trace, as the proof compares it.
struct TraceReplay {
  sim::PerformanceTracker tracker;
  sim::TimingRecorder timing;
  std::optional<sim::ArchState> finalState;
  /// The timing of a replay that was made already (an analysis's, see
  /// replayOf), read instead of `timing`, which stays empty. It must
  /// outlive this.
  const sim::TimingRecorder *madeTiming = nullptr;

  const sim::TimingRecorder &getTiming() const {
    return madeTiming ? *madeTiming : timing;
  }
};

struct DmaChange {
  uint64_t issueIndex = 0; ///< in the original trace
  uint64_t stallBefore = 0, stallAfter = 0;
  uint64_t completeBefore = 0, completeAfter = 0;
};

struct RewriteComparison {
  sim::PerformanceTracker before, after;
  std::vector<DmaChange> dmas; ///< every DMA, by original issue order
  /// The replay of the rewritten trace (shared: a later comparison or round
  /// reuses it).
  std::shared_ptr<const TraceReplay> afterReplay;
  /// The first difference of the final states; empty if they are identical.
  std::string stateDifference;

  bool sameResult() const { return stateDifference.empty(); }
  bool notSlower() const { return after.totalCycles <= before.totalCycles; }
  /// The rewrite may be kept.
  bool accepted() const { return sameResult() && notSlower(); }
  /// One sentence on why it may not, for an error.
  std::string rejection() const;
};

/// The index in the original trace of an instruction of a rewritten one
/// (what a plan's order says, or a table made from its journal).
using OriginalOf = llvm::function_ref<uint64_t(uint64_t)>;

/// Replays `trace` functionally on `machine`. A divergence is an error that
/// names the instruction; for a rewritten trace (`originalOf` given) also
/// the original's instruction, since it is a planner bug.
llvm::Expected<std::shared_ptr<const TraceReplay>>
replayForProof(const trace::Trace &trace, const sim::MachineModel &machine,
               OriginalOf originalOf = nullptr);

/// The replay of the trace `results` analysed, as replayForProof would make
/// it, without replaying it: its tracker and final state copied, its timing
/// borrowed (`results` must outlive the replay). If `results` has no final
/// state, the trace is replayed.
llvm::Expected<std::shared_ptr<const TraceReplay>>
replayOf(const trace::Trace &trace, const analysis::ReplayResults &results,
         const sim::MachineModel &machine);

/// The comparison of two replays: `before` of the original, `after` of a
/// trace made from it (`originalOf` maps it back).
RewriteComparison compareReplays(const TraceReplay &before,
                                 const TraceReplay &after,
                                 OriginalOf originalOf);

/// Replays `original` and `rewritten` (planned by `plan`) on `machine` and
/// compares them. Fails if either replay diverges from its trace.
llvm::Expected<RewriteComparison> compareRewrite(
    const trace::Trace &original, const trace::Trace &rewritten,
    const HoistPlan &plan, const sim::MachineModel &machine);

} // namespace snr::rewrite

#endif // SNR_REWRITE_REWRITECHECK_H

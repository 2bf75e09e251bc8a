//===- ProveMoves.h - Plan a rewrite and prove it move by move --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The proof is per move, not per rewrite: when the replay of the planned
// rewrite is slower than the original or changes its final state, the
// offending moves are found by the engine's one search (MoveSearch.h),
// dropped with what the replay measured, and the rest is planned again and
// proved. Deterministic: the same trace and options drop the same moves.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_PROVEMOVES_H
#define SNR_REWRITE_PROVEMOVES_H

#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Rewrite/RewriteCheck.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace snr::rewrite {

struct ProvedRewrite {
  /// The kept moves; the dropped ones are decisions with `dropped` set.
  HoistPlan plan;
  /// The rewritten trace (the original if no move is kept).
  trace::Trace rewritten;
  /// The replay of the kept moves against the original's (the original
  /// against itself if no move is kept).
  RewriteComparison comparison;
  /// Replays it took (the full plan, and the bisection steps).
  unsigned replays = 0;
  /// Rounds of planning kept (scheduleAndProve); 1 for planAndProve.
  unsigned rounds = 1;

  unsigned droppedCount() const;
};

/// Plans the rewrite of `trace` (replayed into `results`) with `options`
/// and proves it by replay on `machine`, dropping the moves the replay does
/// not prove. Fails only if a replay fails (a rewritten trace that diverges
/// from its recorded outcomes is a planner bug).
/// With a `replayBudget` (0: none), once that many replays are spent it
/// stops bisecting and keeps the longest prefix of moves it has proved.
/// `evidence` and `baseline` are what is known of `trace` and its replay.
/// An attempt is replayed for its timing first; only one that is not slower
/// is replayed functionally, to compare its final state.
llvm::Expected<ProvedRewrite>
planAndProve(const trace::Trace &trace, const analysis::ReplayResults &results,
             HoistOptions options, const sim::MachineModel &machine,
             const TraceEvidence &evidence,
             const std::shared_ptr<const TraceReplay> &baseline,
             unsigned replayBudget = 0);

/// "rewrite: N move(s) dropped by the proof", then one line per dropped
/// move with what the replay measured; nothing if none was dropped.
void printDroppedMoves(const analysis::TraceInfo &info, const HoistPlan &plan,
                       llvm::raw_ostream &os);

} // namespace snr::rewrite

#endif // SNR_REWRITE_PROVEMOVES_H

//===- TraceRewriteDriver.h - The trace rewrite, end to end -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The one driver of the trace rewrite, which snr-replay --apply and the
// --snr-hoist-dma pass both call: the rewrite in rounds, each proved
// (scheduleAndProve), and beside it the dependency bound
// (computeDependencyBound), the best any schedule of the trace's
// dependencies could do. The two are independent: the bound runs on a
// second thread (the caller's helper threads, if given) while the rewrite
// runs on the caller's.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_TRACEREWRITEDRIVER_H
#define SNR_REWRITE_TRACEREWRITEDRIVER_H

#include "SnR/Rewrite/Schedule.h"

#include <memory>
#include <optional>

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace snr::rewrite {

struct TraceRewriteOptions {
  /// What to move, and how.
  HoistOptions hoist;
  /// Rounds of the rewrite (at least one), and of the bound.
  unsigned rounds = 4;
  /// Also compute the dependency bound.
  bool bound = false;
  /// How the rounds replay and analyse what they plan on (the relaxed
  /// backtail's slice limit, as for the original's replay).
  analysis::AnalysisOptions analysis;
  /// Where the bound runs beside the rewrite: the caller's helper threads,
  /// after the work queued there before it (a caller that runs the program
  /// rewrite there too has them run one after the other, not at once); if
  /// null, a thread of its own.
  llvm::ThreadPoolInterface *helpers = nullptr;
};

struct TraceRewrite {
  ProvedRewrite proved;
  /// With TraceRewriteOptions::bound.
  std::optional<DependencyBound> bound;
};

/// Rewrites `trace` (replayed into `results`) on `machine` as `options`
/// say. Fails with "the DMA rewrite failed: ..." or "the dependency bound
/// failed: ..." (a replay that fails is a planner bug).
/// `evidence`, if given, is what is known of `trace` (shared with the
/// program rewrite of the same trace); else it is computed.
llvm::Expected<TraceRewrite>
rewriteTrace(const trace::Trace &trace, const analysis::ReplayResults &results,
             const sim::MachineModel &machine,
             const TraceRewriteOptions &options,
             std::shared_ptr<const TraceEvidence> evidence = nullptr);

} // namespace snr::rewrite

#endif // SNR_REWRITE_TRACEREWRITEDRIVER_H

//===- ReplayAnalyses.h - One replay, every analysis ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Runs a trace once on the simulator with every analysis listening, then
// derives the suggestions. What snr-replay, the analysis passes and the
// reports share. Every analysis registers itself (AnalysisSet.h); a replay
// computes the ones Algorithm 2, the rewrite and the built-in views read,
// named below, and any other registered analysis it is asked for. Another
// ISA's timing model fills the same results from its own run
// (ReplayResults' second constructor, ReplayListeners). MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_REPLAYANALYSES_H
#define SNR_ANALYSIS_REPLAYANALYSES_H

#include "SnR/Analysis/AnalysisOptions.h"
#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/DataCacheAnalysis.h"
#include "SnR/Analysis/DependencyAnalysis.h"
#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Analysis/StaticInstructionAnalysis.h"
#include "SnR/Analysis/Suggestions.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Analysis/UtilizationAnalysis.h"
#include "SnR/Sim/ArchState.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/ModelDescription.h"
#include "SnR/Sim/PerformanceTracker.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace snr::trace {
struct Trace;
} // namespace snr::trace

namespace snr::analysis {

/// The simulator's own listeners, registered here: lib/Sim knows nothing
/// of analyses.
template <> struct AnalysisInfoOf<sim::TimingRecorder> {
  static const AnalysisInfo &get();
};
template <> struct AnalysisInfoOf<sim::PerformanceTracker> {
  static const AnalysisInfo &get();
};

/// Everything one replay computed: of an snr trace on the snr reference
/// model, or of another ISA's trace on its timing model (a RISC-V trace on
/// an LLVM scheduling model, SnR/Replay/RISCV/RISCVRun.h). Non-copyable:
/// analyses refer to `info`.
struct ReplayResults {
  /// Creates the analyses of `options` (those named below, then
  /// `options.analyses`) for a replay on the snr reference model on
  /// `machine`, ready to listen.
  ReplayResults(TraceInfo info, const sim::MachineModel &machine,
                const AnalysisOptions &options = {});
  /// The same for a replay timed by another model, `model`.
  ReplayResults(TraceInfo info, sim::ModelDescription model,
                const AnalysisOptions &options = {});
  ReplayResults(const ReplayResults &) = delete;
  ReplayResults &operator=(const ReplayResults &) = delete;

  /// The registered analysis of class T, which the replay must have
  /// computed (as getAnalysis<T>() in a pass).
  template <typename T> const T &get() const { return analyses.get<T>(); }
  /// The registered analysis of class T, or null if the replay did not
  /// compute it (it does not apply to the target: describeMissing says
  /// why).
  template <typename T> const T *find() const { return analyses.find<T>(); }

  TraceInfo info;
  /// The machine the snr reference model replayed on (for a replay of a
  /// rewritten trace on the same one); a default one in a replay by
  /// another model, which does not read it.
  sim::MachineModel machine;
  /// What the reports ask of the timing model: its resources, stall kinds,
  /// clock, copies and scratchpad.
  sim::ModelDescription model;
  /// What the analyses were created with.
  AnalysisOptions options;
  sim::RunSummary summary;
  /// Every analysis of the replay, in the order they listened.
  AnalysisSet analyses;

private:
  /// The DMA analyses of a target without asynchronous copies, where they
  /// do not apply (find<T>() is null): empty, never notified, so that the
  /// members below always refer to one.
  std::unique_ptr<DmaStallAnalysis> noDmas;
  std::unique_ptr<Suggestions> noSuggestions;

  ReplayResults(TraceInfo info, const sim::MachineModel &machine,
                sim::ModelDescription model, const AnalysisOptions &options);

public:
  // What Algorithm 2, the rewrite and the built-in views read: in every
  // replay, in `analyses` (the DMA stalls and the suggestions only on a
  // target with asynchronous copies; empty ones otherwise).
  sim::TimingRecorder &timing;
  sim::PerformanceTracker &performance;
  DmaStallAnalysis &dmas;
  UtilizationAnalysis &utilization;
  DataCacheAnalysis &dataCache;
  DependencyAnalysis &dependencies;
  Suggestions &suggestions;
  /// The above by static PC (finalized after the suggestions).
  StaticInstructionAnalysis &staticView;
  /// The architectural state the replay ended in (what a rewrite's proof
  /// compares with, without replaying the trace again).
  std::optional<sim::ArchState> finalState;

  /// What the analyses are created and finished with.
  AnalysisContext getContext() const;
};

/// The listeners of `results`' analyses, a progress indicator's with them
/// when `progress` is set, for a replay to notify.
class ReplayListeners {
public:
  ReplayListeners(ReplayResults &results,
                  const std::function<void(uint64_t, uint64_t)> &progress);
  ~ReplayListeners();
  llvm::ArrayRef<sim::SimListener *> get() const { return listeners; }

private:
  llvm::SmallVector<sim::SimListener *, 8> listeners;
  std::unique_ptr<sim::SimListener> progress;
};

/// Replays `trace` functionally from its snapshot on `machine` with the
/// analyses of `options`, then finishes them (the suggestions, the static
/// view's DMA rows). Fails with a replay::DivergenceError where the model
/// and the trace disagree.
llvm::Expected<std::unique_ptr<ReplayResults>>
analyzeTrace(const trace::Trace &trace, const sim::MachineModel &machine,
             const AnalysisOptions &options = {});

} // namespace snr::analysis

#endif // SNR_ANALYSIS_REPLAYANALYSES_H

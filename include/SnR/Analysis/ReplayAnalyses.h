//===- ReplayAnalyses.h - One replay, every analysis ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Runs a trace once on the simulator with every analysis listening, then
// derives the suggestions. What snr-replay, the analysis passes and the
// reports share. MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_REPLAYANALYSES_H
#define SNR_ANALYSIS_REPLAYANALYSES_H

#include "SnR/Analysis/DataCacheAnalysis.h"
#include "SnR/Analysis/DependencyAnalysis.h"
#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Analysis/StaticInstructionAnalysis.h"
#include "SnR/Analysis/Suggestions.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Analysis/UtilizationAnalysis.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/ModelDescription.h"
#include "SnR/Sim/PerformanceTracker.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>

namespace snr::trace {
struct Trace;
} // namespace snr::trace

namespace snr::analysis {

struct AnalysisOptions {
  UtilizationOptions utilization;
  DataCacheOptions dataCache;
  DependencyOptions dependencies;
  SuggestionOptions suggestions;
  /// Called every so many instructions with (done, total), for a progress
  /// indicator. Owned (not a function_ref): options outlive the lambdas
  /// assigned to them.
  std::function<void(uint64_t, uint64_t)> progress;
  /// Listeners replayed along with the analyses (plugins'; see
  /// AnalysisPlugin.h). Not owned.
  llvm::ArrayRef<sim::SimListener *> extraListeners;
};

/// Everything one replay computed. Non-copyable: analyses refer to `info`.
struct ReplayResults {
  ReplayResults(TraceInfo info, const sim::MachineModel &machine,
                const AnalysisOptions &options = {});
  ReplayResults(const ReplayResults &) = delete;
  ReplayResults &operator=(const ReplayResults &) = delete;

  TraceInfo info;
  /// The machine the snr reference model replayed on (for a replay of a
  /// rewritten trace on the same one).
  sim::MachineModel machine;
  /// What the reports ask of the timing model: its resources, stall kinds,
  /// clock, copies and scratchpad.
  sim::ModelDescription model;
  sim::RunSummary summary;
  sim::TimingRecorder timing;
  sim::PerformanceTracker performance;
  DmaStallAnalysis dmas;
  UtilizationAnalysis utilization;
  DataCacheAnalysis dataCache;
  DependencyAnalysis dependencies;
  Suggestions suggestions;
  /// The above by static PC (finalized after the suggestions).
  StaticInstructionAnalysis staticView;
};

/// Replays `trace` functionally from its snapshot on `machine` with every
/// analysis. Fails with a replay::DivergenceError where the model and the trace
/// disagree.
llvm::Expected<std::unique_ptr<ReplayResults>>
analyzeTrace(const trace::Trace &trace, const sim::MachineModel &machine,
             const AnalysisOptions &options = {});

} // namespace snr::analysis

#endif // SNR_ANALYSIS_REPLAYANALYSES_H

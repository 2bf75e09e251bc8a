//===- ReplayAnalyses.cpp - One replay, every analysis --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Sim/SnRModel.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &AnalysisInfoOf<sim::TimingRecorder>::get() {
  static const AnalysisInfo info = AnalysisInfo::get<sim::TimingRecorder>(
      "timing", TargetFeature::None, {}, [](const AnalysisContext &) {
        return std::make_unique<sim::TimingRecorder>();
      });
  return info;
}

const AnalysisInfo &AnalysisInfoOf<sim::PerformanceTracker>::get() {
  static const AnalysisInfo info = AnalysisInfo::get<sim::PerformanceTracker>(
      "performance", TargetFeature::None, {}, [](const AnalysisContext &) {
        return std::make_unique<sim::PerformanceTracker>();
      });
  return info;
}

namespace {
/// Adds the analysis of class T to `results`, which must be able to hold
/// it (an snr replay has every feature the named analyses need).
template <typename T> T &requireNamed(ReplayResults &results) {
  T *analysis = results.analyses.require<T>(results.getContext());
  assert(analysis && "an snr replay has every analysis ReplayResults names");
  return *analysis;
}
} // namespace

/// A replay for a rewrite keeps only the edges its backtails read.
static AnalysisOptions optionsOf(const AnalysisOptions &options) {
  AnalysisOptions own = options;
  own.dependencies.backtailEdgesOnly |= options.forRewrite;
  return own;
}

ReplayResults::ReplayResults(TraceInfo traceInfo,
                             const sim::MachineModel &machine,
                             const AnalysisOptions &options)
    : info(std::move(traceInfo)), machine(machine),
      model(sim::describeSnRModel(machine)), options(optionsOf(options)),
      timing(requireNamed<sim::TimingRecorder>(*this)),
      performance(requireNamed<sim::PerformanceTracker>(*this)),
      dmas(requireNamed<DmaStallAnalysis>(*this)),
      utilization(requireNamed<UtilizationAnalysis>(*this)),
      dataCache(requireNamed<DataCacheAnalysis>(*this)),
      dependencies(requireNamed<DependencyAnalysis>(*this)),
      suggestions(requireNamed<Suggestions>(*this)),
      staticView(requireNamed<StaticInstructionAnalysis>(*this)) {
  for (const AnalysisInfo *analysis : options.analyses)
    analyses.require(*analysis, getContext());
  // The replay's progress is the caller's, not the results'.
  this->options.progress = nullptr;
}

AnalysisContext ReplayResults::getContext() const {
  return {info, machine, options,
          model.asyncCopies ? TargetFeature::AsyncCopies : TargetFeature::None};
}

namespace {
/// Reports progress every 2^16 instructions.
class ProgressListener : public sim::SimListener {
public:
  explicit ProgressListener(llvm::function_ref<void(uint64_t, uint64_t)> fn)
      : fn(fn) {}
  void onRunStart(const sim::RunInfo &run) override {
    total = run.instructions->size();
  }
  void onRetire(const sim::RetireEvent &event) override {
    if ((event.index & 0xffff) == 0xffff)
      fn(event.index + 1, total);
  }
  void onRunEnd(const sim::RunSummary &) override { fn(total, total); }

private:
  llvm::function_ref<void(uint64_t, uint64_t)> fn;
  uint64_t total = 0;
};
} // namespace

llvm::Expected<std::unique_ptr<ReplayResults>>
snr::analysis::analyzeTrace(const trace::Trace &trace,
                            const sim::MachineModel &machine,
                            const AnalysisOptions &options) {
  auto results = std::make_unique<ReplayResults>(
      TraceInfo::fromTrace(trace, machine), machine, options);

  llvm::SmallVector<sim::SimListener *, 8> listeners =
      results->analyses.getListeners();
  if (options.forRewrite)
    llvm::erase(listeners, &results->utilization);
  std::optional<ProgressListener> progress;
  if (options.progress) {
    progress.emplace(options.progress);
    listeners.push_back(&*progress);
  }
  llvm::Expected<replay::Run> run = replay::replay(trace, machine, listeners);
  if (!run)
    return run.takeError();
  results->summary = run->summary;
  results->finalState = std::move(run->finalState);
  results->analyses.finish(results->getContext());
  return std::move(results);
}

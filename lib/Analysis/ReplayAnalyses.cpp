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
/// it (every target offers what the analyses named in ReplayResults need,
/// but the DMA stalls and the suggestions).
template <typename T> T &requireNamed(ReplayResults &results) {
  T *analysis = results.analyses.require<T>(results.getContext());
  assert(analysis && "every target has what this analysis needs");
  return *analysis;
}

/// The analysis of class T if it applies to the target, else `empty`.
template <typename T>
T &requireOrEmpty(ReplayResults &results, std::unique_ptr<T> &empty,
                  llvm::function_ref<std::unique_ptr<T>()> make) {
  if (T *analysis = results.analyses.require<T>(results.getContext()))
    return *analysis;
  empty = make();
  return *empty;
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
    : ReplayResults(std::move(traceInfo), machine,
                    sim::describeSnRModel(machine), options) {}

ReplayResults::ReplayResults(TraceInfo traceInfo, sim::ModelDescription model,
                             const AnalysisOptions &options)
    : ReplayResults(std::move(traceInfo), sim::MachineModel(),
                    std::move(model), options) {}

ReplayResults::ReplayResults(TraceInfo traceInfo,
                             const sim::MachineModel &machine,
                             sim::ModelDescription description,
                             const AnalysisOptions &options)
    : info(std::move(traceInfo)), machine(machine),
      model(std::move(description)), options(optionsOf(options)),
      timing(requireNamed<sim::TimingRecorder>(*this)),
      performance(requireNamed<sim::PerformanceTracker>(*this)),
      dmas(requireOrEmpty<DmaStallAnalysis>(
          *this, noDmas,
          [&] {
            auto empty = std::make_unique<DmaStallAnalysis>(info);
            empty->asyncCopies = false;
            return empty;
          })),
      utilization(requireNamed<UtilizationAnalysis>(*this)),
      dataCache(requireNamed<DataCacheAnalysis>(*this)),
      dependencies(requireNamed<DependencyAnalysis>(*this)),
      suggestions(requireOrEmpty<Suggestions>(
          *this, noSuggestions, [] { return std::make_unique<Suggestions>(); })),
      staticView(requireNamed<StaticInstructionAnalysis>(*this)) {
  for (const AnalysisInfo *analysis : options.analyses)
    analyses.require(*analysis, getContext());
  // The replay's progress is the caller's, not the results'.
  this->options.progress = nullptr;
}

AnalysisContext ReplayResults::getContext() const {
  return {info, model, options, getTargetFeatures(model)};
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

ReplayListeners::ReplayListeners(
    ReplayResults &results,
    const std::function<void(uint64_t, uint64_t)> &fn)
    : listeners(results.analyses.getListeners()) {
  // A replay for a rewrite does not read the utilization (forRewrite).
  if (results.options.forRewrite)
    llvm::erase(listeners, &results.utilization);
  if (fn) {
    progress = std::make_unique<ProgressListener>(fn);
    listeners.push_back(progress.get());
  }
}

ReplayListeners::~ReplayListeners() = default;

llvm::Expected<std::unique_ptr<ReplayResults>>
snr::analysis::analyzeTrace(const trace::Trace &trace,
                            const sim::MachineModel &machine,
                            const AnalysisOptions &options) {
  auto results = std::make_unique<ReplayResults>(
      TraceInfo::fromTrace(trace, machine), machine, options);
  ReplayListeners listeners(*results, options.progress);
  llvm::Expected<replay::Run> run =
      replay::replay(trace, machine, listeners.get());
  if (!run)
    return run.takeError();
  results->summary = run->summary;
  results->finalState = std::move(run->finalState);
  results->analyses.finish(results->getContext());
  return std::move(results);
}

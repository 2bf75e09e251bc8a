//===- ReplayAnalyses.cpp - One replay, every analysis --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::analysis;

/// A replay for a rewrite keeps only the edges its backtails read.
static DependencyOptions dependencyOptionsOf(const AnalysisOptions &options) {
  DependencyOptions dependencies = options.dependencies;
  dependencies.backtailEdgesOnly |= options.forRewrite;
  return dependencies;
}

ReplayResults::ReplayResults(TraceInfo traceInfo,
                             const sim::MachineModel &machine,
                             const AnalysisOptions &options)
    : info(std::move(traceInfo)), machine(machine), dmas(info),
      utilization(info, options.utilization),
      dataCache(info, options.dataCache),
      dependencies(info, dependencyOptionsOf(options)), staticView(info) {}

namespace {
/// Reports progress every 2^16 instructions.
class ProgressListener : public sim::SimListener {
public:
  explicit ProgressListener(llvm::function_ref<void(uint64_t, uint64_t)> fn)
      : fn(fn) {}
  void onRunStart(const sim::RunInfo &run) override {
    total = run.instructions.size();
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
  auto results = std::make_unique<ReplayResults>(TraceInfo::fromTrace(trace),
                                                 machine, options);

  llvm::SmallVector<sim::SimListener *, 8> listeners = {
      &results->timing,      &results->performance,  &results->dmas,
      &results->utilization, &results->dataCache,    &results->dependencies,
      &results->staticView};
  if (options.forRewrite) {
    llvm::erase(listeners, &results->utilization);
    llvm::erase(listeners, &results->staticView);
  }
  std::optional<ProgressListener> progress;
  if (options.progress) {
    progress.emplace(options.progress);
    listeners.push_back(&*progress);
  }
  llvm::append_range(listeners, options.extraListeners);
  llvm::Expected<replay::Run> run = replay::replay(trace, machine, listeners);
  if (!run)
    return run.takeError();
  results->summary = run->summary;
  results->finalState = std::move(run->finalState);
  results->suggestions.compute(results->info, results->dmas,
                               results->dependencies, results->dataCache,
                               options.suggestions);
  if (!options.forRewrite)
    results->staticView.finalize(results->dmas, results->dependencies,
                                 results->suggestions);
  return std::move(results);
}

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

ReplayResults::ReplayResults(TraceInfo traceInfo,
                             const sim::MachineModel &machine,
                             const AnalysisOptions &options)
    : info(std::move(traceInfo)), machine(machine),
      model(sim::describeSnRModel(machine)), dmas(info),
      utilization(info, options.utilization),
      dataCache(info, options.dataCache),
      dependencies(info, options.dependencies), staticView(info) {}

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

  llvm::SmallVector<sim::SimListener *, 8> listeners = {
      &results->timing,      &results->performance,  &results->dmas,
      &results->utilization, &results->dataCache,    &results->dependencies,
      &results->staticView};
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
  results->suggestions.compute(results->info, results->dmas,
                               results->dependencies, results->dataCache,
                               options.suggestions);
  results->staticView.finalize(results->dmas, results->dependencies,
                               results->suggestions);
  return std::move(results);
}

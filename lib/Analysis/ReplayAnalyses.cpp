//===- ReplayAnalyses.cpp - One replay, every analysis --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Trace/Trace.h"

using namespace snr;
using namespace snr::analysis;

ReplayResults::ReplayResults(TraceInfo traceInfo,
                             const sim::MachineModel &machine,
                             const AnalysisOptions &options)
    : info(std::move(traceInfo)), machine(machine), dmas(info),
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

  sim::Simulator simulator(machine);
  simulator.addListener(&results->timing);
  simulator.addListener(&results->performance);
  simulator.addListener(&results->dmas);
  simulator.addListener(&results->utilization);
  simulator.addListener(&results->dataCache);
  simulator.addListener(&results->dependencies);
  simulator.addListener(&results->staticView);
  std::optional<ProgressListener> progress;
  if (options.progress) {
    progress.emplace(options.progress);
    simulator.addListener(&*progress);
  }

  sim::ArchState state(machine.memory);
  trace.applySnapshot(state);
  llvm::Expected<sim::RunSummary> summary = simulator.run(
      {trace.instructions, trace.outcomes, !trace.header.reordered}, &state);
  if (!summary)
    return summary.takeError();
  results->summary = *summary;
  results->suggestions.compute(results->info, results->dmas,
                               results->dependencies, results->dataCache,
                               options.suggestions);
  results->staticView.finalize(results->dmas, results->dependencies,
                               results->suggestions);
  return std::move(results);
}

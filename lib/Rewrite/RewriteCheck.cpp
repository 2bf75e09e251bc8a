//===- RewriteCheck.cpp - Prove a rewrite before keeping it ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/RewriteCheck.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

std::string RewriteComparison::rejection() const {
  if (!sameResult())
    return "the rewritten trace computes a different result (" +
           stateDifference + ", before vs after)";
  if (!notSlower())
    return llvm::formatv("the rewritten trace is slower: {0} cycles instead "
                         "of {1}",
                         after.totalCycles, before.totalCycles)
        .str();
  return {};
}

namespace {
/// One functional replay; its final state, tracker and per-DMA figures.
struct Replay {
  sim::PerformanceTracker tracker;
  sim::TimingRecorder timing;
  std::optional<sim::ArchState> state;
};

llvm::Error replay(const trace::Trace &trace, const sim::MachineModel &machine,
                   Replay &out, llvm::StringRef which,
                   llvm::function_ref<uint64_t(uint64_t)> originalOf) {
  sim::Simulator simulator(machine);
  simulator.addListener(&out.tracker);
  simulator.addListener(&out.timing);
  out.state.emplace(machine.memory);
  trace.applySnapshot(*out.state);
  llvm::Expected<sim::RunSummary> summary = simulator.run(
      {trace.instructions, trace.outcomes, !trace.header.reordered},
      &*out.state);
  if (summary)
    return llvm::Error::success();
  std::string message;
  llvm::handleAllErrors(
      summary.takeError(),
      [&](const sim::DivergenceError &error) {
        uint64_t original = originalOf(error.index);
        message = llvm::formatv("the {0} trace diverges at its instruction "
                                "{1} (pc {2}, instruction {3} of the "
                                "original): {4}",
                                which, error.index,
                                trace.instructions[error.index].pc, original,
                                error.message)
                      .str();
      },
      [&](const llvm::ErrorInfoBase &error) { message = error.message(); });
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Each DMA's charged stall and completion, by the original index of its
/// issue.
llvm::DenseMap<uint64_t, std::pair<uint64_t, uint64_t>>
dmaFigures(const sim::TimingRecorder &timing,
           llvm::function_ref<uint64_t(uint64_t)> originalOf) {
  llvm::DenseMap<uint64_t, std::pair<uint64_t, uint64_t>> figures;
  for (const sim::TimingRecorder::Dma &dma : timing.dmas)
    figures[originalOf(dma.issue.index)] = {0, dma.completeCycle};
  for (const sim::TimingRecorder::Wait &wait : timing.waits)
    if (wait.charged != sim::TimingRecorder::kNoDma)
      figures[originalOf(timing.dmas[wait.charged].issue.index)].first =
          wait.baseStall + wait.transferStall;
  return figures;
}
} // namespace

llvm::Expected<RewriteComparison>
snr::rewrite::compareRewrite(const trace::Trace &original,
                             const trace::Trace &rewritten,
                             const HoistPlan &plan,
                             const sim::MachineModel &machine) {
  auto identity = [](uint64_t index) { return index; };
  auto originalOf = [&](uint64_t index) {
    return plan.order[index].original;
  };
  Replay before, after;
  if (llvm::Error error = replay(original, machine, before, "original",
                                 identity))
    return std::move(error);
  if (llvm::Error error = replay(rewritten, machine, after, "rewritten",
                                 originalOf))
    return std::move(error);

  RewriteComparison comparison;
  comparison.before = std::move(before.tracker);
  comparison.after = std::move(after.tracker);
  comparison.stateDifference =
      sim::describeFirstDifference(*before.state, *after.state);
  auto figuresBefore = dmaFigures(before.timing, identity);
  auto figuresAfter = dmaFigures(after.timing, originalOf);
  for (const sim::TimingRecorder::Dma &dma : before.timing.dmas) {
    uint64_t index = dma.issue.index;
    DmaChange change;
    change.issueIndex = index;
    std::tie(change.stallBefore, change.completeBefore) = figuresBefore[index];
    std::tie(change.stallAfter, change.completeAfter) = figuresAfter[index];
    comparison.dmas.push_back(change);
  }
  return std::move(comparison);
}

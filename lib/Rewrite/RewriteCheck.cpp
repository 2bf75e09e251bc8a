//===- RewriteCheck.cpp - Prove a rewrite before keeping it ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/RewriteCheck.h"
#include "SnR/Replay/Replay.h"
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

llvm::Error replayOne(const trace::Trace &trace,
                      const sim::MachineModel &machine, Replay &out,
                      llvm::StringRef which,
                      llvm::function_ref<uint64_t(uint64_t)> originalOf) {
  llvm::Expected<replay::Run> run =
      replay::replay(trace, machine, {&out.tracker, &out.timing});
  if (run) {
    out.state = std::move(run->finalState);
    return llvm::Error::success();
  }
  // A divergence of the rewritten trace is located in the original too.
  return llvm::handleErrors(
      run.takeError(), [&](const replay::DivergenceError &error) {
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            llvm::formatv("the {0} trace diverges at its instruction {1} "
                          "(pc {2}, instruction {3} of the original): {4}",
                          which, error.index, error.pc,
                          originalOf(error.index), error.what));
      });
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
  if (llvm::Error error = replayOne(original, machine, before, "original",
                                 identity))
    return std::move(error);
  if (llvm::Error error = replayOne(rewritten, machine, after, "rewritten",
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

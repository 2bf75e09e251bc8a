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

llvm::Expected<std::shared_ptr<const TraceReplay>>
snr::rewrite::replayForProof(const trace::Trace &trace,
                             const sim::MachineModel &machine,
                             OriginalOf originalOf) {
  auto replay = std::make_shared<TraceReplay>();
  llvm::Expected<replay::Run> run =
      replay::replay(trace, machine, {&replay->tracker, &replay->timing});
  if (run) {
    replay->finalState = std::move(run->finalState);
    return std::shared_ptr<const TraceReplay>(std::move(replay));
  }
  if (!originalOf)
    return run.takeError();
  // A divergence of the rewritten trace is located in the original too.
  return llvm::handleErrors(
      run.takeError(), [&](const replay::DivergenceError &error) {
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            llvm::formatv("the rewritten trace diverges at its instruction "
                          "{0} (pc {1}, instruction {2} of the original): {3}",
                          error.index, error.pc, originalOf(error.index),
                          error.what));
      });
}

llvm::Expected<std::shared_ptr<const TraceReplay>>
snr::rewrite::replayOf(const trace::Trace &trace,
                       const analysis::ReplayResults &results,
                       const sim::MachineModel &machine) {
  if (!results.finalState)
    return replayForProof(trace, machine);
  auto replay = std::make_shared<TraceReplay>();
  replay->tracker = results.performance;
  replay->finalState = results.finalState;
  replay->madeTiming = &results.timing;
  return std::shared_ptr<const TraceReplay>(std::move(replay));
}

RewriteComparison snr::rewrite::compareReplays(const TraceReplay &before,
                                               const TraceReplay &after,
                                               OriginalOf originalOf) {
  auto identity = [](uint64_t index) { return index; };
  RewriteComparison comparison;
  comparison.before = before.tracker;
  comparison.after = after.tracker;
  comparison.stateDifference =
      sim::describeFirstDifference(*before.finalState, *after.finalState);
  auto figuresBefore = dmaFigures(before.getTiming(), identity);
  auto figuresAfter = dmaFigures(after.getTiming(), originalOf);
  for (const sim::TimingRecorder::Dma &dma : before.getTiming().dmas) {
    uint64_t index = dma.issue.index;
    DmaChange change;
    change.issueIndex = index;
    std::tie(change.stallBefore, change.completeBefore) = figuresBefore[index];
    std::tie(change.stallAfter, change.completeAfter) = figuresAfter[index];
    comparison.dmas.push_back(change);
  }
  return comparison;
}

llvm::Expected<RewriteComparison>
snr::rewrite::compareRewrite(const trace::Trace &original,
                             const trace::Trace &rewritten,
                             const HoistPlan &plan,
                             const sim::MachineModel &machine) {
  llvm::Expected<std::shared_ptr<const TraceReplay>> before =
      replayForProof(original, machine);
  if (!before)
    return llvm::handleErrors(
        before.takeError(), [](const replay::DivergenceError &error) {
          return llvm::createStringError(
              llvm::inconvertibleErrorCode(),
              llvm::formatv("the original trace diverges at its instruction "
                            "{0} (pc {1}, instruction {0} of the original): "
                            "{2}",
                            error.index, error.pc, error.what));
        });
  auto originalOf = [&](uint64_t index) { return plan.order[index].original; };
  llvm::Expected<std::shared_ptr<const TraceReplay>> after =
      replayForProof(rewritten, machine, originalOf);
  if (!after)
    return after.takeError();
  RewriteComparison comparison = compareReplays(**before, **after, originalOf);
  comparison.afterReplay = std::move(*after);
  return std::move(comparison);
}

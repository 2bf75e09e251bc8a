//===- ProveMoves.cpp - Plan a rewrite and prove it move by move ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The moves are searched with the engine's one search (MoveSearch.h): an
// attempt plans the trace with at most so many moves and the dropped ones
// left in place, and replays it; a prefix is "proved" like a rewrite: same
// final state, not slower than the original.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProveMoves.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Rewrite/MoveSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

unsigned ProvedRewrite::droppedCount() const {
  return llvm::count_if(plan.decisions,
                        [](const HoistDecision &d) { return d.dropped; }) +
         llvm::count_if(plan.waits,
                        [](const WaitDecision &w) { return w.dropped; });
}

void snr::rewrite::printDroppedMoves(const analysis::TraceInfo &info,
                                     const HoistPlan &plan,
                                     llvm::raw_ostream &os) {
  unsigned count = 0;
  for (const HoistDecision &d : plan.decisions)
    count += d.dropped;
  for (const WaitDecision &w : plan.waits)
    count += w.dropped;
  if (!count)
    return;
  os << "rewrite: " << count << " move(s) dropped by the proof\n";
  for (const WaitDecision &w : plan.waits)
    if (w.dropped)
      os << "  " << info.describe(w.index) << " (wait merge): " << w.reason
         << "\n";
  for (const HoistDecision &d : plan.decisions)
    if (d.dropped)
      os << "  " << info.describe(d.issueIndex) << ": " << d.reason << "\n";
}

namespace {
struct Attempt {
  HoistPlan plan;
  trace::Trace rewritten;
  /// Replayed whole, when its timing was not slower.
  std::optional<RewriteComparison> comparison;
  /// Replayed for its timing only: slower than the original, these cycles.
  std::optional<uint64_t> slowerCycles;
  bool proved() const {
    return !slowerCycles && (!comparison || comparison->accepted());
  }
  size_t moveCount() const { return plan.moveCount(); }
};

/// What the replay measured when a move joined a proved prefix.
std::string measuredReason(const Attempt &with, const Attempt *without,
                           uint64_t before) {
  if (with.comparison && !with.comparison->sameResult())
    return "with it the rewritten trace computes a different result (" +
           with.comparison->stateDifference + ", before vs after)";
  uint64_t cycles = with.slowerCycles ? *with.slowerCycles
                                      : with.comparison->after.totalCycles;
  uint64_t prefix = without && without->comparison
                        ? without->comparison->after.totalCycles
                        : before;
  return llvm::formatv("with it the replay is slower: {0} cycles, against "
                       "{1} without it and {2} for the original",
                       cycles, prefix, before)
      .str();
}
} // namespace

llvm::Expected<ProvedRewrite> snr::rewrite::planAndProve(
    const trace::Trace &trace, const analysis::ReplayResults &results,
    HoistOptions options, const sim::MachineModel &machine,
    const TraceEvidence &evidence,
    const std::shared_ptr<const TraceReplay> &baseline,
    unsigned replayBudget) {
  ProvedRewrite out;
  uint64_t before = baseline->tracker.totalCycles;
  // An attempt's order and trace are large and most attempts fail: they are
  // made in these, which keep their memory, and kept only by an attempt
  // that is proved.
  HoistPlan scratchPlan;
  trace::Trace scratchTrace;
  // The plan without a limit, with what it did: every prefix the search
  // tries is made from it rather than planned again, until a move is
  // dropped.
  std::optional<HoistPlan> full;
  PlanJournal journal;
  auto attempt = [&](std::optional<size_t> limit) -> llvm::Expected<Attempt> {
    Attempt a;
    options.moveLimit = limit;
    if (!full) {
      full.emplace();
      options.moveLimit.reset();
      planHoists(trace, results, options, evidence, *full, &journal);
    }
    if (limit)
      limitPlan(trace, *full, journal, *limit, scratchPlan);
    else
      scratchPlan = *full;
    applyPlan(trace, scratchPlan, scratchTrace);
    auto keep = [&] {
      a.plan = std::move(scratchPlan);
      a.rewritten = std::move(scratchTrace);
      scratchPlan = HoistPlan();
      scratchTrace = trace::Trace();
    };
    if (!scratchPlan.changed()) {
      keep();
      return std::move(a);
    }
    ++out.replays;
    // Its timing first: a slower attempt is not proved, whatever it
    // computes (a planned move keeps the state; the differential tests
    // check that).
    llvm::Expected<replay::Run> run =
        replay::replay(scratchTrace, machine, {}, replay::Mode::TimingOnly);
    if (!run)
      return run.takeError();
    if (run->summary.totalCycles > before) {
      a.plan.decisions = scratchPlan.decisions;
      a.plan.waits = scratchPlan.waits;
      a.slowerCycles = run->summary.totalCycles;
      return std::move(a);
    }
    keep();
    llvm::Expected<std::shared_ptr<const TraceReplay>> after =
        replayForProof(a.rewritten, machine, &a.plan);
    if (!after)
      return after.takeError();
    a.comparison = compareReplays(*baseline, **after, a.plan);
    a.comparison->afterReplay = std::move(*after);
    return std::move(a);
  };
  auto drop = [&](const Attempt &whole, size_t culprit, const Attempt &bad,
                  const Attempt *good) {
    options.leaveInPlace[whole.plan.getMovedInstruction(culprit)] =
        measuredReason(bad, good, before);
    full.reset(); // planned again without it
  };
  auto budgetSpent = [&] {
    return replayBudget && out.replays >= replayBudget;
  };
  llvm::Expected<Attempt> kept =
      findProvableMoves<Attempt>(attempt, drop, budgetSpent);
  if (!kept)
    return kept.takeError();
  if (!kept->comparison) {
    // Nothing kept: the original, compared with itself.
    kept->comparison = compareReplays(*baseline, *baseline, kept->plan);
    kept->comparison->afterReplay = baseline;
  }
  out.plan = std::move(kept->plan);
  out.rewritten = std::move(kept->rewritten);
  out.comparison = std::move(*kept->comparison);
  return std::move(out);
}

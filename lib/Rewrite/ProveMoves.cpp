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
#include "CompactOrder.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Rewrite/MoveSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
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
/// One attempt of the search, as it compares attempts: its decisions (the
/// plan without its order) and what its replay measured. The order, the
/// trace and the replay of the one kept are made again (planAndProve).
struct Attempt {
  /// Its number, counting from 1, and its move limit.
  unsigned id = 0;
  std::optional<size_t> limit;
  HoistPlan plan;
  /// Replayed whole, when its timing was not slower (without its
  /// afterReplay).
  std::optional<RewriteComparison> comparison;
  /// Replayed for its timing only: slower than the original, these cycles.
  std::optional<uint64_t> slowerCycles;
  bool proved() const {
    return !slowerCycles && (!comparison || comparison->accepted());
  }
  size_t moveCount() const { return plan.moveCount(); }
};

/// `plan` without its order (whatever else a plan holds, copied).
HoistPlan withoutOrder(HoistPlan &plan) {
  std::vector<PlannedInstruction> order = std::move(plan.order);
  HoistPlan copy = plan;
  plan.order = std::move(order);
  return copy;
}

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
  // The plan without a limit, with what it did: every prefix the search
  // tries is made from it rather than planned again, until a move is
  // dropped. Its order is held compact once it is proved or not (the
  // prefixes are made from the journal).
  std::optional<HoistPlan> full;
  std::optional<CompactOrder> fullOrder;
  PlanJournal journal;
  // A prefix's order and trace are large, and the search compares attempts
  // by what they measured: they are made in these, which every attempt
  // reuses. The search returns its last attempt (MoveSearch.h), whose order
  // and trace are made again from `full`; only the replay of the last one
  // replayed whole is kept.
  HoistPlan scratchPlan;
  trace::Trace scratchTrace;
  unsigned attempts = 0;
  std::shared_ptr<const TraceReplay> lastReplay;
  // The plan of an attempt: `full`, or its first `limit` moves in
  // scratchPlan (their order only `withOrder`: an attempt replayed only
  // for its timing does not need it).
  auto makePlan = [&](std::optional<size_t> limit,
                      bool withOrder) -> HoistPlan & {
    if (!full) {
      full.emplace();
      fullOrder.reset();
      options.moveLimit.reset();
      planHoists(trace, results, options, evidence, *full, &journal);
    }
    if (!limit) {
      if (fullOrder) {
        fullOrder->expand(trace, full->order);
        fullOrder.reset();
      }
      return *full;
    }
    if (withOrder)
      limitPlan(trace, *full, journal, *limit, scratchPlan);
    else
      limitDecisions(*full, journal, *limit, scratchPlan);
    return scratchPlan;
  };
  auto attempt = [&](std::optional<size_t> limit) -> llvm::Expected<Attempt> {
    Attempt a;
    a.id = ++attempts;
    a.limit = limit;
    // Only the last attempt's replay may be kept.
    lastReplay.reset();
    HoistPlan &plan = makePlan(limit, /*withOrder=*/false);
    llvm::scope_exit compactFull([&] {
      if (&plan == &*full && !fullOrder)
        fullOrder.emplace(full->order, trace);
    });
    a.plan = withoutOrder(plan);
    if (!plan.changed())
      return std::move(a);
    if (limit)
      applyLimitedPlan(trace, plan, journal, *limit, scratchTrace);
    else
      applyPlan(trace, plan, scratchTrace);
    ++out.replays;
    // Its timing first: a slower attempt is not proved, whatever it
    // computes (a planned move keeps the state; the differential tests
    // check that).
    llvm::Expected<replay::Run> run =
        replay::replay(scratchTrace, machine, {}, replay::Mode::TimingOnly);
    if (!run)
      return run.takeError();
    if (run->summary.totalCycles > before) {
      a.slowerCycles = run->summary.totalCycles;
      return std::move(a);
    }
    if (limit)
      makePlan(limit, /*withOrder=*/true);
    llvm::Expected<std::shared_ptr<const TraceReplay>> after =
        replayForProof(scratchTrace, machine, &plan);
    if (!after)
      return after.takeError();
    a.comparison = compareReplays(*baseline, **after, plan);
    lastReplay = std::move(*after);
    // A prefix's order is made for its proof only.
    if (limit)
      std::vector<PlannedInstruction>().swap(scratchPlan.order);
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
  if (kept->id != attempts)
    return llvm::createStringError(
        llvm::formatv("the proof kept attempt {0} of {1}, not its last (a "
                      "rewrite bug)",
                      kept->id, attempts)
            .str());
  // The kept attempt's order and trace, made again as it made them.
  out.plan = std::move(makePlan(kept->limit, /*withOrder=*/true));
  out.rewritten = std::move(scratchTrace);
  applyPlan(trace, out.plan, out.rewritten);
  if (kept->comparison) {
    out.comparison = std::move(*kept->comparison);
    out.comparison.afterReplay = std::move(lastReplay);
  } else {
    // Nothing kept: the original, compared with itself.
    out.comparison = compareReplays(*baseline, *baseline, out.plan);
    out.comparison.afterReplay = baseline;
  }
  return std::move(out);
}

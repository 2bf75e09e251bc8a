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
#include "SnR/Rewrite/MoveSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

unsigned ProvedRewrite::droppedCount() const {
  return llvm::count_if(plan.decisions,
                        [](const HoistDecision &d) { return d.dropped; });
}

void snr::rewrite::printDroppedMoves(const analysis::TraceInfo &info,
                                     const HoistPlan &plan,
                                     llvm::raw_ostream &os) {
  unsigned count = 0;
  for (const HoistDecision &d : plan.decisions)
    count += d.dropped;
  if (!count)
    return;
  os << "rewrite: " << count << " move(s) dropped by the proof\n";
  for (const HoistDecision &d : plan.decisions)
    if (d.dropped)
      os << "  " << info.describe(d.issueIndex) << ": " << d.reason << "\n";
}

namespace {
struct Attempt {
  HoistPlan plan;
  trace::Trace rewritten;
  std::optional<RewriteComparison> comparison;
  bool proved() const { return !comparison || comparison->accepted(); }
  size_t moveCount() const {
    return llvm::count_if(plan.decisions,
                          [](const HoistDecision &d) { return d.applied; });
  }
  /// The decision of the `n`-th move, in planning order.
  const HoistDecision &move(size_t n) const {
    for (const HoistDecision &d : plan.decisions)
      if (d.applied && n-- == 0)
        return d;
    llvm_unreachable("no such move");
  }
};

/// What the replay measured when a move joined a proved prefix.
std::string measuredReason(const RewriteComparison &with,
                           const RewriteComparison *without) {
  if (!with.sameResult())
    return "with it the rewritten trace computes a different result (" +
           with.stateDifference + ", before vs after)";
  uint64_t before = with.before.totalCycles;
  uint64_t prefix = without ? without->after.totalCycles : before;
  return llvm::formatv("with it the replay is slower: {0} cycles, against "
                       "{1} without it and {2} for the original",
                       with.after.totalCycles, prefix, before)
      .str();
}
} // namespace

llvm::Expected<ProvedRewrite> snr::rewrite::planAndProve(
    const trace::Trace &trace, const analysis::ReplayResults &results,
    HoistOptions options, const sim::MachineModel &machine,
    const TraceEvidence &evidence, unsigned replayBudget) {
  ProvedRewrite out;
  auto attempt = [&](std::optional<size_t> limit) -> llvm::Expected<Attempt> {
    Attempt a;
    options.moveLimit = limit;
    a.plan = planHoists(trace, results, options, evidence);
    a.rewritten = applyPlan(trace, a.plan);
    if (!a.plan.changed())
      return std::move(a);
    ++out.replays;
    llvm::Expected<RewriteComparison> comparison =
        compareRewrite(trace, a.rewritten, a.plan, machine);
    if (!comparison)
      return comparison.takeError();
    a.comparison = std::move(*comparison);
    return std::move(a);
  };
  auto drop = [&](const Attempt &full, size_t culprit, const Attempt &bad,
                  const Attempt *good) {
    options.leaveInPlace[full.move(culprit).issueIndex] =
        measuredReason(*bad.comparison,
                       good && good->comparison ? &*good->comparison : nullptr);
  };
  auto budgetSpent = [&] {
    return replayBudget && out.replays >= replayBudget;
  };
  llvm::Expected<Attempt> kept =
      findProvableMoves<Attempt>(attempt, drop, budgetSpent);
  if (!kept)
    return kept.takeError();
  if (!kept->comparison) {
    llvm::Expected<RewriteComparison> same =
        compareRewrite(trace, kept->rewritten, kept->plan, machine);
    if (!same)
      return same.takeError();
    kept->comparison = std::move(*same);
  }
  out.plan = std::move(kept->plan);
  out.rewritten = std::move(kept->rewritten);
  out.comparison = std::move(*kept->comparison);
  return std::move(out);
}

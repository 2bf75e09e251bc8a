//===- ProveMoves.cpp - Plan a rewrite and prove it move by move ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Bisection: with the original (no move) proved and the full plan not, the
// smallest prefix of moves that fails is found in log2(moves) replays; its
// last move is dropped (it made a proved prefix fail), and the plan without
// it is tried again. A prefix is "proved" like a rewrite: same final state,
// not slower than the original.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProveMoves.h"

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
};

/// The decisions that moved something, in planning order.
llvm::SmallVector<const HoistDecision *> movesOf(const HoistPlan &plan) {
  llvm::SmallVector<const HoistDecision *> moves;
  for (const HoistDecision &d : plan.decisions)
    if (d.applied)
      moves.push_back(&d);
  return moves;
}

/// What the replay measured when `move` joined a proved prefix.
std::string measuredReason(const RewriteComparison &with,
                           const std::optional<RewriteComparison> &without) {
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

llvm::Expected<ProvedRewrite>
snr::rewrite::planAndProve(const trace::Trace &trace,
                           const analysis::ReplayResults &results,
                           HoistOptions options,
                           const sim::MachineModel &machine,
                           unsigned replayBudget) {
  ProvedRewrite out;
  auto attempt = [&](std::optional<size_t> limit) -> llvm::Expected<Attempt> {
    Attempt a;
    options.moveLimit = limit;
    a.plan = planHoists(trace, results, options);
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

  std::optional<size_t> limit;
  while (true) {
    llvm::Expected<Attempt> full = attempt(limit);
    if (!full)
      return full.takeError();
    if (full->proved() || limit) {
      if (!full->comparison) {
        llvm::Expected<RewriteComparison> same =
            compareRewrite(trace, full->rewritten, full->plan, machine);
        if (!same)
          return same.takeError();
        full->comparison = std::move(*same);
      }
      out.plan = std::move(full->plan);
      out.rewritten = std::move(full->rewritten);
      out.comparison = std::move(*full->comparison);
      return std::move(out);
    }
    // The smallest failing prefix: `good` moves are proved (0: the
    // original), `bad` are not.
    llvm::SmallVector<const HoistDecision *> moves = movesOf(full->plan);
    size_t good = 0, bad = moves.size();
    std::optional<RewriteComparison> atGood, atBad = full->comparison;
    while (bad - good > 1) {
      if (replayBudget && out.replays >= replayBudget)
        break;
      size_t mid = good + (bad - good) / 2;
      llvm::Expected<Attempt> prefix = attempt(mid);
      if (!prefix)
        return prefix.takeError();
      if (prefix->proved()) {
        good = mid;
        atGood = std::move(prefix->comparison);
      } else {
        bad = mid;
        atBad = std::move(prefix->comparison);
      }
    }
    if (bad - good > 1 || (replayBudget && out.replays >= replayBudget)) {
      // Out of budget: the longest proved prefix (planned once more).
      limit = good;
      continue;
    }
    const HoistDecision &culprit = *moves[bad - 1];
    options.leaveInPlace[culprit.issueIndex] =
        measuredReason(*atBad, atGood);
  }
}

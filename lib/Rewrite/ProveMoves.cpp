//===- ProveMoves.cpp - Plan a rewrite and prove it move by move ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The moves are searched with the engine's one search (MoveSearch.h): an
// attempt plans the trace with at most so many moves and the dropped ones
// left in place, and replays it; a prefix is "proved" like a rewrite: same
// final state, not slower than the original. Its timing comes first, from
// checkpoints of the original's timing (sim::TimingCheckpoints: only the
// window its moves change and what follows until the timing is the
// original's again, shifted, is replayed); only an attempt that is not
// slower is made into a trace and replayed whole, functionally.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProveMoves.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Rewrite/MoveSearch.h"
#include "SnR/Sim/TimingCheckpoints.h"

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
  // Every attempt's timing is the original's but for a window.
  llvm::Expected<sim::TimingCheckpoints> checkpoints =
      sim::TimingCheckpoints::record(machine, trace.instructions,
                                     trace.outcomes);
  if (!checkpoints)
    return checkpoints.takeError();
  // The plan without a limit, its decisions and what it did: every attempt
  // (the whole plan or a prefix) is made from its journal rather than
  // planned again, until a move is dropped.
  std::optional<HoistPlan> full;
  PlanJournal journal;
  // An attempt's trace is large, and the search compares attempts by what
  // they measured: it is made in this buffer, which every attempt reuses,
  // and only for a proof (an attempt replayed for its timing alone does not
  // need it), with the original of each of its instructions. The search
  // returns its last attempt (MoveSearch.h), whose order (in scratchPlan)
  // and trace are made again; only the replay of the last one replayed
  // whole is kept.
  HoistPlan scratchPlan;
  trace::Trace scratchTrace;
  std::vector<uint64_t> originals;
  unsigned attempts = 0;
  std::shared_ptr<const TraceReplay> lastReplay;
  // The decisions of an attempt: `full`'s, or those of its first `limit`
  // moves; with its order, in scratchPlan.
  auto makePlan = [&](std::optional<size_t> limit,
                      bool withOrder) -> HoistPlan & {
    if (!full) {
      full.emplace();
      options.moveLimit.reset();
      planHoists(trace, results, options, evidence, *full, &journal);
    }
    size_t moves = limit.value_or(SIZE_MAX);
    if (withOrder)
      limitPlan(trace, *full, journal, moves, scratchPlan);
    else if (limit)
      limitDecisions(*full, journal, moves, scratchPlan);
    else
      return *full;
    return scratchPlan;
  };
  // The cycles of the attempt with `moves` moves, which change originals
  // `first` to `last`: from the checkpoints, the window stepped from the
  // journal.
  auto replayTiming = [&](size_t moves, uint64_t first,
                          uint64_t last) -> llvm::Expected<uint64_t> {
    llvm::Expected<sim::TimingCheckpoints::Variant> variant =
        checkpoints->beginVariant(first);
    if (!variant)
      return variant.takeError();
    std::optional<llvm::Error> failed;
    forEachLimitedInstruction(
        trace, journal, moves, first, last,
        [&](uint64_t original, const Instruction &inst) {
          if (llvm::Error error = variant->step(inst, trace.outcomes[original]))
            failed.emplace(std::move(error));
          return !failed;
        });
    if (failed)
      return std::move(*failed);
    return variant->finish(last);
  };
  auto makeAttempt =
      [&](std::optional<size_t> limit) -> llvm::Expected<Attempt> {
    Attempt a;
    a.id = ++attempts;
    a.limit = limit;
    // Only the last attempt's replay may be kept.
    lastReplay.reset();
    a.plan = makePlan(limit, /*withOrder=*/false);
    if (!a.plan.changed())
      return std::move(a);
    ++out.replays;
    // Its timing first: a slower attempt is not proved, whatever it
    // computes (a planned move keeps the state; the differential tests
    // check that).
    size_t moves = limit.value_or(SIZE_MAX);
    uint64_t first, last;
    if (getLimitedWindow(journal, moves, first, last)) {
      llvm::Expected<uint64_t> cycles = replayTiming(moves, first, last);
      if (!cycles)
        return cycles.takeError();
      if (*cycles > before) {
        a.slowerCycles = *cycles;
        return std::move(a);
      }
    }
    // Its trace and, for the comparison, the original of each of its
    // instructions (not the order: a copy of every instruction).
    applyLimitedPlan(trace, a.plan, journal, moves, scratchTrace, &originals);
    auto originalOf = [&](uint64_t index) { return originals[index]; };
    llvm::Expected<std::shared_ptr<const TraceReplay>> after =
        replayForProof(scratchTrace, machine, originalOf);
    if (!after)
      return after.takeError();
    a.comparison = compareReplays(*baseline, **after, originalOf);
    lastReplay = std::move(*after);
    std::vector<uint64_t>().swap(originals);
    return std::move(a);
  };
  // The last attempt, while no move has been dropped since: the search
  // tries the prefix it keeps once more when its budget is spent, and that
  // may be the attempt just made (same plan, same trace, same replay).
  std::optional<Attempt> previous;
  auto attempt = [&](std::optional<size_t> limit) -> llvm::Expected<Attempt> {
    if (previous && previous->limit == limit) {
      Attempt again = *previous;
      again.id = ++attempts;
      previous->id = again.id;
      return std::move(again);
    }
    llvm::Expected<Attempt> made = makeAttempt(limit);
    if (made)
      previous = *made;
    return made;
  };
  auto drop = [&](const Attempt &whole, size_t culprit, const Attempt &bad,
                  const Attempt *good) {
    options.leaveInPlace[whole.plan.getMovedInstruction(culprit)] =
        measuredReason(bad, good, before);
    full.reset(); // planned again without it
    previous.reset();
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
    out.comparison = compareReplays(*baseline, *baseline,
                                    [](uint64_t index) { return index; });
    out.comparison.afterReplay = baseline;
  }
  return std::move(out);
}

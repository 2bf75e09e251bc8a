//===- RewriteReport.cpp - Before and after a DMA rewrite -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RewriteReport.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {
Value pcOf(const analysis::TraceInfo &info, uint64_t index) {
  return int64_t(info.getPc(index));
}

Object runFigures(const sim::PerformanceTracker &run) {
  Object stalls;
  for (unsigned k = 1; k < run.stallKindNames.size(); ++k)
    stalls[run.stallKindNames[k]] = int64_t(run.stallCycles[k]);
  return Object{{"total_cycles", int64_t(run.totalCycles)},
                {"instructions", int64_t(run.instructions)},
                {"stall_cycles", std::move(stalls)},
                {"dma_wait_base_stall", int64_t(run.waitBaseStall)},
                {"dma_wait_transfer_stall", int64_t(run.waitTransferStall)},
                {"dma_wait_slack", int64_t(run.waitSlack)}};
}

/// A renamed register by the name the trace format gives it.
std::string formatRegister(target::RegId reg) {
  return target::SnRTarget().getRegisters().get(reg).name;
}

Array pcs(const analysis::TraceInfo &info, llvm::ArrayRef<uint64_t> indices) {
  Array result;
  for (uint64_t index : indices)
    result.push_back(pcOf(info, index));
  return result;
}
} // namespace

Value snr::report::buildRewriteJson(const analysis::ReplayResults &results,
                                    const TraceRewriteOutcome &outcome) {
  const analysis::TraceInfo &info = results.info;
  const rewrite::HoistPlan &plan = outcome.proved.plan;
  const rewrite::RewriteComparison &result = outcome.proved.comparison;
  // "line" is a line of the trace file ("file"); "location" is in the
  // program when the line table knows the PC.
  llvm::StringRef traceFile = llvm::sys::path::filename(info.fileName);
  Array decisions;
  for (const rewrite::HoistDecision &d : plan.decisions) {
    Object decision{{"dma", int64_t(d.dma)},
                    {"issue_pc", pcOf(info, d.issueIndex)},
                    {"line", int64_t(info.lines[d.issueIndex])},
                    {"file", traceFile},
                    {"location", info.locate(d.issueIndex)},
                    {"hlo", info.getHloName(info.hloOf[d.issueIndex])},
                    {"parallel_group", d.parallelGroup},
                    {"applied", d.applied},
                    {"instructions_earlier", int64_t(d.instructionsEarlier)},
                    {"reason", d.reason}};
    if (d.applied) {
      decision["target_pc"] = pcOf(info, d.target);
      decision["moved_pcs"] = pcs(info, d.moved);
      decision["copied_pcs"] = pcs(info, d.copied);
      Array renamed;
      for (auto [from, to] : d.renamedRegisters)
        renamed.push_back(Array{formatRegister(from), formatRegister(to)});
      decision["renamed_registers"] = std::move(renamed);
      if (d.renamedFlag)
        decision["renamed_flag"] =
            Array{"f" + std::to_string(d.renamedFlag->first),
                  "f" + std::to_string(d.renamedFlag->second)};
    }
    if (d.blocker)
      decision["blocker_pc"] = pcOf(info, *d.blocker);
    decisions.push_back(std::move(decision));
  }
  Array waits;
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  for (const rewrite::WaitDecision &w : plan.waits) {
    Object wait{{"wait_pc", pcOf(info, w.index)},
                {"line", int64_t(info.lines[w.index])},
                {"file", traceFile},
                {"location", info.locate(w.index)},
                {"hlo", info.getHloName(info.hloOf[w.index])},
                {"flag", target.formatSyncObject(w.sync)},
                {"applied", w.applied},
                {"dropped", w.dropped},
                {"into_pc", pcOf(info, w.into)},
                {"instructions_later", int64_t(w.instructionsLater)},
                {"copies", int64_t(w.copies)},
                {"stall", int64_t(w.stall)},
                {"reason", w.reason}};
    if (w.blocker)
      wait["blocker_pc"] = pcOf(info, *w.blocker);
    waits.push_back(std::move(wait));
  }
  Array dmas;
  for (const rewrite::DmaChange &change : result.dmas)
    dmas.push_back(Object{{"issue_pc", pcOf(info, change.issueIndex)},
                          {"line", int64_t(info.lines[change.issueIndex])},
                          {"file", traceFile},
                          {"location", info.locate(change.issueIndex)},
                          {"stall_before", int64_t(change.stallBefore)},
                          {"stall_after", int64_t(change.stallAfter)},
                          {"complete_before", int64_t(change.completeBefore)},
                          {"complete_after", int64_t(change.completeAfter)}});
  Object stoppedBy;
  for (auto [kind, count] : rewrite::countStops(plan))
    stoppedBy[rewrite::getStopKindName(kind)] = int64_t(count);
  Object before = runFigures(result.before), after = runFigures(result.after);
  // The DMA slack (each DMA's, summed; dma_wait_slack is each wait's) from
  // the replays' DMA analyses, as metrics.json's dma.totals.slack.
  before["dma_slack"] = int64_t(results.dmas.total.slack);
  after["dma_slack"] = int64_t(outcome.after ? outcome.after->dmas.total.slack
                                             : results.dmas.total.slack);
  return Object{{"format", kRewriteFormatName},
                {"version", kRewriteFormatVersion},
                {"rewrite", "trace"},
                {"trace", info.fileName},
                {"rewritten_trace", outcome.rewrittenFile},
                {"program", info.program},
                {"accepted", result.accepted()},
                {"same_final_state", result.sameResult()},
                {"state_difference", result.stateDifference},
                {"before", std::move(before)},
                {"after", std::move(after)},
                {"decisions", std::move(decisions)},
                {"waits", std::move(waits)},
                {"dmas", std::move(dmas)},
                {"dependency_bound",
                 Object{{"cycles", int64_t(outcome.bound.cycles)},
                        {"dma_wait_stall", int64_t(outcome.bound.dmaWaitStall)},
                        {"rounds", int64_t(outcome.bound.rounds)},
                        {"moves_stopped_by", std::move(stoppedBy)}}}};
}

void snr::report::printRewriteSummary(const analysis::TraceInfo &info,
                                      const rewrite::HoistPlan &plan,
                                      const rewrite::RewriteComparison &result,
                                      llvm::raw_ostream &os) {
  unsigned applied = 0, given = 0;
  for (const rewrite::HoistDecision &d : plan.decisions)
    (d.applied ? applied : given) += 1;
  const sim::PerformanceTracker &before = result.before, &after = result.after;
  double saved = before.totalCycles
                     ? 100.0 * (double(before.totalCycles) -
                                double(after.totalCycles)) /
                           double(before.totalCycles)
                     : 0.0;
  os << llvm::formatv("trace rewrite: {0} DMA(s) moved, {1} left in place\n",
                      applied, given);
  os << llvm::formatv("  cycles {0} -> {1} ({2:f1}% fewer)\n",
                      formatCount(before.totalCycles),
                      formatCount(after.totalCycles), saved);
  os << llvm::formatv(
      "  DMA stall {0} -> {1} (base latency {2} -> {3}, transfer {4} "
      "-> {5})\n",
      formatCount(before.waitBaseStall + before.waitTransferStall),
      formatCount(after.waitBaseStall + after.waitTransferStall),
      formatCount(before.waitBaseStall), formatCount(after.waitBaseStall),
      formatCount(before.waitTransferStall),
      formatCount(after.waitTransferStall));
  os << (result.sameResult()
             ? "  final state identical: every register, flag and memory "
               "byte\n"
             : "  FINAL STATE DIFFERS: " + result.stateDifference + "\n");
  // The moves by static PC: a DMA in a loop body moved in every iteration
  // is one line.
  struct StaticMove {
    uint64_t pc = 0;
    const rewrite::HoistDecision *first = nullptr;
    unsigned count = 0;
    uint64_t minEarlier = ~uint64_t(0), maxEarlier = 0;
  };
  std::vector<StaticMove> moves;
  llvm::DenseMap<uint64_t, size_t> movesByPc;
  for (const rewrite::HoistDecision &d : plan.decisions) {
    if (!d.applied)
      continue;
    uint64_t pc = info.getPc(d.issueIndex);
    auto [it, inserted] = movesByPc.try_emplace(pc, moves.size());
    if (inserted)
      moves.push_back({pc, &d});
    StaticMove &move = moves[it->second];
    ++move.count;
    move.minEarlier = std::min<uint64_t>(move.minEarlier, d.instructionsEarlier);
    move.maxEarlier = std::max<uint64_t>(move.maxEarlier, d.instructionsEarlier);
  }
  constexpr size_t kShown = 5;
  for (size_t i = 0; i < moves.size() && i < kShown; ++i) {
    const StaticMove &move = moves[i];
    std::string where = info.locatePc(move.pc);
    std::string what =
        where.empty() ? info.describe(move.first->issueIndex)
                      : llvm::formatv("pc {0} ({1})", move.pc, where).str();
    if (move.count == 1) {
      os << "    " << what << ": " << move.first->reason << "\n";
      continue;
    }
    os << llvm::formatv("    {0}: {1} instances moved {2} instructions "
                        "earlier; the first: {3}\n",
                        what, move.count,
                        move.minEarlier == move.maxEarlier
                            ? std::to_string(move.minEarlier)
                            : llvm::formatv("{0} to {1}", move.minEarlier,
                                            move.maxEarlier)
                                  .str(),
                        move.first->reason);
  }
  if (moves.size() > kShown)
    os << "    ... and " << moves.size() - kShown
       << " more static DMAs (every decision is in rewrite.json)\n";
  printWaitMerges(info, plan, os);
}

void snr::report::printWaitMerges(const analysis::TraceInfo &info,
                                  const rewrite::HoistPlan &plan,
                                  llvm::raw_ostream &os) {
  // Only when a wait merged (each wait's reason is in rewrite.json).
  if (llvm::none_of(plan.waits,
                    [](const rewrite::WaitDecision &w) { return w.applied; }))
    return;
  // By static PC, as the DMAs: a wait in a loop body is one line.
  struct StaticMerge {
    uint64_t pc = 0;
    const rewrite::WaitDecision *first = nullptr;
    unsigned merged = 0, instances = 0;
  };
  std::vector<StaticMerge> merges;
  llvm::DenseMap<uint64_t, size_t> byPc;
  unsigned merged = 0;
  for (const rewrite::WaitDecision &w : plan.waits) {
    merged += w.applied;
    uint64_t pc = info.instructions->getPc(w.index);
    auto [it, inserted] = byPc.try_emplace(pc, merges.size());
    if (inserted)
      merges.push_back({pc, nullptr});
    StaticMerge &m = merges[it->second];
    ++m.instances;
    if (w.applied && !m.first)
      m.first = &w;
    m.merged += w.applied;
  }
  os << llvm::formatv("trace rewrite: {0} wait(s) merged into the next wait "
                      "on their flag, {1} left in place\n",
                      merged, plan.waits.size() - merged);
  constexpr size_t kShown = 5;
  size_t shown = 0, more = 0;
  for (const StaticMerge &m : merges) {
    if (!m.merged)
      continue;
    if (shown == kShown) {
      ++more;
      continue;
    }
    ++shown;
    std::string where = info.locatePc(m.pc);
    std::string what =
        where.empty() ? info.describe(m.first->index)
                      : llvm::formatv("pc {0} ({1})", m.pc, where).str();
    os << llvm::formatv("    {0}: {1} of {2} instance(s) merged; the first: "
                        "{3}\n",
                        what, m.merged, m.instances, m.first->reason);
  }
  if (more)
    os << "    ... and " << more
       << " more static waits (every decision is in rewrite.json)\n";
}

llvm::StringRef snr::report::describeStopKind(rewrite::StopKind kind) {
  switch (kind) {
  case rewrite::StopKind::Vmem:
    return "VMEM buffer reuse (WAR/WAW on their destination; the bound has "
           "unlimited VMEM)";
  case rewrite::StopKind::Registers:
    return "registers (none free to rename into)";
  case rewrite::StopKind::Links:
    return "link order";
  case rewrite::StopKind::Flags:
    return "flags (none free)";
  case rewrite::StopKind::None:
  case rewrite::StopKind::Proof:
    break;
  }
  return "dependencies";
}

void snr::report::printTraceRewrite(const analysis::TraceInfo &info,
                                    const TraceRewriteOutcome &outcome,
                                    llvm::raw_ostream &os) {
  const rewrite::ProvedRewrite &proved = outcome.proved;
  const rewrite::DependencyBound &bound = outcome.bound;
  bool selected = outcome.selected;
  const rewrite::HoistPlan &plan = proved.plan;
  const rewrite::RewriteComparison &comparison = proved.comparison;
  if (unsigned dropped = proved.droppedCount()) {
    os << "trace rewrite: " << dropped << " move(s) dropped by the proof\n";
    for (const rewrite::WaitDecision &w : plan.waits)
      if (w.dropped)
        os << "  " << info.describe(w.index) << " (a wait merge): " << w.reason
           << "\n";
    for (const rewrite::HoistDecision &d : plan.decisions)
      if (d.dropped)
        os << "  " << info.describe(d.issueIndex) << ": " << d.reason << "\n";
  }
  os << "trace rewrite: " << proved.rounds << " round(s) kept, "
     << proved.replays << " replay(s) to prove them\n";
  if (!plan.changed()) {
    os << "trace rewrite: nothing to move (";
    if (plan.decisions.empty())
      os << (selected ? "no selected DMA" : "no DMA")
         << " stalled on its wait or was issued serially";
    else
      os << plan.decisions.size() << " DMA(s) considered, none could "
         << "move; see rewrite.json";
    os << ")\n";
    return;
  }
  printRewriteSummary(info, plan, comparison, os);
  uint64_t achieved =
      comparison.after.waitBaseStall + comparison.after.waitTransferStall;
  os << llvm::formatv("  dependency bound (every DMA as early as its "
                      "dependencies allow, unlimited VMEM): {0} cycles, "
                      "DMA stall {1}; the rewrite is at {2:f2}x its "
                      "cycles, {3:f2}x its stall\n",
                      formatCount(bound.cycles),
                      formatCount(bound.dmaWaitStall),
                      double(comparison.after.totalCycles) /
                          double(std::max<uint64_t>(bound.cycles, 1)),
                      double(achieved) /
                          double(std::max<uint64_t>(bound.dmaWaitStall, 1)));
  // What stopped moves beyond their dependencies.
  llvm::SmallVector<std::pair<rewrite::StopKind, unsigned>, 5> stops =
      rewrite::countStops(plan);
  if (stops.empty())
    return;
  os << "  DMAs stopped before their target:";
  llvm::ListSeparator comma(",");
  for (auto [kind, count] : stops)
    os << comma << " " << count << " by " << describeStopKind(kind);
  os << "\n";
}

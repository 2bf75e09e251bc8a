//===- RewriteReport.cpp - Before and after a DMA rewrite -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RewriteReport.h"
#include "SnR/Report/Format.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {
Value pcOf(const analysis::TraceInfo &info, uint64_t index) {
  return int64_t(info.instructions[index].pc);
}

Object runFigures(const sim::PerformanceTracker &run) {
  Object stalls;
  for (unsigned k = 1; k < sim::kNumStallKinds; ++k)
    stalls[sim::getStallKindName(sim::StallKind(k))] =
        int64_t(run.stallCycles[k]);
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

Value snr::report::buildRewriteJson(const analysis::TraceInfo &info,
                                    const rewrite::HoistPlan &plan,
                                    const rewrite::RewriteComparison &result) {
  Array decisions;
  for (const rewrite::HoistDecision &d : plan.decisions) {
    Object decision{{"dma", int64_t(d.dma)},
                    {"issue_pc", pcOf(info, d.issueIndex)},
                    {"line", int64_t(info.lines[d.issueIndex])},
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
  Array dmas;
  for (const rewrite::DmaChange &change : result.dmas)
    dmas.push_back(Object{{"issue_pc", pcOf(info, change.issueIndex)},
                          {"line", int64_t(info.lines[change.issueIndex])},
                          {"stall_before", int64_t(change.stallBefore)},
                          {"stall_after", int64_t(change.stallAfter)},
                          {"complete_before", int64_t(change.completeBefore)},
                          {"complete_after", int64_t(change.completeAfter)}});
  return Object{{"format", kRewriteFormatName},
                {"version", kRewriteFormatVersion},
                {"trace", info.fileName},
                {"program", info.program},
                {"accepted", result.accepted()},
                {"same_final_state", result.sameResult()},
                {"state_difference", result.stateDifference},
                {"before", runFigures(result.before)},
                {"after", runFigures(result.after)},
                {"decisions", std::move(decisions)},
                {"dmas", std::move(dmas)}};
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
  os << llvm::formatv("rewrite: {0} DMA(s) moved, {1} left in place\n", applied,
                      given);
  os << llvm::formatv("  cycles {0} -> {1} ({2:f1}% fewer)\n",
                      formatCount(before.totalCycles),
                      formatCount(after.totalCycles), saved);
  os << llvm::formatv(
      "  DMA wait stalls {0} -> {1} (base latency {2} -> {3}, transfer {4} "
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
    uint64_t pc = info.instructions[d.issueIndex].pc;
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
}

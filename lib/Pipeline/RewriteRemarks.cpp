//===- RewriteRemarks.cpp - The hoist decisions as remarks ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/RewriteRemarks.h"
#include "SnR/Analysis/StaticRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Rewrite/Schedule.h"

#include "mlir/IR/Remarks.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace snr;
using remark::detail::Remark;

void snr::emitRewriteRemarks(const rewrite::HoistPlan &plan,
                             llvm::function_ref<Location(uint64_t)> locationOf) {
  for (const rewrite::HoistDecision &d : plan.decisions) {
    Location loc = locationOf(d.issueIndex);
    auto opts = remark::RemarkOpts::name(kHoistRemark).category(kRemarkCategory);
    remark::detail::InFlightRemark r =
        d.applied ? remark::passed(loc, opts) : remark::failed(loc, opts);
    if (!r)
      continue;
    const char *what = d.parallelGroup ? "issue with its parallel group"
                                       : "hoist";
    r << Remark::Arg("Remark", std::string(what))
      << Remark::Arg(d.applied ? "Change" : "Reason", d.reason)
      << Remark::Arg("instructions_earlier", d.instructionsEarlier);
  }
  for (const rewrite::WaitDecision &w : plan.waits) {
    Location loc = locationOf(w.index);
    auto opts =
        remark::RemarkOpts::name(kWaitMergeRemark).category(kRemarkCategory);
    remark::detail::InFlightRemark r =
        w.applied ? remark::passed(loc, opts) : remark::failed(loc, opts);
    if (!r)
      continue;
    r << Remark::Arg("Remark",
                     std::string("merge into the next wait on its flag"))
      << Remark::Arg(w.applied ? "Change" : "Reason", w.reason)
      << Remark::Arg("copies", w.copies)
      << Remark::Arg("instructions_later", w.instructionsLater);
  }
}


void snr::emitRewriteOutcomeRemark(
    Location traceLoc, const rewrite::HoistPlan &plan,
    const rewrite::RewriteComparison &comparison,
    const rewrite::DependencyBound *bound) {
  remark::detail::InFlightRemark r = remark::analysis(
      traceLoc,
      remark::RemarkOpts::name("dma-rewrite").category(kRemarkCategory));
  if (!r)
    return;
  const sim::PerformanceTracker &before = comparison.before,
                                &after = comparison.after;
  uint64_t moved = llvm::count_if(
      plan.decisions, [](const rewrite::HoistDecision &d) { return d.applied; });
  uint64_t merged = llvm::count_if(
      plan.waits, [](const rewrite::WaitDecision &w) { return w.applied; });
  std::string waits =
      merged ? llvm::formatv(", {0} waits merged", merged).str() : "";
  r << Remark::Arg("Remark",
                   llvm::formatv("{0} DMAs moved{1}: {2} -> {3} cycles, same "
                                 "final state",
                                 moved, waits, before.totalCycles,
                                 after.totalCycles)
                       .str())
    << Remark::Arg("cycles_before", before.totalCycles)
    << Remark::Arg("cycles_after", after.totalCycles)
    << Remark::Arg("dma_wait_stall_before",
                   before.waitBaseStall + before.waitTransferStall)
    << Remark::Arg("dma_wait_stall_after",
                   after.waitBaseStall + after.waitTransferStall);
  if (bound)
    r << Remark::Arg("bound_cycles", bound->cycles)
      << Remark::Arg("bound_dma_wait_stall", bound->dmaWaitStall);
}

namespace {
/// The remark of one static instruction's rewrite, at `loc` in `function`:
/// passed when the rewrite changed it, missed when it left it.
remark::detail::InFlightRemark startRemark(llvm::StringRef name, Location loc,
                                           llvm::StringRef function,
                                           bool changed) {
  auto opts = remark::RemarkOpts::name(name)
                  .category(kRemarkCategory)
                  .function(function);
  return changed ? remark::passed(loc, opts) : remark::missed(loc, opts);
}

/// The trace rewrite of the DMAs of one static dma.issue.
struct StaticTraceMove {
  uint64_t pc = 0;
  const rewrite::HoistDecision *first = nullptr;
  const rewrite::HoistDecision *firstMoved = nullptr;
  unsigned instances = 0, moved = 0;
  uint64_t minEarlier = ~uint64_t(0), maxEarlier = 0;
  uint64_t stallBefore = 0, stallAfter = 0;
};

/// The wait merges of one static dma.wait.
void emitTraceWaitRemarks(const analysis::TraceInfo &info,
                          const rewrite::HoistPlan &plan,
                          llvm::function_ref<Location(uint64_t)> traceLoc) {
  struct StaticWait {
    const rewrite::WaitDecision *first = nullptr, *firstMerged = nullptr;
    unsigned instances = 0, merged = 0;
    uint64_t stall = 0;
  };
  std::vector<StaticWait> waits;
  llvm::DenseMap<uint64_t, size_t> byPc;
  for (const rewrite::WaitDecision &w : plan.waits) {
    auto [it, inserted] = byPc.try_emplace(info.getPc(w.index), waits.size());
    if (inserted)
      waits.push_back({&w});
    StaticWait &s = waits[it->second];
    ++s.instances;
    s.stall += w.stall;
    if (w.applied && !s.firstMerged)
      s.firstMerged = &w;
    s.merged += w.applied;
  }
  for (const StaticWait &s : waits) {
    uint64_t index = s.first->index;
    remark::detail::InFlightRemark r =
        startRemark(kTraceRewriteRemark, traceLoc(index),
                    info.getHloName(info.hloOf[index]), s.merged);
    if (!r)
      continue;
    r << remarkText(llvm::formatv("dma.wait at pc {0}: the trace rewrite ",
                                  info.getPc(index))
                        .str());
    if (s.merged)
      r << remarkText("merged ") << Remark::Arg("merged", s.merged)
        << remarkText(" of its ") << Remark::Arg("instances", s.instances)
        << remarkText(
               " instance(s) into the next wait on its flag. The first: ")
        << Remark::Arg("Change", s.firstMerged->reason) << remarkText(".");
    else
      r << remarkText("left its ") << Remark::Arg("instances", s.instances)
        << remarkText(" instance(s) in place. Why: ")
        << Remark::Arg("Reason", s.first->reason) << remarkText(".");
    // Hotness: the stall of its instances, as the replay they were planned
    // on measured it.
    r << Remark::Arg(kHotnessArg, s.stall);
  }
}

void emitTraceRewriteRemarks(
    const analysis::TraceInfo &info, const report::TraceRewriteOutcome &t,
    llvm::function_ref<Location(uint64_t)> traceLoc) {
  const rewrite::HoistPlan &plan = t.proved.plan;
  std::vector<StaticTraceMove> moves;
  llvm::DenseMap<uint64_t, size_t> byPc;
  for (const rewrite::HoistDecision &d : plan.decisions) {
    uint64_t pc = info.getPc(d.issueIndex);
    auto [it, inserted] = byPc.try_emplace(pc, moves.size());
    if (inserted)
      moves.push_back({pc, &d});
    StaticTraceMove &move = moves[it->second];
    ++move.instances;
    if (!d.applied)
      continue;
    ++move.moved;
    if (!move.firstMoved)
      move.firstMoved = &d;
    move.minEarlier = std::min<uint64_t>(move.minEarlier, d.instructionsEarlier);
    move.maxEarlier = std::max<uint64_t>(move.maxEarlier, d.instructionsEarlier);
  }
  for (const rewrite::DmaChange &change : t.proved.comparison.dmas) {
    auto it = byPc.find(info.getPc(change.issueIndex));
    if (it == byPc.end())
      continue;
    moves[it->second].stallBefore += change.stallBefore;
    moves[it->second].stallAfter += change.stallAfter;
  }
  for (const StaticTraceMove &move : moves) {
    uint64_t index = move.first->issueIndex;
    remark::detail::InFlightRemark r =
        startRemark(kTraceRewriteRemark, traceLoc(index),
                    info.getHloName(info.hloOf[index]), move.moved);
    if (!r)
      continue;
    r << remarkText(
        llvm::formatv("dma.issue at pc {0}: the trace rewrite ", move.pc)
            .str());
    if (move.moved) {
      r << remarkText("moved ") << Remark::Arg("moved", move.moved)
        << remarkText(" of its ") << Remark::Arg("instances", move.instances)
        << remarkText(
               llvm::formatv(" instance(s) {0} instruction(s) earlier",
                             move.minEarlier == move.maxEarlier
                                 ? std::to_string(move.minEarlier)
                                 : llvm::formatv("{0} to {1}", move.minEarlier,
                                                 move.maxEarlier)
                                       .str())
                   .str());
    } else {
      r << remarkText("left its ") << Remark::Arg("instances", move.instances)
        << remarkText(" instance(s) in place");
    }
    r << remarkText("; their DMA stall ")
      << Remark::Arg("stall_before_cycles", move.stallBefore)
      << remarkText(" -> ")
      << Remark::Arg("stall_after_cycles", move.stallAfter)
      << remarkText(" cycles");
    if (move.stallAfter > move.stallBefore)
      r << remarkText(
          " (harmful: kept because the trace as a whole is faster)");
    const rewrite::HoistDecision &shown =
        move.firstMoved ? *move.firstMoved : *move.first;
    r << remarkText(move.moved ? ". The first: " : ". Why: ")
      << Remark::Arg(move.moved ? "Change" : "Reason", shown.reason)
      << remarkText(".") << Remark::Arg(kHotnessArg, move.stallBefore);
  }
  emitTraceWaitRemarks(info, plan, traceLoc);
  if (!plan.changed())
    return;
  // The outcome, at the trace's first instruction.
  const sim::PerformanceTracker &before = t.proved.comparison.before,
                                &after = t.proved.comparison.after;
  remark::detail::InFlightRemark r = remark::analysis(
      traceLoc(0), remark::RemarkOpts::name(kTraceRewriteRemark)
                       .category(kRemarkCategory)
                       .function(info.program));
  if (!r)
    return;
  uint64_t moved = llvm::count_if(
      plan.decisions, [](const rewrite::HoistDecision &d) { return d.applied; });
  r << remarkText("the trace rewrite moved ") << Remark::Arg("moved", moved)
    << remarkText(" DMA(s), proved by replay (same final state): ")
    << Remark::Arg("cycles_before", before.totalCycles) << remarkText(" -> ")
    << Remark::Arg("cycles_after", after.totalCycles)
    << remarkText(" cycles, DMA stall ")
    << Remark::Arg("dma_stall_before",
                   before.waitBaseStall + before.waitTransferStall)
    << remarkText(" -> ")
    << Remark::Arg("dma_stall_after",
                   after.waitBaseStall + after.waitTransferStall)
    << remarkText("; the dependency bound: ")
    << Remark::Arg("bound_cycles", t.bound.cycles) << remarkText(" cycles.")
    << Remark::Arg(kHotnessArg,
                   before.totalCycles -
                       std::min(before.totalCycles, after.totalCycles));
}

void emitProgramRewriteRemarks(
    llvm::StringRef programName, const report::ProgramRewriteOutcome &p,
    llvm::function_ref<Location(size_t)> programLoc) {
  const rewrite::ProvedProgramRewrite &proved = p.proved;
  for (const rewrite::ProgramDecision &d : proved.decisions) {
    if (!d.move && !d.stallBefore)
      continue;
    bool moved = p.isMoved(d);
    remark::detail::InFlightRemark r = startRemark(
        kProgramRewriteRemark, programLoc(d.dma), p.hlos[d.dma], moved);
    if (!r)
      continue;
    r << remarkText(llvm::formatv("dma.issue at pc {0}: the program rewrite ",
                                  p.instructions[d.dma].pc)
                        .str());
    if (moved) {
      const rewrite::ProgramMove &m = *d.move;
      r << remarkText("moved it ")
        << Remark::Arg("instructions_earlier", m.crossed)
        << remarkText(
               llvm::formatv(" instruction(s) earlier, to pc {0} in front "
                             "of pc {1}",
                             p.getNewPc(d), p.instructions[m.landing].pc)
                   .str());
    } else {
      r << remarkText("left it in place");
    }
    uint64_t after = moved || proved.accepted ? d.stallAfter : d.stallBefore;
    r << remarkText("; its DMA stall ")
      << Remark::Arg("stall_before_cycles", d.stallBefore) << remarkText(" -> ")
      << Remark::Arg("stall_after_cycles", after) << remarkText(" cycles");
    if (after > d.stallBefore)
      r << remarkText(
          " (harmful: kept because the program as a whole is faster)");
    std::string why = d.dropped || (d.move && !proved.accepted)
                          ? (d.dropped ? d.reason : proved.rejection)
                          : d.reason;
    r << remarkText(". ") << Remark::Arg(moved ? "Change" : "Reason", why)
      << remarkText(".") << Remark::Arg(kHotnessArg, d.stallBefore);
  }
  for (const rewrite::ProgramWaitDecision &w : proved.waits) {
    bool moved = w.move && !w.dropped && proved.accepted;
    remark::detail::InFlightRemark r = startRemark(
        kProgramRewriteRemark, programLoc(w.wait), p.hlos[w.wait], moved);
    if (!r)
      continue;
    r << remarkText(llvm::formatv("dma.wait at pc {0}: the program rewrite ",
                                  p.instructions[w.wait].pc)
                        .str());
    if (moved && w.move->landing)
      r << remarkText("moved it out of its loop, to in front of pc ")
        << Remark::Arg("landing_pc", p.instructions[*w.move->landing].pc);
    else if (moved && w.move->emptied)
      r << remarkText(
          "dropped it (the DMAs it waited for joined an earlier wait)");
    else if (moved)
      r << remarkText("merged it into the waits on its flag that follow");
    else
      r << remarkText("left it in place");
    uint64_t after = moved || proved.accepted ? w.stallAfter : w.stallBefore;
    r << remarkText("; its stall ")
      << Remark::Arg("stall_before_cycles", w.stallBefore) << remarkText(" -> ")
      << Remark::Arg("stall_after_cycles", after) << remarkText(" cycles. ");
    std::string why = w.dropped || (w.move && !proved.accepted)
                          ? (w.dropped ? w.reason : proved.rejection)
                          : w.reason;
    r << Remark::Arg(moved ? "Change" : "Reason", why) << remarkText(".")
      << Remark::Arg(kHotnessArg, w.stallBefore);
  }
  if (!p.changed() || p.instructions.empty())
    return;
  remark::detail::InFlightRemark r = remark::analysis(
      programLoc(0), remark::RemarkOpts::name(kProgramRewriteRemark)
                         .category(kRemarkCategory)
                         .function(programName));
  if (!r)
    return;
  r << remarkText(
           "the program rewrite, proved by re-recording the whole program "
           "(same final state): ")
    << Remark::Arg("cycles_before", proved.cyclesBefore) << remarkText(" -> ")
    << Remark::Arg("cycles_after", proved.cyclesAfter) << remarkText(" cycles.")
    << Remark::Arg(kHotnessArg,
                   proved.cyclesBefore -
                       std::min(proved.cyclesBefore, proved.cyclesAfter));
}
} // namespace

void snr::emitRewriteOutcomeRemarks(
    const analysis::TraceInfo &info, const report::RewriteOutcomes &outcomes,
    llvm::function_ref<Location(uint64_t)> traceLoc,
    llvm::function_ref<Location(size_t)> programLoc) {
  if (outcomes.trace)
    emitTraceRewriteRemarks(info, *outcomes.trace, traceLoc);
  if (outcomes.program)
    emitProgramRewriteRemarks(info.program, *outcomes.program, programLoc);
}

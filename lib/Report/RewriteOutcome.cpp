//===- RewriteOutcome.cpp - What snr-replay --apply proved ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Report/Format.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

/// Whether `inst` starts a copy, as the rewrite target describes it.
static bool startsCopy(const rewrite::RewriteTarget &target,
                       const rewrite::Instruction &inst) {
  rewrite::InstructionDesc desc;
  target.describe(inst, /*executed=*/true, desc);
  return desc.startsCopy.has_value();
}

uint64_t
ProgramRewriteOutcome::getNewPc(const rewrite::ProgramDecision &d) const {
  const rewrite::ProgramLayout &layout = proved.layout;
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  for (size_t i = 0; i < layout.instructions.size(); ++i)
    if (layout.origin[i] == d.dma && startsCopy(target, layout.instructions[i]))
      return layout.instructions[i].pc;
  return d.dma < layout.newPc.size() ? layout.newPc[d.dma]
                                     : instructions[d.dma].pc;
}

std::string ProgramRewriteOutcome::locate(size_t index) const {
  unsigned line = index < lines.size() ? lines[index] : 0;
  if (!line)
    return llvm::formatv("pc {0}", instructions[index].pc).str();
  std::string text = llvm::formatv("{0}:{1}",
                                   llvm::sys::path::filename(programFile),
                                   line)
                         .str();
  if (index < columns.size() && columns[index])
    text += ":" + std::to_string(columns[index]);
  return text;
}

void snr::report::computePcMap(ProgramRewriteOutcome &outcome) {
  outcome.pcMap.clear();
  outcome.newPcs.clear();
  if (!outcome.changed())
    return;
  const rewrite::ProgramLayout &layout = outcome.proved.layout;
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  // Which original each copy stands for: the moved DMA itself, or a slice
  // instruction its move removed.
  llvm::DenseMap<size_t, bool> standsFor;
  for (const rewrite::ProgramDecision &d : outcome.proved.decisions) {
    if (!outcome.isMoved(d))
      continue;
    standsFor[d.dma] = true;
    if (d.move->takenWait)
      standsFor[*d.move->takenWait] = true;
    for (size_t removed : d.move->removed)
      standsFor[removed] = true;
  }
  // A wait moved out of its loop is the wait at its exit.
  for (const rewrite::ProgramWaitDecision &w : outcome.proved.waits)
    if (outcome.isMoved(w) && w.move->landing)
      standsFor[w.wait] = true;
  std::map<uint64_t, uint64_t> afterOfBefore;
  for (size_t i = 0; i < layout.instructions.size(); ++i) {
    size_t origin = layout.origin[i];
    const rewrite::Instruction &inst = layout.instructions[i];
    uint64_t before = outcome.instructions[origin].pc;
    // An original that stayed is itself; a moved DMA, or a slice
    // instruction its move removed, is its (first) copy. Other copies are
    // new.
    bool same = !layout.inserted[i] ||
                (standsFor.count(origin) &&
                 target.getMnemonic(inst) ==
                     target.getMnemonic(outcome.instructions[origin]));
    if (same && afterOfBefore.try_emplace(before, inst.pc).second)
      continue;
    outcome.newPcs.push_back(inst.pc);
  }
  for (auto [before, after] : afterOfBefore) {
    if (!outcome.pcMap.empty()) {
      PcMapRange &last = outcome.pcMap.back();
      if (last.before + last.count == before &&
          last.after + last.count == after) {
        ++last.count;
        continue;
      }
    }
    outcome.pcMap.push_back({before, after, 1});
  }
}

llvm::json::Value
snr::report::buildProgramRewriteJson(const ProgramRewriteOutcome &outcome) {
  const rewrite::ProvedProgramRewrite &proved = outcome.proved;
  const std::vector<rewrite::Instruction> &insts = outcome.instructions;
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  llvm::StringRef file = llvm::sys::path::filename(outcome.programFile);
  Array dmas;
  for (const rewrite::ProgramDecision &d : proved.decisions) {
    bool kept = outcome.isMoved(d);
    Object dma{
        {"pc", int64_t(insts[d.dma].pc)},
        {"line", int64_t(outcome.lines[d.dma])},
        {"file", file},
        {"location", outcome.locate(d.dma)},
        {"hlo", outcome.hlos[d.dma]},
        {"moved", kept},
        {"reason", d.reason},
        {"stall_before", int64_t(d.stallBefore)},
        {"stall_after",
         int64_t(kept || proved.accepted ? d.stallAfter : d.stallBefore)}};
    if (d.move) {
      const rewrite::ProgramMove &m = *d.move;
      Array slice, removed, renamed;
      for (size_t s : m.slice)
        slice.push_back(int64_t(insts[s].pc));
      for (size_t s : m.removed)
        removed.push_back(int64_t(insts[s].pc));
      for (auto [from, to] : m.renamed)
        renamed.push_back(Object{{"from", target.formatRegister(from)},
                                 {"to", target.formatRegister(to)}});
      dma["dropped"] = d.dropped;
      dma["landing_pc"] = int64_t(insts[m.landing].pc);
      dma["to_hlo"] = outcome.hlos[m.landing];
      dma["instructions_earlier"] = int64_t(m.crossed);
      dma["waits_joined"] = int64_t(m.waitsJoined);
      dma["slice_reused"] = int64_t(m.reused);
      dma["slice_pcs"] = std::move(slice);
      dma["removed_pcs"] = std::move(removed);
      dma["renamed"] = std::move(renamed);
      if (m.takenWait)
        dma["taken_wait_pc"] = int64_t(insts[*m.takenWait].pc);
      if (m.rotation) {
        Array rotationSlice, rotationRenamed;
        for (size_t s : m.rotation->slice)
          rotationSlice.push_back(int64_t(insts[s].pc));
        for (auto [from, to] : m.rotation->renamed)
          rotationRenamed.push_back(
              Object{{"from", target.formatRegister(from)},
                     {"to", target.formatRegister(to)}});
        dma["rotation"] =
            Object{{"landing_pc", int64_t(insts[m.rotation->landing].pc)},
                   {"back_edge_pc", int64_t(insts[m.rotation->backEdge].pc)},
                   {"slice_pcs", std::move(rotationSlice)},
                   {"renamed", std::move(rotationRenamed)},
                   {"dropped", d.rotationDropped}};
      }
      if (kept)
        dma["new_pc"] = int64_t(outcome.getNewPc(d));
    }
    dmas.push_back(std::move(dma));
  }
  Array waits;
  for (const rewrite::ProgramWaitDecision &w : proved.waits) {
    bool kept = outcome.isMoved(w);
    Object wait{
        {"pc", int64_t(insts[w.wait].pc)},
        {"line", int64_t(outcome.lines[w.wait])},
        {"file", file},
        {"location", outcome.locate(w.wait)},
        {"hlo", outcome.hlos[w.wait]},
        {"flag", target.formatSyncObject(w.sync)},
        {"moved", kept},
        {"reason", w.reason},
        {"stall_before", int64_t(w.stallBefore)},
        {"stall_after",
         int64_t(kept || proved.accepted ? w.stallAfter : w.stallBefore)}};
    if (w.move) {
      const rewrite::ProgramWaitMove &m = *w.move;
      wait["dropped"] = w.dropped;
      wait["kind"] = m.landing ? "sunk" : m.emptied ? "emptied" : "merged";
      if (m.landing)
        wait["landing_pc"] = int64_t(insts[*m.landing].pc);
      wait["loops_left"] = int64_t(m.loopsLeft);
      wait["runs_before"] = int64_t(m.runsBefore);
      wait["runs_after"] = int64_t(m.runsAfter);
      wait["instructions_later"] = int64_t(m.instructionsLater);
    }
    waits.push_back(std::move(wait));
  }
  Array pcMap, newPcs;
  for (const PcMapRange &range : outcome.pcMap)
    pcMap.push_back(Object{{"before", int64_t(range.before)},
                           {"after", int64_t(range.after)},
                           {"count", int64_t(range.count)}});
  for (uint64_t pc : outcome.newPcs)
    newPcs.push_back(int64_t(pc));
  return Object{
      {"format", "snr-program-rewrite"},
      {"version", 1},
      {"program", outcome.programFile},
      {"accepted", proved.accepted},
      {"changed", outcome.changed()},
      {"same_final_state", proved.stateDifference.empty()},
      {"state_difference", proved.stateDifference},
      {"rejection", proved.rejection},
      {"runs", int64_t(proved.runs)},
      {"before", Object{{"cycles", int64_t(proved.cyclesBefore)},
                        {"instructions", int64_t(proved.instructionsBefore)}}},
      {"after", Object{{"cycles", int64_t(proved.cyclesAfter)},
                       {"instructions", int64_t(proved.instructionsAfter)}}},
      {"rewritten_program", outcome.rewrittenFile},
      {"diff", outcome.diffFile},
      {"pc_map", std::move(pcMap)},
      {"new_pcs", std::move(newPcs)},
      {"dmas", std::move(dmas)},
      {"waits", std::move(waits)}};
}

void snr::report::printProgramWaits(const ProgramRewriteOutcome &outcome,
                                    llvm::raw_ostream &out) {
  const rewrite::ProvedProgramRewrite &proved = outcome.proved;
  // Only when a wait moves (each wait's reason is in program-rewrite.json).
  if (llvm::none_of(proved.waits, [](const rewrite::ProgramWaitDecision &w) {
        return bool(w.move);
      }))
    return;
  const std::vector<rewrite::Instruction> &insts = outcome.instructions;
  unsigned moved = llvm::count_if(
      proved.waits,
      [&](const rewrite::ProgramWaitDecision &w) { return outcome.isMoved(w); });
  out << llvm::formatv("program rewrite: {0} wait(s) moved, {1} left in "
                       "place\n",
                       moved, proved.waits.size() - moved);
  for (const rewrite::ProgramWaitDecision &w : proved.waits) {
    if (!w.move)
      continue;
    const rewrite::ProgramWaitMove &m = *w.move;
    out << llvm::formatv("  wait at pc {0} ({1}, {2})", insts[w.wait].pc,
                         outcome.locate(w.wait), outcome.hlos[w.wait]);
    if (w.dropped || !proved.accepted) {
      out << ": not moved: " << (w.dropped ? w.reason : proved.rejection)
          << "\n";
      continue;
    }
    if (m.landing)
      out << llvm::formatv(" -> in front of pc {0} ({1}): out of {2} "
                           "loop(s), {3} run(s) -> {4}",
                           insts[*m.landing].pc, outcome.hlos[*m.landing],
                           m.loopsLeft, m.runsBefore, m.runsAfter);
    else if (m.emptied)
      out << llvm::formatv(": dropped, the DMAs it waited for joined an "
                           "earlier wait ({0} run(s) -> 0)",
                           m.runsBefore);
    else
      out << llvm::formatv(": merged into the waits on its flag that follow "
                           "({0} run(s) -> 0)",
                           m.runsBefore);
    out << llvm::formatv("; its stall {0} -> {1}\n",
                         formatCount(w.stallBefore), formatCount(w.stallAfter));
  }
}

void snr::report::printProgramRewrite(const ProgramRewriteOutcome &outcome,
                                      llvm::StringRef dir,
                                      llvm::raw_ostream &out) {
  const rewrite::ProvedProgramRewrite &proved = outcome.proved;
  const std::vector<rewrite::Instruction> &insts = outcome.instructions;
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  auto inDir = [&](llvm::StringRef name) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    return std::string(path);
  };
  unsigned moved = llvm::count_if(
      proved.decisions,
      [&](const rewrite::ProgramDecision &d) { return outcome.isMoved(d); });
  size_t planned = llvm::count_if(
      proved.decisions, [](const auto &d) { return bool(d.move); });
  out << llvm::formatv("program rewrite: {0} DMA(s) moved, {1} left in "
                       "place; proved by re-recording the whole run ({2} "
                       "run(s))\n",
                       moved, proved.decisions.size() - moved, proved.runs);
  for (const rewrite::ProgramDecision &d : proved.decisions) {
    if (!d.move)
      continue;
    const rewrite::ProgramMove &m = *d.move;
    out << llvm::formatv("  pc {0} ({1}, {2})", insts[d.dma].pc,
                         outcome.locate(d.dma), outcome.hlos[d.dma]);
    if (d.dropped || !proved.accepted) {
      out << ": not moved: " << (d.dropped ? d.reason : proved.rejection)
          << "\n";
      continue;
    }
    out << llvm::formatv(" -> pc {0} (in front of pc {1}, {2}): {3} "
                         "instruction(s) earlier",
                         outcome.getNewPc(d), insts[m.landing].pc,
                         outcome.hlos[m.landing], m.crossed);
    if (!m.slice.empty()) {
      out << llvm::formatv(", {0} of its slice copied",
                           m.slice.size() - m.reused);
      if (m.reused)
        out << llvm::formatv(", {0} read from an earlier move's copies",
                             m.reused);
      out << llvm::formatv(" ({0} removed)", m.removed.size());
    }
    if (!m.renamed.empty()) {
      out << ";";
      llvm::ListSeparator comma(",");
      for (auto [from, to] : m.renamed)
        out << comma << " " << target.formatRegister(from) << " renamed "
            << target.formatRegister(to);
    }
    if (m.waitsJoined) {
      rewrite::InstructionDesc desc;
      target.describe(insts[d.dma], /*executed=*/true, desc);
      out << llvm::formatv(
          "; waited with {0} earlier wait(s) on {1}", m.waitsJoined,
          target.formatSyncObject(desc.startsCopy.value_or(0)));
    }
    if (m.takenWait)
      out << llvm::formatv("; the dma.wait at pc {0} moved with it",
                           insts[*m.takenWait].pc);
    if (d.isRotated())
      out << llvm::formatv("; after its loop's first iteration, issued one "
                           "iteration early in front of pc {0} ({1} copied)",
                           insts[m.rotation->landing].pc,
                           m.rotation->slice.size());
    else if (m.rotation)
      out << "; not issued an iteration early (dropped by the proof)";
    out << llvm::formatv("; DMA stall {0} -> {1}",
                         formatCount(d.stallBefore),
                         formatCount(d.stallAfter));
    if (d.stallAfter > d.stallBefore)
      out << llvm::formatv(" (harmful: its DMA stalls {0} cycles more; kept "
                           "because the program as a whole is faster)",
                           formatCount(d.stallAfter - d.stallBefore));
    out << "\n";
  }
  printProgramWaits(outcome, out);
  planned += llvm::count_if(proved.waits,
                            [](const auto &w) { return bool(w.move); });
  if (!planned) {
    out << "  nothing to move (see program-rewrite.json for each DMA's "
           "reason)\n";
    return;
  }
  if (!proved.accepted) {
    out << "  rejected: " << proved.rejection
        << "; no rewritten program written\n";
    return;
  }
  uint64_t before = proved.cyclesBefore, after = proved.cyclesAfter;
  out << llvm::formatv("  cycles {0} -> {1} ({2:f1}% fewer), instructions "
                       "{3} -> {4}\n",
                       formatCount(before), formatCount(after),
                       100.0 * double(before - after) / double(before),
                       formatCount(proved.instructionsBefore),
                       formatCount(proved.instructionsAfter));
  out << "  final state identical: every register, flag and memory byte\n";
  if (!outcome.rewrittenFile.empty())
    out << "  rewritten program: " << inDir(outcome.rewrittenFile) << "\n";
  if (!outcome.diffFile.empty())
    out << "  the change, as a diff of the program (PCs ignored): "
        << inDir(outcome.diffFile) << "\n";
}

std::vector<StaticChange>
snr::report::getStaticChanges(const analysis::TraceInfo &info,
                              const RewriteOutcomes &outcomes) {
  std::vector<StaticChange> changes;
  if (const ProgramRewriteOutcome *program = outcomes.program;
      program && program->changed()) {
    for (const rewrite::ProgramDecision &d : program->proved.decisions) {
      if (!program->isMoved(d))
        continue;
      const rewrite::ProgramMove &m = *d.move;
      StaticChange change;
      change.fromProgram = true;
      change.pc = program->instructions[d.dma].pc;
      change.location = program->lines[d.dma] ? program->locate(d.dma) : "";
      change.hlo = program->hlos[d.dma];
      change.stallBefore = d.stallBefore;
      change.stallAfter = d.stallAfter;
      change.newPc = program->getNewPc(d);
      change.what = llvm::formatv(
          "issue it {0} instruction(s) earlier, in front of pc {1} ({2})",
          m.crossed, program->instructions[m.landing].pc,
          program->locate(m.landing));
      if (!m.slice.empty())
        change.what += llvm::formatv(", with {0} of its address arithmetic",
                                     m.slice.size());
      changes.push_back(std::move(change));
    }
  } else if (const TraceRewriteOutcome *trace = outcomes.trace;
             trace && trace->changed()) {
    // By static issue PC: a DMA in a loop body moved in every iteration is
    // one change.
    std::map<uint64_t, size_t> byPc;
    for (const rewrite::HoistDecision &d : trace->proved.plan.decisions) {
      if (!d.applied)
        continue;
      uint64_t pc = info.getPc(d.issueIndex);
      auto [it, inserted] = byPc.try_emplace(pc, changes.size());
      if (!inserted)
        continue;
      StaticChange change;
      change.pc = pc;
      change.location = info.locatePc(pc);
      change.hlo = info.getHloName(info.hloOf[d.issueIndex]).str();
      change.what = d.reason;
      changes.push_back(std::move(change));
    }
    for (const rewrite::DmaChange &dma : trace->proved.comparison.dmas) {
      auto it = byPc.find(info.getPc(dma.issueIndex));
      if (it == byPc.end())
        continue;
      changes[it->second].stallBefore += dma.stallBefore;
      changes[it->second].stallAfter += dma.stallAfter;
    }
  }
  llvm::stable_sort(changes, [](const StaticChange &a, const StaticChange &b) {
    auto gain = [](const StaticChange &c) {
      return int64_t(c.stallBefore) - int64_t(c.stallAfter);
    };
    return gain(a) > gain(b);
  });
  return changes;
}

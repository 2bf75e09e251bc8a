//===- ProveProgram.cpp - Prove a program rewrite by re-recording --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProveProgram.h"
#include "SnR/Record/SnRRecording.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Sim/PerformanceTracker.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;
using arch::Opcode;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<ProgramRun>
snr::rewrite::runWholeProgram(const record::LoadedProgram &program,
                              const sim::MachineModel &machine,
                              uint64_t maxSteps) {
  record::ReferenceTarget target(program);
  llvm::Expected<trace::Trace> recorded = record::recordTrace(target, program.instructions, maxSteps);
  if (!recorded)
    return recorded.takeError();
  if (recorded->instructions.empty() ||
      recorded->instructions.back().opcode != Opcode::Halt ||
      !target.getState().halted)
    return makeError(
        llvm::formatv("the program did not halt in {0} steps", maxSteps));
  recorded->header.machine = machine.name;
  sim::PerformanceTracker tracker;
  sim::TimingRecorder timing;
  llvm::Expected<replay::Run> replayed = replay::replay(
      *recorded, machine, {&tracker, &timing}, replay::Mode::TimingOnly);
  if (!replayed)
    return replayed.takeError();
  ProgramRun result;
  result.cycles = tracker.totalCycles;
  result.instructions = recorded->instructions.size();
  result.finalState = target.getState();
  result.trace = std::move(*recorded);
  for (const sim::TimingRecorder::Wait &wait : timing.waits)
    if (wait.charged != sim::TimingRecorder::kNoDma)
      result.stallByPc[result.trace
                           .instructions[timing.dmas[wait.charged].issue.index]
                           .pc] += wait.baseStall + wait.transferStall;
  return std::move(result);
}

namespace {
/// The rewritten program as the reference target holds it.
record::LoadedProgram loadLayout(const record::LoadedProgram &program,
                                 const ProgramLayout &layout) {
  return {layout.instructions, layout.entry, program.initialState};
}

struct Trial {
  ProgramLayout layout;
  ProgramRun run;
  std::string difference;
  bool proved(const ProgramRun &original) const {
    return difference.empty() && run.cycles < original.cycles;
  }
};

llvm::Expected<Trial> tryMoves(const record::LoadedProgram &program,
                               const ProgramRun &original,
                               llvm::ArrayRef<ProgramDecision> decisions,
                               const sim::MachineModel &machine,
                               uint64_t maxSteps) {
  ProgramLayout layout = applyProgramRewrite(program, decisions);
  llvm::Expected<ProgramRun> run =
      runWholeProgram(loadLayout(program, layout), machine, maxSteps);
  if (!run)
    return run.takeError();
  std::string difference =
      sim::describeFirstDifference(original.finalState, run->finalState);
  return Trial{std::move(layout), std::move(*run), std::move(difference)};
}

std::string whyNot(const Trial &trial, const ProgramRun &original) {
  if (!trial.difference.empty())
    return "the rewritten program computes a different result (" +
           trial.difference + ", before vs after)";
  return llvm::formatv("the rewritten program is not faster: {0} cycles "
                       "against {1}",
                       trial.run.cycles, original.cycles)
      .str();
}
} // namespace

llvm::Expected<ProvedProgramRewrite> snr::rewrite::proveProgramRewrite(
    const record::LoadedProgram &program, const ProgramRun &original,
    std::vector<ProgramDecision> decisions, const sim::MachineModel &machine,
    uint64_t maxSteps) {
  ProvedProgramRewrite result;
  result.cyclesBefore = original.cycles;
  result.instructionsBefore = original.instructions;
  bool any = llvm::any_of(
      decisions, [](const ProgramDecision &d) { return bool(d.move); });
  auto finish = [&](Trial trial) -> llvm::Expected<ProvedProgramRewrite> {
    result.layout = std::move(trial.layout);
    result.cyclesAfter = trial.run.cycles;
    result.instructionsAfter = trial.run.instructions;
    result.stateDifference = trial.difference;
    result.accepted = trial.proved(original);
    if (!result.accepted)
      result.rejection = any ? whyNot(trial, original)
                             : "no DMA could move (see each one's reason)";
    // Each DMA's stall after, by the new PC of its issue.
    for (ProgramDecision &d : decisions) {
      uint64_t newPc = result.layout.newPc[d.dma];
      if (d.move && !d.dropped)
        for (size_t i = 0; i < result.layout.instructions.size(); ++i)
          if (result.layout.origin[i] == d.dma &&
              result.layout.instructions[i].opcode == Opcode::DmaIssue)
            newPc = result.layout.instructions[i].pc;
      d.stallAfter = (d.move && !d.dropped) || result.accepted
                         ? trial.run.stallByPc.lookup(newPc)
                         : d.stallBefore;
    }
    result.decisions = std::move(decisions);
    return std::move(result);
  };
  llvm::Expected<Trial> all =
      tryMoves(program, original, decisions, machine, maxSteps);
  ++result.runs;
  if (!all)
    return all.takeError();
  if (!any || all->proved(original))
    return finish(std::move(*all));
  // Not proved as a whole: each move alone (with the moves whose copies it
  // reads), then the union of the proved.
  std::string wholeReason = whyNot(*all, original);
  llvm::DenseMap<size_t, size_t> decisionOfDma;
  for (size_t i = 0; i < decisions.size(); ++i)
    decisionOfDma[decisions[i].dma] = i;
  auto withDependencies = [&](size_t i) {
    std::vector<size_t> set = {i};
    for (size_t k = 0; k < set.size(); ++k)
      for (size_t dma : decisions[set[k]].move->reusesFrom)
        if (!llvm::is_contained(set, decisionOfDma.lookup(dma)))
          set.push_back(decisionOfDma.lookup(dma));
    return set;
  };
  std::vector<size_t> candidates;
  for (size_t i = 0; i < decisions.size(); ++i) {
    if (!decisions[i].move)
      continue;
    std::vector<size_t> unit = withDependencies(i);
    std::vector<ProgramDecision> alone = decisions;
    for (size_t j = 0; j < alone.size(); ++j)
      alone[j].dropped = !llvm::is_contained(unit, j);
    llvm::Expected<Trial> trial =
        tryMoves(program, original, alone, machine, maxSteps);
    ++result.runs;
    if (!trial)
      return trial.takeError();
    if (trial->proved(original)) {
      candidates.push_back(i);
      continue;
    }
    decisions[i].dropped = true;
    decisions[i].reason =
        "dropped by the proof: alone, " + whyNot(*trial, original);
  }
  // A move proved alone keeps the moves it reads copies from.
  for (size_t k = 0; k < candidates.size(); ++k)
    for (size_t j : withDependencies(candidates[k]))
      if (!llvm::is_contained(candidates, j))
        candidates.push_back(j);
  for (ProgramDecision &d : decisions)
    d.dropped = d.move && !llvm::is_contained(candidates, &d - &decisions[0]);
  llvm::Expected<Trial> kept =
      tryMoves(program, original, decisions, machine, maxSteps);
  ++result.runs;
  if (!kept)
    return kept.takeError();
  if (!kept->proved(original) && !candidates.empty()) {
    // The proved moves disagree together: keep none of them.
    for (size_t i : candidates) {
      decisions[i].dropped = true;
      decisions[i].reason = "dropped by the proof: proved alone, but " +
                            whyNot(*kept, original) + " with the others";
    }
    llvm::Expected<Trial> none =
        tryMoves(program, original, decisions, machine, maxSteps);
    ++result.runs;
    if (!none)
      return none.takeError();
    result.rejection = wholeReason;
    return finish(std::move(*none));
  }
  return finish(std::move(*kept));
}

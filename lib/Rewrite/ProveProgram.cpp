//===- ProveProgram.cpp - Prove a program rewrite by re-recording --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProveProgram.h"
#include "SnR/Record/SnRRecording.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Rewrite/MoveSearch.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Sim/PerformanceTracker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// What a proof reads of a run's replay, gathered as it replays: each
/// instruction's issue cycle, each copy's completion and link, and the wait
/// stall by the PC of the DMA charged with it and by the wait's (the
/// static view's counts). Not a TimingRecorder: a run of 600k instructions
/// would hold ~28 MB more, beside its recording.
class RunTimingListener : public sim::SimListener {
public:
  RunTimingListener(const trace::Trace &trace, ProgramRun &run)
      : trace(trace), run(run) {
    run.timing.issue.assign(trace.instructions.size(), 0);
  }
  void onIssue(const sim::IssueEvent &event) override {
    run.timing.issue[event.index] = event.cycle;
    lastStall = event.stall;
  }
  void onDmaIssue(const sim::DmaIssueEvent &event) override {
    if (issueOf.size() <= event.id)
      issueOf.resize(event.id + 1);
    issueOf[event.id] = event.index;
    run.timing.link[event.index] = event.link;
  }
  void onDmaComplete(const sim::DmaProgressEvent &event) override {
    run.timing.complete[issueOf[event.id]] = event.cycle;
  }
  // A wait is told after its own issue.
  void onDmaWait(const sim::DmaWaitEvent &event) override {
    if (!event.dmas.empty())
      run.stallByPc[trace.instructions[issueOf[event.charged]].pc] +=
          event.baseStall + event.transferStall;
    if (lastStall)
      run.waitStallByPc[trace.instructions[event.index].pc] += lastStall;
  }

private:
  const trace::Trace &trace;
  ProgramRun &run;
  /// The instruction that started each DMA, by id.
  std::vector<uint64_t> issueOf;
  uint64_t lastStall = 0;
};

/// `trace`, a run of a program, replayed for its timing into `run`.
llvm::Error replayRun(const trace::Trace &trace,
                      const sim::MachineModel &machine, ProgramRun &run) {
  sim::PerformanceTracker tracker;
  RunTimingListener timing(trace, run);
  llvm::Expected<replay::Run> replayed = replay::replay(
      trace, machine, {&tracker, &timing}, replay::Mode::TimingOnly);
  if (!replayed)
    return replayed.takeError();
  run.cycles = tracker.totalCycles;
  run.instructions = trace.instructions.size();
  return llvm::Error::success();
}
} // namespace

llvm::Expected<ProgramRun> snr::rewrite::runWholeProgram(
    const record::LoadedProgram &program, const sim::MachineModel &machine,
    uint64_t maxSteps, bool keepTrace, uint64_t expectedLength) {
  record::ReferenceTarget target(program);
  // Recorded into tables sized once (a run of 600k instructions grown by
  // doubling would hold up to twice its size while it grows).
  std::vector<arch::Instruction> instructions;
  std::vector<arch::RecordedOutcome> outcomes;
  if (expectedLength) {
    instructions.reserve(expectedLength + expectedLength / 16);
    outcomes.reserve(expectedLength + expectedLength / 16);
  }
  llvm::Expected<trace::Trace> recorded = record::recordTrace(
      target, program.instructions, maxSteps, nullptr,
      [&](const arch::Instruction &inst, const arch::RecordedOutcome &outcome) {
        instructions.push_back(inst);
        outcomes.push_back(outcome);
      });
  if (!recorded)
    return recorded.takeError();
  recorded->instructions = std::move(instructions);
  recorded->outcomes = std::move(outcomes);
  InstructionDesc last;
  if (!recorded->instructions.empty())
    getDefaultRewriteTarget().describe(recorded->instructions.back(),
                                       /*executed=*/true, last);
  if (recorded->instructions.empty() ||
      last.control != target::ControlKind::Halt || !target.getState().halted)
    return makeError(
        llvm::formatv("the program did not halt in {0} steps", maxSteps));
  recorded->header.machine = machine.name;
  ProgramRun result;
  if (llvm::Error error = replayRun(*recorded, machine, result))
    return std::move(error);
  result.finalState = target.getState();
  if (keepTrace)
    result.trace = std::move(*recorded);
  return std::move(result);
}

llvm::Expected<ProgramRun>
snr::rewrite::runRecordedProgram(const record::LoadedProgram &program,
                                 const trace::Trace &wholeRun,
                                 const sim::MachineModel &machine,
                                 uint64_t maxSteps) {
  // Its final state: the program run on the reference target, unrecorded.
  record::ReferenceTarget target(program);
  while (!target.getState().halted && target.getStepCount() < maxSteps)
    if (llvm::Expected<record::StopReason> stop = target.step(); !stop)
      return stop.takeError();
  // A recording of another run than this one (other initial data) is
  // recorded again, as a rewritten program is.
  if (!target.getState().halted ||
      target.getStepCount() != wholeRun.instructions.size())
    return runWholeProgram(program, machine, maxSteps);
  ProgramRun result;
  if (llvm::Error error = replayRun(wholeRun, machine, result))
    return std::move(error);
  result.finalState = target.getState();
  return std::move(result);
}

namespace {
/// The rewritten program as the reference target holds it.
record::LoadedProgram loadLayout(const record::LoadedProgram &program,
                                 const ProgramLayout &layout) {
  return {layout.instructions, layout.entry, program.initialState};
}

/// One set of moves, applied, re-recorded and compared.
struct Trial {
  std::vector<ProgramDecision> decisions;
  std::vector<ProgramWaitDecision> waits;
  ProgramLayout layout;
  ProgramRun run;
  std::string difference;
  bool provedAgainst(const ProgramRun &original) const {
    return difference.empty() && run.cycles < original.cycles;
  }
  /// For the search.
  bool isProved = false;
  bool proved() const { return isProved; }
  size_t moveCount() const {
    return llvm::count_if(decisions,
                         [](const ProgramDecision &d) {
                           return d.move && !d.dropped;
                         }) +
           llvm::count_if(decisions,
                          [](const ProgramDecision &d) {
                            return d.isRotated();
                          }) +
           llvm::count_if(waits, [](const ProgramWaitDecision &w) {
             return w.move && !w.dropped;
           });
  }
  /// What the `n`-th move moved, in planning order (each DMA move, then its
  /// rotation, then the wait moves), as `leaveInPlace` names it: a
  /// dma.issue's or a dma.wait's index, or a rotation's key.
  size_t movedInstruction(size_t n, size_t size) const {
    for (const ProgramDecision &d : decisions) {
      if (d.move && !d.dropped && n-- == 0)
        return d.dma;
      if (d.isRotated() && n-- == 0)
        return getRotationKey(d.dma, size);
    }
    for (const ProgramWaitDecision &w : waits)
      if (w.move && !w.dropped && n-- == 0)
        return w.wait;
    llvm_unreachable("no such move");
  }
};

std::string whyNot(const Trial &trial, const ProgramRun &original) {
  if (!trial.difference.empty())
    return "the rewritten program computes a different result (" +
           trial.difference + ", before vs after)";
  return llvm::formatv("the rewritten program is not faster: {0} cycles "
                       "against {1}",
                       trial.run.cycles, original.cycles)
      .str();
}

/// What the runs measured when a move joined a proved prefix.
std::string measuredReason(const Trial &with, const Trial *without,
                           const ProgramRun &original) {
  if (!with.difference.empty())
    return "with it the rewritten program computes a different result (" +
           with.difference + ", before vs after)";
  return llvm::formatv("with it the rewritten program is not faster: {0} "
                       "cycles, against {1} without it and {2} for the "
                       "original",
                       with.run.cycles,
                       without ? without->run.cycles : original.cycles,
                       original.cycles)
      .str();
}
} // namespace

llvm::Expected<ProvedProgramRewrite> snr::rewrite::proveProgramRewrite(
    const RunEvidence &evidence, const ProgramRun &original,
    const sim::MachineModel &machine, uint64_t maxSteps) {
  const record::LoadedProgram &program = evidence.program;
  const RewriteTarget &target = evidence.target;
  ProvedProgramRewrite result;
  result.cyclesBefore = original.cycles;
  result.instructionsBefore = original.instructions;
  std::map<size_t, std::string> leaveInPlace;
  std::optional<std::string> wholeReason;
  auto attempt = [&](std::optional<size_t> limit) -> llvm::Expected<Trial> {
    Trial trial;
    trial.decisions = planProgramRewrite(evidence, original.stallByPc,
                                         leaveInPlace, &original.timing);
    trial.waits = planProgramWaits(evidence, original.waitStallByPc,
                                   trial.decisions, leaveInPlace);
    // At most `limit` moves, in planning order: the rest are not applied.
    std::vector<ProgramDecision> applied = trial.decisions;
    std::vector<ProgramWaitDecision> appliedWaits = trial.waits;
    size_t kept = 0;
    for (ProgramDecision &d : applied) {
      if (d.move && !d.dropped && limit && kept++ >= *limit)
        d.dropped = true;
      if (d.isRotated() && limit && kept++ >= *limit)
        d.rotationDropped = true;
    }
    for (ProgramWaitDecision &w : appliedWaits)
      if (w.move && !w.dropped && limit && kept++ >= *limit)
        w.dropped = true;
    trial.layout = applyProgramRewrite(program, applied, target, appliedWaits);
    llvm::Expected<ProgramRun> run =
        runWholeProgram(loadLayout(program, trial.layout), machine, maxSteps,
                        /*keepTrace=*/false, original.instructions);
    ++result.runs;
    if (!run)
      return run.takeError();
    trial.run = std::move(*run);
    trial.difference =
        sim::describeFirstDifference(original.finalState, trial.run.finalState);
    trial.isProved = trial.provedAgainst(original);
    if (limit) {
      trial.decisions = std::move(applied);
      trial.waits = std::move(appliedWaits);
    }
    if (!wholeReason)
      wholeReason = whyNot(trial, original);
    return std::move(trial);
  };
  auto drop = [&](const Trial &full, size_t culprit, const Trial &bad,
                  const Trial *good) {
    leaveInPlace[full.movedInstruction(culprit,
                                       program.instructions.size())] =
        measuredReason(bad, good, original);
  };
  llvm::Expected<Trial> kept =
      findProvableMoves<Trial>(attempt, drop, [] { return false; });
  if (!kept)
    return kept.takeError();

  bool any = kept->moveCount() != 0;
  result.layout = std::move(kept->layout);
  result.cyclesAfter = kept->run.cycles;
  result.instructionsAfter = kept->run.instructions;
  result.stateDifference = kept->difference;
  result.accepted = kept->provedAgainst(original);
  if (!result.accepted)
    result.rejection = any || !leaveInPlace.empty()
                           ? *wholeReason
                           : "no DMA could move (see each one's "
                             "reason)";
  // Each DMA's stall after, by the new PC of its issue.
  std::vector<ProgramDecision> decisions = std::move(kept->decisions);
  for (ProgramDecision &d : decisions) {
    // Every copy of it (a rotated DMA issues at two places).
    uint64_t stall = 0;
    bool found = false;
    for (size_t i = 0; i < result.layout.instructions.size(); ++i) {
      InstructionDesc desc;
      target.describe(result.layout.instructions[i], /*executed=*/true, desc);
      if (result.layout.origin[i] == d.dma && desc.startsCopy) {
        stall += kept->run.stallByPc.lookup(result.layout.instructions[i].pc);
        found = true;
      }
    }
    d.stallAfter = (d.move && !d.dropped) || result.accepted
                       ? (found ? stall : 0)
                       : d.stallBefore;
  }
  result.decisions = std::move(decisions);
  // Each wait's stall after: of the wait that replaces it, if it sank; a
  // merged one has none of its own.
  std::vector<ProgramWaitDecision> waits = std::move(kept->waits);
  for (ProgramWaitDecision &w : waits) {
    bool moved = w.move && !w.dropped;
    uint64_t pc = result.layout.newPc[w.wait];
    if (moved && w.move->landing)
      for (size_t i = 0; i < result.layout.instructions.size(); ++i)
        if (result.layout.origin[i] == w.wait && result.layout.inserted[i])
          pc = result.layout.instructions[i].pc;
    w.stallAfter = moved && !w.move->landing ? 0
                   : moved || result.accepted
                       ? kept->run.waitStallByPc.lookup(pc)
                       : w.stallBefore;
  }
  result.waits = std::move(waits);
  return std::move(result);
}

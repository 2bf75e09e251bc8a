//===- FunctionalReplay.cpp - Replay a trace's values ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/FunctionalReplay.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::sim;

llvm::Error snr::sim::replayFunctionally(const trace::Trace &trace,
                                         ArchState &state,
                                         ReplayObserver observer) {
  auto diverged = [&](size_t index, const llvm::Twine &what) {
    const arch::Instruction &inst = trace.instructions[index];
    std::string where = trace.fileName;
    if (index < trace.lines.size() && trace.lines[index])
      where += llvm::formatv(":{0}", trace.lines[index]).str();
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("{0}: replay diverges at instruction {1} (pc {2}, {3}): "
                      "{4}",
                      where, index, inst.pc, arch::getMnemonic(inst.opcode),
                      what.str()));
  };

  llvm::SmallVector<ResolvedAccess, 2> accesses;
  for (size_t i = 0; i < trace.instructions.size(); ++i) {
    const arch::Instruction &inst = trace.instructions[i];
    const trace::RecordedOutcome &recorded = trace.outcomes[i];
    state.pc = inst.pc;
    accesses.clear();
    StepResult result = execute(inst, state, observer ? &accesses : nullptr);
    if (!result.ok())
      return diverged(i, result.error);
    std::optional<uint64_t> nextPc;
    if (i + 1 < trace.instructions.size())
      nextPc = trace.instructions[i + 1].pc;
    std::string mismatch = compareWithRecord(result, recorded.executed,
                                             recorded.taken, state.pc, nextPc);
    if (!mismatch.empty())
      return diverged(i, mismatch);
    if (observer)
      observer(i, result, accesses);
  }
  return llvm::Error::success();
}

//===- Replay.cpp - The one way to replay a trace -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/Replay.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::replay;

char DivergenceError::ID = 0;

void DivergenceError::log(llvm::raw_ostream &os) const {
  if (!fileName.empty()) {
    os << fileName;
    if (line)
      os << ':' << line;
    os << ": ";
  }
  os << describe();
}

std::string DivergenceError::describe() const {
  if (limit)
    return llvm::formatv("instruction {0} (pc {1}, {2}): {3}", index, pc,
                         mnemonic, what);
  return llvm::formatv("replay diverges from the trace at instruction {0} "
                       "(pc {1}, {2}): {3}",
                       index, pc, mnemonic, what);
}

std::error_code DivergenceError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

void snr::replay::applySnapshot(const trace::Trace &trace,
                                sim::ArchState &state) {
  for (const trace::SnapshotRegister &r : trace.registers) {
    if (arch::holdsLanes(r.reg.cls))
      state.writeVectorLike(r.reg, r.lanes);
    else
      state.writeScalarLike(r.reg, r.value);
  }
  for (const trace::SnapshotMemory &m : trace.memory)
    state.memory(m.space, m.chip).write(m.addr, m.bytes);
}

void snr::replay::forEachResolvedAccess(
    const trace::Trace &trace, const arch::MemorySizes &sizes,
    llvm::function_ref<void(size_t, llvm::ArrayRef<sim::ResolvedAccess>)>
        fn) {
  sim::ArchState state(sizes);
  applySnapshot(trace, state);
  llvm::SmallVector<sim::ResolvedAccess, 2> resolved;
  for (size_t i = 0; i < trace.instructions.size(); ++i) {
    state.pc = trace.instructions[i].pc;
    resolved.clear();
    (void)sim::execute(trace.instructions[i], state, &resolved);
    fn(i, resolved);
  }
}

llvm::Expected<Run>
snr::replay::replay(const trace::Trace &trace, const sim::MachineModel &machine,
                    llvm::ArrayRef<sim::SimListener *> listeners, Mode mode) {
  sim::Simulator simulator(machine);
  for (sim::SimListener *listener : listeners)
    simulator.addListener(listener);
  Run run;
  if (mode == Mode::Functional) {
    run.finalState.emplace(machine.memory);
    applySnapshot(trace, *run.finalState);
  }
  llvm::Expected<sim::RunSummary> summary = simulator.run(
      {trace.instructions, trace.outcomes,
       /*checkPcFlow=*/!trace.header.reordered},
      run.finalState ? &*run.finalState : nullptr);
  if (!summary) {
    return llvm::handleErrors(
        summary.takeError(),
        [&](const sim::DivergenceError &error) -> llvm::Error {
          const arch::Instruction &inst = trace.instructions[error.index];
          unsigned line =
              error.index < trace.lines.size() ? trace.lines[error.index] : 0;
          return llvm::make_error<DivergenceError>(
              trace.fileName, line, error.index, inst.pc,
              arch::getMnemonic(inst.opcode).str(), error.message,
              error.limit);
        });
  }
  run.summary = *summary;
  return std::move(run);
}

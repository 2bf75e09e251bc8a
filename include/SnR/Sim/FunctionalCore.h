//===- FunctionalCore.h - Execute SnR instructions --------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The functional semantics of every instruction, on ArchState. Used by the
// reference target (to run programs), by replay (alongside the timing model,
// so addresses and predicates are computed values) and by the rewrite check.
// Which registers and memories an instruction touches comes from the ISA
// table (SnR/Arch/ISA.h); this file only computes values.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_FUNCTIONALCORE_H
#define SNR_SIM_FUNCTIONALCORE_H

#include "SnR/Arch/ISA.h"
#include "SnR/Sim/ArchState.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace snr::sim {

/// A memory access with its address resolved.
struct ResolvedAccess {
  arch::MemSpace space;
  unsigned chip;
  uint64_t addr;
  uint64_t bytes;
  bool isWrite;
};

/// Computes the byte address of a memory operand from the current registers.
/// Returns false (and leaves `addr` unset) if it is negative.
bool resolveAddress(const arch::MemOperand &operand, const ArchState &state,
                    uint64_t &addr);

/// Resolves every memory access of `inst` (none if its guard is false) and
/// appends them to `out`. Returns an error message (empty on success) for an
/// address that is negative, outside its memory or misaligned at run time;
/// `out` is then left as it was.
std::string resolveAccesses(const arch::Instruction &inst,
                            const ArchState &state,
                            llvm::SmallVectorImpl<ResolvedAccess> &out);

/// True if the instruction's guard holds (or it has none).
bool guardHolds(const arch::Instruction &inst, const ArchState &state);

struct StepResult {
  /// The guard held and the instruction took effect.
  bool executed = true;
  /// For branches: control went to the target.
  bool taken = false;
  /// Set on a fault (bad address, misalignment); state is then unchanged.
  std::string error;
  bool ok() const { return error.empty(); }
};

/// Executes one instruction at state.pc: applies its effects and advances
/// state.pc (to pc + 1 or the branch target); halt sets state.halted. DMAs
/// copy at issue (a correct program reads the destination only after the
/// wait, so the moment of the copy is invisible to it); issue increments the
/// flag, wait clears it.
/// If `accesses` is given, the resolved memory accesses of an executed
/// instruction are appended to it.
StepResult execute(const arch::Instruction &inst, ArchState &state,
                   llvm::SmallVectorImpl<ResolvedAccess> *accesses = nullptr);

/// Compares one executed step with what a trace recorded for it: the guard
/// value, the branch outcome, and the next PC (`recordedNextPc`, the PC of
/// the trace's next instruction, if there is one). Returns an empty string
/// if they agree, otherwise one sentence: what was recorded, what the model
/// computed.
std::string compareWithRecord(const StepResult &result,
                              std::optional<bool> recordedExecuted,
                              std::optional<bool> recordedTaken,
                              uint64_t modelNextPc,
                              std::optional<uint64_t> recordedNextPc);

} // namespace snr::sim

#endif // SNR_SIM_FUNCTIONALCORE_H

//===- ReferenceTarget.h - A device stand-in --------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Runs a program on the functional core behind the StepDebugger interface:
// the stand-in for a real accelerator and its debugger, in this process.
// snr-target serves the same device over GDB's remote serial protocol.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_REFERENCETARGET_H
#define SNR_RECORD_REFERENCETARGET_H

#include "SnR/Record/StepDebugger.h"
#include "SnR/Sim/ArchState.h"

#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace snr::record {

/// A program as the device holds it: decoded instructions at their PCs, and
/// the state it starts from.
struct LoadedProgram {
  std::vector<arch::Instruction> instructions; ///< increasing PCs
  uint64_t entry = 0;
  sim::ArchState initialState;
};

class ReferenceTarget : public StepDebugger {
public:
  explicit ReferenceTarget(const LoadedProgram &program);
  /// Starts from `initialState`, taken from the program (no copy: the image
  /// may be a gigabyte).
  ReferenceTarget(const LoadedProgram &program, sim::ArchState &&initialState);

  llvm::Expected<uint64_t> readPc() override;
  /// Executing a halt ends the program (StopReason::Kind::Exited); a fault
  /// stops it at the instruction, the state unchanged (Signalled, with the
  /// fault's message).
  llvm::Expected<StopReason> step() override;
  llvm::Error readRegister(target::RegId reg,
                           llvm::SmallVectorImpl<uint8_t> &bytes) override;
  llvm::Error readMemory(target::SpaceId space, uint64_t addr,
                         llvm::MutableArrayRef<uint8_t> out) override;

  /// The same, by the ISA's own names (for snr-target's stub).
  llvm::Error writeRegister(target::RegId reg, llvm::ArrayRef<uint8_t> bytes);
  llvm::Error writeMemory(target::SpaceId space, uint64_t addr,
                          llvm::ArrayRef<uint8_t> bytes);

  /// The device's whole state, for checking a replay against it.
  const sim::ArchState &getState() const { return state; }
  uint64_t getStepCount() const { return steps; }
  const LoadedProgram &getProgram() const { return program; }

private:
  const LoadedProgram &program;
  llvm::DenseMap<uint64_t, size_t> indexOfPc;
  sim::ArchState state;
  uint64_t steps = 0;
};

} // namespace snr::record

#endif // SNR_RECORD_REFERENCETARGET_H

//===- ReferenceTarget.h - A device stand-in --------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Runs a program on the functional core behind the StepDebugger interface:
// the stand-in for a real accelerator and its debugger.
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

  llvm::Expected<arch::Instruction> fetch() override;
  llvm::Error step() override;
  llvm::Expected<RegisterValue> readRegister(arch::Reg reg) override;
  llvm::Error readMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                         llvm::MutableArrayRef<uint8_t> out) override;

  /// The device's whole state, for checking a replay against it.
  const sim::ArchState &getState() const { return state; }
  uint64_t getStepCount() const { return steps; }

private:
  const LoadedProgram &program;
  llvm::DenseMap<uint64_t, size_t> indexOfPc;
  sim::ArchState state;
  uint64_t steps = 0;
};

} // namespace snr::record

#endif // SNR_RECORD_REFERENCETARGET_H

//===- StepDebugger.h - What SnR needs of a device debugger -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The narrow interface between the recorder and a device: decode the
// instruction at the PC, step one instruction, read a register, read memory.
// Nothing else: a vendor's debugger that offers these can be recorded from
// without touching the rest of SnR. ReferenceTarget implements it on the
// functional core.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_STEPDEBUGGER_H
#define SNR_RECORD_STEPDEBUGGER_H

#include "SnR/Arch/ISA.h"
#include "SnR/Sim/ArchState.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace snr::record {

/// The value of a register: `scalar` for scalar, predicate and flag
/// registers; `lanes` for vector registers, weight rows and result slots.
struct RegisterValue {
  int64_t scalar = 0;
  sim::Vector lanes{};
};

class StepDebugger {
public:
  virtual ~StepDebugger();

  /// Decodes the instruction at the current PC (its `pc` field is the PC).
  /// Fails if the device has halted or the PC holds no instruction.
  virtual llvm::Expected<arch::Instruction> fetch() = 0;
  /// Executes one instruction.
  virtual llvm::Error step() = 0;
  virtual llvm::Expected<RegisterValue> readRegister(arch::Reg reg) = 0;
  virtual llvm::Error readMemory(arch::MemSpace space, unsigned chip,
                                 uint64_t addr,
                                 llvm::MutableArrayRef<uint8_t> out) = 0;
};

} // namespace snr::record

#endif // SNR_RECORD_STEPDEBUGGER_H

//===- StepDebugger.h - What SnR needs of a device debugger -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The narrow, ISA-neutral interface between the recorder and a device: read
// the PC, step one instruction, read a register (its bytes), read memory (an
// address space and a range), and optionally run to a break point. Registers
// and address spaces are the target's (SnR/Target/Target.h), so the same
// recorder drives the reference accelerator in process (ReferenceTarget),
// and any stub that speaks GDB's remote serial protocol (RemoteDebugger):
// QEMU, OpenOCD, a vendor's debugger, or snr-target.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_STEPDEBUGGER_H
#define SNR_RECORD_STEPDEBUGGER_H

#include "SnR/Target/InstructionEffects.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>

namespace snr::record {

/// How the device stopped after a step or a run.
struct StopReason {
  enum class Kind : uint8_t {
    /// Stopped after the step, or at the break point: it can go on.
    Stopped,
    /// The program ended (exited with `code`, or halted): nothing more
    /// runs.
    Exited,
    /// The program was killed by signal `code` (a fault).
    Signalled,
  };
  Kind kind = Kind::Stopped;
  int code = 0;
  /// One sentence for the user: "the program exited with status 0".
  std::string message;

  bool ended() const { return kind != Kind::Stopped; }
};

class StepDebugger {
public:
  virtual ~StepDebugger();

  virtual llvm::Expected<uint64_t> readPc() = 0;
  /// Executes one instruction.
  virtual llvm::Expected<StopReason> step() = 0;
  /// The register's value, little-endian, as wide as the target says.
  virtual llvm::Error readRegister(target::RegId reg,
                                   llvm::SmallVectorImpl<uint8_t> &bytes) = 0;
  virtual llvm::Error readMemory(target::SpaceId space, uint64_t addr,
                                 llvm::MutableArrayRef<uint8_t> out) = 0;
  /// Runs until the PC is `pc` (not executing it), or the program ends, or
  /// `maxSteps` instructions ran (an error). The default steps; a remote
  /// debugger sets a break point and continues.
  virtual llvm::Expected<StopReason> runTo(uint64_t pc, uint64_t maxSteps);
  /// Requests sent to the device so far (0 for one in this process).
  virtual uint64_t getRoundTrips() const { return 0; }
};

} // namespace snr::record

#endif // SNR_RECORD_STEPDEBUGGER_H

//===- Semantics.h - What an instruction does, for a replay -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A target's functional model, as a replay asks it (lib/Replay): a machine
// state set from a trace's snapshot, and the execution of one decoded
// instruction on it. ISA-neutral, like Target.h: the replay, its divergence
// checks and the listeners a timing model adds see registers by RegId and
// memory by address space, never an opcode. Each instruction is prepared
// once per static PC (operands resolved, its handler chosen) and executed
// from that.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_SEMANTICS_H
#define SNR_TARGET_SEMANTICS_H

#include "SnR/Target/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>

namespace snr::target {

/// A target's architectural state: registers (read through RegisterValues,
/// as instruction effects ask them) and memory.
class MachineState : public RegisterValues {
public:
  ~MachineState() override;

  virtual uint64_t getPc() const = 0;
  virtual void setPc(uint64_t pc) = 0;
  /// Sets a register (a snapshot's value); `bytes` is as wide as the
  /// target's register map says.
  virtual void writeRegister(RegId reg, llvm::ArrayRef<uint8_t> bytes) = 0;
  /// Sets memory (a snapshot's bytes); they are known from then on.
  virtual void writeMemory(SpaceId space, uint64_t addr,
                           llvm::ArrayRef<uint8_t> bytes) = 0;
  /// Reads memory into `out`. Bytes neither a snapshot nor an instruction
  /// set read as 0, and make it return false.
  virtual bool readMemory(SpaceId space, uint64_t addr,
                          llvm::MutableArrayRef<uint8_t> out) const = 0;
};

/// Values a trace recorded after an instruction that its semantics cannot
/// compute and take from the trace instead: what the environment decided
/// (what a system call returned, where a fault-only-first load stopped,
/// whether a store-conditional succeeded). The semantics say which they
/// take; the replay checks every other recorded value against the state.
class RecordedValues {
public:
  virtual ~RecordedValues();
  virtual std::optional<uint64_t> lookup(RegId reg) const = 0;
};

/// How an executed instruction ended, besides the new state.
struct StepResult {
  /// The program ended with it (an exit system call): nothing runs after.
  bool ended = false;
};

/// An instruction made ready to execute: what the semantics resolved once
/// per static PC. It refers to its DecodedInstruction, which must outlive
/// it.
class PreparedInstruction {
public:
  explicit PreparedInstruction(const DecodedInstruction &inst) : inst(inst) {}
  virtual ~PreparedInstruction();
  const DecodedInstruction &inst;
};

class Semantics {
public:
  virtual ~Semantics();

  /// A state whose registers and memory are all zero (and unknown).
  virtual std::unique_ptr<MachineState> createState() const = 0;
  /// Prepares `inst` (decoded by the same target) for execution. An
  /// instruction without semantics is an error naming its mnemonic and PC.
  virtual llvm::Expected<std::unique_ptr<PreparedInstruction>>
  prepare(const DecodedInstruction &inst) const = 0;
  /// Executes `inst` at state.getPc(): updates the registers, the memory
  /// and the PC. An error (a trap, a read of memory no snapshot holds, a
  /// state the semantics do not model) names the PC and the mnemonic.
  virtual llvm::Error execute(const PreparedInstruction &inst,
                              MachineState &state,
                              const RecordedValues &recorded,
                              StepResult &result) const = 0;
};

} // namespace snr::target

#endif // SNR_TARGET_SEMANTICS_H

//===- SnRTarget.h - The snr reference ISA as a target ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The reference accelerator's ISA (SnR/Arch/ISA.h) answering the questions
// every target answers (SnR/Target/Target.h). It has no binary encoding: an
// instruction at a PC comes from the program the device runs, which plays
// the role an ELF plays for a binary ISA. Its registers are numbered densely
// by file (s, p, v, f, w, q) and named as the trace format names them; its
// address spaces are smem, vmem, hbm and the HBM of each remote chip.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_SNR_SNRTARGET_H
#define SNR_TARGET_SNR_SNRTARGET_H

#include "SnR/Arch/ISA.h"
#include "SnR/Target/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <utility>

namespace snr::target {

/// One snr instruction, as decoded from a program.
class SnRInstruction : public DecodedInstruction {
public:
  explicit SnRInstruction(const arch::Instruction &inst);
  std::string getMnemonic() const override;
  void print(llvm::raw_ostream &os) const override;

  arch::Instruction inst;
};

class SnRTarget : public Target {
public:
  /// A target whose instructions are `program`'s (increasing PCs); the
  /// array must outlive it. Without a program it only describes.
  explicit SnRTarget(llvm::ArrayRef<arch::Instruction> program = {});

  llvm::StringRef getName() const override { return "snr"; }
  const RegisterMap &getRegisters() const override;
  unsigned getNumSpaces() const override;
  std::string getSpaceName(SpaceId space) const override;
  /// hbm is main memory, smem and vmem are on chip, rhbm<c> is chip c's.
  SpaceInfo getSpaceInfo(SpaceId space) const override;
  /// PCs count instructions and are written in decimal.
  std::string formatPc(uint64_t pc) const override {
    return std::to_string(pc);
  }
  /// The memory map snr-target serves (docs/recording.md): each address
  /// space at its own 2^40-byte window, remote chip c's HBM at window 3 + c.
  std::optional<uint64_t> getDebuggerAddress(SpaceId space,
                                             uint64_t addr) const override;
  /// The inverse: the space and address of a debugger's flat address.
  static std::optional<std::pair<SpaceId, uint64_t>>
  fromDebuggerAddress(uint64_t flat);
  static constexpr unsigned kSpaceWindowBits = 40;

  llvm::Expected<std::unique_ptr<DecodedInstruction>>
  decode(uint64_t pc, CodeReader &code) const override;
  llvm::Error getEffects(const DecodedInstruction &inst, RegisterValues &values,
                         InstructionEffects &effects) const override;

  /// The effects of `inst` (its guard and base registers read through
  /// `values`).
  static llvm::Error getEffects(const arch::Instruction &inst,
                                RegisterValues &values,
                                InstructionEffects &effects);

  /// Register ids and address spaces, both ways.
  static RegId getRegId(arch::Reg reg);
  static arch::Reg getReg(RegId id);
  static SpaceId getSpaceId(arch::MemSpace space, unsigned chip) {
    return space == arch::MemSpace::RemoteHbm ? SpaceId(space) + chip
                                              : SpaceId(space);
  }
  static std::pair<arch::MemSpace, unsigned> getSpace(SpaceId id);
  /// Every register's width, in bytes: 4 for scalars and flags, 1 for
  /// predicates, 64 (16 f32 lanes) for vectors, weight rows and result slots.
  static unsigned getRegisterBytes(arch::RegClass cls);

private:
  llvm::ArrayRef<arch::Instruction> program;
  llvm::DenseMap<uint64_t, size_t> indexOfPc;
};

} // namespace snr::target

#endif // SNR_TARGET_SNR_SNRTARGET_H

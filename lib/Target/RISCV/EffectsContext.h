//===- EffectsContext.h - Describing one RISC-V instruction -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the parts of RISCVTarget::getEffects share while they describe one
// instruction: the instruction, LLVM's description of its opcode, SnR's
// (OpcodeTable.h), the register values it runs with, and the effects being
// built. Each kind of opcode is described by one function declared here, in
// a file of its own.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_EFFECTSCONTEXT_H
#define SNR_LIB_TARGET_RISCV_EFFECTSCONTEXT_H

#include "MCRegisterTable.h"
#include "OpcodeTable.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "llvm/MC/MCInstrDesc.h"
#include "llvm/Support/Error.h"

namespace snr::target::riscv {

struct EffectsContext {
  EffectsContext(const RISCVTarget &target, const RISCVInstruction &inst,
                 RegisterValues &values, InstructionEffects &effects);

  const RISCVTarget &target;
  const RISCVInstruction &inst;
  const llvm::MCInst &mc;
  const llvm::MCInstrDesc &desc;
  const OpcodeInfo &info;
  RegisterValues &values;
  InstructionEffects &effects;

  unsigned vlenb() const { return target.getVLenB(); }
  const MCRegisterTable::Entry &entry(llvm::MCRegister reg) const {
    return (*target.mcRegisters)[reg.id()];
  }

  /// Effects; duplicates are removed once the instruction is described.
  void read(RegId reg) { effects.regReads.push_back(reg); }
  void write(RegId reg) { effects.regWrites.push_back(reg); }
  void load(uint64_t addr, uint64_t bytes);
  void store(uint64_t addr, uint64_t bytes);

  /// Reads and writes every RegId of an LLVM register (none for x0); an
  /// LLVM register SnR does not know is an error.
  llvm::Error readMC(llvm::MCRegister reg);
  llvm::Error writeMC(llvm::MCRegister reg);
  /// LLVM's implicit uses and defs of the opcode.
  llvm::Error readImplicitUses();
  llvm::Error writeImplicitDefs();

  /// A register's value before the instruction runs; x0 reads 0.
  llvm::Expected<uint64_t> value(RegId reg);
  llvm::Expected<llvm::ArrayRef<uint8_t>> bytes(RegId reg);
  /// The value of the x register operand `index`, listed as read.
  llvm::Expected<uint64_t> readX(unsigned index);

  /// Whether operand `index` is a rounding-mode immediate, a vector mask
  /// (vm: v0.t or none), or v0 as a carry or merge selector.
  bool isRoundingMode(unsigned index) const;
  bool isMask(unsigned index) const;
  bool isV0Operand(unsigned index) const;
  /// The first v register an operand names (v8 for V8 and V8M2).
  unsigned vectorNumber(unsigned index) const;

  /// "pc 0x1040c: SnR cannot describe 'vcompress.vm' (why)".
  llvm::Error cannotDescribe(const llvm::Twine &why) const;
};

/// Explicit register operands from the MCInstrDesc (defs written, uses
/// read, x0 neither), a dynamic rounding mode (frm), and an opcode that may
/// raise FP exceptions accruing into fflags.
llvm::Error describeOperands(EffectsContext &cx);
/// A scalar load, store, LR, SC or AMO (ScalarEffects.cpp).
llvm::Error describeScalarMemory(EffectsContext &cx);
/// csrrw/csrrs/csrrc and their immediate forms (CSREffects.cpp).
llvm::Error describeCSRAccess(EffectsContext &cx);
/// ecall: exit, exit_group and write (SystemCallEffects.cpp).
llvm::Error describeSystemCall(EffectsContext &cx);
/// vsetvli, vsetivli, vsetvl (VectorConfigEffects.cpp).
llvm::Error describeVectorConfig(EffectsContext &cx);
/// Vector arithmetic, masks, moves, slides, gathers (VectorEffects.cpp).
llvm::Error describeVectorArithmetic(EffectsContext &cx);
/// Vector loads and stores (VectorMemoryEffects.cpp).
llvm::Error describeVectorMemory(EffectsContext &cx);

/// Sorts and deduplicates the register lists and merges overlapping or
/// adjacent memory ranges.
void canonicalize(InstructionEffects &effects);

} // namespace snr::target::riscv

#endif // SNR_LIB_TARGET_RISCV_EFFECTSCONTEXT_H

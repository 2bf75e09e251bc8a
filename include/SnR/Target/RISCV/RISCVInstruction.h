//===- RISCVInstruction.h - A RISC-V instruction LLVM decoded ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One decoded RISC-V instruction: the MCInst LLVM's disassembler made of its
// bytes, and what the timing model will ask of it (the opcode's name, its
// scheduling class in LLVM's scheduling models).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_RISCVINSTRUCTION_H
#define SNR_TARGET_RISCV_RISCVINSTRUCTION_H

#include "SnR/Target/Target.h"

#include "llvm/MC/MCInst.h"

namespace snr::target::riscv {

class RISCVTarget;

class RISCVInstruction : public DecodedInstruction {
public:
  RISCVInstruction(const RISCVTarget &target, const llvm::MCInst &inst)
      : target(target), inst(inst) {}

  const llvm::MCInst &getMCInst() const { return inst; }
  unsigned getOpcode() const { return inst.getOpcode(); }
  /// LLVM's name of the opcode: "VLE32_V", "C_LW", "CSRRS".
  llvm::StringRef getOpcodeName() const;
  /// The opcode's scheduling class (MCInstrDesc::getSchedClass), an index
  /// into any RISC-V MCSchedModel's classes.
  unsigned getSchedClass() const;
  bool isCompressed() const { return size == 2; }

  /// The mnemonic as `llvm-objdump` prints it, aliases included ("lw" for
  /// c.lw, "csrr" for csrrs, "ret").
  std::string getMnemonic() const override;
  /// The assembly text as `llvm-objdump` prints it, branch targets as
  /// addresses ("vle32.v v8, (a0)", "beq a0, a1, 0x10410").
  void print(llvm::raw_ostream &os) const override;

  const RISCVTarget &getTarget() const { return target; }

private:
  const RISCVTarget &target;
  llvm::MCInst inst;
};

} // namespace snr::target::riscv

#endif // SNR_TARGET_RISCV_RISCVINSTRUCTION_H

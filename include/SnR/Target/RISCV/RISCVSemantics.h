//===- RISCVSemantics.h - What RV64GCV instructions do ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The functional model of RISCVTarget (RISCVTarget::getSemantics()): RV64I,
// M, A, F, D, C, Zicsr, fences, the Linux system calls a kernel ends with,
// and the RVV 1.0 instructions listed in docs/targets.md ("RISC-V
// semantics"), with masked-off and tail elements left undisturbed, as QEMU
// 7.2 leaves them. Opcodes are found by LLVM's names once, into a table by
// opcode number; an instruction without semantics is an error naming its
// mnemonic. Floating point uses the host's IEEE arithmetic with the
// instruction's rounding mode and the flags it raises; what is exact and
// what is not is in docs/targets.md.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_RISCVSEMANTICS_H
#define SNR_TARGET_RISCV_RISCVSEMANTICS_H

#include "SnR/Target/RISCV/RISCVState.h"
#include "SnR/Target/Semantics.h"

#include <vector>

namespace snr::target::riscv {

class RISCVTarget;
struct Handler;

class RISCVSemantics final : public Semantics {
public:
  explicit RISCVSemantics(const RISCVTarget &target);
  ~RISCVSemantics() override;

  /// A RISCVState with the target's vlenb.
  std::unique_ptr<MachineState> createState() const override;
  llvm::Expected<std::unique_ptr<PreparedInstruction>>
  prepare(const DecodedInstruction &inst) const override;
  llvm::Error execute(const PreparedInstruction &inst, MachineState &state,
                      const RecordedValues &recorded,
                      StepResult &result) const override;

  /// Whether an opcode (LLVM's name, "VFMACC_VF") has semantics here.
  bool hasSemantics(llvm::StringRef opcodeName) const;

private:
  const RISCVTarget &target;
  /// By LLVM opcode number.
  std::vector<Handler> handlers;
};

} // namespace snr::target::riscv

#endif // SNR_TARGET_RISCV_RISCVSEMANTICS_H

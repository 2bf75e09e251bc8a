//===- RISCVTarget.h - RV64GC + V, described by LLVM's MC layer -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// RISC-V (RV64GC with the vector extension) as an SnR target. LLVM 22's MC
// layer decodes it and describes each instruction (explicit and implicit
// register uses and defs, tied operands, mayLoad/mayStore); a small layer
// written here adds what LLVM does not model, from the register values the
// instruction runs with: vector register groups from vtype, undisturbed
// destinations, vector memory footprints, the CSRs, system calls, scalar
// access widths. docs/targets.md says which fact comes from where.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_RISCVTARGET_H
#define SNR_TARGET_RISCV_RISCVTARGET_H

#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Target/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCRegister.h"

#include <memory>
#include <mutex>

namespace llvm {
class MCAsmInfo;
class MCContext;
class MCDisassembler;
class MCInstPrinter;
class MCInstrAnalysis;
class MCInstrInfo;
class MCRegisterInfo;
class MCSubtargetInfo;
class Target;
} // namespace llvm

namespace snr::target::riscv {

struct OpcodeTable;
struct MCRegisterTable;
class RISCVSemantics;

class RISCVTarget : public snr::target::Target {
public:
  /// A target for the ISA string `isa` ("rv64gcv", "rv64imafdcv_zicsr",
  /// or the normalised form an ELF's .riscv.attributes holds,
  /// "rv64i2p1_m2p0_..._v1p0") on a machine whose vector registers are
  /// `vlenb` bytes (VLEN / 8). Only XLEN 64 is supported.
  static llvm::Expected<std::unique_ptr<RISCVTarget>>
  create(llvm::StringRef isa, unsigned vlenb);
  ~RISCVTarget() override;

  llvm::StringRef getName() const override { return "riscv64"; }
  const RegisterMap &getRegisters() const override { return registers; }
  unsigned getNumSpaces() const override { return 1; }
  std::string getSpaceName(SpaceId space) const override { return "ram"; }

  llvm::Expected<std::unique_ptr<DecodedInstruction>>
  decode(uint64_t pc, CodeReader &code) const override;
  /// Decodes the instruction whose bytes (2 or 4, least significant first)
  /// are `bytes`.
  llvm::Expected<std::unique_ptr<RISCVInstruction>>
  decode(uint64_t pc, llvm::ArrayRef<uint8_t> bytes) const;

  llvm::Error getEffects(const DecodedInstruction &inst, RegisterValues &values,
                         InstructionEffects &effects) const override;

  /// The functional model (RISCVSemantics.h), made on first use.
  const Semantics *getSemantics() const override;

  /// The standard calling convention: the return address in ra (x1), the
  /// stack pointer sp (x2).
  std::optional<CallConvention> getCallConvention() const override;

  /// The ISA string, normalised by LLVM ("rv64i2p1_m2p0_...").
  llvm::StringRef getISAString() const { return isaString; }
  unsigned getVLenB() const { return vlenb; }

  /// The registers of RISCVRegisters.h an LLVM register stands for: one,
  /// several for a register group (V8M2: v8, v9; FCSR: frm, fflags), none for
  /// x0 and for registers SnR does not track.
  llvm::ArrayRef<RegId> getRegIds(llvm::MCRegister reg) const;

  // LLVM's MC objects, for the layers that build on this target (the timing
  // model asks the scheduling model of a subtarget for the same opcodes).
  const llvm::Target &getLLVMTarget() const { return *llvmTarget; }
  const llvm::MCInstrInfo &getInstrInfo() const { return *instrInfo; }
  const llvm::MCRegisterInfo &getRegisterInfo() const { return *registerInfo; }
  const llvm::MCSubtargetInfo &getSubtargetInfo() const { return *subtarget; }
  const llvm::MCInstPrinter &getInstPrinter() const { return *printer; }

private:
  RISCVTarget() = default;

  std::string isaString;
  unsigned vlenb = 0;
  RegisterMap registers;

  const llvm::Target *llvmTarget = nullptr;
  std::unique_ptr<llvm::MCRegisterInfo> registerInfo;
  std::unique_ptr<llvm::MCAsmInfo> asmInfo;
  std::unique_ptr<llvm::MCInstrInfo> instrInfo;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget;
  std::unique_ptr<llvm::MCContext> context;
  std::unique_ptr<llvm::MCDisassembler> disassembler;
  std::unique_ptr<llvm::MCInstPrinter> printer;
  std::unique_ptr<llvm::MCInstrAnalysis> analysis;

  std::unique_ptr<const OpcodeTable> opcodes;
  std::unique_ptr<const MCRegisterTable> mcRegisters;
  mutable std::once_flag semanticsMade;
  mutable std::unique_ptr<RISCVSemantics> semantics;

  friend struct EffectsContext;
  friend class RISCVSemantics;
};

} // namespace snr::target::riscv

#endif // SNR_TARGET_RISCV_RISCVTARGET_H

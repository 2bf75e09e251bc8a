//===- RISCVTarget.cpp - RV64GC + V, described by LLVM's MC layer ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVTarget.h"
#include "EffectsContext.h"
#include "MCRegisterTable.h"
#include "OpcodeTable.h"
#include "SnR/Target/RISCV/RISCVSemantics.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/RISCVISAInfo.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

// libLLVM's RISC-V target, without every other target's.
extern "C" void LLVMInitializeRISCVTargetInfo();
extern "C" void LLVMInitializeRISCVTargetMC();
extern "C" void LLVMInitializeRISCVDisassembler();

using namespace snr::target;
using namespace snr::target::riscv;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

RISCVTarget::~RISCVTarget() = default;

llvm::Expected<std::unique_ptr<RISCVTarget>>
RISCVTarget::create(llvm::StringRef isa, unsigned vlenb) {
  llvm::Expected<std::unique_ptr<llvm::RISCVISAInfo>> info =
      llvm::RISCVISAInfo::parseArchString(
          isa.lower(),
          /*EnableExperimentalExtension=*/false);
  if (!info) {
    // An ELF's attribute gives the normalised form, versions and all, which
    // the strict parser may refuse (an extension version LLVM does not know).
    llvm::Expected<std::unique_ptr<llvm::RISCVISAInfo>> normalized =
        llvm::RISCVISAInfo::parseNormalizedArchString(isa.lower());
    if (!normalized) {
      llvm::consumeError(normalized.takeError());
      return makeError("invalid RISC-V ISA string '" + isa +
                       "': " + llvm::toString(info.takeError()));
    }
    llvm::consumeError(info.takeError());
    info = std::move(normalized);
  }
  if ((*info)->getXLen() != 64)
    return makeError("RISC-V ISA string '" + isa +
                     "': only riscv64 (XLEN 64) is supported");
  if (!llvm::isPowerOf2_32(vlenb) || vlenb < 4 || vlenb > 8192 ||
      vlenb * 8 < (*info)->getMinVLen())
    return makeError(llvm::formatv(
        "vlenb {0} is not a vector register width for '{1}' (a power of two "
        "bytes, VLEN from {2} to 65536 bits)",
        vlenb, isa, std::max(32u, (*info)->getMinVLen())));

  static std::once_flag initialized;
  std::call_once(initialized, [] {
    LLVMInitializeRISCVTargetInfo();
    LLVMInitializeRISCVTargetMC();
    LLVMInitializeRISCVDisassembler();
  });

  std::unique_ptr<RISCVTarget> target(new RISCVTarget());
  target->isaString = (*info)->toString();
  target->vlenb = vlenb;
  target->registers = buildRegisterMap(vlenb);

  llvm::Triple triple("riscv64-unknown-linux-gnu");
  std::string error;
  target->llvmTarget = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target->llvmTarget)
    return makeError("LLVM has no RISC-V target: " + error);
  const llvm::Target &llvmTarget = *target->llvmTarget;
  target->registerInfo.reset(llvmTarget.createMCRegInfo(triple));
  llvm::MCTargetOptions options;
  target->asmInfo.reset(
      llvmTarget.createMCAsmInfo(*target->registerInfo, triple, options));
  target->instrInfo.reset(llvmTarget.createMCInstrInfo());
  std::string features = llvm::join((*info)->toFeatures(), ",");
  target->subtarget.reset(
      llvmTarget.createMCSubtargetInfo(triple, "generic-rv64", features));
  if (!target->registerInfo || !target->asmInfo || !target->instrInfo ||
      !target->subtarget)
    return makeError("LLVM's RISC-V target could not be set up for '" + isa +
                     "'");
  target->context = std::make_unique<llvm::MCContext>(
      triple, target->asmInfo.get(), target->registerInfo.get(),
      target->subtarget.get());
  target->disassembler.reset(
      llvmTarget.createMCDisassembler(*target->subtarget, *target->context));
  target->printer.reset(llvmTarget.createMCInstPrinter(
      triple, /*SyntaxVariant=*/0, *target->asmInfo, *target->instrInfo,
      *target->registerInfo));
  target->analysis.reset(
      llvmTarget.createMCInstrAnalysis(target->instrInfo.get()));
  if (!target->disassembler || !target->printer || !target->analysis)
    return makeError("LLVM's RISC-V disassembler could not be set up");
  // As llvm-objdump prints them.
  target->printer->setPrintBranchImmAsAddress(true);
  target->printer->setPrintImmHex(true);

  target->opcodes = std::make_unique<OpcodeTable>(
      OpcodeTable::build(*target->instrInfo, *target->registerInfo));
  target->mcRegisters = std::make_unique<MCRegisterTable>(
      MCRegisterTable::build(*target->registerInfo));
  if (target->opcodes->frmOperandType < 0 ||
      target->opcodes->maskOperandType < 0 || target->opcodes->v0RegClass < 0)
    return makeError("LLVM's RISC-V opcodes are not the ones SnR knows "
                     "(FADD_S, VADD_VV, VMERGE_VVM)");
  return target;
}

const Semantics *RISCVTarget::getSemantics() const {
  std::call_once(semanticsMade, [this] {
    semantics = std::make_unique<RISCVSemantics>(*this);
  });
  return semantics.get();
}

std::optional<CallConvention> RISCVTarget::getCallConvention() const {
  return CallConvention{reg::x(1), reg::x(2)};
}

llvm::ArrayRef<RegId> RISCVTarget::getRegIds(llvm::MCRegister reg) const {
  if (reg.id() >= mcRegisters->byRegister.size())
    return {};
  return (*mcRegisters)[reg.id()].regIds;
}

static std::string hexBytes(llvm::ArrayRef<uint8_t> bytes) {
  std::string text;
  for (uint8_t byte : bytes) {
    if (!text.empty())
      text += ' ';
    text += llvm::utohexstr(byte, /*LowerCase=*/true, /*Width=*/2);
  }
  return text;
}

llvm::Expected<std::unique_ptr<DecodedInstruction>>
RISCVTarget::decode(uint64_t pc, CodeReader &code) const {
  llvm::Expected<llvm::SmallVector<uint8_t, 4>> low = code.readCode(pc, 2);
  if (!low)
    return low.takeError();
  if (low->size() < 2)
    return makeError(llvm::formatv("pc {0:x}: no instruction to decode (only "
                                   "{1} byte(s) of code)",
                                   pc, low->size()));
  llvm::SmallVector<uint8_t, 4> bytes(low->begin(), low->begin() + 2);
  // The low bits say how long it is: not 0b11, compressed (16 bits); 0b11
  // with bits 4:2 not 0b111, 32 bits; longer encodings are not RV64GCV's.
  if ((bytes[0] & 0x3) == 0x3) {
    if ((bytes[0] & 0x1c) == 0x1c)
      return makeError(llvm::formatv(
          "pc {0:x}: cannot decode the bytes {1}: an instruction longer "
          "than 32 bits",
          pc, hexBytes(bytes)));
    llvm::Expected<llvm::SmallVector<uint8_t, 4>> high =
        code.readCode(pc + 2, 2);
    if (!high)
      return high.takeError();
    if (high->size() < 2)
      return makeError(llvm::formatv(
          "pc {0:x}: the 32-bit instruction {1} ends past the readable code",
          pc, hexBytes(bytes)));
    bytes.append(high->begin(), high->begin() + 2);
  }
  llvm::Expected<std::unique_ptr<RISCVInstruction>> inst = decode(pc, bytes);
  if (!inst)
    return inst.takeError();
  return std::unique_ptr<DecodedInstruction>(std::move(*inst));
}

llvm::Expected<std::unique_ptr<RISCVInstruction>>
RISCVTarget::decode(uint64_t pc, llvm::ArrayRef<uint8_t> bytes) const {
  llvm::MCInst mc;
  uint64_t size = 0;
  llvm::MCDisassembler::DecodeStatus status =
      disassembler->getInstruction(mc, size, bytes, pc, llvm::nulls());
  if (status != llvm::MCDisassembler::Success || size != bytes.size())
    return makeError(llvm::formatv("pc {0:x}: cannot decode the bytes {1} as "
                                   "an instruction of {2}",
                                   pc, hexBytes(bytes), isaString));
  auto inst = std::make_unique<RISCVInstruction>(*this, mc);
  inst->pc = pc;
  inst->size = unsigned(size);
  inst->encoding.assign(bytes.begin(), bytes.end());
  return inst;
}

llvm::Error RISCVTarget::getEffects(const DecodedInstruction &decoded,
                                    RegisterValues &values,
                                    InstructionEffects &effects) const {
  effects.clear();
  // Only this target's decode makes the instructions it is given.
  const auto &inst = static_cast<const RISCVInstruction &>(decoded);
  assert(&inst.getTarget() == this && "an instruction of another target");
  EffectsContext cx(*this, inst, values, effects);

  llvm::Error error = llvm::Error::success();
  switch (cx.info.kind) {
  case OpcodeKind::Plain:
    error = describeOperands(cx);
    break;
  case OpcodeKind::ScalarMemory:
    error = describeScalarMemory(cx);
    break;
  case OpcodeKind::CSRAccess:
    error = describeCSRAccess(cx);
    break;
  case OpcodeKind::SystemCall:
    error = describeSystemCall(cx);
    break;
  case OpcodeKind::Fence:
    break;
  case OpcodeKind::Vector:
    switch (cx.info.vector.kind) {
    case VectorKind::Config:
      error = describeVectorConfig(cx);
      break;
    case VectorKind::UnitStride:
    case VectorKind::Strided:
    case VectorKind::Indexed:
    case VectorKind::WholeRegister:
    case VectorKind::MaskMemory:
      error = describeVectorMemory(cx);
      break;
    default:
      error = describeVectorArithmetic(cx);
      break;
    }
    break;
  case OpcodeKind::Unsupported:
    error = cx.cannotDescribe(cx.info.why);
    break;
  }
  if (error) {
    effects.clear();
    return error;
  }
  if (analysis->mayAffectControlFlow(inst.getMCInst(), *registerInfo))
    effects.control = ControlKind::Branch;
  if (cx.info.kind == OpcodeKind::SystemCall)
    effects.control = ControlKind::SystemCall;
  canonicalize(effects);
  return llvm::Error::success();
}

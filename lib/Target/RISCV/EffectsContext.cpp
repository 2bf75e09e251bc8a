//===- EffectsContext.cpp - Describing one RISC-V instruction -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "EffectsContext.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"

#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

EffectsContext::EffectsContext(const RISCVTarget &target,
                               const RISCVInstruction &inst,
                               RegisterValues &values,
                               InstructionEffects &effects)
    : target(target), inst(inst), mc(inst.getMCInst()),
      desc(target.getInstrInfo().get(inst.getOpcode())),
      info((*target.opcodes)[inst.getOpcode()]), values(values),
      effects(effects) {}

void EffectsContext::load(uint64_t addr, uint64_t bytes) {
  if (bytes)
    effects.loads.push_back({0, addr, bytes});
}

void EffectsContext::store(uint64_t addr, uint64_t bytes) {
  if (bytes)
    effects.stores.push_back({0, addr, bytes});
}

llvm::Error EffectsContext::readMC(llvm::MCRegister reg) {
  if (!reg.isValid())
    return llvm::Error::success();
  const MCRegisterTable::Entry &e = entry(reg);
  if (!e.known)
    return cannotDescribe(llvm::Twine("it reads ") +
                          target.getRegisterInfo().getName(reg) +
                          ", a register SnR does not track");
  for (RegId id : e.regIds)
    read(id);
  return llvm::Error::success();
}

llvm::Error EffectsContext::writeMC(llvm::MCRegister reg) {
  if (!reg.isValid())
    return llvm::Error::success();
  const MCRegisterTable::Entry &e = entry(reg);
  if (!e.known)
    return cannotDescribe(llvm::Twine("it writes ") +
                          target.getRegisterInfo().getName(reg) +
                          ", a register SnR does not track");
  for (RegId id : e.regIds)
    write(id);
  return llvm::Error::success();
}

llvm::Error EffectsContext::readImplicitUses() {
  for (llvm::MCPhysReg reg : desc.implicit_uses())
    if (llvm::Error error = readMC(reg))
      return error;
  return llvm::Error::success();
}

llvm::Error EffectsContext::writeImplicitDefs() {
  for (llvm::MCPhysReg reg : desc.implicit_defs())
    if (llvm::Error error = writeMC(reg))
      return error;
  return llvm::Error::success();
}

llvm::Expected<uint64_t> EffectsContext::value(RegId reg) {
  if (reg == reg::x(0))
    return 0;
  return values.readInteger(reg);
}

llvm::Expected<llvm::ArrayRef<uint8_t>> EffectsContext::bytes(RegId reg) {
  llvm::Expected<llvm::ArrayRef<uint8_t>> result = values.read(reg);
  if (result && result->size() < target.getRegisters().get(reg).bytes)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("pc {0:x}: {1} has {2} bytes, not {3}", inst.pc,
                      target.getRegisters().get(reg).name, result->size(),
                      target.getRegisters().get(reg).bytes));
  return result;
}

llvm::Expected<uint64_t> EffectsContext::readX(unsigned index) {
  llvm::MCRegister reg = mc.getOperand(index).getReg();
  llvm::ArrayRef<RegId> ids = entry(reg).regIds;
  if (ids.empty())
    return 0; // x0
  read(ids.front());
  return value(ids.front());
}

bool EffectsContext::isRoundingMode(unsigned index) const {
  return index < desc.getNumOperands() && mc.getOperand(index).isImm() &&
         desc.operands()[index].OperandType == target.opcodes->frmOperandType;
}

bool EffectsContext::isMask(unsigned index) const {
  return index < desc.getNumOperands() && mc.getOperand(index).isReg() &&
         desc.operands()[index].OperandType == target.opcodes->maskOperandType;
}

bool EffectsContext::isV0Operand(unsigned index) const {
  return index < desc.getNumOperands() && mc.getOperand(index).isReg() &&
         !isMask(index) &&
         desc.operands()[index].RegClass == target.opcodes->v0RegClass;
}

unsigned EffectsContext::vectorNumber(unsigned index) const {
  return entry(mc.getOperand(index).getReg()).regIds.front() - reg::v(0);
}

llvm::Error EffectsContext::cannotDescribe(const llvm::Twine &why) const {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("pc {0:x}: SnR cannot describe '{1}' ({2})", inst.pc,
                    inst.getMnemonic(), why.str()));
}

llvm::Error snr::target::riscv::describeOperands(EffectsContext &cx) {
  unsigned defs = cx.desc.getNumDefs();
  for (unsigned i = 0, e = cx.mc.getNumOperands(); i < e; ++i) {
    const llvm::MCOperand &operand = cx.mc.getOperand(i);
    if (operand.isReg()) {
      if (llvm::Error error = i < defs ? cx.writeMC(operand.getReg())
                                       : cx.readMC(operand.getReg()))
        return error;
      continue;
    }
    // The static rounding mode 7 (dyn) is frm's.
    if (cx.isRoundingMode(i) && operand.getImm() == 7)
      cx.read(reg::FRM);
  }
  if (llvm::Error error = cx.readImplicitUses())
    return error;
  if (llvm::Error error = cx.writeImplicitDefs())
    return error;
  // The exception flags accrue: fflags |= what the operation raised.
  if (cx.desc.mayRaiseFPException()) {
    cx.read(reg::FFLAGS);
    cx.write(reg::FFLAGS);
  }
  return llvm::Error::success();
}

static void canonicalizeRegisters(llvm::SmallVectorImpl<RegId> &regs) {
  llvm::sort(regs);
  regs.erase(std::unique(regs.begin(), regs.end()), regs.end());
}

static void canonicalizeRanges(llvm::SmallVectorImpl<MemoryRange> &ranges) {
  if (ranges.size() < 2)
    return;
  llvm::sort(ranges, [](const MemoryRange &a, const MemoryRange &b) {
    return std::tie(a.space, a.addr) < std::tie(b.space, b.addr);
  });
  size_t out = 0;
  for (size_t i = 1; i < ranges.size(); ++i) {
    MemoryRange &last = ranges[out];
    const MemoryRange &next = ranges[i];
    if (next.space == last.space && next.addr <= last.addr + last.bytes) {
      last.bytes =
          std::max(last.addr + last.bytes, next.addr + next.bytes) - last.addr;
      continue;
    }
    ranges[++out] = next;
  }
  ranges.resize(out + 1);
}

void snr::target::riscv::canonicalize(InstructionEffects &effects) {
  canonicalizeRegisters(effects.regReads);
  canonicalizeRegisters(effects.regWrites);
  canonicalizeRegisters(effects.recordAfter);
  canonicalizeRanges(effects.loads);
  canonicalizeRanges(effects.stores);
}

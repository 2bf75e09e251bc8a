//===- ScalarEffects.cpp - Scalar loads, stores, LR/SC and AMOs -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// LLVM's MCInstrDesc gives a scalar memory instruction's registers and says
// whether it may load or store; the address is x[rs1] plus the immediate
// after it (none for LR, SC and AMOs), and the width is the opcode's
// (OpcodeTable.cpp). Compressed forms decode to the same operands.
//
//===----------------------------------------------------------------------===//

#include "EffectsContext.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"

using namespace snr::target;
using namespace snr::target::riscv;

llvm::Error snr::target::riscv::describeScalarMemory(EffectsContext &cx) {
  if (llvm::Error error = describeOperands(cx))
    return error;
  int baseIndex = -1;
  for (unsigned i = 0, e = cx.mc.getNumOperands(); i < e; ++i)
    if (i < cx.desc.getNumOperands() &&
        cx.desc.operands()[i].OperandType == llvm::MCOI::OPERAND_MEMORY) {
      baseIndex = int(i);
      break;
    }
  if (baseIndex < 0 || !cx.mc.getOperand(baseIndex).isReg())
    return cx.cannotDescribe("its address operand is not a register");
  llvm::Expected<uint64_t> base = cx.readX(unsigned(baseIndex));
  if (!base)
    return base.takeError();
  uint64_t addr = *base;
  if (unsigned(baseIndex) + 1 < cx.mc.getNumOperands() &&
      cx.mc.getOperand(baseIndex + 1).isImm())
    addr += uint64_t(cx.mc.getOperand(baseIndex + 1).getImm());

  uint64_t bytes = cx.info.accessBytes;
  switch (cx.info.access) {
  case ScalarAccess::LoadOrStore:
    if (cx.desc.mayLoad())
      cx.load(addr, bytes);
    if (cx.desc.mayStore())
      cx.store(addr, bytes);
    break;
  case ScalarAccess::LoadReserved:
    cx.load(addr, bytes);
    break;
  case ScalarAccess::StoreConditional: {
    // It stores only if the reservation holds, which the step decides. The
    // bytes are also counted as read: when it fails they keep their old
    // value, which the replay then needs. rd says which happened.
    cx.load(addr, bytes);
    cx.store(addr, bytes);
    llvm::ArrayRef<RegId> rd = cx.entry(cx.mc.getOperand(0).getReg()).regIds;
    cx.effects.recordAfter.append(rd.begin(), rd.end());
    break;
  }
  case ScalarAccess::Atomic:
    cx.load(addr, bytes);
    cx.store(addr, bytes);
    break;
  }
  return llvm::Error::success();
}

//===- CSREffects.cpp - csrrw, csrrs, csrrc and their immediate forms -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// LLVM describes a CSR access by its operands only (rd, the CSR number,
// rs1 or an immediate): which CSR it reads or writes is in the immediate.
// The rules are the Zicsr ones: csrrw does not read the CSR when rd is x0;
// csrrs and csrrc do not write it when rs1 is x0 (the immediate forms: when
// the immediate is 0). fcsr and vcsr are named by their parts. A CSR SnR
// does not track (the cycle and time counters, whose values are the
// machine's and not the program's) cannot be described.
//
//===----------------------------------------------------------------------===//

#include "EffectsContext.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"

#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {
struct CSR {
  const char *name;
  llvm::SmallVector<RegId, 2> parts;
  bool readOnly;
};

std::optional<CSR> lookupCSR(int64_t number) {
  switch (number) {
  case 0x001:
    return CSR{"fflags", {reg::FFLAGS}, false};
  case 0x002:
    return CSR{"frm", {reg::FRM}, false};
  case 0x003:
    return CSR{"fcsr", {reg::FRM, reg::FFLAGS}, false};
  case 0x008:
    return CSR{"vstart", {reg::VSTART}, false};
  case 0x009:
    return CSR{"vxsat", {reg::VXSAT}, false};
  case 0x00a:
    return CSR{"vxrm", {reg::VXRM}, false};
  case 0x00f:
    return CSR{"vcsr", {reg::VXRM, reg::VXSAT}, false};
  case 0xc20:
    return CSR{"vl", {reg::VL}, true};
  case 0xc21:
    return CSR{"vtype", {reg::VTYPE}, true};
  case 0xc22:
    return CSR{"vlenb", {reg::VLENB}, true};
  default:
    return std::nullopt;
  }
}
} // namespace

llvm::Error snr::target::riscv::describeCSRAccess(EffectsContext &cx) {
  llvm::StringRef name = cx.target.getInstrInfo().getName(cx.mc.getOpcode());
  bool immediate = name.ends_with("I");
  bool swap = name.starts_with("CSRRW");
  // csrrw rd, csr, rs1 / csrrwi rd, csr, uimm: operands rd, csr, source.
  if (cx.mc.getNumOperands() != 3 || !cx.mc.getOperand(1).isImm())
    return cx.cannotDescribe("its operands are not rd, csr, rs1");
  int64_t number = cx.mc.getOperand(1).getImm();
  std::optional<CSR> csr = lookupCSR(number);
  if (!csr)
    return cx.cannotDescribe(llvm::formatv(
        "it accesses CSR {0:x3}, which SnR does not track", number));

  llvm::MCRegister rd = cx.mc.getOperand(0).getReg();
  bool rdIsX0 = cx.entry(rd).regIds.empty();
  const llvm::MCOperand &source = cx.mc.getOperand(2);
  bool sourceIsZero = immediate ? source.getImm() == 0
                                : cx.entry(source.getReg()).regIds.empty();
  bool readsCSR = !(swap && rdIsX0);
  bool writesCSR = swap || !sourceIsZero;
  if (writesCSR && csr->readOnly)
    return cx.cannotDescribe(llvm::formatv(
        "it writes {0}, a read-only CSR: an illegal instruction", csr->name));

  if (!immediate)
    if (llvm::Error error = cx.readMC(source.getReg()))
      return error;
  if (llvm::Error error = cx.writeMC(rd))
    return error;
  for (RegId part : csr->parts) {
    if (readsCSR)
      cx.read(part);
    if (writesCSR)
      cx.write(part);
  }
  return llvm::Error::success();
}

//===- VectorConfigEffects.cpp - vsetvli, vsetivli, vsetvl ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// LLVM gives the operands and the implicit defs VL and VTYPE. The AVL
// rules (RVV 1.0, 6.2) are written here: rs1 not x0, AVL = x[rs1]; rs1 = x0
// and rd not x0, AVL = VLMAX (nothing read); both x0, vl is kept (vl is
// read). vsetivli's AVL is its immediate; vsetvl's new vtype is x[rs2]. The
// trace records vl and vtype after the step, for the replay's check.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "VectorGroups.h"

#include "llvm/MC/MCInstrInfo.h"

using namespace snr::target;
using namespace snr::target::riscv;

llvm::Error snr::target::riscv::describeVectorConfig(EffectsContext &cx) {
  llvm::StringRef name = cx.target.getInstrInfo().getName(cx.mc.getOpcode());
  // vsetvli rd, rs1, vtypei; vsetivli rd, uimm, vtypei; vsetvl rd, rs1, rs2.
  const llvm::MCOperand &rd = cx.mc.getOperand(0);
  const llvm::MCOperand &avl = cx.mc.getOperand(1);
  if (llvm::Error error = cx.writeMC(rd.getReg()))
    return error;
  if (name != "VSETIVLI") {
    bool rs1IsX0 = cx.entry(avl.getReg()).regIds.empty();
    bool rdIsX0 = cx.entry(rd.getReg()).regIds.empty();
    if (!rs1IsX0) {
      if (llvm::Error error = cx.readMC(avl.getReg()))
        return error;
    } else if (rdIsX0) {
      cx.read(reg::VL);
    }
  }
  if (name == "VSETVL")
    if (llvm::Error error = cx.readMC(cx.mc.getOperand(2).getReg()))
      return error;
  if (llvm::Error error = cx.writeImplicitDefs())
    return error;
  // It leaves vstart 0.
  llvm::Expected<uint64_t> vstart = cx.value(reg::VSTART);
  if (!vstart)
    return vstart.takeError();
  if (*vstart != 0)
    cx.write(reg::VSTART);
  cx.effects.recordAfter.push_back(reg::VL);
  cx.effects.recordAfter.push_back(reg::VTYPE);
  return llvm::Error::success();
}

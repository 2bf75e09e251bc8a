//===- InstructionConversion.cpp - Ops <-> arch::Instruction ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The two directions between an instruction op and its MLIR-free decoded
// form. Both are driven by the ISA table's operand layouts, so an op's
// attribute names are written down here once, for every opcode.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/InstructionBuilder.h"
#include "SnR/Dialect/SnROps.h"

using namespace mlir;
using namespace snr;

namespace {
// Attribute names shared by every instruction op with that operand.
constexpr llvm::StringLiteral kRd = "rd", kRs1 = "rs1", kRs2 = "rs2",
                              kValue = "value", kPredicate = "predicate",
                              kAddr = "addr", kSrc = "src", kDst = "dst",
                              kFlag = "flag", kGuard = "guard", kPc = "pc",
                              kHlo = "hlo", kExecuted = "executed";

static_assert(unsigned(CmpPredicate::ge) == unsigned(arch::CmpPredicate::Ge),
              "the dialect's and the ISA's predicates are in the same order");

uint8_t regIndex(Operation *op, StringRef name) {
  return uint8_t(op->getAttrOfType<RegAttr>(name).getIndex());
}
} // namespace

arch::Instruction snr::toInstruction(Operation *op) {
  arch::Instruction inst;
  inst.opcode = cast<InstructionOpInterface>(op).getOpcode();
  const arch::OperandLayout &layout = arch::getLayout(inst.opcode);
  if (layout.rd)
    inst.rd = regIndex(op, kRd);
  if (layout.rs1)
    inst.rs1 = regIndex(op, kRs1);
  if (layout.rs2)
    inst.rs2 = regIndex(op, kRs2);
  if (layout.immName)
    inst.imm = op->getAttrOfType<IntegerAttr>(layout.immName).getInt();
  if (layout.hasFImm)
    inst.fimm = op->getAttrOfType<FloatAttr>(kValue).getValue().convertToFloat();
  if (layout.hasCmp)
    inst.cmp = arch::CmpPredicate(
        op->getAttrOfType<CmpPredicateAttr>(kPredicate).getInt());
  if (layout.hasFlag)
    inst.flag = regIndex(op, kFlag);
  switch (layout.mem) {
  case arch::MemRole::None:
    break;
  case arch::MemRole::Load:
    inst.src = op->getAttrOfType<AddrAttr>(kAddr).getOperand();
    break;
  case arch::MemRole::Store:
    inst.dst = op->getAttrOfType<AddrAttr>(kAddr).getOperand();
    break;
  case arch::MemRole::Dma:
    inst.src = op->getAttrOfType<AddrAttr>(kSrc).getOperand();
    inst.dst = op->getAttrOfType<AddrAttr>(kDst).getOperand();
    break;
  }
  if (auto guard = op->getAttrOfType<GuardAttr>(kGuard)) {
    inst.guard.present = true;
    inst.guard.negated = guard.getNegated();
    inst.guard.reg = uint8_t(guard.getReg());
  }
  if (auto pc = op->getAttrOfType<IntegerAttr>(kPc))
    inst.pc = pc.getValue().getZExtValue();
  return inst;
}

Operation *snr::buildInstruction(OpBuilder &builder, Location loc,
                                 const arch::Instruction &inst,
                                 const InstructionExtras &extras) {
  MLIRContext *ctx = builder.getContext();
  const arch::OperandLayout &layout = arch::getLayout(inst.opcode);
  OperationState state(loc, ("snr." + arch::getMnemonic(inst.opcode)).str());
  auto reg = [&](StringRef name, arch::RegClass cls, uint8_t index) {
    state.addAttribute(name, RegAttr::get(ctx, arch::Reg{cls, index}));
  };
  if (layout.rd)
    reg(kRd, *layout.rd, inst.rd);
  if (layout.rs1)
    reg(kRs1, *layout.rs1, inst.rs1);
  if (layout.rs2)
    reg(kRs2, *layout.rs2, inst.rs2);
  if (layout.immName)
    state.addAttribute(layout.immName, builder.getI64IntegerAttr(inst.imm));
  if (layout.hasFImm)
    state.addAttribute(kValue, builder.getF32FloatAttr(inst.fimm));
  if (layout.hasCmp)
    state.addAttribute(kPredicate,
                       CmpPredicateAttr::get(ctx, CmpPredicate(inst.cmp)));
  if (layout.hasFlag)
    reg(kFlag, arch::RegClass::Flag, inst.flag);
  switch (layout.mem) {
  case arch::MemRole::None:
    break;
  case arch::MemRole::Load:
    state.addAttribute(kAddr, AddrAttr::get(ctx, inst.src));
    break;
  case arch::MemRole::Store:
    state.addAttribute(kAddr, AddrAttr::get(ctx, inst.dst));
    break;
  case arch::MemRole::Dma:
    state.addAttribute(kSrc, AddrAttr::get(ctx, inst.src));
    state.addAttribute(kDst, AddrAttr::get(ctx, inst.dst));
    break;
  }
  if (inst.guard.present)
    state.addAttribute(kGuard,
                       GuardAttr::get(ctx, inst.guard.reg, inst.guard.negated));
  if (extras.withPc)
    state.addAttribute(kPc, builder.getI64IntegerAttr(int64_t(inst.pc)));
  if (extras.hlo)
    state.addAttribute(kHlo, extras.hlo);
  if (extras.executed)
    state.addAttribute(kExecuted, builder.getBoolAttr(*extras.executed));
  return builder.create(state);
}

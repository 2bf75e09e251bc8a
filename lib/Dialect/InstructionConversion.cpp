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

InstructionBuilder::InstructionBuilder(MLIRContext *context)
    : context(context) {
  auto name = [&](StringRef text) { return StringAttr::get(context, text); };
  rd = name(kRd);
  rs1 = name(kRs1);
  rs2 = name(kRs2);
  value = name(kValue);
  predicate = name(kPredicate);
  addr = name(kAddr);
  src = name(kSrc);
  dst = name(kDst);
  flag = name(kFlag);
  guard = name(kGuard);
  pc = name(kPc);
  hlo = name(kHlo);
  executed = name(kExecuted);
}

Attribute InstructionBuilder::getReg(arch::RegClass cls, uint8_t index) {
  Attribute &attr = regs[arch::getRegSlot({cls, index})];
  if (!attr)
    attr = RegAttr::get(context, arch::Reg{cls, index});
  return attr;
}

Operation *InstructionBuilder::build(OpBuilder &builder, Location loc,
                                     const arch::Instruction &inst,
                                     const InstructionExtras &extras) {
  const arch::OperandLayout &layout = arch::getLayout(inst.opcode);
  std::optional<OperationName> &opName = names[unsigned(inst.opcode)];
  if (!opName)
    opName.emplace(("snr." + arch::getMnemonic(inst.opcode)).str(), context);
  Operation *op =
      Operation::create(loc, *opName, /*resultTypes=*/{}, /*operands=*/{},
                        NamedAttrList(), /*properties=*/nullptr,
                        /*successors=*/{}, /*numRegions=*/0);
  // Every name below is an inherent attribute, kept in the op's properties.
  auto set = [&](StringAttr name, Attribute attr) {
    op->setInherentAttr(name, attr);
  };
  if (layout.rd)
    set(rd, getReg(*layout.rd, inst.rd));
  if (layout.rs1)
    set(rs1, getReg(*layout.rs1, inst.rs1));
  if (layout.rs2)
    set(rs2, getReg(*layout.rs2, inst.rs2));
  if (layout.immName)
    set(StringAttr::get(context, layout.immName),
        builder.getI64IntegerAttr(inst.imm));
  if (layout.hasFImm)
    set(value, builder.getF32FloatAttr(inst.fimm));
  if (layout.hasCmp)
    set(predicate, CmpPredicateAttr::get(context, CmpPredicate(inst.cmp)));
  if (layout.hasFlag)
    set(flag, getReg(arch::RegClass::Flag, inst.flag));
  switch (layout.mem) {
  case arch::MemRole::None:
    break;
  case arch::MemRole::Load:
    set(addr, AddrAttr::get(context, inst.src));
    break;
  case arch::MemRole::Store:
    set(addr, AddrAttr::get(context, inst.dst));
    break;
  case arch::MemRole::Dma:
    set(src, AddrAttr::get(context, inst.src));
    set(dst, AddrAttr::get(context, inst.dst));
    break;
  }
  if (inst.guard.present)
    set(guard, GuardAttr::get(context, inst.guard.reg, inst.guard.negated));
  if (extras.withPc)
    set(pc, builder.getI64IntegerAttr(int64_t(inst.pc)));
  if (extras.hlo)
    set(hlo, extras.hlo);
  if (extras.executed)
    set(executed, builder.getBoolAttr(*extras.executed));
  return builder.insert(op);
}

Operation *snr::buildInstruction(OpBuilder &builder, Location loc,
                                 const arch::Instruction &inst,
                                 const InstructionExtras &extras) {
  return InstructionBuilder(builder.getContext())
      .build(builder, loc, inst, extras);
}

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
// Attribute names every instruction op may have, beside its operands.
constexpr llvm::StringLiteral kGuard = "guard", kPc = "pc", kHlo = "hlo",
                              kExecuted = "executed";

static_assert(unsigned(CmpPredicate::ge) == unsigned(arch::CmpPredicate::Ge),
              "the dialect's and the ISA's predicates are in the same order");
} // namespace

arch::Instruction snr::toInstruction(Operation *op) {
  return cast<InstructionOpInterface>(op).toInstruction();
}

arch::Instruction snr::decodeInstruction(arch::Opcode opcode,
                                         ArrayRef<Attribute> operands,
                                         Attribute guard, Attribute pc) {
  arch::Instruction inst;
  inst.opcode = opcode;
  using Kind = arch::OperandSlot::Kind;
  for (auto [slot, value] :
       llvm::zip_equal(arch::getOperandSlots(opcode), operands)) {
    switch (slot.kind) {
    case Kind::Reg:
      inst.*slot.reg = uint8_t(cast<RegAttr>(value).getIndex());
      break;
    case Kind::Imm:
      inst.imm = cast<IntegerAttr>(value).getInt();
      break;
    case Kind::FImm:
      inst.fimm = cast<FloatAttr>(value).getValue().convertToFloat();
      break;
    case Kind::Cmp:
      inst.cmp = arch::CmpPredicate(cast<CmpPredicateAttr>(value).getInt());
      break;
    case Kind::Mem:
      inst.*slot.mem = cast<AddrAttr>(value).getOperand();
      break;
    }
  }
  if (auto g = dyn_cast_or_null<GuardAttr>(guard)) {
    inst.guard.present = true;
    inst.guard.negated = g.getNegated();
    inst.guard.reg = uint8_t(g.getReg());
  }
  if (auto p = dyn_cast_or_null<IntegerAttr>(pc))
    inst.pc = p.getValue().getZExtValue();
  return inst;
}

InstructionBuilder::InstructionBuilder(MLIRContext *context)
    : context(context) {
  guard = StringAttr::get(context, kGuard);
  pc = StringAttr::get(context, kPc);
  hlo = StringAttr::get(context, kHlo);
  executed = StringAttr::get(context, kExecuted);
}

StringAttr InstructionBuilder::getName(const char *name) {
  StringAttr &attr = names[name];
  if (!attr)
    attr = StringAttr::get(context, name);
  return attr;
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
  std::optional<OperationName> &opName = opNames[unsigned(inst.opcode)];
  if (!opName)
    opName.emplace(("snr." + arch::getMnemonic(inst.opcode)).str(), context);
  Operation *op =
      Operation::create(loc, *opName, /*resultTypes=*/{}, /*operands=*/{},
                        NamedAttrList(), /*properties=*/nullptr,
                        /*successors=*/{}, /*numRegions=*/0);
  // Every name below is an inherent attribute, kept in the op's properties.
  using Kind = arch::OperandSlot::Kind;
  for (const arch::OperandSlot &slot : arch::getOperandSlots(inst.opcode)) {
    Attribute value;
    switch (slot.kind) {
    case Kind::Reg:
      value = getReg(slot.regClass, inst.*slot.reg);
      break;
    case Kind::Imm:
      value = builder.getI64IntegerAttr(inst.imm);
      break;
    case Kind::FImm:
      value = builder.getF32FloatAttr(inst.fimm);
      break;
    case Kind::Cmp:
      value = CmpPredicateAttr::get(context, CmpPredicate(inst.cmp));
      break;
    case Kind::Mem:
      value = AddrAttr::get(context, inst.*slot.mem);
      break;
    }
    op->setInherentAttr(getName(slot.name), value);
  }
  if (inst.guard.present)
    op->setInherentAttr(
        guard, GuardAttr::get(context, inst.guard.reg, inst.guard.negated));
  if (extras.withPc)
    op->setInherentAttr(pc, builder.getI64IntegerAttr(int64_t(inst.pc)));
  if (extras.hlo)
    op->setInherentAttr(hlo, extras.hlo);
  if (extras.executed)
    op->setInherentAttr(executed, builder.getBoolAttr(*extras.executed));
  return builder.insert(op);
}

Operation *snr::buildInstruction(OpBuilder &builder, Location loc,
                                 const arch::Instruction &inst,
                                 const InstructionExtras &extras) {
  return InstructionBuilder(builder.getContext())
      .build(builder, loc, inst, extras);
}

//===- OpLayoutTest.cpp - The ODS ops agree with the ISA table ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The ISA table (Opcodes.def and arch::getLayout) is the one description of
// every instruction's operands; the dialect's ops are written in ODS by hand.
// These tests keep the two in step: every opcode has its op, the op's
// inherent attributes are exactly the operands its layout names (plus the
// ones all instructions share), and building an op from an instruction and
// decoding it back gives the same instruction.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/InstructionBuilder.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace mlir;
using namespace snr;

namespace {

/// The inherent attributes the ISA table says an opcode's op has.
std::set<std::string> expectedAttributes(arch::Opcode opcode) {
  const arch::OperandLayout &layout = arch::getLayout(opcode);
  std::set<std::string> names = {"guard", "pc", "hlo", "executed"};
  if (layout.rd)
    names.insert("rd");
  if (layout.rs1)
    names.insert("rs1");
  if (layout.rs2)
    names.insert("rs2");
  if (layout.immName)
    names.insert(layout.immName);
  if (layout.hasFImm)
    names.insert("value");
  if (layout.hasCmp)
    names.insert("predicate");
  if (layout.hasFlag)
    names.insert("flag");
  switch (layout.mem) {
  case arch::MemRole::None:
    break;
  case arch::MemRole::Load:
  case arch::MemRole::Store:
    names.insert("addr");
    break;
  case arch::MemRole::Dma:
    names.insert("src");
    names.insert("dst");
    break;
  }
  return names;
}

/// An instruction of `opcode` whose every field its layout uses is set to a
/// valid, non-default value.
arch::Instruction sample(arch::Opcode opcode) {
  const arch::OperandLayout &layout = arch::getLayout(opcode);
  arch::Instruction inst;
  inst.opcode = opcode;
  inst.pc = 12;
  if (layout.rd)
    inst.rd = 3;
  if (layout.rs1)
    inst.rs1 = 4;
  if (layout.rs2)
    inst.rs2 = 5;
  if (layout.immName)
    inst.imm = opcode == arch::Opcode::DmaIssue ? 64 : 1;
  if (layout.hasFImm)
    inst.fimm = 2.5f;
  if (layout.hasCmp)
    inst.cmp = arch::CmpPredicate::Ge;
  if (layout.hasFlag)
    inst.flag = 2;
  switch (layout.mem) {
  case arch::MemRole::None:
    break;
  case arch::MemRole::Load:
    inst.src.space = opcode == arch::Opcode::Ld ? arch::MemSpace::SMem
                                                : arch::MemSpace::VMem;
    inst.src.hasBase = true;
    inst.src.base = 6;
    inst.src.offset = 64;
    break;
  case arch::MemRole::Store:
    inst.dst.space = opcode == arch::Opcode::St ? arch::MemSpace::SMem
                                                : arch::MemSpace::VMem;
    inst.dst.offset = 128;
    break;
  case arch::MemRole::Dma:
    inst.src.space = arch::MemSpace::Hbm;
    inst.src.offset = 4096;
    inst.dst.space = arch::MemSpace::VMem;
    inst.dst.hasBase = true;
    inst.dst.base = 7;
    break;
  }
  inst.guard.present = true;
  inst.guard.negated = true;
  inst.guard.reg = 1;
  return inst;
}

class OpLayout : public ::testing::Test {
protected:
  OpLayout() { context.getOrLoadDialect<SnRDialect>(); }
  MLIRContext context;
};

TEST_F(OpLayout, EveryOpcodeHasItsOpWithTheTableOperands) {
  for (unsigned i = 0; i < arch::kNumOpcodes; ++i) {
    auto opcode = arch::Opcode(i);
    std::string name = ("snr." + arch::getMnemonic(opcode)).str();
    std::optional<RegisteredOperationName> op =
        RegisteredOperationName::lookup(name, &context);
    ASSERT_TRUE(op.has_value()) << name << " is not an op of the dialect";
    std::set<std::string> actual;
    for (StringAttr attr : op->getAttributeNames())
      actual.insert(attr.str());
    EXPECT_EQ(actual, expectedAttributes(opcode)) << name;
  }
}

TEST_F(OpLayout, OperandsInTheOrderOfTheTableSlots) {
  // Decoding reads an op's operands by position (getOperandAttrs).
  for (unsigned i = 0; i < arch::kNumOpcodes; ++i) {
    auto opcode = arch::Opcode(i);
    std::string name = ("snr." + arch::getMnemonic(opcode)).str();
    std::optional<RegisteredOperationName> op =
        RegisteredOperationName::lookup(name, &context);
    ASSERT_TRUE(op.has_value()) << name;
    const auto *iface = op->getInterface<InstructionOpInterface>();
    ASSERT_TRUE(iface) << name;
    std::vector<std::string> expected, actual;
    for (const arch::OperandSlot &slot : arch::getOperandSlots(opcode))
      expected.push_back(slot.name);
    for (llvm::StringLiteral operand : iface->getOperandNames())
      actual.push_back(operand.str());
    EXPECT_EQ(actual, expected) << name;
  }
}

TEST_F(OpLayout, BuildThenDecodeIsIdentity) {
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
  builder.setInsertionPointToEnd(module->getBody());
  InstructionBuilder instructions(&context);
  for (unsigned i = 0; i < arch::kNumOpcodes; ++i) {
    arch::Instruction inst = sample(arch::Opcode(i));
    Operation *op = instructions.build(builder, builder.getUnknownLoc(), inst);
    EXPECT_EQ(toInstruction(op), inst) << arch::getMnemonic(inst.opcode).str();
    EXPECT_TRUE(succeeded(verify(op))) << arch::getMnemonic(inst.opcode).str();
  }
}

} // namespace

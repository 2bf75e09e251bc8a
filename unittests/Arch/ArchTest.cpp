//===- ArchTest.cpp - Unit tests of the MLIR-free ISA library -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Exact, hand-checked expectations for the ISA table (include/SnR/Arch): the
// register names, the opcode table, what each format reads and writes, the
// memory accesses, and every rule of validateInstruction.
//
//===----------------------------------------------------------------------===//

#include "SnR/Arch/ISA.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

using namespace snr::arch;

namespace {

constexpr RegClass kAllRegClasses[] = {
    RegClass::Scalar,    RegClass::Pred,      RegClass::Vector,
    RegClass::Flag,      RegClass::MxuWeight, RegClass::MxuResult};
constexpr MemSpace kAllMemSpaces[] = {MemSpace::SMem, MemSpace::VMem,
                                      MemSpace::Hbm, MemSpace::RemoteHbm};

Reg s(unsigned i) { return {RegClass::Scalar, uint8_t(i)}; }
Reg p(unsigned i) { return {RegClass::Pred, uint8_t(i)}; }
Reg v(unsigned i) { return {RegClass::Vector, uint8_t(i)}; }
Reg f(unsigned i) { return {RegClass::Flag, uint8_t(i)}; }
Reg w(unsigned i) { return {RegClass::MxuWeight, uint8_t(i)}; }
Reg q(unsigned i) { return {RegClass::MxuResult, uint8_t(i)}; }

MemOperand mem(MemSpace space, int64_t offset) {
  MemOperand m;
  m.space = space;
  m.offset = offset;
  return m;
}
MemOperand mem(MemSpace space, unsigned base, int64_t offset) {
  MemOperand m = mem(space, offset);
  m.hasBase = true;
  m.base = uint8_t(base);
  return m;
}
MemOperand rhbm(unsigned chip, int64_t offset) {
  MemOperand m = mem(MemSpace::RemoteHbm, offset);
  m.chip = uint8_t(chip);
  return m;
}

std::vector<std::string> names(llvm::ArrayRef<Reg> regs) {
  std::vector<std::string> out;
  for (Reg reg : regs)
    out.push_back(formatReg(reg));
  return out;
}
std::vector<std::string> reads(const Instruction &inst) {
  llvm::SmallVector<Reg> regs;
  getRegisterReads(inst, regs);
  return names(regs);
}
std::vector<std::string> writes(const Instruction &inst) {
  llvm::SmallVector<Reg> regs;
  getRegisterWrites(inst, regs);
  return names(regs);
}
using Names = std::vector<std::string>;

/// dma.issue hbm[s1 + 4096] -> vmem[s2], 8192, f3: valid.
Instruction goodDma() {
  Instruction inst;
  inst.opcode = Opcode::DmaIssue;
  inst.src = mem(MemSpace::Hbm, 1, 4096);
  inst.dst = mem(MemSpace::VMem, 2, 0);
  inst.imm = 8192;
  inst.flag = 3;
  return inst;
}

Instruction withImm(Opcode opcode, int64_t imm) {
  Instruction inst;
  inst.opcode = opcode;
  inst.rd = 1;
  inst.rs1 = 2;
  inst.imm = imm;
  return inst;
}

//===----------------------------------------------------------------------===//
// Register names
//===----------------------------------------------------------------------===//

TEST(RegNames, Counts) {
  EXPECT_EQ(getNumRegs(RegClass::Scalar), 32u);
  EXPECT_EQ(getNumRegs(RegClass::Pred), 8u);
  EXPECT_EQ(getNumRegs(RegClass::Vector), 32u);
  EXPECT_EQ(getNumRegs(RegClass::Flag), 16u);
  EXPECT_EQ(getNumRegs(RegClass::MxuWeight), 16u);
  EXPECT_EQ(getNumRegs(RegClass::MxuResult), 16u);
}

TEST(RegNames, Prefixes) {
  const char expected[] = {'s', 'p', 'v', 'f', 'w', 'q'};
  for (unsigned i = 0; i < kNumRegClasses; ++i) {
    EXPECT_EQ(getRegPrefix(kAllRegClasses[i]), expected[i]);
    EXPECT_EQ(lookupRegPrefix(expected[i]), kAllRegClasses[i]);
  }
  EXPECT_EQ(lookupRegPrefix('x'), std::nullopt);
  EXPECT_EQ(lookupRegPrefix('S'), std::nullopt);
  EXPECT_EQ(getRegClassName(RegClass::Scalar), "scalar");
  EXPECT_EQ(getRegClassName(RegClass::Pred), "predicate");
  EXPECT_EQ(getRegClassName(RegClass::Vector), "vector");
  EXPECT_EQ(getRegClassName(RegClass::Flag), "flag");
  EXPECT_EQ(getRegClassName(RegClass::MxuWeight), "weight row");
  EXPECT_EQ(getRegClassName(RegClass::MxuResult), "result slot");
}

TEST(RegNames, RoundTripEveryRegister) {
  unsigned total = 0;
  for (RegClass cls : kAllRegClasses) {
    for (unsigned i = 0; i < getNumRegs(cls); ++i, ++total) {
      Reg reg{cls, uint8_t(i)};
      std::string text = formatReg(reg);
      EXPECT_EQ(text, std::string(1, getRegPrefix(cls)) + std::to_string(i));
      std::optional<Reg> parsed = parseReg(text);
      ASSERT_TRUE(parsed.has_value()) << text;
      EXPECT_EQ(*parsed, reg) << text;
    }
  }
  EXPECT_EQ(total, 32u + 8u + 32u + 16u + 16u + 16u);
}

TEST(RegNames, Format) {
  EXPECT_EQ(formatReg(s(0)), "s0");
  EXPECT_EQ(formatReg(s(31)), "s31");
  EXPECT_EQ(formatReg(p(7)), "p7");
  EXPECT_EQ(formatReg(v(12)), "v12");
  EXPECT_EQ(formatReg(f(2)), "f2");
  EXPECT_EQ(formatReg(w(5)), "w5");
  EXPECT_EQ(formatReg(q(15)), "q15");
}

TEST(RegNames, Bounds) {
  EXPECT_EQ(parseReg("s31"), s(31));
  EXPECT_EQ(parseReg("s0"), s(0));
  EXPECT_EQ(parseReg("s32"), std::nullopt);
  EXPECT_EQ(parseReg("p7"), p(7));
  EXPECT_EQ(parseReg("p8"), std::nullopt);
  EXPECT_EQ(parseReg("v31"), v(31));
  EXPECT_EQ(parseReg("v32"), std::nullopt);
  EXPECT_EQ(parseReg("f15"), f(15));
  EXPECT_EQ(parseReg("f16"), std::nullopt);
  EXPECT_EQ(parseReg("w15"), w(15));
  EXPECT_EQ(parseReg("w16"), std::nullopt);
  EXPECT_EQ(parseReg("q15"), q(15));
  EXPECT_EQ(parseReg("q16"), std::nullopt);
  EXPECT_EQ(parseReg("s256"), std::nullopt);
  EXPECT_EQ(parseReg("s4294967299"), std::nullopt);
}

TEST(RegNames, RejectsMalformed) {
  EXPECT_EQ(parseReg("s03"), std::nullopt);
  EXPECT_EQ(parseReg("s00"), std::nullopt);
  EXPECT_EQ(parseReg("x1"), std::nullopt);
  EXPECT_EQ(parseReg("S1"), std::nullopt);
  EXPECT_EQ(parseReg(""), std::nullopt);
  EXPECT_EQ(parseReg("s"), std::nullopt);
  EXPECT_EQ(parseReg("1"), std::nullopt);
  EXPECT_EQ(parseReg("s+3"), std::nullopt);
  EXPECT_EQ(parseReg("s-1"), std::nullopt);
  EXPECT_EQ(parseReg("s3x"), std::nullopt);
  EXPECT_EQ(parseReg(" s3"), std::nullopt);
  EXPECT_EQ(parseReg("s3 "), std::nullopt);
  EXPECT_EQ(parseReg("s0x1"), std::nullopt);
}

TEST(RegNames, Ordering) {
  EXPECT_TRUE(s(31) < p(0));
  EXPECT_TRUE(s(1) < s(2));
  EXPECT_FALSE(s(2) < s(2));
  EXPECT_NE(s(2), v(2));
  EXPECT_EQ(w(3), w(3));
}

//===----------------------------------------------------------------------===//
// The opcode table
//===----------------------------------------------------------------------===//

struct OpcodeRow {
  const char *mnemonic;
  Opcode opcode;
  Format format;
  Unit unit;
  LatencyClass latency;
};

// Written out by hand from Opcodes.def, not generated from it.
const OpcodeRow kExpectedTable[] = {
    {"movi", Opcode::MovI, Format::SImm, Unit::Scalar, LatencyClass::ScalarAlu},
    {"mov", Opcode::Mov, Format::SS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"add", Opcode::Add, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"sub", Opcode::Sub, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"mul", Opcode::Mul, Format::SSS, Unit::Scalar, LatencyClass::ScalarMul},
    {"and", Opcode::And, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"or", Opcode::Or, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"xor", Opcode::Xor, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"shl", Opcode::Shl, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"shr", Opcode::Shr, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"sra", Opcode::Sra, Format::SSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"addi", Opcode::AddI, Format::SSImm, Unit::Scalar,
     LatencyClass::ScalarAlu},
    {"muli", Opcode::MulI, Format::SSImm, Unit::Scalar,
     LatencyClass::ScalarMul},
    {"andi", Opcode::AndI, Format::SSImm, Unit::Scalar,
     LatencyClass::ScalarAlu},
    {"ori", Opcode::OrI, Format::SSImm, Unit::Scalar, LatencyClass::ScalarAlu},
    {"xori", Opcode::XorI, Format::SSImm, Unit::Scalar,
     LatencyClass::ScalarAlu},
    {"shli", Opcode::ShlI, Format::SSImm, Unit::Scalar,
     LatencyClass::ScalarAlu},
    {"shri", Opcode::ShrI, Format::SSImm, Unit::Scalar,
     LatencyClass::ScalarAlu},
    {"srai", Opcode::SraI, Format::SSImm, Unit::Scalar,
     LatencyClass::ScalarAlu},
    {"cmp", Opcode::Cmp, Format::PSS, Unit::Scalar, LatencyClass::ScalarAlu},
    {"cmpi", Opcode::CmpI, Format::PSImm, Unit::Scalar,
     LatencyClass::ScalarAlu},
    {"ld", Opcode::Ld, Format::SLoad, Unit::LoadStore,
     LatencyClass::ScalarMem},
    {"st", Opcode::St, Format::SStore, Unit::LoadStore,
     LatencyClass::ScalarMem},
    {"vld", Opcode::VLd, Format::VLoad, Unit::LoadStore,
     LatencyClass::VectorMem},
    {"vst", Opcode::VSt, Format::VStore, Unit::LoadStore,
     LatencyClass::VectorMem},
    {"vadd", Opcode::VAdd, Format::VVV, Unit::Vector, LatencyClass::VectorAlu},
    {"vsub", Opcode::VSub, Format::VVV, Unit::Vector, LatencyClass::VectorAlu},
    {"vmul", Opcode::VMul, Format::VVV, Unit::Vector, LatencyClass::VectorAlu},
    {"vdiv", Opcode::VDiv, Format::VVV, Unit::Vector,
     LatencyClass::VectorTranscendental},
    {"vmax", Opcode::VMax, Format::VVV, Unit::Vector, LatencyClass::VectorAlu},
    {"vmin", Opcode::VMin, Format::VVV, Unit::Vector, LatencyClass::VectorAlu},
    {"vmov", Opcode::VMov, Format::VV, Unit::Vector, LatencyClass::VectorAlu},
    {"vexp", Opcode::VExp, Format::VV, Unit::Vector,
     LatencyClass::VectorTranscendental},
    {"vrecip", Opcode::VRecip, Format::VV, Unit::Vector,
     LatencyClass::VectorTranscendental},
    {"vredsum", Opcode::VRedSum, Format::VV, Unit::Vector,
     LatencyClass::VectorReduce},
    {"vredmax", Opcode::VRedMax, Format::VV, Unit::Vector,
     LatencyClass::VectorReduce},
    {"vsplat", Opcode::VSplat, Format::VFImm, Unit::Vector,
     LatencyClass::VectorAlu},
    {"vbcast", Opcode::VBcast, Format::VS, Unit::Vector,
     LatencyClass::VectorAlu},
    {"mxu.push", Opcode::MxuPush, Format::MxuPush, Unit::Matrix,
     LatencyClass::MatrixPush},
    {"mxu.matmul", Opcode::MxuMatmul, Format::MxuMatmul, Unit::Matrix,
     LatencyClass::MatrixMatmul},
    {"mxu.pop", Opcode::MxuPop, Format::MxuPop, Unit::Matrix,
     LatencyClass::MatrixPop},
    {"dma.issue", Opcode::DmaIssue, Format::DmaIssue, Unit::Dma,
     LatencyClass::DmaIssue},
    {"dma.wait", Opcode::DmaWait, Format::DmaWait, Unit::Dma,
     LatencyClass::DmaWait},
    {"br", Opcode::Br, Format::Branch, Unit::Control, LatencyClass::Branch},
    {"fence", Opcode::Fence, Format::None, Unit::Control, LatencyClass::Fence},
    {"nop", Opcode::Nop, Format::None, Unit::Control, LatencyClass::Nop},
    {"halt", Opcode::Halt, Format::None, Unit::Control, LatencyClass::Halt},
};

TEST(OpcodeTable, Size) {
  EXPECT_EQ(kNumOpcodes, 47u);
  EXPECT_EQ(std::size(kExpectedTable), size_t(kNumOpcodes));
}

TEST(OpcodeTable, LookupEveryMnemonic) {
  for (const OpcodeRow &row : kExpectedTable) {
    SCOPED_TRACE(row.mnemonic);
    EXPECT_EQ(lookupOpcode(row.mnemonic), row.opcode);
    EXPECT_EQ(getMnemonic(row.opcode), row.mnemonic);
    EXPECT_EQ(getFormat(row.opcode), row.format);
    EXPECT_EQ(getUnit(row.opcode), row.unit);
    EXPECT_EQ(getLatencyClass(row.opcode), row.latency);
  }
}

TEST(OpcodeTable, EnumeratorsInTableOrder) {
  for (unsigned i = 0; i < kNumOpcodes; ++i)
    EXPECT_EQ(unsigned(kExpectedTable[i].opcode), i) << kExpectedTable[i].mnemonic;
}

TEST(OpcodeTable, LookupRejectsUnknown) {
  EXPECT_EQ(lookupOpcode(""), std::nullopt);
  EXPECT_EQ(lookupOpcode("ADD"), std::nullopt);
  EXPECT_EQ(lookupOpcode("snr.add"), std::nullopt);
  EXPECT_EQ(lookupOpcode("mxu"), std::nullopt);
  EXPECT_EQ(lookupOpcode("mxu.push "), std::nullopt);
  EXPECT_EQ(lookupOpcode("jmp"), std::nullopt);
}

TEST(OpcodeTable, Names) {
  EXPECT_EQ(getUnitName(Unit::Scalar), "scalar");
  EXPECT_EQ(getUnitName(Unit::LoadStore), "loadstore");
  EXPECT_EQ(getUnitName(Unit::Vector), "vector");
  EXPECT_EQ(getUnitName(Unit::Matrix), "matrix");
  EXPECT_EQ(getUnitName(Unit::Dma), "dma");
  EXPECT_EQ(getUnitName(Unit::Control), "control");
  EXPECT_EQ(getLatencyClassName(LatencyClass::ScalarAlu), "scalar_alu");
  EXPECT_EQ(getLatencyClassName(LatencyClass::VectorTranscendental),
            "vector_transcendental");
  EXPECT_EQ(getLatencyClassName(LatencyClass::VectorReduce), "vector_reduce");
  EXPECT_EQ(getLatencyClassName(LatencyClass::MatrixMatmul), "matrix_matmul");
  EXPECT_EQ(getLatencyClassName(LatencyClass::Halt), "halt");
}

TEST(OpcodeTable, BranchesAndBarriers) {
  for (unsigned i = 0; i < kNumOpcodes; ++i) {
    Opcode op = Opcode(i);
    EXPECT_EQ(isBranch(op), op == Opcode::Br) << getMnemonic(op).str();
    EXPECT_EQ(isOrderingBarrier(op),
              op == Opcode::Br || op == Opcode::Fence || op == Opcode::Halt)
        << getMnemonic(op).str();
  }
}

// The Weight column: exactly the scalar unit's integer ops and the scalar
// load produce a DMA's descriptor cheaply enough to move with it.
TEST(OpcodeTable, Lightweight) {
  for (unsigned i = 0; i < kNumOpcodes; ++i) {
    Opcode op = Opcode(i);
    EXPECT_EQ(isLightweight(op),
              getUnit(op) == Unit::Scalar || op == Opcode::Ld)
        << getMnemonic(op).str();
  }
}

TEST(NextPc, OneRule) {
  auto inst = [](Opcode opcode) {
    Instruction result;
    result.opcode = opcode;
    return result;
  };
  Instruction add = inst(Opcode::Add);
  add.pc = 7;
  EXPECT_EQ(getNextPc(add, true), 8u);
  EXPECT_EQ(getNextPc(add, false), 8u);
  Instruction br = inst(Opcode::Br);
  br.pc = 7;
  br.imm = 2;
  EXPECT_EQ(getNextPc(br, true), 2u);  // taken
  EXPECT_EQ(getNextPc(br, false), 8u); // guard false: falls through
  Instruction halt = inst(Opcode::Halt);
  halt.pc = 9;
  EXPECT_EQ(getNextPc(halt, true), 9u); // the machine stops there
  EXPECT_EQ(getNextPc(halt, false), 10u);
}

TEST(RegSlots, DenseAndDistinct) {
  std::vector<bool> seen(kNumRegSlots, false);
  for (unsigned c = 0; c < kNumRegClasses; ++c)
    for (unsigned i = 0; i < getNumRegs(RegClass(c)); ++i) {
      unsigned slot = getRegSlot({RegClass(c), uint8_t(i)});
      ASSERT_LT(slot, kNumRegSlots);
      EXPECT_FALSE(seen[slot]);
      seen[slot] = true;
    }
}

TEST(MemSpaceNames, RoundTrip) {
  const char *expected[] = {"smem", "vmem", "hbm", "rhbm"};
  for (unsigned i = 0; i < kNumMemSpaces; ++i) {
    EXPECT_EQ(getMemSpaceName(kAllMemSpaces[i]), expected[i]);
    EXPECT_EQ(lookupMemSpace(expected[i]), kAllMemSpaces[i]);
  }
  EXPECT_EQ(lookupMemSpace("dram"), std::nullopt);
  EXPECT_EQ(lookupMemSpace("HBM"), std::nullopt);
  EXPECT_EQ(lookupMemSpace(""), std::nullopt);
}

TEST(CmpPredicateNames, RoundTrip) {
  const CmpPredicate preds[] = {CmpPredicate::Eq, CmpPredicate::Ne,
                                CmpPredicate::Lt, CmpPredicate::Le,
                                CmpPredicate::Gt, CmpPredicate::Ge};
  const char *expected[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  for (unsigned i = 0; i < 6; ++i) {
    EXPECT_EQ(getCmpPredicateName(preds[i]), expected[i]);
    EXPECT_EQ(lookupCmpPredicate(expected[i]), preds[i]);
  }
  EXPECT_EQ(lookupCmpPredicate("ult"), std::nullopt);
  EXPECT_EQ(lookupCmpPredicate("EQ"), std::nullopt);
}

//===----------------------------------------------------------------------===//
// Operand layouts
//===----------------------------------------------------------------------===//

TEST(Layout, Representative) {
  const OperandLayout &add = getLayout(Opcode::Add);
  EXPECT_EQ(add.rd, RegClass::Scalar);
  EXPECT_EQ(add.rs1, RegClass::Scalar);
  EXPECT_EQ(add.rs2, RegClass::Scalar);
  EXPECT_EQ(add.immName, nullptr);
  EXPECT_EQ(add.mem, MemRole::None);

  const OperandLayout &cmpi = getLayout(Opcode::CmpI);
  EXPECT_EQ(cmpi.rd, RegClass::Pred);
  EXPECT_EQ(cmpi.rs1, RegClass::Scalar);
  EXPECT_EQ(cmpi.rs2, std::nullopt);
  EXPECT_STREQ(cmpi.immName, "imm");
  EXPECT_TRUE(cmpi.hasCmp);

  const OperandLayout &vld = getLayout(Opcode::VLd);
  EXPECT_EQ(vld.rd, RegClass::Vector);
  EXPECT_EQ(vld.rs1, std::nullopt);
  EXPECT_EQ(vld.mem, MemRole::Load);
  EXPECT_EQ(vld.memBytes, 64u);

  const OperandLayout &st = getLayout(Opcode::St);
  EXPECT_EQ(st.rd, std::nullopt);
  EXPECT_EQ(st.rs1, RegClass::Scalar);
  EXPECT_EQ(st.mem, MemRole::Store);
  EXPECT_EQ(st.memBytes, 4u);

  EXPECT_TRUE(getLayout(Opcode::VSplat).hasFImm);
  EXPECT_STREQ(getLayout(Opcode::MxuPush).immName, "row");
  EXPECT_EQ(getLayout(Opcode::MxuMatmul).rd, RegClass::MxuResult);
  EXPECT_EQ(getLayout(Opcode::MxuPop).rs1, RegClass::MxuResult);
  EXPECT_STREQ(getLayout(Opcode::DmaIssue).immName, "size");
  EXPECT_TRUE(getLayout(Opcode::DmaIssue).hasFlag);
  EXPECT_EQ(getLayout(Opcode::DmaIssue).mem, MemRole::Dma);
  EXPECT_TRUE(getLayout(Opcode::DmaWait).hasFlag);
  EXPECT_STREQ(getLayout(Opcode::Br).immName, "target");
  EXPECT_EQ(getLayout(Opcode::Halt).rd, std::nullopt);
  EXPECT_EQ(getLayout(Opcode::Halt).immName, nullptr);
}

//===----------------------------------------------------------------------===//
// Register reads and writes
//===----------------------------------------------------------------------===//

TEST(RegisterAccess, Add) {
  Instruction inst;
  inst.opcode = Opcode::Add;
  inst.rd = 3;
  inst.rs1 = 1;
  inst.rs2 = 2;
  EXPECT_EQ(reads(inst), (Names{"s1", "s2"}));
  EXPECT_EQ(writes(inst), (Names{"s3"}));
}

TEST(RegisterAccess, AddIWithGuard) {
  // addi s3, s1, 8 if not p2: the guard is read first.
  Instruction inst = withImm(Opcode::AddI, 8);
  inst.rd = 3;
  inst.rs1 = 1;
  inst.guard = {/*present=*/true, /*negated=*/true, /*reg=*/2};
  EXPECT_EQ(reads(inst), (Names{"p2", "s1"}));
  EXPECT_EQ(writes(inst), (Names{"s3"}));
}

TEST(RegisterAccess, MovI) {
  Instruction inst = withImm(Opcode::MovI, 4096);
  inst.rd = 7;
  EXPECT_EQ(reads(inst), Names{});
  EXPECT_EQ(writes(inst), (Names{"s7"}));
}

TEST(RegisterAccess, Cmp) {
  // cmp lt p1, s4, s5
  Instruction inst;
  inst.opcode = Opcode::Cmp;
  inst.cmp = CmpPredicate::Lt;
  inst.rd = 1;
  inst.rs1 = 4;
  inst.rs2 = 5;
  EXPECT_EQ(reads(inst), (Names{"s4", "s5"}));
  EXPECT_EQ(writes(inst), (Names{"p1"}));
}

TEST(RegisterAccess, VLdWithBase) {
  // vld v1, vmem[s5 + 128]
  Instruction inst;
  inst.opcode = Opcode::VLd;
  inst.rd = 1;
  inst.src = mem(MemSpace::VMem, 5, 128);
  EXPECT_EQ(reads(inst), (Names{"s5"}));
  EXPECT_EQ(writes(inst), (Names{"v1"}));
}

TEST(RegisterAccess, LdAbsolute) {
  // ld s4, smem[64]: no base register to read.
  Instruction inst;
  inst.opcode = Opcode::Ld;
  inst.rd = 4;
  inst.src = mem(MemSpace::SMem, 64);
  EXPECT_EQ(reads(inst), Names{});
  EXPECT_EQ(writes(inst), (Names{"s4"}));
}

TEST(RegisterAccess, StWithBase) {
  // st s4, smem[s2 + 8] if p0
  Instruction inst;
  inst.opcode = Opcode::St;
  inst.rs1 = 4;
  inst.dst = mem(MemSpace::SMem, 2, 8);
  inst.guard = {true, false, 0};
  EXPECT_EQ(reads(inst), (Names{"p0", "s4", "s2"}));
  EXPECT_EQ(writes(inst), Names{});
}

TEST(RegisterAccess, VStAbsolute) {
  // vst v9, vmem[0]
  Instruction inst;
  inst.opcode = Opcode::VSt;
  inst.rs1 = 9;
  inst.dst = mem(MemSpace::VMem, 0);
  EXPECT_EQ(reads(inst), (Names{"v9"}));
  EXPECT_EQ(writes(inst), Names{});
}

TEST(RegisterAccess, UnusedFieldsAreIgnored) {
  // A load's dst and a store's src mean nothing; their bases are not read.
  Instruction ld;
  ld.opcode = Opcode::Ld;
  ld.rd = 1;
  ld.src = mem(MemSpace::SMem, 0);
  ld.dst = mem(MemSpace::SMem, 9, 0);
  ld.rs2 = 7;
  EXPECT_EQ(reads(ld), Names{});
  Instruction st;
  st.opcode = Opcode::St;
  st.rs1 = 1;
  st.src = mem(MemSpace::SMem, 9, 0);
  st.dst = mem(MemSpace::SMem, 0);
  EXPECT_EQ(reads(st), (Names{"s1"}));
}

TEST(RegisterAccess, VectorOps) {
  Instruction vadd;
  vadd.opcode = Opcode::VAdd;
  vadd.rd = 3;
  vadd.rs1 = 1;
  vadd.rs2 = 2;
  EXPECT_EQ(reads(vadd), (Names{"v1", "v2"}));
  EXPECT_EQ(writes(vadd), (Names{"v3"}));

  Instruction vsplat;
  vsplat.opcode = Opcode::VSplat;
  vsplat.rd = 0;
  vsplat.fimm = 1.5f;
  EXPECT_EQ(reads(vsplat), Names{});
  EXPECT_EQ(writes(vsplat), (Names{"v0"}));

  Instruction vbcast;
  vbcast.opcode = Opcode::VBcast;
  vbcast.rd = 2;
  vbcast.rs1 = 7;
  EXPECT_EQ(reads(vbcast), (Names{"s7"}));
  EXPECT_EQ(writes(vbcast), (Names{"v2"}));
}

TEST(RegisterAccess, DmaIssueBothBasesAndFlag) {
  // dma.issue hbm[s1 + 4096] -> vmem[s2], 8192, f3 if p6
  Instruction inst = goodDma();
  inst.guard = {true, false, 6};
  EXPECT_EQ(reads(inst), (Names{"p6", "s1", "s2", "f3"}));
  EXPECT_EQ(writes(inst), (Names{"f3"}));
}

TEST(RegisterAccess, DmaIssueAbsolute) {
  // dma.issue vmem[0] -> rhbm<2>[64], 1024, f1: only the flag.
  Instruction inst;
  inst.opcode = Opcode::DmaIssue;
  inst.src = mem(MemSpace::VMem, 0);
  inst.dst = rhbm(2, 64);
  inst.imm = 1024;
  inst.flag = 1;
  EXPECT_EQ(reads(inst), (Names{"f1"}));
  EXPECT_EQ(writes(inst), (Names{"f1"}));
}

TEST(RegisterAccess, DmaWait) {
  Instruction inst;
  inst.opcode = Opcode::DmaWait;
  inst.flag = 15;
  EXPECT_EQ(reads(inst), (Names{"f15"}));
  EXPECT_EQ(writes(inst), (Names{"f15"}));
}

TEST(RegisterAccess, MxuPush) {
  // mxu.push v4, row 7
  Instruction inst;
  inst.opcode = Opcode::MxuPush;
  inst.rs1 = 4;
  inst.imm = 7;
  EXPECT_EQ(reads(inst), (Names{"v4"}));
  EXPECT_EQ(writes(inst), (Names{"w7"}));
}

TEST(RegisterAccess, MxuMatmulReadsEveryWeightRow) {
  // mxu.matmul q2, v1
  Instruction inst;
  inst.opcode = Opcode::MxuMatmul;
  inst.rd = 2;
  inst.rs1 = 1;
  EXPECT_EQ(reads(inst),
            (Names{"v1", "w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8",
                   "w9", "w10", "w11", "w12", "w13", "w14", "w15"}));
  EXPECT_EQ(writes(inst), (Names{"q2"}));
}

TEST(RegisterAccess, MxuPop) {
  // mxu.pop v5, q0
  Instruction inst;
  inst.opcode = Opcode::MxuPop;
  inst.rd = 5;
  inst.rs1 = 0;
  EXPECT_EQ(reads(inst), (Names{"q0"}));
  EXPECT_EQ(writes(inst), (Names{"v5"}));
}

TEST(RegisterAccess, Control) {
  Instruction br = withImm(Opcode::Br, 4);
  br.guard = {true, false, 1};
  EXPECT_EQ(reads(br), (Names{"p1"}));
  EXPECT_EQ(writes(br), Names{});
  for (Opcode op : {Opcode::Fence, Opcode::Nop, Opcode::Halt}) {
    Instruction inst;
    inst.opcode = op;
    EXPECT_EQ(reads(inst), Names{}) << getMnemonic(op).str();
    EXPECT_EQ(writes(inst), Names{}) << getMnemonic(op).str();
  }
}

//===----------------------------------------------------------------------===//
// Memory accesses
//===----------------------------------------------------------------------===//

TEST(MemoryAccess, ScalarLoadAndStore) {
  Instruction ld;
  ld.opcode = Opcode::Ld;
  ld.src = mem(MemSpace::SMem, 2, 8);
  llvm::SmallVector<MemAccess> accesses;
  getMemoryAccesses(ld, accesses);
  ASSERT_EQ(accesses.size(), 1u);
  EXPECT_EQ(accesses[0].operand, &ld.src);
  EXPECT_EQ(accesses[0].bytes, 4u);
  EXPECT_FALSE(accesses[0].isWrite);

  Instruction st;
  st.opcode = Opcode::St;
  st.dst = mem(MemSpace::SMem, 16);
  accesses.clear();
  getMemoryAccesses(st, accesses);
  ASSERT_EQ(accesses.size(), 1u);
  EXPECT_EQ(accesses[0].operand, &st.dst);
  EXPECT_EQ(accesses[0].bytes, 4u);
  EXPECT_TRUE(accesses[0].isWrite);
}

TEST(MemoryAccess, VectorLoadAndStore) {
  Instruction vld;
  vld.opcode = Opcode::VLd;
  vld.src = mem(MemSpace::VMem, 5, 128);
  llvm::SmallVector<MemAccess> accesses;
  getMemoryAccesses(vld, accesses);
  ASSERT_EQ(accesses.size(), 1u);
  EXPECT_EQ(accesses[0].operand, &vld.src);
  EXPECT_EQ(accesses[0].bytes, 64u);
  EXPECT_FALSE(accesses[0].isWrite);

  Instruction vst;
  vst.opcode = Opcode::VSt;
  vst.dst = mem(MemSpace::VMem, 0);
  accesses.clear();
  getMemoryAccesses(vst, accesses);
  ASSERT_EQ(accesses.size(), 1u);
  EXPECT_EQ(accesses[0].operand, &vst.dst);
  EXPECT_EQ(accesses[0].bytes, 64u);
  EXPECT_TRUE(accesses[0].isWrite);
}

TEST(MemoryAccess, DmaReadsSrcWritesDst) {
  Instruction dma = goodDma();
  llvm::SmallVector<MemAccess> accesses;
  getMemoryAccesses(dma, accesses);
  ASSERT_EQ(accesses.size(), 2u);
  EXPECT_EQ(accesses[0].operand, &dma.src);
  EXPECT_EQ(accesses[0].bytes, 8192u);
  EXPECT_FALSE(accesses[0].isWrite);
  EXPECT_EQ(accesses[1].operand, &dma.dst);
  EXPECT_EQ(accesses[1].bytes, 8192u);
  EXPECT_TRUE(accesses[1].isWrite);
}

TEST(MemoryAccess, AppendsToExisting) {
  Instruction ld;
  ld.opcode = Opcode::Ld;
  ld.src = mem(MemSpace::SMem, 0);
  llvm::SmallVector<MemAccess> accesses;
  getMemoryAccesses(ld, accesses);
  getMemoryAccesses(ld, accesses);
  EXPECT_EQ(accesses.size(), 2u);
}

TEST(MemoryAccess, NoneForOtherFormats) {
  for (Opcode op : {Opcode::Add, Opcode::AddI, Opcode::VAdd, Opcode::MxuPush,
                    Opcode::MxuMatmul, Opcode::MxuPop, Opcode::DmaWait,
                    Opcode::Br, Opcode::Halt}) {
    Instruction inst;
    inst.opcode = op;
    llvm::SmallVector<MemAccess> accesses;
    getMemoryAccesses(inst, accesses);
    EXPECT_TRUE(accesses.empty()) << getMnemonic(op).str();
  }
}

//===----------------------------------------------------------------------===//
// validateInstruction
//===----------------------------------------------------------------------===//

TEST(Validate, GoodDma) { EXPECT_EQ(validateInstruction(goodDma()), ""); }

TEST(Validate, DmaSizeLimits) {
  Instruction dma = goodDma();
  dma.imm = 32;
  EXPECT_EQ(validateInstruction(dma), "");
  dma.imm = int64_t(1) << 26;
  EXPECT_EQ(validateInstruction(dma), "");
}

TEST(Validate, DmaSizeNotPositive) {
  Instruction dma = goodDma();
  dma.imm = 0;
  EXPECT_EQ(validateInstruction(dma),
            "size 0 must be a positive multiple of 32 bytes");
  dma.imm = -32;
  EXPECT_EQ(validateInstruction(dma),
            "size -32 must be a positive multiple of 32 bytes");
}

TEST(Validate, DmaSizeNotGranule) {
  Instruction dma = goodDma();
  dma.imm = 48;
  EXPECT_EQ(validateInstruction(dma),
            "size 48 must be a positive multiple of 32 bytes");
  dma.imm = 8191;
  EXPECT_EQ(validateInstruction(dma),
            "size 8191 must be a positive multiple of 32 bytes");
}

TEST(Validate, DmaSizeTooLarge) {
  Instruction dma = goodDma();
  dma.imm = (int64_t(1) << 26) + 32;
  EXPECT_EQ(validateInstruction(dma),
            "size 67108896 exceeds the largest DMA (67108864 bytes)");
}

TEST(Validate, DmaNoLink) {
  Instruction dma = goodDma();
  dma.src = mem(MemSpace::VMem, 0);
  dma.dst = mem(MemSpace::SMem, 0);
  EXPECT_EQ(validateInstruction(dma), "no DMA link from vmem to smem");
  dma.src = rhbm(1, 0);
  dma.dst = rhbm(2, 0);
  EXPECT_EQ(validateInstruction(dma), "no DMA link from rhbm to rhbm");
}

TEST(Validate, DmaSrcMisaligned) {
  Instruction dma = goodDma();
  dma.src.offset = 4096 + 16;
  EXPECT_EQ(validateInstruction(dma), "'src' offset 4112 is not 32-byte aligned");
}

TEST(Validate, DmaDstMisaligned) {
  Instruction dma = goodDma();
  dma.dst.offset = -16;
  EXPECT_EQ(validateInstruction(dma), "'dst' offset -16 is not 32-byte aligned");
}

TEST(Validate, DmaNegativeAbsoluteAddress) {
  Instruction dma = goodDma();
  dma.src = mem(MemSpace::Hbm, -32);
  EXPECT_EQ(validateInstruction(dma), "'src' absolute address -32 is negative");
  dma = goodDma();
  dma.dst = mem(MemSpace::VMem, -64);
  EXPECT_EQ(validateInstruction(dma), "'dst' absolute address -64 is negative");
  // With a base register, a negative offset is fine.
  dma = goodDma();
  dma.dst.offset = -64;
  EXPECT_EQ(validateInstruction(dma), "");
}

TEST(Validate, DmaChecksInOrder) {
  // Size before link before src before dst.
  Instruction dma = goodDma();
  dma.imm = 48;
  dma.src = mem(MemSpace::SMem, 16);
  dma.dst = mem(MemSpace::SMem, -1);
  EXPECT_EQ(validateInstruction(dma),
            "size 48 must be a positive multiple of 32 bytes");
  dma.imm = 64;
  EXPECT_EQ(validateInstruction(dma), "no DMA link from smem to smem");
  dma.dst.space = MemSpace::Hbm;
  EXPECT_EQ(validateInstruction(dma), "'src' offset 16 is not 32-byte aligned");
  dma.src.offset = 32;
  EXPECT_EQ(validateInstruction(dma), "'dst' offset -1 is not 32-byte aligned");
}

TEST(Validate, GuardOutOfRange) {
  Instruction inst;
  inst.opcode = Opcode::Nop;
  inst.guard = {true, false, 7};
  EXPECT_EQ(validateInstruction(inst), "");
  inst.guard.reg = 8;
  EXPECT_EQ(validateInstruction(inst), "guard p8 is out of range (p0-p7)");
}

TEST(Validate, Immediates32Bit) {
  for (Opcode op : {Opcode::MovI, Opcode::AddI, Opcode::MulI, Opcode::AndI,
                    Opcode::OrI, Opcode::XorI, Opcode::CmpI}) {
    SCOPED_TRACE(getMnemonic(op).str());
    EXPECT_EQ(validateInstruction(withImm(op, INT32_MIN)), "");
    EXPECT_EQ(validateInstruction(withImm(op, int64_t(UINT32_MAX))), "");
    EXPECT_EQ(validateInstruction(withImm(op, int64_t(UINT32_MAX) + 1)),
              "immediate 4294967296 does not fit in 32 bits");
    EXPECT_EQ(validateInstruction(withImm(op, int64_t(INT32_MIN) - 1)),
              "immediate -2147483649 does not fit in 32 bits");
  }
}

TEST(Validate, ShiftAmounts) {
  for (Opcode op : {Opcode::ShlI, Opcode::ShrI, Opcode::SraI}) {
    SCOPED_TRACE(getMnemonic(op).str());
    EXPECT_EQ(validateInstruction(withImm(op, 0)), "");
    EXPECT_EQ(validateInstruction(withImm(op, 31)), "");
    EXPECT_EQ(validateInstruction(withImm(op, 32)),
              "shift amount 32 is out of range [0, 31]");
    EXPECT_EQ(validateInstruction(withImm(op, -1)),
              "shift amount -1 is out of range [0, 31]");
  }
}

TEST(Validate, LoadStoreSpaces) {
  Instruction ld;
  ld.opcode = Opcode::Ld;
  ld.src = mem(MemSpace::VMem, 0);
  EXPECT_EQ(validateInstruction(ld), "'addr' must be in smem, but is in vmem");
  Instruction st;
  st.opcode = Opcode::St;
  st.dst = mem(MemSpace::Hbm, 0);
  EXPECT_EQ(validateInstruction(st), "'addr' must be in smem, but is in hbm");
  Instruction vld;
  vld.opcode = Opcode::VLd;
  vld.src = mem(MemSpace::SMem, 0);
  EXPECT_EQ(validateInstruction(vld), "'addr' must be in vmem, but is in smem");
  Instruction vst;
  vst.opcode = Opcode::VSt;
  vst.dst = rhbm(1, 0);
  EXPECT_EQ(validateInstruction(vst), "'addr' must be in vmem, but is in rhbm");
}

TEST(Validate, LoadStoreAlignment) {
  Instruction ld;
  ld.opcode = Opcode::Ld;
  ld.src = mem(MemSpace::SMem, 2, 8);
  EXPECT_EQ(validateInstruction(ld), "");
  ld.src.offset = 2;
  EXPECT_EQ(validateInstruction(ld), "'addr' offset 2 is not 4-byte aligned");
  Instruction st;
  st.opcode = Opcode::St;
  st.dst = mem(MemSpace::SMem, 2, -6);
  EXPECT_EQ(validateInstruction(st), "'addr' offset -6 is not 4-byte aligned");
  Instruction vld;
  vld.opcode = Opcode::VLd;
  vld.src = mem(MemSpace::VMem, 5, 128);
  EXPECT_EQ(validateInstruction(vld), "");
  vld.src.offset = 32;
  EXPECT_EQ(validateInstruction(vld), "'addr' offset 32 is not 64-byte aligned");
  Instruction vst;
  vst.opcode = Opcode::VSt;
  vst.dst = mem(MemSpace::VMem, 4);
  EXPECT_EQ(validateInstruction(vst), "'addr' offset 4 is not 64-byte aligned");
}

TEST(Validate, LoadStoreNegativeAbsoluteAddress) {
  Instruction ld;
  ld.opcode = Opcode::Ld;
  ld.src = mem(MemSpace::SMem, -4);
  EXPECT_EQ(validateInstruction(ld), "'addr' absolute address -4 is negative");
  ld.src = mem(MemSpace::SMem, 1, -4);
  EXPECT_EQ(validateInstruction(ld), "");
  Instruction vst;
  vst.opcode = Opcode::VSt;
  vst.dst = mem(MemSpace::VMem, -64);
  EXPECT_EQ(validateInstruction(vst), "'addr' absolute address -64 is negative");
}

TEST(Validate, MxuRow) {
  Instruction push;
  push.opcode = Opcode::MxuPush;
  push.imm = 0;
  EXPECT_EQ(validateInstruction(push), "");
  push.imm = 15;
  EXPECT_EQ(validateInstruction(push), "");
  push.imm = 16;
  EXPECT_EQ(validateInstruction(push), "row 16 is out of range [0, 15]");
  push.imm = -1;
  EXPECT_EQ(validateInstruction(push), "row -1 is out of range [0, 15]");
}

TEST(Validate, BranchTarget) {
  EXPECT_EQ(validateInstruction(withImm(Opcode::Br, 0)), "");
  EXPECT_EQ(validateInstruction(withImm(Opcode::Br, -1)),
            "branch target -1 is negative");
}

TEST(Validate, FormatsWithoutRules) {
  // Only the guard is checked for these; an immediate field is ignored.
  for (Opcode op : {Opcode::Add, Opcode::VAdd, Opcode::VSplat, Opcode::MxuPop,
                    Opcode::DmaWait, Opcode::Fence, Opcode::Halt}) {
    EXPECT_EQ(validateInstruction(withImm(op, int64_t(1) << 40)), "")
        << getMnemonic(op).str();
  }
}

//===----------------------------------------------------------------------===//
// DMA links
//===----------------------------------------------------------------------===//

TEST(DmaLink, Table) {
  // Rows: source; columns: destination, in the order smem, vmem, hbm, rhbm.
  const bool expected[4][4] = {
      /*smem*/ {false, false, true, false},
      /*vmem*/ {false, false, true, true},
      /*hbm */ {true, true, true, true},
      /*rhbm*/ {false, true, true, false},
  };
  for (unsigned i = 0; i < kNumMemSpaces; ++i)
    for (unsigned j = 0; j < kNumMemSpaces; ++j)
      EXPECT_EQ(isDmaLink(kAllMemSpaces[i], kAllMemSpaces[j]), expected[i][j])
          << getMemSpaceName(kAllMemSpaces[i]).str() << " -> "
          << getMemSpaceName(kAllMemSpaces[j]).str();
}

TEST(DmaLink, ValidateAgreesWithTable) {
  for (MemSpace src : kAllMemSpaces) {
    for (MemSpace dst : kAllMemSpaces) {
      Instruction dma;
      dma.opcode = Opcode::DmaIssue;
      dma.src = mem(src, 0);
      dma.dst = mem(dst, 0);
      dma.imm = 64;
      std::string expected =
          isDmaLink(src, dst) ? std::string()
                              : "no DMA link from " +
                                    getMemSpaceName(src).str() + " to " +
                                    getMemSpaceName(dst).str();
      EXPECT_EQ(validateInstruction(dma), expected);
    }
  }
}

//===----------------------------------------------------------------------===//
// Snapshot helpers
//===----------------------------------------------------------------------===//

TEST(RegisterValue, Ranges) {
  EXPECT_EQ(validateRegisterValue(s(1), INT32_MIN), "");
  EXPECT_EQ(validateRegisterValue(s(1), INT32_MAX), "");
  EXPECT_EQ(validateRegisterValue(s(1), int64_t(INT32_MAX) + 1),
            "value 2147483648 does not fit a 32-bit scalar register");
  EXPECT_EQ(validateRegisterValue(p(0), 0), "");
  EXPECT_EQ(validateRegisterValue(p(0), 1), "");
  EXPECT_EQ(validateRegisterValue(p(0), 2),
            "value 2 is not a predicate value (0 or 1)");
  EXPECT_EQ(validateRegisterValue(f(0), 0), "");
  EXPECT_EQ(validateRegisterValue(f(0), -1),
            "value -1 is not a count of outstanding DMAs");
  EXPECT_EQ(validateRegisterValue(v(3), 0), "'v3' holds a vector, not an integer");
  EXPECT_EQ(validateRegisterValue(w(0), 0), "'w0' holds a vector, not an integer");
  EXPECT_EQ(validateRegisterValue(q(1), 0), "'q1' holds a vector, not an integer");
}

TEST(FindOverlap, DisjointAndTouching) {
  llvm::SmallVector<MemRegion> regions = {
      {MemSpace::Hbm, 0, 64, 128, 0},
      {MemSpace::Hbm, 0, 0, 64, 1},
      {MemSpace::VMem, 0, 0, 64, 2},
      {MemSpace::RemoteHbm, 1, 0, 64, 3},
      {MemSpace::RemoteHbm, 2, 0, 64, 4},
  };
  EXPECT_EQ(findOverlap(regions), std::nullopt);
}

TEST(FindOverlap, ReportsEarlierThenLater) {
  llvm::SmallVector<MemRegion> regions = {
      {MemSpace::Hbm, 0, 4098, 4100, 0},
      {MemSpace::SMem, 0, 0, 4, 1},
      {MemSpace::Hbm, 0, 4096, 4100, 2},
  };
  auto overlap = findOverlap(regions);
  ASSERT_TRUE(overlap.has_value());
  EXPECT_EQ(overlap->first.id, 2u);
  EXPECT_EQ(overlap->first.begin, 4096u);
  EXPECT_EQ(overlap->first.end, 4100u);
  EXPECT_EQ(overlap->second.id, 0u);
  EXPECT_EQ(overlap->second.begin, 4098u);
}

} // namespace

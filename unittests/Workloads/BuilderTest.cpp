//===- BuilderTest.cpp - ProgramBuilder and the register pool -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// PCs, HLO names, label patching and the shape of counted loops, checked on
// the instructions themselves and by running them on the functional core.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/FunctionalRun.h"
#include "SnR/Workloads/ProgramBuilder.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::workloads;
using arch::Opcode;

namespace {

TEST(ProgramBuilder, ConsecutivePcsAndInternedHlos) {
  GeneratedProgram program;
  {
    ProgramBuilder b(program);
    b.setHlo("a");
    b.movi(sreg(1), 5);
    b.setHlo("b");
    b.addi(sreg(1), sreg(1), 1);
    b.setHlo("a");
    b.halt();
  }
  ASSERT_EQ(program.instructions.size(), 3u);
  for (size_t i = 0; i < 3; ++i)
    EXPECT_EQ(program.instructions[i].pc, i);
  EXPECT_EQ(program.hloNames, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(program.getHlo(0), "a");
  EXPECT_EQ(program.getHlo(1), "b");
  EXPECT_EQ(program.getHlo(2), "a");
}

TEST(ProgramBuilder, ForwardAndBackwardBranches) {
  GeneratedProgram program;
  {
    ProgramBuilder b(program);
    b.setHlo("x");
    Label end = b.createLabel();
    Label top = b.createLabel();
    b.bind(top);
    b.br(end, ifSet(preg(1))); // pc 0, forward
    b.br(top);                 // pc 1, backward
    b.bind(end);
    b.halt(); // pc 2
  }
  EXPECT_EQ(program.instructions[0].imm, 2);
  EXPECT_TRUE(program.instructions[0].guard.present);
  EXPECT_EQ(program.instructions[1].imm, 0);
  EXPECT_FALSE(program.instructions[1].guard.present);
}

TEST(ProgramBuilder, CountedLoopShape) {
  GeneratedProgram program;
  {
    ProgramBuilder b(program);
    b.setHlo("loop");
    b.movi(sreg(2), 0);
    b.loop(5, sreg(1), [&] { b.addi(sreg(2), sreg(2), 3); });
    b.halt();
  }
  // movi s2; movi s1, 5; body; addi s1 -1; cmpi gt p7; br body if p7; halt
  const auto &code = program.instructions;
  ASSERT_EQ(code.size(), 7u);
  EXPECT_EQ(code[1].opcode, Opcode::MovI);
  EXPECT_EQ(code[1].imm, 5);
  EXPECT_EQ(code[3].opcode, Opcode::AddI);
  EXPECT_EQ(code[3].imm, -1);
  EXPECT_EQ(code[4].opcode, Opcode::CmpI);
  EXPECT_EQ(code[4].rd, ProgramBuilder::kLoopPred.index);
  EXPECT_EQ(code[5].opcode, Opcode::Br);
  EXPECT_EQ(code[5].imm, 2);
  EXPECT_EQ(code[5].guard.reg, ProgramBuilder::kLoopPred.index);

  llvm::Expected<RunResult> run = runProgram(program, 1000);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  // 2 + 5 iterations x 4 + halt.
  EXPECT_EQ(run->instructions, 23u);
}

TEST(ProgramBuilder, LoopOfOneAndZeroTrips) {
  GeneratedProgram program;
  {
    ProgramBuilder b(program);
    b.setHlo("loop");
    b.loop(0, sreg(1), [&] { b.halt(); });
    b.loop(1, sreg(1), [&] { b.addi(sreg(2), sreg(1), 0); });
    b.halt();
  }
  // No code for 0 trips; for 1 trip the counter is set and no back-edge.
  ASSERT_EQ(program.instructions.size(), 3u);
  EXPECT_EQ(program.instructions[0].opcode, Opcode::MovI);
  EXPECT_EQ(program.instructions[1].opcode, Opcode::AddI);
}

TEST(ProgramBuilder, ForEachVectorUnrollsAndAdvances) {
  GeneratedProgram program;
  unsigned bodies = 0;
  {
    ProgramBuilder b(program);
    b.setHlo("v");
    ScalarRegisterPool::Scoped cursor(b.getRegisters());
    b.movi(cursor, 0);
    b.forEachVector(8, 4, {cursor}, [&](int64_t offset) {
      b.vld(vreg(unsigned(offset / 64)), mem::vmem(cursor, offset));
      ++bodies;
    });
    b.halt();
  }
  EXPECT_EQ(bodies, 4u);
  llvm::Expected<RunResult> run = runProgram(program, 1000);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  // movi; counter; 2 x (4 vld + addi + addi + cmpi + br); halt
  EXPECT_EQ(run->instructions, 19u);
  EXPECT_EQ(run->perOpcode[size_t(Opcode::VLd)], 8u);
}

TEST(ProgramBuilder, DmaGroupTogetherOrSerial) {
  auto build = [](bool serial) {
    GeneratedProgram program;
    ProgramBuilder b(program);
    b.setHlo("setup");
    DmaTransfer t{mem::hbm(0), mem::vmem(0), 64};
    b.dmaGroup({t, t, t}, freg(0), serial);
    return program;
  };
  auto opcodes = [](const GeneratedProgram &program) {
    std::vector<Opcode> ops;
    for (const arch::Instruction &inst : program.instructions)
      ops.push_back(inst.opcode);
    return ops;
  };
  EXPECT_EQ(opcodes(build(false)),
            (std::vector<Opcode>{Opcode::DmaIssue, Opcode::DmaIssue,
                                 Opcode::DmaIssue, Opcode::DmaWait}));
  EXPECT_EQ(opcodes(build(true)),
            (std::vector<Opcode>{Opcode::DmaIssue, Opcode::DmaWait,
                                 Opcode::DmaIssue, Opcode::DmaWait,
                                 Opcode::DmaIssue, Opcode::DmaWait}));
}

TEST(ScalarRegisterPool, LowestFirstAndScoped) {
  ScalarRegisterPool pool;
  SReg a = pool.take();
  EXPECT_EQ(a.index, 0);
  {
    ScalarRegisterPool::Scoped b(pool);
    EXPECT_EQ(b.get().index, 1);
    EXPECT_EQ(pool.numFree(), 30u);
  }
  EXPECT_EQ(pool.numFree(), 31u);
  EXPECT_EQ(pool.take().index, 1);
  pool.give(a);
  EXPECT_TRUE(pool.isFree(a));
}

} // namespace

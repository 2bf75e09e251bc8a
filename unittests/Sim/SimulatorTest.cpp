//===- SimulatorTest.cpp - The timing model on built instruction lists ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Instruction lists are built in code so a test can place an instruction at
// an exact cycle (with issue width 1 and unit latencies of 1, each nop takes
// one cycle). Expected cycles are worked out in the comments.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/Simulator.h"
#include "SimTestTraces.h"
#include "SnR/Sim/SnRModel.h"
#include "SnR/Sim/TimingRecorder.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::sim;
using arch::MemSpace;
using arch::Opcode;

namespace {
using simtest::makeMachine;
using simtest::TraceBuilder;

TimingRecorder run(const MachineModel &machine, const TraceBuilder &trace,
                   bool functional = true) {
  Simulator simulator(machine);
  TimingRecorder recorder;
  simulator.addListener(&recorder);
  ArchState state(machine.memory);
  llvm::Expected<RunSummary> summary =
      simulator.run(trace.input(), functional ? &state : nullptr);
  EXPECT_TRUE(bool(summary)) << llvm::toString(summary.takeError());
  return recorder;
}
} // namespace

// DESIGN.md's worked example, at its own cycles. A (4096 B) is issued at 10
// and B (8192 B, same link) at 12. A completes at 174, B at 302. A wait on A
// reached at 50 stalls 124: 60 base (110 - 50) + 64 transfer. A wait on B
// reached at 200 stalls 102, all transfer.
TEST(Simulator, DesignWorkedExampleSameLink) {
  TraceBuilder trace;
  trace.nops(10);                                   // cycles 0-9
  trace.dma(MemSpace::Hbm, MemSpace::VMem, 4096, 0); // 10
  trace.nops(1);                                    // 11
  trace.dma(MemSpace::Hbm, MemSpace::VMem, 8192, 1); // 12
  trace.nops(37);                                   // 13-49
  size_t waitA = trace.next();
  trace.wait(0); // ready at 50, issues at 174
  trace.nops(25); // 175-199
  size_t waitB = trace.next();
  trace.wait(1); // ready at 200
  TimingRecorder r = run(makeMachine(), trace);

  ASSERT_EQ(r.dmas.size(), 2u);
  EXPECT_EQ(r.dmas[0].issue.issueCycle, 10u);
  EXPECT_EQ(r.dmas[0].completeCycle, 174u);
  EXPECT_EQ(r.dmas[1].issue.issueCycle, 12u);
  EXPECT_EQ(r.dmas[1].startCycle, 174u);
  EXPECT_EQ(r.dmas[1].completeCycle, 302u);

  const TimingRecorder::Wait &a = r.waits[0];
  EXPECT_EQ(a.index, waitA);
  EXPECT_EQ(a.readyCycle, 50u);
  EXPECT_EQ(a.issueCycle, 174u);
  EXPECT_EQ(a.baseStall, 60u);
  EXPECT_EQ(a.transferStall, 64u);
  EXPECT_EQ(r.instructions[waitA].stall, 124u);
  EXPECT_EQ(r.instructions[waitA].kind, SnRStall::DmaWait);
  EXPECT_EQ(r.instructions[waitA].cause, 10u); // the dma.issue of A

  const TimingRecorder::Wait &b = r.waits[1];
  EXPECT_EQ(b.index, waitB);
  EXPECT_EQ(b.readyCycle, 200u);
  EXPECT_EQ(b.issueCycle, 302u);
  EXPECT_EQ(b.baseStall, 0u);
  EXPECT_EQ(b.transferStall, 102u);
}

// Had B used another link it would complete at 240, and a wait on it at 400
// has 160 slack.
TEST(Simulator, DesignWorkedExampleOtherLink) {
  TraceBuilder trace;
  trace.nops(10);
  trace.dma(MemSpace::Hbm, MemSpace::VMem, 4096, 0); // 10
  trace.nops(1);
  trace.dma(MemSpace::Hbm, MemSpace::SMem, 8192, 1); // 12, another link
  trace.nops(387);                                  // 13-399
  size_t wait = trace.next();
  trace.wait(1); // ready at 400
  TimingRecorder r = run(makeMachine(), trace, /*functional=*/false);
  EXPECT_EQ(r.dmas[1].completeCycle, 240u);
  EXPECT_EQ(r.waits[0].index, wait);
  EXPECT_EQ(r.waits[0].readyCycle, 400u);
  EXPECT_EQ(r.waits[0].slack, 160u);
  EXPECT_EQ(r.waits[0].baseStall + r.waits[0].transferStall, 0u);
  EXPECT_EQ(r.instructions[wait].issue, 400u);
}

// Width 2 bundles instructions of different units in one cycle; a unit takes
// one instruction per cycle (interval 1), so two scalar ops cannot pair.
// movi s1 @0, vsplat @0 (bundle full), movi s2 @1, movi s3 @2 (the scalar
// unit is busy at 1), nop @2 (bundled with it). Issuing in the next cycle is
// not a stall; a vexp (interval 4) after another one is: it waits 3 idle
// cycles, unit_busy.
TEST(Simulator, IssueWidthAndUnits) {
  MachineModel machine = makeMachine();
  machine.issueWidth = 2;
  TraceBuilder trace;
  trace.add(Opcode::MovI).rd = 1;
  trace.add(Opcode::VSplat).rd = 1;
  trace.add(Opcode::MovI).rd = 2;
  trace.add(Opcode::MovI).rd = 3;
  trace.add(Opcode::Nop);
  trace.add(Opcode::VExp).rd = 2;
  trace.add(Opcode::VExp).rd = 3;
  machine.latencies[unsigned(arch::LatencyClass::VectorTranscendental)] = {8,
                                                                           4};
  TimingRecorder r = run(machine, trace);
  EXPECT_EQ(r.instructions[0].issue, 0u);
  EXPECT_EQ(r.instructions[1].issue, 0u);
  EXPECT_EQ(r.instructions[2].issue, 1u);
  EXPECT_EQ(r.instructions[2].stall, 0u);
  EXPECT_EQ(r.instructions[3].issue, 2u);
  EXPECT_EQ(r.instructions[3].stall, 0u);
  EXPECT_EQ(r.instructions[3].kind, SnRStall::None);
  EXPECT_EQ(r.instructions[4].issue, 2u);
  EXPECT_EQ(r.instructions[4].stall, 0u);
  // vexp @3 (the vsplat left the vector unit at 1), the next at 7.
  EXPECT_EQ(r.instructions[5].issue, 3u);
  EXPECT_EQ(r.instructions[6].issue, 7u);
  EXPECT_EQ(r.instructions[6].stall, 3u);
  EXPECT_EQ(r.instructions[6].kind, SnRStall::UnitBusy);
  EXPECT_EQ(r.instructions[6].cause, 5u);
}

// Functional and timing-only runs of a consistent trace agree cycle for
// cycle, and the functional run computes the values.
TEST(Simulator, FunctionalAndTimingOnlyAgree) {
  MachineModel machine = makeMachine();
  machine.getLatency(arch::LatencyClass::ScalarMul);
  machine.latencies[unsigned(arch::LatencyClass::ScalarMul)] = {5, 1};
  TraceBuilder trace;
  trace.add(Opcode::MovI).rd = 1;
  trace.instructions.back().imm = 6;
  arch::Instruction &mul = trace.add(Opcode::Mul);
  mul.rd = 2;
  mul.rs1 = mul.rs2 = 1;
  arch::Instruction &store = trace.add(Opcode::St);
  store.rs1 = 2;
  store.dst.space = MemSpace::SMem;
  store.dst.offset = 8;
  TimingRecorder functional = run(machine, trace, true);
  TimingRecorder timingOnly = run(machine, trace, false);
  for (size_t i = 0; i < trace.instructions.size(); ++i) {
    EXPECT_EQ(functional.instructions[i].issue, timingOnly.instructions[i].issue);
    EXPECT_EQ(functional.instructions[i].stall, timingOnly.instructions[i].stall);
  }
  // mul at 1 ready at 6; st reads s2: issues at 6.
  EXPECT_EQ(functional.instructions[2].issue, 6u);

  Simulator simulator(machine);
  ArchState state(machine.memory);
  ASSERT_TRUE(bool(simulator.run(trace.input(), &state)));
  EXPECT_EQ(state.scalar[2], 36);
  uint8_t bytes[4];
  state.smem.read(8, bytes);
  EXPECT_EQ(bytes[0], 36);
}

// A divergence is an error carrying the index of the first divergent
// instruction.
TEST(Simulator, DivergenceNamesTheInstruction) {
  MachineModel machine = makeMachine();
  TraceBuilder trace;
  trace.add(Opcode::Nop);
  arch::Instruction &add = trace.add(Opcode::AddI);
  add.guard.present = true;
  add.guard.reg = 3;
  trace.outcomes.back().executed = true; // but p3 is false in the model
  Simulator simulator(machine);
  ArchState state(machine.memory);
  llvm::Expected<RunSummary> summary = simulator.run(trace.input(), &state);
  ASSERT_FALSE(bool(summary));
  uint64_t index = 0;
  std::string message;
  llvm::handleAllErrors(summary.takeError(), [&](const DivergenceError &e) {
    index = e.index;
    message = e.message;
  });
  EXPECT_EQ(index, 1u);
  EXPECT_EQ(message,
            "the trace recorded its guard as true, the model computed false");
}

// DMAs never waited for still complete, for the timeline: the summary
// counts the last one. 640 B issued at 0 -> 110.
TEST(Simulator, UnwaitedDmasDrain) {
  TraceBuilder trace;
  trace.dma(MemSpace::Hbm, MemSpace::VMem, 640, 0);
  Simulator simulator(makeMachine());
  llvm::Expected<RunSummary> summary = simulator.run(trace.input());
  ASSERT_TRUE(bool(summary));
  EXPECT_EQ(summary->totalCycles, 1u);
  EXPECT_EQ(summary->lastDmaCycle, 110u);
}

//===- TimingCheckpointsTest.cpp - Variants replayed from checkpoints -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A variant replayed from the checkpoints of a trace's timing gives the
// cycles a whole replay of the variant gives, and stops early once its
// timing is the trace's again, shifted. Built instruction lists on a simple
// machine (issue width 1, every latency 1 but a multiply's 10, DMA base
// latency 100, links 64 B/cycle); the cycles are worked out in the comments.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/TimingCheckpoints.h"
#include "SimTestTraces.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::sim;
using arch::MemSpace;
using arch::Opcode;

namespace {
using simtest::TraceBuilder;

/// The simple machine of the simulator's tests (SimTestTraces.h), with a
/// multiply ready 10 cycles after it issues.
MachineModel makeMachine() {
  MachineModel machine = simtest::makeMachine();
  machine.latencies[unsigned(arch::LatencyClass::ScalarMul)] = {10, 1};
  return machine;
}

uint64_t wholeReplay(const MachineModel &machine, const TraceBuilder &trace) {
  Simulator simulator(machine);
  llvm::Expected<RunSummary> summary = simulator.run(
      {trace.instructions, trace.outcomes, /*checkPcFlow=*/false});
  EXPECT_TRUE(bool(summary)) << llvm::toString(summary.takeError());
  return summary ? summary->totalCycles : 0;
}

/// `trace` with `first`..`last` replaced by `window`, replayed from the
/// checkpoints (every 8 instructions) and whole; both cycles.
std::pair<uint64_t, uint64_t> replayBoth(const MachineModel &machine,
                                         const TraceBuilder &trace,
                                         uint64_t first, uint64_t last,
                                         const TraceBuilder &window,
                                         const TimingCheckpoints &checkpoints) {
  llvm::Expected<TimingCheckpoints::Variant> variant =
      checkpoints.beginVariant(first);
  EXPECT_TRUE(bool(variant)) << llvm::toString(variant.takeError());
  for (size_t w = 0; w < window.instructions.size(); ++w)
    EXPECT_FALSE(
        bool(variant->step(window.instructions[w], window.outcomes[w])));
  llvm::Expected<uint64_t> cycles = variant->finish(last);
  EXPECT_TRUE(bool(cycles)) << llvm::toString(cycles.takeError());
  TraceBuilder whole;
  for (size_t i = 0; i < trace.instructions.size(); ++i) {
    if (i == first) {
      whole.instructions.insert(whole.instructions.end(),
                                window.instructions.begin(),
                                window.instructions.end());
      whole.outcomes.insert(whole.outcomes.end(), window.outcomes.begin(),
                            window.outcomes.end());
    }
    if (i < first || i > last) {
      whole.instructions.push_back(trace.instructions[i]);
      whole.outcomes.push_back(trace.outcomes[i]);
    }
  }
  return {cycles ? *cycles : 0, wholeReplay(machine, whole)};
}

TEST(TimingCheckpoints, ARegisterReadyLaterDelaysWhatReadsItAcrossACheckpoint) {
  MachineModel machine = makeMachine();
  // 40 instructions: mul s5 at 6 (ready 16), addi s4, s1 at 9, nops: issued
  // at cycles 0..39, the last ready at 40.
  TraceBuilder trace;
  trace.nops(6);
  auto mul = [](TraceBuilder &to, uint8_t rd) {
    arch::Instruction &inst = to.add(Opcode::Mul);
    inst.rd = rd;
    inst.rs1 = 2;
    inst.rs2 = 3;
  };
  mul(trace, 5);
  trace.nops(2);
  arch::Instruction &addi = trace.add(Opcode::AddI);
  addi.rd = 4;
  addi.rs1 = 1;
  addi.imm = 1;
  trace.nops(30);
  llvm::Expected<TimingCheckpoints> checkpoints =
      TimingCheckpoints::record(machine, trace.instructions, trace.outcomes, 8);
  ASSERT_TRUE(bool(checkpoints));
  EXPECT_EQ(checkpoints->getTotalCycles(), 40u);
  // The mul at 6 writes s1 instead. At the checkpoint before 8 the two
  // differ only in which register is ready at 16 (the latest result is
  // the same); the addi at 9 waits for s1 (issued 16), and what follows
  // issues 7 cycles later: 10..39 at 17..46, the last ready at 47.
  TraceBuilder window;
  mul(window, 1);
  auto [fromCheckpoints, whole] =
      replayBoth(machine, trace, 6, 6, window, *checkpoints);
  EXPECT_EQ(whole, 47u);
  EXPECT_EQ(fromCheckpoints, 47u);
  // Stepped: 0..5 from the first checkpoint, the window, then 7..23. At 16
  // the trace's s5 is still not ready (cycle 16, its last issue 15); at 24
  // the variant's state is the trace's, 7 cycles later.
  EXPECT_EQ(checkpoints->getSteppedInstructions(), 24u);
  EXPECT_EQ(checkpoints->getVariantInstructions(), 40u);
}

TEST(TimingCheckpoints, ADmaIssuedEarlierEndsItsWaitEarlier) {
  MachineModel machine = makeMachine();
  // 20 nops (0..19); a DMA of 6,400 bytes at 20 (base latency to 120, then
  // 100 cycles on its link: complete at 220); nops 21..29; its wait at 30
  // (issued 220); 69 nops issued 221..289: 290 cycles.
  TraceBuilder trace;
  trace.nops(20);
  trace.dma(MemSpace::Hbm, MemSpace::VMem, 6400, 0);
  trace.nops(9);
  trace.wait(0);
  trace.nops(69);
  llvm::Expected<TimingCheckpoints> checkpoints =
      TimingCheckpoints::record(machine, trace.instructions, trace.outcomes, 8);
  ASSERT_TRUE(bool(checkpoints));
  EXPECT_EQ(checkpoints->getTotalCycles(), 290u);
  // The DMA hoisted to the front: issued 0, complete 200; the wait issues
  // at 200, the nops after it at 201..269: 270 cycles, 20 fewer.
  TraceBuilder window;
  window.dma(MemSpace::Hbm, MemSpace::VMem, 6400, 0);
  window.nops(20);
  auto [fromCheckpoints, whole] =
      replayBoth(machine, trace, 0, 20, window, *checkpoints);
  EXPECT_EQ(whole, 270u);
  EXPECT_EQ(fromCheckpoints, 270u);
  // Until the checkpoint before 32, past the wait, where the DMA is done
  // and released: 21 + 11 instructions of 100.
  EXPECT_EQ(checkpoints->getSteppedInstructions(), 32u);
  EXPECT_EQ(checkpoints->getVariantInstructions(), 100u);
}

TEST(TimingCheckpoints, AVariantThatNeverMeetsTheTraceAgainIsReplayedToItsEnd) {
  MachineModel machine = makeMachine();
  // Two DMAs on one flag, waited for at the end; the variant issues the
  // second one earlier, so a copy is in flight at every checkpoint after
  // the window with other times than the trace's.
  TraceBuilder trace;
  trace.dma(MemSpace::Hbm, MemSpace::VMem, 6400, 0);
  trace.nops(20);
  trace.dma(MemSpace::Hbm, MemSpace::VMem, 6400, 0);
  trace.nops(20);
  trace.wait(0);
  llvm::Expected<TimingCheckpoints> checkpoints =
      TimingCheckpoints::record(machine, trace.instructions, trace.outcomes, 8);
  ASSERT_TRUE(bool(checkpoints));
  // The first DMA: complete 200; the second, issued 21, queues behind it
  // on the link: 200..300; the wait at 42 issues at 300: 301 cycles.
  EXPECT_EQ(checkpoints->getTotalCycles(), 301u);
  TraceBuilder window;
  window.dma(MemSpace::Hbm, MemSpace::VMem, 6400, 0);
  window.nops(20);
  // Issued at 1, the second DMA's base latency ends at 101, but it still
  // waits for the link until 200: it completes at 300 all the same.
  auto [fromCheckpoints, whole] =
      replayBoth(machine, trace, 1, 21, window, *checkpoints);
  EXPECT_EQ(whole, 301u);
  EXPECT_EQ(fromCheckpoints, 301u);
}
} // namespace

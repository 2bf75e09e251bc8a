//===- DmaEngineTest.cpp - The DMA model, by hand-computed cases ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every expected cycle below is worked out in the comment above it from the
// model of DESIGN.md: base latency Tb constant and overlapping, one DMA at a
// time per link in issue order, bytes / bandwidth to transfer, shared
// bandwidth split evenly among the group's active links.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/DmaEngine.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::sim;
using arch::MemSpace;

namespace {
/// Tb = 100; hbm->vmem and hbm->smem at 64 B/cycle; hbm->rhbm per chip at
/// 32 B/cycle; no shared bandwidth unless a test adds a group.
MachineModel makeMachine() {
  MachineModel machine;
  machine.name = "test";
  machine.dmaBaseLatency = 100;
  machine.links = {{"hbm->vmem", MemSpace::Hbm, MemSpace::VMem, 64, false},
                   {"hbm->smem", MemSpace::Hbm, MemSpace::SMem, 64, false},
                   {"vmem->hbm", MemSpace::VMem, MemSpace::Hbm, 64, false},
                   {"hbm->rhbm", MemSpace::Hbm, MemSpace::RemoteHbm, 32, true}};
  return machine;
}

struct Recorder : DmaEngine::Observer {
  std::vector<std::string> log;
  void onStart(const DmaTransfer &t) override {
    log.push_back("start " + std::to_string(t.id) + " @" +
                  std::to_string(t.startCycle));
  }
  void onComplete(const DmaTransfer &t) override {
    log.push_back("complete " + std::to_string(t.id) + " @" +
                  std::to_string(t.completeCycle));
  }
};
} // namespace

// DESIGN.md's worked example. A: 4096 B at cycle 10 -> base ends 110,
// 4096 / 64 = 64 cycles -> completes 174. B: 8192 B at 12, same link -> base
// ends 112, link busy until 174, 8192 / 64 = 128 cycles -> completes 302.
TEST(DmaEngine, WorkedExampleSameLink) {
  MachineModel machine = makeMachine();
  DmaEngine engine(machine);
  int link = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  uint32_t a = engine.issue(link, 4096, 10);
  uint32_t b = engine.issue(link, 8192, 12);
  EXPECT_EQ(engine.waitFor(a), 174u);
  EXPECT_EQ(engine.get(a).startCycle, 110u);
  EXPECT_EQ(engine.get(a).baseEndCycle, 110u);
  EXPECT_EQ(engine.waitFor(b), 302u);
  EXPECT_EQ(engine.get(b).baseEndCycle, 112u);
  EXPECT_EQ(engine.get(b).startCycle, 174u);
}

// A DMA's record goes once it has completed and been released: the engine
// keeps the DMAs in flight, not every DMA of the run.
TEST(DmaEngine, ReleasedRecordsGo) {
  MachineModel machine = makeMachine();
  DmaEngine engine(machine);
  int link = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  for (uint64_t i = 0; i < 1000; ++i) {
    uint32_t id = engine.issue(link, 64, engine.getCycle());
    engine.waitFor(id);
    EXPECT_EQ(engine.getNumKept(), 1u);
    engine.release(id);
    EXPECT_EQ(engine.getNumKept(), 0u);
  }
  EXPECT_EQ(engine.getNumIssued(), 1000u);
  // Released before it completes: the record goes at its completion.
  uint32_t a = engine.issue(link, 4096, engine.getCycle());
  uint32_t b = engine.issue(link, 4096, engine.getCycle());
  engine.release(a);
  EXPECT_EQ(engine.getNumKept(), 2u);
  uint64_t done = engine.waitFor(b);
  EXPECT_EQ(engine.getNumKept(), 1u); // b, not yet released
  EXPECT_EQ(engine.getLastCompleteCycle(), done);
}

// Had B used another link: base ends 112, 128 cycles -> completes 240.
TEST(DmaEngine, WorkedExampleTwoLinks) {
  MachineModel machine = makeMachine();
  DmaEngine engine(machine);
  int vmem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  int smem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::SMem, 0);
  uint32_t a = engine.issue(vmem, 4096, 10);
  uint32_t b = engine.issue(smem, 8192, 12);
  EXPECT_EQ(engine.waitFor(b), 240u);
  EXPECT_EQ(engine.get(b).startCycle, 112u);
  EXPECT_EQ(engine.waitFor(a), 174u);
}

// Base latencies overlap: four DMAs issued at cycles 0-3 on one link, 640 B
// each (10 cycles). Bases end at 100, 101, 102, 103; the link serializes the
// transfers: 100-110, 110-120, 120-130, 130-140. Were base latencies to
// accumulate, the last would complete at 4 x 110 = 440.
TEST(DmaEngine, BaseLatencyDoesNotAccumulate) {
  MachineModel machine = makeMachine();
  DmaEngine engine(machine);
  int link = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  for (uint64_t cycle = 0; cycle < 4; ++cycle)
    engine.issue(link, 640, cycle);
  engine.drain();
  EXPECT_EQ(engine.get(0).completeCycle, 110u);
  EXPECT_EQ(engine.get(1).startCycle, 110u);
  EXPECT_EQ(engine.get(1).completeCycle, 120u);
  EXPECT_EQ(engine.get(2).completeCycle, 130u);
  EXPECT_EQ(engine.get(3).completeCycle, 140u);
}

// Serial issue pays the base latency every time: issue, wait, issue, wait.
// A at 0 -> 100 + 10 = 110; B issued at 111 -> 211 + 10 = 221.
TEST(DmaEngine, SerialIssuePaysBaseLatencyEachTime) {
  MachineModel machine = makeMachine();
  DmaEngine engine(machine);
  int link = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  uint32_t a = engine.issue(link, 640, 0);
  EXPECT_EQ(engine.waitFor(a), 110u);
  uint32_t b = engine.issue(link, 640, 111);
  EXPECT_EQ(engine.waitFor(b), 221u);
}

// Two links sharing 64 B/cycle, both DMAs of 4096 B issued at 10: both start
// at 110 at 32 B/cycle each, 4096 / 32 = 128 cycles -> both complete at 238
// (alone each would complete at 174).
TEST(DmaEngine, SharedBandwidthEqualSizes) {
  MachineModel machine = makeMachine();
  machine.groups = {{"hbm", 64, {0, 1}}};
  DmaEngine engine(machine);
  int vmem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  int smem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::SMem, 0);
  uint32_t a = engine.issue(vmem, 4096, 10);
  uint32_t b = engine.issue(smem, 4096, 10);
  EXPECT_EQ(engine.waitFor(a), 238u);
  EXPECT_EQ(engine.waitFor(b), 238u);
}

// Shared 64 B/cycle, A 2048 B and B 4096 B from 110: both at 32 B/cycle
// until A is done at 110 + 2048 / 32 = 174; B has 4096 - 2048 = 2048 B left
// and now moves alone at 64 B/cycle: 32 more cycles -> 206.
TEST(DmaEngine, SharedBandwidthReleasedOnCompletion) {
  MachineModel machine = makeMachine();
  machine.groups = {{"hbm", 64, {0, 1}}};
  DmaEngine engine(machine);
  int vmem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  int smem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::SMem, 0);
  uint32_t a = engine.issue(vmem, 2048, 10);
  uint32_t b = engine.issue(smem, 4096, 10);
  EXPECT_EQ(engine.waitFor(b), 206u);
  EXPECT_EQ(engine.get(a).completeCycle, 174u);
}

// Shared 64 B/cycle, the second DMA arriving mid-transfer. A: 4096 B at 0,
// alone at 64 B/cycle from 100. B: 4096 B at 20, base ends 120. From 100 to
// 120 A moves 20 x 64 = 1280 B (2816 left). From 120 both at 32: A needs
// 2816 / 32 = 88 cycles -> 208; B has moved 88 x 32 = 2816 by then, 1280
// left alone at 64 -> 20 cycles -> 228.
TEST(DmaEngine, SharedBandwidthLateArrival) {
  MachineModel machine = makeMachine();
  machine.groups = {{"hbm", 64, {0, 1}}};
  DmaEngine engine(machine);
  int vmem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  int smem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::SMem, 0);
  uint32_t a = engine.issue(vmem, 4096, 0);
  uint32_t b = engine.issue(smem, 4096, 20);
  EXPECT_EQ(engine.waitFor(a), 208u);
  EXPECT_EQ(engine.waitFor(b), 228u);
}

// A group never raises a link above its own bandwidth: group 200 B/cycle,
// links 64: two active links get min(64, 100) = 64 each, so 4096 B take 64
// cycles as if alone: 110 + 64 = 174.
TEST(DmaEngine, LinkBandwidthCapsTheShare) {
  MachineModel machine = makeMachine();
  machine.groups = {{"hbm", 200, {0, 1}}};
  DmaEngine engine(machine);
  int vmem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  int smem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::SMem, 0);
  engine.issue(vmem, 4096, 10);
  engine.issue(smem, 4096, 10);
  engine.drain();
  EXPECT_EQ(engine.get(0).completeCycle, 174u);
  EXPECT_EQ(engine.get(1).completeCycle, 174u);
}

// Uneven shares round up to whole cycles: three links sharing 64 B/cycle
// move 64/3 B/cycle each; 1024 B take 1024 / (64/3) = 48 cycles exactly,
// 1000 B take 46.875 -> the DMA completes at the end of cycle 47.
TEST(DmaEngine, FractionalShareCompletesAtWholeCycles) {
  MachineModel machine = makeMachine();
  machine.groups = {{"hbm", 64, {0, 1, 2}}};
  DmaEngine engine(machine);
  int vmem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  int smem = engine.getLinkInstance(MemSpace::Hbm, MemSpace::SMem, 0);
  int back = engine.getLinkInstance(MemSpace::VMem, MemSpace::Hbm, 0);
  uint32_t a = engine.issue(vmem, 1024, 0);
  uint32_t b = engine.issue(smem, 1024, 0);
  uint32_t c = engine.issue(back, 1000, 0);
  engine.drain();
  // c completes first at 100 + 47 = 147; a and b then have
  // 1024 - 47 x 64/3 = 21.33 B left at 32 B/cycle: 1 more cycle -> 148.
  EXPECT_EQ(engine.get(c).completeCycle, 147u);
  EXPECT_EQ(engine.get(a).completeCycle, 148u);
  EXPECT_EQ(engine.get(b).completeCycle, 148u);
}

// Per-chip links are separate instances: 2048 B to chip 1 and to chip 2 at
// 32 B/cycle each run in parallel: 100 + 64 = 164 both. Two to the same chip
// serialize: the second completes at 164 + 64 = 228.
TEST(DmaEngine, PerChipLinks) {
  MachineModel machine = makeMachine();
  DmaEngine engine(machine);
  int chip1 = engine.getLinkInstance(MemSpace::Hbm, MemSpace::RemoteHbm, 1);
  int chip2 = engine.getLinkInstance(MemSpace::Hbm, MemSpace::RemoteHbm, 2);
  EXPECT_NE(chip1, chip2);
  EXPECT_EQ(engine.getLinkInstance(MemSpace::Hbm, MemSpace::RemoteHbm, 1),
            chip1);
  EXPECT_EQ(engine.getLinkInstanceName(chip2), "hbm->rhbm<2>");
  EXPECT_EQ(engine.getLinkInstanceName(
                engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 7)),
            "hbm->vmem");
  engine.issue(chip1, 2048, 0);
  engine.issue(chip2, 2048, 0);
  engine.issue(chip1, 2048, 0);
  engine.drain();
  EXPECT_EQ(engine.get(0).completeCycle, 164u);
  EXPECT_EQ(engine.get(1).completeCycle, 164u);
  EXPECT_EQ(engine.get(2).completeCycle, 228u);
}

// The engine runs only as far as asked, and tells its observer in the order
// it resolves things.
TEST(DmaEngine, LazyAndObserved) {
  MachineModel machine = makeMachine();
  DmaEngine engine(machine);
  Recorder recorder;
  engine.setObserver(&recorder);
  int link = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  uint32_t a = engine.issue(link, 640, 0);
  engine.issue(link, 640, 5);
  EXPECT_EQ(engine.getCycle(), 0u);
  engine.waitFor(a);
  EXPECT_EQ(engine.getCycle(), 110u);
  // A DMA issued now, after the engine advanced, still times correctly.
  uint32_t c = engine.issue(engine.getLinkInstance(MemSpace::Hbm,
                                                   MemSpace::SMem, 0),
                            640, 110);
  EXPECT_EQ(engine.waitFor(c), 220u);
  EXPECT_EQ(recorder.log,
            (std::vector<std::string>{"start 0 @100", "complete 0 @110",
                                      "start 1 @110", "complete 1 @120",
                                      "start 2 @210", "complete 2 @220"}));
}

// Zero base latency: a DMA starts the cycle it is issued.
TEST(DmaEngine, ZeroBaseLatency) {
  MachineModel machine = makeMachine();
  machine.dmaBaseLatency = 0;
  DmaEngine engine(machine);
  int link = engine.getLinkInstance(MemSpace::Hbm, MemSpace::VMem, 0);
  EXPECT_EQ(engine.waitFor(engine.issue(link, 64, 7)), 8u);
}

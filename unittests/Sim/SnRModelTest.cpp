//===- SnRModelTest.cpp - The snr model in the neutral vocabulary ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the snr reference model tells its listeners, in the ISA-neutral
// vocabulary of SimEvents.h: its resources and stall kinds (the names every
// report prints), its copies and scratchpad, each instruction's facts, and
// the events of a DMA to another chip's HBM, whose space is "rhbm<2>".
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/SnRModel.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::sim;
using arch::MemSpace;
using arch::Opcode;
using arch::RegClass;
using target::RegId;
using target::SnRTarget;

namespace {

RegId reg(RegClass cls, uint8_t index) {
  return SnRTarget::getRegId({cls, index});
}

TEST(SnRModel, NamesItsUnitsAndStallKindsAsTheReportsPrintThem) {
  MachineModel machine = getDefaultMachineModel();
  ModelDescription model = describeSnRModel(machine);
  EXPECT_EQ(model.name, "snr-ref");
  EXPECT_EQ(model.clockGhz, machine.clockGhz);

  // The six units in arch::Unit order; DMA and control only issue.
  ASSERT_EQ(model.resources.size(), 6u);
  const char *names[] = {"scalar", "loadstore", "vector",
                         "matrix", "dma",       "control"};
  for (unsigned r = 0; r < 6; ++r) {
    EXPECT_EQ(model.resources[r].name, names[r]);
    EXPECT_EQ(model.resources[r].measured, r < 4) << names[r];
  }
  EXPECT_EQ(model.resources[1].label, "load/store");
  EXPECT_EQ(model.primaryCompute, model.findResource("matrix"));
  EXPECT_EQ(model.findResource("tensor"), kNoResource);

  const char *kinds[] = {"none",   "scoreboard", "unit_busy",
                         "branch", "fence",      "dma_wait"};
  ASSERT_EQ(model.getNumStallKinds(), unsigned(SnRStall::Count));
  for (unsigned k = 0; k < SnRStall::Count; ++k)
    EXPECT_EQ(model.getStallKindName(k), kinds[k]);
  EXPECT_EQ(model.findStallKind(StallRole::Register), SnRStall::Scoreboard);
  EXPECT_EQ(model.findStallKind(StallRole::Resource), SnRStall::UnitBusy);
  EXPECT_EQ(model.findStallKind(StallRole::CopyWait), SnRStall::DmaWait);
  EXPECT_EQ(model.getStallKindName(SnRStall::Count), "");

  EXPECT_TRUE(model.asyncCopies);
  ASSERT_TRUE(model.scratchpad.has_value());
  EXPECT_EQ(model.scratchpad->space, SnRTarget::getSpaceId(MemSpace::VMem, 0));
  EXPECT_EQ(model.scratchpad->blocks, machine.vmemBlocks);
  EXPECT_EQ(model.scratchpad->pagesPerBlock, machine.vmemPagesPerBlock);
  EXPECT_EQ(model.scratchpad->pageBytes, machine.vmemPageBytes);
}

TEST(SnRModel, AnswersEachInstructionsFacts) {
  MachineModel machine = getDefaultMachineModel();
  machine.latencies[unsigned(arch::LatencyClass::ScalarAlu)] = {3, 2};
  std::vector<arch::Instruction> program(2);
  // addi s3, s1, 4 if p2
  program[0].opcode = Opcode::AddI;
  program[0].rd = 3;
  program[0].rs1 = 1;
  program[0].guard = {true, false, 2};
  program[0].pc = 7;
  // dma.issue on f5
  program[1].opcode = Opcode::DmaIssue;
  program[1].flag = 5;
  program[1].pc = 8;
  SnRInstructionTable table(program, machine);
  ModelDescription model = describeSnRModel(machine);

  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(table.getPc(0), 7u);
  const InstructionDesc &addi = table.getDesc(0);
  EXPECT_EQ(addi.mnemonic, "addi");
  EXPECT_EQ(addi.resource, model.findResource("scalar"));
  EXPECT_EQ(addi.latency, 3u);
  EXPECT_EQ(addi.occupancy, 2u);
  EXPECT_TRUE(addi.lightweight);
  EXPECT_FALSE(addi.startsCopy || addi.waitsForCopies);

  llvm::SmallVector<RegId, 4> reads, writes;
  table.getRegisterAccesses(0, /*executed=*/true, reads, writes);
  EXPECT_EQ(reads, (llvm::SmallVector<RegId, 4>{reg(RegClass::Pred, 2),
                                                reg(RegClass::Scalar, 1)}));
  EXPECT_EQ(writes, (llvm::SmallVector<RegId, 4>{reg(RegClass::Scalar, 3)}));
  // Predicated off: its guard only.
  reads.clear();
  writes.clear();
  table.getRegisterAccesses(0, /*executed=*/false, reads, writes);
  EXPECT_EQ(reads, (llvm::SmallVector<RegId, 4>{reg(RegClass::Pred, 2)}));
  EXPECT_TRUE(writes.empty());
  EXPECT_EQ(table.getTarget().getRegisters().get(reads[0]).name, "p2");

  const InstructionDesc &dma = table.getDesc(1);
  EXPECT_EQ(dma.mnemonic, "dma.issue");
  EXPECT_EQ(dma.resource, model.findResource("dma"));
  EXPECT_TRUE(dma.startsCopy);
  EXPECT_FALSE(dma.waitsForCopies);
  EXPECT_FALSE(dma.lightweight);
  EXPECT_TRUE(table.holdsSyncObject(reg(RegClass::Flag, 5)));
  EXPECT_FALSE(table.holdsSyncObject(reg(RegClass::Scalar, 5)));
}

/// Keeps the events a DMA to chip 2 makes.
class Events : public SimListener {
public:
  // RunInfo's pointers live until onRunEnd: what the test reads of them is
  // read here.
  void onRunStart(const RunInfo &info) override {
    sawModel = info.model != nullptr;
    sawTable = info.instructions != nullptr;
    if (!sawModel || !sawTable)
      return;
    waitMnemonic = info.instructions->getMnemonic(1).str();
    waitWaitsForCopies = info.instructions->getDesc(1).waitsForCopies;
    dmaUnit = info.model->findResource("dma");
    chip2Name = info.instructions->getTarget().getSpaceName(
        SnRTarget::getSpaceId(MemSpace::RemoteHbm, 2));
  }
  void onIssue(const IssueEvent &event) override { issues.push_back(event); }
  void onResourceBusy(const ResourceBusyEvent &event) override {
    busy.push_back(event);
  }
  void onDmaIssue(const DmaIssueEvent &event) override {
    dmas.push_back(event);
  }
  void onMemoryAccess(const MemoryAccessEvent &event) override {
    accesses.push_back(event);
  }
  bool sawModel = false, sawTable = false;
  std::string waitMnemonic, chip2Name;
  bool waitWaitsForCopies = false;
  ResourceId dmaUnit = kNoResource;
  std::vector<IssueEvent> issues;
  std::vector<ResourceBusyEvent> busy;
  std::vector<DmaIssueEvent> dmas;
  std::vector<MemoryAccessEvent> accesses;
};

// dma.issue hbm[64] -> rhbm<2>[128], 96 bytes, on f3, then dma.wait f3.
TEST(SnRModel, EventsSpeakInTheTargetsSpacesAndSyncObjects) {
  MachineModel machine = getDefaultMachineModel();
  std::vector<arch::Instruction> program(2);
  program[0].opcode = Opcode::DmaIssue;
  program[0].src.space = MemSpace::Hbm;
  program[0].src.offset = 64;
  program[0].dst.space = MemSpace::RemoteHbm;
  program[0].dst.chip = 2;
  program[0].dst.offset = 128;
  program[0].imm = 96;
  program[0].flag = 3;
  program[1].opcode = Opcode::DmaWait;
  program[1].flag = 3;
  program[1].pc = 1;
  std::vector<arch::RecordedOutcome> outcomes(2);

  Simulator simulator(machine);
  Events events;
  simulator.addListener(&events);
  ArchState state(machine.memory);
  ASSERT_TRUE(bool(simulator.run({program, outcomes}, &state)));

  ASSERT_TRUE(events.sawModel);
  ASSERT_TRUE(events.sawTable);
  EXPECT_EQ(events.waitMnemonic, "dma.wait");
  EXPECT_TRUE(events.waitWaitsForCopies);
  ResourceId dmaUnit = events.dmaUnit;
  ASSERT_EQ(events.issues.size(), 2u);
  EXPECT_EQ(events.issues[0].resource, dmaUnit);
  ASSERT_FALSE(events.busy.empty());
  EXPECT_EQ(events.busy[0].resource, dmaUnit);

  target::SpaceId hbm = SnRTarget::getSpaceId(MemSpace::Hbm, 0);
  target::SpaceId chip2 = SnRTarget::getSpaceId(MemSpace::RemoteHbm, 2);
  EXPECT_EQ(events.chip2Name, "rhbm<2>");
  ASSERT_EQ(events.dmas.size(), 1u);
  const DmaIssueEvent &dma = events.dmas[0];
  EXPECT_EQ(dma.sync, 3u);
  EXPECT_EQ(dma.bytes, 96u);
  EXPECT_EQ(dma.src, (target::MemoryRange{hbm, 64, 96}));
  EXPECT_EQ(dma.dst, (target::MemoryRange{chip2, 128, 96}));
  ASSERT_EQ(events.accesses.size(), 2u);
  EXPECT_EQ(events.accesses[0].range, (target::MemoryRange{hbm, 64, 96}));
  EXPECT_FALSE(events.accesses[0].isWrite);
  EXPECT_EQ(events.accesses[1].range, (target::MemoryRange{chip2, 128, 96}));
  EXPECT_TRUE(events.accesses[1].isWrite && events.accesses[1].isDma);
}

} // namespace

//===- StaticInstructionAnalysisTest.cpp - The replay by static PC --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Events fed by hand, every expected figure derived in the comments; and one
// real replay whose stall attributions must add up to the simulator's total.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/StaticInstructionAnalysis.h"
#include "SnR/Analysis/DependencyAnalysis.h"
#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Analysis/Suggestions.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/SnRModel.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::analysis;
using arch::Opcode;
using sim::SnRStall;
using sim::StallKind;

namespace {

arch::Instruction makeInst(Opcode opcode, uint64_t pc) {
  arch::Instruction inst;
  inst.opcode = opcode;
  inst.pc = pc;
  return inst;
}

// A loop body run three times, then a halt outside any HLO:
//
//  idx pc op    issue stall kind       cause   issue cycles (issue - prev)
//   0  10 vld       0     0                     0
//   1  11 vmul      8     7 scoreboard  0       8
//   2  12 br        9     0                     1
//   3  10 vld      12     2 branch      2       3
//   4  11 vmul     20     7 scoreboard  3       8
//   5  12 br       21     0                     1
//   6  10 vld      24     2 branch      5       3
//   7  11 vmul     34     9 scoreboard  6      10
//   8  12 br       35     0                     1
//   9  13 halt     40     4 fence       (none)  5
//
// pc 10: 3 executions, issue cycles 0+3+3 = 6, branch 2+2 = 4 (count 2,
//        max 2) on pc 12.
// pc 11: issue cycles 8+8+10 = 26, scoreboard 7+7+9 = 23 (count 3, max 9)
//        on pc 10, whose latency (vld) the test sets to 8.
// pc 12: issue cycles 3, no stall.  pc 13: issue cycles 5, fence 4, no
//        producer. Issue cycles add up to 6+26+3+5 = 40, the last issue.
// Stall 23 + 4 + 4 = 31, of which 4 (the fence) without a producer.
struct LoopFixture : ::testing::Test {
  void SetUp() override {
    const Opcode body[] = {Opcode::VLd, Opcode::VMul, Opcode::Br};
    for (unsigned iter = 0; iter < 3; ++iter)
      for (unsigned i = 0; i < 3; ++i)
        instructions.push_back(makeInst(body[i], 10 + i));
    instructions.push_back(makeInst(Opcode::Halt, 13));
    machine = sim::getDefaultMachineModel();
    machine.latencies[unsigned(arch::getLatencyClass(Opcode::VLd))].latency =
        8;
    model = sim::describeSnRModel(machine);
    info.instructions = sim::describeSnRInstructions(instructions, machine);
    info.hloNames = {"loop"};
    info.hloOf.assign(9, 0);
    info.hloOf.push_back(kNoHlo);
  }

  void run(StaticInstructionAnalysis &analysis) {
    struct Row {
      uint64_t cycle, stall;
      StallKind kind;
      uint64_t cause;
    };
    const uint64_t none = sim::kNoIndex;
    const Row rows[] = {
        {0, 0, SnRStall::None, none},     {8, 7, SnRStall::Scoreboard, 0},
        {9, 0, SnRStall::None, none},     {12, 2, SnRStall::Branch, 2},
        {20, 7, SnRStall::Scoreboard, 3}, {21, 0, SnRStall::None, none},
        {24, 2, SnRStall::Branch, 5},     {34, 9, SnRStall::Scoreboard, 6},
        {35, 0, SnRStall::None, none},    {40, 4, SnRStall::Fence, none},
    };
    sim::RunInfo runInfo;
    runInfo.model = &model;
    runInfo.instructions = info.instructions.get();
    analysis.onRunStart(runInfo);
    for (uint64_t i = 0; i < std::size(rows); ++i) {
      sim::IssueEvent event;
      event.index = i;
      event.cycle = rows[i].cycle;
      event.stall = rows[i].stall;
      event.kind = rows[i].kind;
      event.cause = rows[i].cause;
      analysis.onIssue(event);
    }
    analysis.onRunEnd({});
  }

  std::vector<arch::Instruction> instructions;
  TraceInfo info;
  sim::MachineModel machine;
  sim::ModelDescription model;
};

TEST_F(LoopFixture, FoldsInstancesOntoTheirPc) {
  StaticInstructionAnalysis analysis(info);
  run(analysis);
  ASSERT_EQ(analysis.instructions.size(), 4u);
  uint64_t issueCycles = 0;
  for (const StaticInstruction &s : analysis.instructions)
    issueCycles += s.issueCycles;
  EXPECT_EQ(issueCycles, 40u);

  const StaticInstruction *vld = analysis.lookup(10);
  ASSERT_NE(vld, nullptr);
  EXPECT_EQ(vld->executions, 3u);
  EXPECT_EQ(vld->issueCycles, 6u);
  const StallStats &branch = vld->stalls[unsigned(SnRStall::Branch)];
  EXPECT_EQ(branch.total, 4u);
  EXPECT_EQ(branch.count, 2u);
  EXPECT_EQ(branch.max, 2u);
  ASSERT_EQ(vld->producers[unsigned(SnRStall::Branch)].size(), 1u);
  EXPECT_EQ(vld->producers[unsigned(SnRStall::Branch)][0].pc, 12u);

  const StaticInstruction *vmul = analysis.lookup(11);
  ASSERT_NE(vmul, nullptr);
  EXPECT_EQ(vmul->issueCycles, 26u);
  const StallStats &sb = vmul->stalls[unsigned(SnRStall::Scoreboard)];
  EXPECT_EQ(sb.total, 23u);
  EXPECT_EQ(sb.count, 3u);
  EXPECT_EQ(sb.max, 9u);
  EXPECT_EQ(vmul->stallCycles(), 23u);
  ASSERT_EQ(vmul->producers[unsigned(SnRStall::Scoreboard)].size(), 1u);
  const ProducerCycles &p = vmul->producers[unsigned(SnRStall::Scoreboard)][0];
  EXPECT_EQ(p.pc, 10u);
  EXPECT_EQ(p.cycles, 23u);
  EXPECT_EQ(p.count, 3u);

  EXPECT_EQ(analysis.lookup(14), nullptr);
}

TEST_F(LoopFixture, AttributesEveryStallCycle) {
  StaticInstructionAnalysis analysis(info);
  run(analysis);
  EXPECT_EQ(analysis.stallCycles, 31u);
  EXPECT_EQ(analysis.unattributedCycles, 4u);
  EXPECT_EQ(analysis.stallByKind[unsigned(SnRStall::Scoreboard)], 23u);
  EXPECT_EQ(analysis.stallByKind[unsigned(SnRStall::Branch)], 4u);
  EXPECT_EQ(analysis.stallByKind[unsigned(SnRStall::Fence)], 4u);

  // vld -> vmul (latency 8): 23 cycles over 3; br -> vld: 4 over 2; then
  // the fence without producer, 4 (ties by consumer PC).
  ASSERT_EQ(analysis.bottlenecks.size(), 3u);
  uint64_t sum = 0;
  for (const Bottleneck &b : analysis.bottlenecks)
    sum += b.cycles;
  EXPECT_EQ(sum, analysis.stallCycles);
  const Bottleneck &top = analysis.bottlenecks[0];
  EXPECT_EQ(top.producerPc, 10u);
  EXPECT_EQ(top.consumerPc, 11u);
  EXPECT_EQ(top.producer, "vld");
  EXPECT_EQ(top.consumer, "vmul");
  EXPECT_EQ(top.kind, SnRStall::Scoreboard);
  EXPECT_EQ(top.latency, 8u);
  EXPECT_EQ(top.cycles, 23u);
  EXPECT_EQ(top.count, 3u);
  EXPECT_EQ(analysis.bottlenecks[1].producerPc, 12u);
  EXPECT_EQ(analysis.bottlenecks[1].consumerPc, 10u);
  EXPECT_EQ(analysis.bottlenecks[2].producerPc, sim::kNoIndex);

  // Per HLO: loop (27 cycles, 2 chains), then (no hlo) (4).
  ASSERT_EQ(analysis.perHlo.size(), 2u);
  EXPECT_EQ(analysis.perHlo[0].hlo, 0u);
  EXPECT_EQ(analysis.perHlo[0].stallCycles, 27u);
  EXPECT_EQ(analysis.perHlo[0].chains.size(), 2u);
  EXPECT_EQ(analysis.perHlo[1].hlo, kNoHlo);
  EXPECT_EQ(analysis.perHlo[1].stallCycles, 4u);
}

// Four DMAs: three from pc 20 (ids 0, 1, 2), one from pc 30 (id 3).
//
//  id pc base transfer slack  verdict      saving  relaxed backtail
//   0 20   60       64     0  hoist           124  5 instrs, 300 cycles
//   1 20    0      102     0  hoist-partly     50  2 instrs,  50 cycles
//   2 20    0        0    96  -
//   3 30   10        0     0  blocked           0  0 instrs,   0 cycles
//
// pc 20: 3 instances, stall 60 / 166, slack 96, 2 stalled, verdicts hoist 1
// and hoist-partly 1, saving 174; backtail over its suggestions {5, 2}: min
// 2, lower median 2 (instructions), {300, 50}: min 50, median 50.
// Parallel groups: (20, 30) twice (saving 10 + 20 = 30), (20) once (5).
TEST(StaticDmaTable, FoldsDmasAndSuggestionsByIssuePc) {
  std::vector<arch::Instruction> instructions = {
      makeInst(Opcode::DmaIssue, 20), makeInst(Opcode::DmaIssue, 30),
      makeInst(Opcode::DmaIssue, 20), makeInst(Opcode::DmaIssue, 20)};
  TraceInfo info;
  info.instructions =
      sim::describeSnRInstructions(instructions, sim::getDefaultMachineModel());
  info.hloNames = {"h"};
  info.hloOf.assign(4, 0);

  DmaStallAnalysis dmas(info);
  auto addDma = [&](uint64_t index, uint64_t base, uint64_t transfer,
                    uint64_t slack) {
    DmaRecord r;
    r.id = dmas.dmas.size();
    r.issueIndex = index;
    r.bytes = 100;
    r.baseStall = base;
    r.transferStall = transfer;
    r.slack = slack;
    r.issueHlo = 0;
    dmas.dmas.push_back(r);
  };
  addDma(0, 60, 64, 0);
  addDma(2, 0, 102, 0);
  addDma(3, 0, 0, 96);
  addDma(1, 10, 0, 0);

  Suggestions suggestions;
  auto addSuggestion = [&](uint32_t dma, Verdict verdict, uint64_t saving,
                           uint64_t instrs, uint64_t cycles) {
    DmaSuggestion s;
    s.dma = dma;
    s.issueIndex = dmas.dmas[dma].issueIndex;
    s.verdict = verdict;
    s.expectedSaving = saving;
    s.relaxed.instructions = instrs;
    s.relaxed.cycles = cycles;
    suggestions.dmas.push_back(s);
  };
  addSuggestion(0, Verdict::Hoist, 124, 5, 300);
  addSuggestion(1, Verdict::HoistPartly, 50, 2, 50);
  addSuggestion(3, Verdict::BlockedByDependency, 0, 0, 0);
  suggestions.parallelGroups.push_back({{0, 3}, 10, 0});
  suggestions.parallelGroups.push_back({{1}, 5, 0});
  suggestions.parallelGroups.push_back({{2, 3}, 20, 0});

  DependencyAnalysis deps(info); // not run: backtails from the suggestions
  StaticInstructionAnalysis analysis(info);
  analysis.finalize(dmas, deps, suggestions);

  ASSERT_EQ(analysis.dmas.size(), 2u);
  const StaticDma *d20 = analysis.lookupDma(20);
  ASSERT_NE(d20, nullptr);
  EXPECT_EQ(d20->instances, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(d20->bytes, 300u);
  EXPECT_EQ(d20->baseStall, 60u);
  EXPECT_EQ(d20->transferStall, 166u);
  EXPECT_EQ(d20->slack, 96u);
  EXPECT_EQ(d20->stalledInstances, 2u);
  EXPECT_EQ(d20->verdicts[unsigned(Verdict::Hoist)], 1u);
  EXPECT_EQ(d20->verdicts[unsigned(Verdict::HoistPartly)], 1u);
  EXPECT_EQ(d20->expectedSaving, 174u);
  EXPECT_EQ(d20->backtailMinInstructions, 2u);
  EXPECT_EQ(d20->backtailMedianInstructions, 2u);
  EXPECT_EQ(d20->backtailMinCycles, 50u);
  EXPECT_EQ(d20->backtailMedianCycles, 50u);
  EXPECT_EQ(d20->suggestions, (std::vector<uint32_t>{0, 1}));

  const StaticDma *d30 = analysis.lookupDma(30);
  ASSERT_NE(d30, nullptr);
  EXPECT_EQ(d30->instances.size(), 1u);
  EXPECT_EQ(d30->verdicts[unsigned(Verdict::BlockedByDependency)], 1u);

  ASSERT_EQ(analysis.parallelGroups.size(), 2u);
  EXPECT_EQ(analysis.parallelGroups[0].pcs,
            (llvm::SmallVector<uint64_t, 4>{20, 30}));
  EXPECT_EQ(analysis.parallelGroups[0].groups,
            (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(analysis.parallelGroups[0].expectedSaving, 30u);
  EXPECT_EQ(analysis.parallelGroups[1].expectedSaving, 5u);
}

} // namespace

//===- SampleReplay.cpp - A hand-filled replay for report tests -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
//  idx pc op          HLO      issue ready stall kind
//   0   0 movi        load         0     1     0
//   1   1 dma.issue A load        10    11     9 scoreboard (cause 0)
//   2   2 dma.issue B load        12    13     2 unit_busy (cause 1)
//   3   3 vadd        compute     50    54    38 fence
//   4   4 dma.wait f0 compute    174   175   124 dma_wait (A: 60 base + 64)
//   5   5 mxu.matmul  compute    190   214    16 scoreboard (cause 4)
//   6   6 dma.issue C compute    200   201    10 unit_busy (cause 5)
//   7   7 dma.wait f1 compute    302   303   102 dma_wait (B: all transfer)
//   8   8 vst         store      400   406    98 fence
//   9   9 dma.wait f2 store      400   401     0 (C: 96 slack)
//  10  10 dma.issue D store      401   402     0 (never waited)
//  11  11 halt        (no hlo)   401   402     0
//
//  Stall attribution (the static view): 399 stall cycles, 136 of them (the
//  two fences) without a producing instruction; the largest dependencies
//  are dma.issue pc 1 -> dma.wait pc 4 (124) and pc 2 -> pc 7 (102).
//
//  DMA link       bytes issue base_end start complete wait reached/issued
//   A  hbm->vmem   4096    10      110   110      174  4: 50 / 174
//   B  hbm->vmem   8192    12      112   174      302  7: 200 / 302
//   C  vmem->hbm    256   200      300   300      304  9: 400 / 400
//   D  hbm->smem     64   401      501   501      509  -
//
//===----------------------------------------------------------------------===//

#include "SampleReplay.h"
#include "SnR/Sim/SnRModel.h"
#include "SnR/Target/SnR/SnRTarget.h"

using namespace snr;
using namespace snr::report::test;
using arch::MemSpace;
using arch::Opcode;
using sim::SnRStall;
using sim::StallKind;
using target::SnRTarget;

std::unique_ptr<SampleReplay> snr::report::test::makeSampleReplay() {
  auto sample = std::make_unique<SampleReplay>();
  struct Row {
    Opcode opcode;
    analysis::HloId hlo;
    uint64_t issue, ready, stall;
    StallKind kind;
    uint64_t cause;
  };
  const uint64_t none = sim::kNoIndex;
  const analysis::HloId noHlo = analysis::kNoHlo;
  const Row rows[] = {
      {Opcode::MovI, 0, 0, 1, 0, SnRStall::None, none},
      {Opcode::DmaIssue, 0, 10, 11, 9, SnRStall::Scoreboard, 0},
      {Opcode::DmaIssue, 0, 12, 13, 2, SnRStall::UnitBusy, 1},
      {Opcode::VAdd, 1, 50, 54, 38, SnRStall::Fence, none},
      {Opcode::DmaWait, 1, 174, 175, 124, SnRStall::DmaWait, 1},
      {Opcode::MxuMatmul, 1, 190, 214, 16, SnRStall::Scoreboard, 4},
      {Opcode::DmaIssue, 1, 200, 201, 10, SnRStall::UnitBusy, 5},
      {Opcode::DmaWait, 1, 302, 303, 102, SnRStall::DmaWait, 2},
      {Opcode::VSt, 2, 400, 406, 98, SnRStall::Fence, none},
      {Opcode::DmaWait, 2, 400, 401, 0, SnRStall::None, none},
      {Opcode::DmaIssue, 2, 401, 402, 0, SnRStall::None, none},
      {Opcode::Halt, noHlo, 401, 402, 0, SnRStall::None, none},
  };
  for (const Row &row : rows) {
    arch::Instruction inst;
    inst.opcode = row.opcode;
    inst.pc = sample->instructions.size();
    sample->instructions.push_back(inst);
  }

  sim::MachineModel machine = sim::getDefaultMachineModel();
  machine.dmaBaseLatency = 100;
  machine.vmemBlocks = 4;
  machine.vmemPagesPerBlock = 4;

  analysis::TraceInfo info;
  info.fileName = "sample.trace.jsonl";
  info.program = "sample";
  info.machine = "snr-ref";
  info.instructions =
      sim::describeSnRInstructions(sample->instructions, machine);
  info.hloNames = {"load", "compute", "store"};
  for (const Row &row : rows)
    info.hloOf.push_back(row.hlo);
  info.lines.assign(std::size(rows), 0);
  sample->results =
      std::make_unique<analysis::ReplayResults>(std::move(info), machine);
  analysis::ReplayResults &r = *sample->results;

  r.summary.instructions = std::size(rows);
  r.summary.totalCycles = 402;
  r.summary.lastDmaCycle = 509;

  // Timing.
  std::vector<std::string> links = {"hbm->vmem", "vmem->hbm", "hbm->smem"};
  r.timing.linkNames = links;
  r.timing.summary = r.summary;
  r.timing.dmaOrWaitOf.assign(std::size(rows), ~uint32_t(0));
  for (const Row &row : rows) {
    sim::TimingRecorder::Instruction t;
    t.issue = row.issue;
    t.ready = row.ready;
    t.stall = row.stall;
    t.kind = row.kind;
    t.cause = row.cause;
    r.timing.instructions.push_back(t);
  }
  auto addWait = [&](uint64_t index, unsigned flag, uint64_t readyCycle,
                     uint64_t issueCycle, uint64_t base, uint64_t transfer,
                     uint64_t slack, uint32_t dma) {
    sim::TimingRecorder::Wait wait;
    wait.index = index;
    wait.flag = flag;
    wait.readyCycle = readyCycle;
    wait.issueCycle = issueCycle;
    wait.baseStall = base;
    wait.transferStall = transfer;
    wait.slack = slack;
    wait.dmas.push_back(dma);
    wait.charged = dma;
    r.timing.dmaOrWaitOf[index] = r.timing.waits.size();
    r.timing.waits.push_back(wait);
  };
  addWait(4, 0, 50, 174, 60, 64, 0, 0);
  addWait(7, 1, 200, 302, 0, 102, 0, 1);
  addWait(9, 2, 400, 400, 0, 0, 96, 2);

  // DMAs.
  r.dmas.linkNames = links;
  auto addDma = [&](uint64_t issueIndex, uint64_t waitIndex, unsigned flag,
                    unsigned link, uint64_t bytes, MemSpace src, MemSpace dst,
                    uint64_t issue, uint64_t start, uint64_t complete) {
    analysis::DmaRecord dma;
    dma.id = r.dmas.dmas.size();
    dma.issueIndex = issueIndex;
    dma.waitIndex = waitIndex;
    dma.flag = flag;
    dma.link = link;
    dma.bytes = bytes;
    dma.src = {SnRTarget::getSpaceId(src, 0), 0, bytes};
    dma.dst = {SnRTarget::getSpaceId(dst, 0), 4096 * dma.id, bytes};
    dma.issueCycle = issue;
    dma.baseEndCycle = issue + 100;
    dma.startCycle = start;
    dma.completeCycle = complete;
    dma.issueHlo = r.info.hloOf[issueIndex];
    if (waitIndex != sim::kNoIndex) {
      const sim::TimingRecorder::Wait &wait =
          r.timing.waits[r.timing.dmaOrWaitOf[waitIndex]];
      dma.waitReadyCycle = wait.readyCycle;
      dma.waitIssueCycle = wait.issueCycle;
      dma.baseStall = wait.baseStall;
      dma.transferStall = wait.transferStall;
      dma.slack = wait.slack;
      dma.charged = true;
      dma.waitCovers = 1;
      dma.waitHlo = r.info.hloOf[waitIndex];
    }
    r.timing.dmaOrWaitOf[issueIndex] = dma.id;
    r.dmas.dmas.push_back(dma);
  };
  addDma(1, 4, 0, 0, 4096, MemSpace::Hbm, MemSpace::VMem, 10, 110, 174);
  addDma(2, 7, 1, 0, 8192, MemSpace::Hbm, MemSpace::VMem, 12, 174, 302);
  addDma(6, 9, 2, 1, 256, MemSpace::VMem, MemSpace::Hbm, 200, 300, 304);
  addDma(10, sim::kNoIndex, 3, 2, 64, MemSpace::Hbm, MemSpace::SMem, 401, 501,
         509);

  // Utilization, in windows of 100 cycles.
  analysis::UtilizationAnalysis &util = r.utilization;
  util.resources = {"scalar",    "loadstore", "vector",   "matrix",
                    "hbm->vmem", "vmem->hbm", "hbm->smem"};
  util.numUnitResources = 4;
  util.windowCycles = 100;
  util.totalCycles = 402;
  util.busy = {{0.01, 0, 0, 0, 0},        {0, 0, 0, 0, 0.01},
               {0.01, 0, 0, 0, 0},        {0, 0.01, 0, 0, 0},
               {0.9, 1.0, 0.28, 0.02, 0}, {0, 0, 0, 0.04, 0},
               {0, 0, 0, 0, 0}};
  util.overall = {0.0025, 0.0025, 0.0025, 0.0025, 0.5423, 0.01, 0};
  util.matrixIdleOnDma.push_back({50, 174, 4, 0});
  util.matrixIdleOnDmaCycles = 124;

  // The data cache: 4 blocks of 4 pages of 512 bytes, windows of 100.
  analysis::DataCacheAnalysis &cache = r.dataCache;
  cache.available = true;
  cache.space = SnRTarget::getSpaceId(MemSpace::VMem, 0);
  cache.numPages = 16;
  cache.pagesPerBlock = 4;
  cache.numBlocks = 4;
  cache.pageBytes = 512;
  cache.windowCycles = 100;
  cache.numWindows = 5;
  cache.occupiedPages = {0, 8, 12, 12, 4};
  cache.largestFreeRun = {16, 8, 4, 4, 12};
  cache.livePagesPerBlock = {0, 0, 0, 0, //
                             4, 4, 0, 0, //
                             4, 4, 3, 1, //
                             4, 4, 2, 2, //
                             0, 1, 2, 1};
  cache.medianFreePages = 8;
  cache.medianLargestFreeRun = 8;
  cache.peakOccupiedPages = 12;
  cache.wasted.push_back({8, 3, 512, false});
  cache.wastedBytes = 512;
  cache.pagesEverUsed = 12;

  // Suggestions: A cannot move, B can move partly; A and B could overlap.
  analysis::DmaSuggestion a;
  a.dma = 0;
  a.issueIndex = 1;
  a.waitIndex = 4;
  a.stall = 124;
  a.pushLimit = 10;
  a.pushLimitInstructions = 1;
  a.target = 1;
  a.pagesNeeded = 8;
  a.freeRunPages = 16;
  a.verdict = analysis::Verdict::BlockedByDependency;
  a.reason = "its address comes from the movi at pc 0";
  a.relaxed.earliest = 1;
  a.relaxed.blocker = 0;
  a.conservative = a.relaxed;
  analysis::DmaSuggestion b;
  b.dma = 1;
  b.issueIndex = 2;
  b.waitIndex = 7;
  b.stall = 102;
  b.pushLimit = 12;
  b.pushLimitInstructions = 2;
  b.target = 0;
  b.hoistCycles = 12;
  b.hoistInstructions = 2;
  b.pagesNeeded = 16;
  b.freeRunPages = 16;
  b.verdict = analysis::Verdict::HoistPartly;
  b.expectedSaving = 12;
  b.reason = "nothing it reads is produced in the trace";
  b.relaxed.earliest = 0;
  b.relaxed.instructions = 2;
  b.relaxed.cycles = 12;
  b.conservative.earliest = 1;
  b.conservative.instructions = 1;
  b.conservative.cycles = 2;
  b.conservative.blocker = 0;
  r.suggestions.dmas = {a, b};
  analysis::ParallelDmaGroup group;
  group.dmas = {0, 1};
  group.expectedSaving = 100;
  group.hlo = 0;
  r.suggestions.parallelGroups.push_back(group);
  r.suggestions.totalExpectedSaving = 112;

  // The static view, from the same rows as the simulator would send them
  // (every PC executes once, so each static figure is its row's).
  sim::RunInfo run;
  run.model = &r.model;
  run.instructions = r.info.instructions.get();
  r.staticView.onRunStart(run);
  for (uint64_t i = 0; i < std::size(rows); ++i) {
    sim::IssueEvent event;
    event.index = i;
    event.cycle = rows[i].issue;
    event.ready = rows[i].ready;
    event.stall = rows[i].stall;
    event.kind = rows[i].kind;
    event.cause = rows[i].cause;
    r.staticView.onIssue(event);
  }
  r.staticView.onRunEnd(r.summary);
  r.staticView.finalize(r.dmas, r.dependencies, r.suggestions);
  return sample;
}

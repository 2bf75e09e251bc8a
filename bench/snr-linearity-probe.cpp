//===- snr-linearity-probe.cpp - Analyses on synthetic stress traces ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Builds synthetic traces of about N and 4N instructions that stress the
// parts of each analysis whose cost could grow faster than the trace, replays
// each with one analysis at a time, and marks exactly the analysis's own
// work (its listener callbacks; Suggestions::compute) for callgrind:
//
//   valgrind --tool=callgrind --collect-atstart=no \
//     snr-linearity-probe --sizes=10000,40000
//
// Collection is toggled on around every call into the analysis and the
// counters are dumped once per (analysis, size), labelled
// "<analysis>@<instructions>", so test/Analysis/check-linearity.py compares
// deterministic instruction counts, not wall time. With --trace it
// measures a recorded trace instead. Outside valgrind the client requests
// are no-ops; the probe then prints what each trace
// exercised (DMAs, stalls, pages, edges, suggestions), which the check also
// reads to make sure the stress is real.
//
// One block of the trace (repeated, addresses advancing with the block):
//   * a DMA hbm->vmem issued late (just before its wait): a stall charged to
//     it, a relaxed backtail through its address arithmetic back to the wait
//     of the previous block's write-back, a free-VMEM query;
//   * vector loads of every page it wrote, vector work, stores to scratch
//     pages spread over all of VMEM (every other block overwrites its own
//     stores unread: wasted transfers), matrix push/matmul/pop;
//   * a write-back DMA vmem->hbm over eight separate vector stores (a read
//     overlapping many spans of the dependency maps);
//   * two independent DMAs hbm->smem issued and waited one at a time (a
//     serial group for the suggestions), and smem store/load;
//   * a register chain through every block (s4: one dependency chain the
//     length of the trace), and a DMA on f4 that only the last instruction
//     waits for (a wait covering one DMA per block).
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/Replay.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define SNR_HAVE_CALLGRIND 1
#else
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(label) (void)(label)
#define SNR_HAVE_CALLGRIND 0
#endif

#include <cstdlib>

namespace cl = llvm::cl;
using namespace snr;
using arch::MemSpace;
using arch::Opcode;

static cl::OptionCategory category("snr-linearity-probe options");
static cl::list<uint64_t>
    sizes("sizes", cl::desc("approximate instruction counts of the traces"),
          cl::CommaSeparated, cl::cat(category));
static cl::opt<std::string>
    traceFile("trace",
              cl::desc("measure on this trace file instead of synthetic ones"),
              cl::value_desc("file"), cl::cat(category));
static cl::list<std::string>
    only("analysis",
         cl::desc("measure only these (dma-stalls, utilization, "
                  "utilization/windows-grow, data-cache, "
                  "data-cache/windows-grow, dependencies, suggestions)"),
         cl::CommaSeparated, cl::cat(category));

namespace {

//===----------------------------------------------------------------------===//
// The synthetic trace
//===----------------------------------------------------------------------===//

constexpr unsigned kPageBytes = 512;          // snr-ref's VMEM page
constexpr uint64_t kVmemPages = 128 * 256;    // snr-ref's VMEM
constexpr uint64_t kDmaBytes = 4096;          // eight pages
constexpr uint64_t kHbmIn = 1 << 20;          // block b reads kHbmIn + b*4K
constexpr unsigned kBlocksPerHlo = 32;

class TraceBuilder {
public:
  trace::Trace build(uint64_t approxInstructions) {
    trace::Trace t;
    t.header.machine = "snr-ref";
    t.header.program = "linearity_probe";
    t.fileName = "synthetic";
    instructions = &t.instructions;
    std::vector<uint64_t> blockStarts;
    for (uint64_t b = 0; t.instructions.size() < approxInstructions; ++b) {
      blockStarts.push_back(t.instructions.size());
      block(b);
    }
    dmaWait(4);
    // Straight-line: every instruction executes, PCs are indices.
    for (uint64_t i = 0; i < t.instructions.size(); ++i) {
      t.instructions[i].pc = i;
      std::string error = arch::validateInstruction(t.instructions[i]);
      if (!error.empty()) {
        llvm::errs() << "synthetic instruction " << i << ": " << error << "\n";
        std::exit(1);
      }
    }
    // One HLO per kBlocksPerHlo blocks.
    for (size_t b = 0; b < blockStarts.size(); b += kBlocksPerHlo) {
      uint64_t end = b + kBlocksPerHlo < blockStarts.size()
                         ? blockStarts[b + kBlocksPerHlo]
                         : t.instructions.size();
      t.header.hloMap.push_back({blockStarts[b], end,
                                 "hlo" + std::to_string(b / kBlocksPerHlo)});
    }
    t.outcomes.assign(t.instructions.size(), {});
    t.lines.assign(t.instructions.size(), 0);
    t.header.instructionCount = t.instructions.size();
    return t;
  }

private:
  arch::Instruction &emit(Opcode opcode) {
    instructions->emplace_back();
    instructions->back().opcode = opcode;
    return instructions->back();
  }
  static arch::MemOperand mem(MemSpace space, int base, int64_t offset) {
    arch::MemOperand operand;
    operand.space = space;
    operand.hasBase = base >= 0;
    operand.base = uint8_t(base < 0 ? 0 : base);
    operand.offset = offset;
    return operand;
  }
  void movi(unsigned rd, int64_t imm) {
    arch::Instruction &inst = emit(Opcode::MovI);
    inst.rd = uint8_t(rd);
    inst.imm = imm;
  }
  void addi(unsigned rd, unsigned rs1, int64_t imm) {
    arch::Instruction &inst = emit(Opcode::AddI);
    inst.rd = uint8_t(rd);
    inst.rs1 = uint8_t(rs1);
    inst.imm = imm;
  }
  void vector(Opcode opcode, unsigned rd, unsigned rs1, unsigned rs2) {
    arch::Instruction &inst = emit(opcode);
    inst.rd = uint8_t(rd);
    inst.rs1 = uint8_t(rs1);
    inst.rs2 = uint8_t(rs2);
  }
  void vld(unsigned rd, int base, int64_t offset) {
    arch::Instruction &inst = emit(Opcode::VLd);
    inst.rd = uint8_t(rd);
    inst.src = mem(MemSpace::VMem, base, offset);
  }
  void vst(unsigned rs1, int base, int64_t offset) {
    arch::Instruction &inst = emit(Opcode::VSt);
    inst.rs1 = uint8_t(rs1);
    inst.dst = mem(MemSpace::VMem, base, offset);
  }
  void dmaIssue(arch::MemOperand src, arch::MemOperand dst, uint64_t bytes,
                unsigned flag) {
    arch::Instruction &inst = emit(Opcode::DmaIssue);
    inst.src = src;
    inst.dst = dst;
    inst.imm = int64_t(bytes);
    inst.flag = uint8_t(flag);
  }
  void dmaWait(unsigned flag) { emit(Opcode::DmaWait).flag = uint8_t(flag); }

  /// The VMEM page of block b's scratch: spread over all of VMEM, away from
  /// its DMA buffer.
  static uint64_t scratchPage(uint64_t b) {
    return (b * 131 + kVmemPages / 2) % (kVmemPages - 8);
  }
  static uint64_t bufferPage(uint64_t b) {
    return (b * 8 * 37) % (kVmemPages - 8);
  }
  static uint64_t hbmIn(uint64_t b) { return kHbmIn + b * kDmaBytes; }

  void block(uint64_t b) {
    // Late DMA hbm->vmem: its source is the previous block's write-back.
    movi(1, int64_t(hbmIn(b)));
    addi(1, 1, -int64_t(kDmaBytes));
    movi(2, int64_t(bufferPage(b) * kPageBytes));
    dmaIssue(mem(MemSpace::Hbm, 1, 0), mem(MemSpace::VMem, 2, 0), kDmaBytes,
             1);
    vector(Opcode::VAdd, 10, 10, 11);
    vector(Opcode::VMul, 11, 11, 10);
    dmaWait(1);
    // Read every page of it, compute, and feed the matrix unit.
    for (unsigned p = 0; p < kDmaBytes / kPageBytes; ++p)
      vld(1 + p, 2, p * kPageBytes);
    vector(Opcode::VAdd, 9, 1, 2);
    vector(Opcode::VMul, 9, 9, 3);
    {
      arch::Instruction &push = emit(Opcode::MxuPush);
      push.imm = int64_t(b % arch::kMxuRows);
      push.rs1 = 4;
      arch::Instruction &matmul = emit(Opcode::MxuMatmul);
      matmul.rd = uint8_t(b % arch::kMxuResultSlots);
      matmul.rs1 = 5;
      arch::Instruction &pop = emit(Opcode::MxuPop);
      pop.rd = 12;
      pop.rs1 = uint8_t(b % arch::kMxuResultSlots);
    }
    // Eight stores to scratch; every other block overwrites them unread.
    movi(3, int64_t(scratchPage(b) * kPageBytes));
    for (unsigned k = 0; k < 8; ++k)
      vst(9, 3, k * 64);
    if (b % 2)
      for (unsigned k = 0; k < 8; ++k)
        vst(12, 3, k * 64);
    // Write-back over the eight stores' spans: block b+1 reads it.
    movi(5, int64_t(hbmIn(b)));
    dmaIssue(mem(MemSpace::VMem, 3, 0), mem(MemSpace::Hbm, 5, 0), kPageBytes,
             3);
    dmaWait(3);
    // Two independent small DMAs, issued and waited one at a time.
    movi(6, int64_t(0x40000000 + b * 64));
    dmaIssue(mem(MemSpace::Hbm, 6, 0), mem(MemSpace::SMem, -1, 0), 64, 2);
    dmaWait(2);
    dmaIssue(mem(MemSpace::Hbm, 6, 32768),
             mem(MemSpace::SMem, -1, 64 + int64_t(b % 64) * 64), 64, 2);
    dmaWait(2);
    // The chain through every block, through SMEM too.
    addi(4, 4, 1);
    addi(4, 4, 3);
    {
      arch::Instruction &st = emit(Opcode::St);
      st.rs1 = 4;
      st.dst = mem(MemSpace::SMem, -1, 8192 + int64_t(b % 256) * 4);
      arch::Instruction &ld = emit(Opcode::Ld);
      ld.rd = 7;
      ld.src = mem(MemSpace::SMem, -1, 8192 + int64_t(b % 256) * 4);
    }
    vector(Opcode::VAdd, 13, 13, 12);
    // A DMA only the end of the trace waits for.
    dmaIssue(mem(MemSpace::Hbm, 6, 65536), mem(MemSpace::Hbm, 6, 131072), 32,
             4);
  }

  std::vector<arch::Instruction> *instructions = nullptr;
};

//===----------------------------------------------------------------------===//
// Measuring
//===----------------------------------------------------------------------===//

/// Forwards every event to `inner` with callgrind collecting only inside.
class Collected : public sim::SimListener {
public:
  explicit Collected(sim::SimListener &inner) : inner(inner) {}
#define SNR_FORWARD(Method, Type)                                              \
  void Method(const Type &event) override {                                    \
    CALLGRIND_TOGGLE_COLLECT;                                                  \
    inner.Method(event);                                                       \
    CALLGRIND_TOGGLE_COLLECT;                                                  \
  }
  SNR_FORWARD(onRunStart, sim::RunInfo)
  SNR_FORWARD(onIssue, sim::IssueEvent)
  SNR_FORWARD(onRetire, sim::RetireEvent)
  SNR_FORWARD(onResourceBusy, sim::ResourceBusyEvent)
  SNR_FORWARD(onDmaIssue, sim::DmaIssueEvent)
  SNR_FORWARD(onDmaStart, sim::DmaProgressEvent)
  SNR_FORWARD(onDmaComplete, sim::DmaProgressEvent)
  SNR_FORWARD(onDmaWait, sim::DmaWaitEvent)
  SNR_FORWARD(onMemoryAccess, sim::MemoryAccessEvent)
  SNR_FORWARD(onRunEnd, sim::RunSummary)
#undef SNR_FORWARD

private:
  sim::SimListener &inner;
};

void replay(const trace::Trace &trace,
            llvm::ArrayRef<sim::SimListener *> listeners) {
  const sim::MachineModel &machine = sim::getDefaultMachineModel();
  sim::Simulator simulator(machine);
  sim::TimingRecorder recorder;
  simulator.addListener(&recorder);
  for (sim::SimListener *listener : listeners)
    simulator.addListener(listener);
  sim::ArchState state(machine.memory);
  replay::applySnapshot(trace, state);
  llvm::Expected<sim::RunSummary> summary = simulator.run(
      {trace.instructions, trace.outcomes, /*checkPcFlow=*/false}, &state);
  if (!summary) {
    llvm::errs() << "synthetic trace: " << llvm::toString(summary.takeError())
                 << "\n";
    std::exit(1);
  }
}

bool wanted(llvm::StringRef name) {
  return only.empty() || llvm::is_contained(only, name);
}

/// Zeroes the counters, runs `body` (which toggles collection itself), and
/// dumps them as "<name>@<instructions>"; prints what it exercised.
template <typename Fn>
void measure(llvm::StringRef name, uint64_t instructions, Fn body) {
  if (!wanted(name))
    return;
  std::string label = llvm::formatv("{0}@{1}", name, instructions).str();
  CALLGRIND_ZERO_STATS;
  std::string exercised = body();
  CALLGRIND_DUMP_STATS_AT(label.c_str());
  llvm::outs() << label << " " << exercised << "\n";
}

void probe(const trace::Trace &trace) {
  const analysis::TraceInfo info = analysis::TraceInfo::fromTrace(trace);
  const uint64_t n = trace.instructions.size();

  measure("timing-replay", n, [&] {
    // The simulator itself, timing only, no listener: all of it counted.
    sim::Simulator simulator(sim::getDefaultMachineModel());
    CALLGRIND_TOGGLE_COLLECT;
    llvm::Expected<sim::RunSummary> summary = simulator.run(
        {trace.instructions, trace.outcomes, /*checkPcFlow=*/false});
    CALLGRIND_TOGGLE_COLLECT;
    if (!summary) {
      llvm::errs() << llvm::toString(summary.takeError()) << "\n";
      std::exit(1);
    }
    return llvm::formatv("cycles={0}", summary->totalCycles).str();
  });
  measure("dma-stalls", n, [&] {
    analysis::DmaStallAnalysis a(info);
    Collected c(a);
    replay(trace, {&c});
    return llvm::formatv("dmas={0} stalled={1}", a.total.dmas,
                         a.total.stalledDmas)
        .str();
  });
  measure("utilization", n, [&] {
    analysis::UtilizationAnalysis a(info);
    Collected c(a);
    replay(trace, {&c});
    return llvm::formatv("windows={0} matrix-idle-on-dma={1}",
                         a.busy.empty() ? 0 : a.busy[0].size(),
                         a.matrixIdleOnDma.size())
        .str();
  });
  measure("utilization/windows-grow", n, [&] {
    // Fixed-length windows (snr-replay --window): their number grows with
    // the trace.
    analysis::UtilizationOptions options;
    options.windowCycles = 64;
    analysis::UtilizationAnalysis a(info, options);
    Collected c(a);
    replay(trace, {&c});
    return llvm::formatv("windows={0} matrix-idle-on-dma={1}",
                         a.busy.empty() ? 0 : a.busy[0].size(),
                         a.matrixIdleOnDma.size())
        .str();
  });
  measure("data-cache", n, [&] {
    analysis::DataCacheAnalysis a(info);
    Collected c(a);
    replay(trace, {&c});
    return llvm::formatv("pages={0} wasted={1} unread-at-end={2}",
                         a.pagesEverUsed, a.wasted.size(),
                         a.unreadAtEnd.size())
        .str();
  });
  measure("data-cache/windows-grow", n, [&] {
    // One window per 32 instructions (snr-replay --cache-windows).
    analysis::DataCacheOptions options;
    options.windows = unsigned(std::max<uint64_t>(1, n / 32));
    analysis::DataCacheAnalysis a(info, options);
    Collected c(a);
    replay(trace, {&c});
    return llvm::formatv("windows={0} pages={1} wasted={2}", a.numWindows,
                         a.pagesEverUsed, a.wasted.size())
        .str();
  });
  measure("dependencies", n, [&] {
    analysis::DependencyAnalysis a(info);
    Collected c(a);
    replay(trace, {&c});
    return llvm::formatv("edges={0}", a.getNumEdges()).str();
  });
  measure("suggestions", n, [&] {
    analysis::DmaStallAnalysis stalls(info);
    analysis::DataCacheAnalysis cache(info);
    analysis::DependencyAnalysis deps(info);
    replay(trace, {&stalls, &cache, &deps});
    analysis::Suggestions suggestions;
    CALLGRIND_TOGGLE_COLLECT;
    suggestions.compute(info, stalls, deps, cache);
    CALLGRIND_TOGGLE_COLLECT;
    size_t hoists = llvm::count_if(suggestions.dmas, [](const auto &s) {
      return s.verdict == analysis::Verdict::Hoist ||
             s.verdict == analysis::Verdict::HoistPartly;
    });
    return llvm::formatv("considered={0} hoists={1} parallel-groups={2}",
                         suggestions.dmas.size(), hoists,
                         suggestions.parallelGroups.size())
        .str();
  });
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Runs each analysis on synthetic stress traces, for callgrind\n");
  llvm::outs() << "callgrind-client-requests "
               << (SNR_HAVE_CALLGRIND ? "yes" : "no") << "\n";
  if (!traceFile.empty()) {
    llvm::Expected<trace::Trace> loaded = trace::loadTrace(traceFile);
    if (!loaded) {
      llvm::errs() << llvm::toString(loaded.takeError()) << "\n";
      return 1;
    }
    probe(*loaded);
    return 0;
  }
  if (sizes.empty())
    sizes.push_back(10000);
  for (uint64_t size : sizes)
    probe(TraceBuilder().build(size));
  return 0;
}

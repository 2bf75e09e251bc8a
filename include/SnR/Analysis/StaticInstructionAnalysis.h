//===- StaticInstructionAnalysis.h - The replay by static PC ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A trace is dynamic: an instruction in a loop body appears once per
// iteration. Users change static code, so this analysis folds the dynamic
// instances onto their PC:
//
//   - per static instruction: executions, the cycles the in-order issue
//     point advanced at it, stall cycles by kind (total, stalled executions,
//     max), and for each kind the instructions (by PC) the stall waited on;
//   - the bottleneck attribution of every stall: its reason (the stall kind
//     the timing model names: for snr a register not ready, with its
//     producer's latency; the unit busy, with its occupancy; a branch
//     refill; a fence; a DMA wait) and the producing instruction the
//     simulator names. Every stall cycle is attributed to exactly one reason,
//     so the attributions add up to the total stall;
//   - per HLO (of the stalled instruction), the dependencies that cost most:
//     producer PC -> consumer PC with the reason, total cycles and count;
//   - after the run (finalize), on a target with asynchronous copies, per
//     static dma.issue: instances, stall split, slack, relaxed backtail
//     (min / median), suggestion verdicts and saving; and the parallel DMA
//     groups folded by their tuple of issue PCs.
//
// docs/analyses.md ("Static view") has the definitions.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_STATICINSTRUCTIONANALYSIS_H
#define SNR_ANALYSIS_STATICINSTRUCTIONANALYSIS_H

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <vector>

namespace snr::analysis {

class DependencyAnalysis;
class DmaStallAnalysis;
class Suggestions;

/// Stall cycles of one kind at one static instruction.
struct StallStats {
  uint64_t total = 0; ///< cycles
  uint64_t count = 0; ///< executions that stalled for this kind
  uint64_t max = 0;   ///< the longest single stall
};

/// Stall cycles one static instruction spent waiting on another (by PC).
struct ProducerCycles {
  uint64_t pc = 0;
  uint64_t cycles = 0;
  uint64_t count = 0;
};

struct StaticInstruction {
  uint64_t pc = 0;
  /// Its mnemonic, latency and occupancy (InstructionDesc), from its first
  /// execution.
  llvm::StringRef mnemonic;
  unsigned latency = 0, occupancy = 0;
  /// The HLO and trace index of its first execution.
  HloId hlo = kNoHlo;
  uint64_t firstIndex = 0;
  uint64_t executions = 0; ///< times it issued (predicated-off included)
  uint64_t executed = 0;   ///< times its guard held
  /// Cycles the in-order issue point advanced to issue it: its issue cycle
  /// minus the previous instruction's (0 when it shared that cycle). Over
  /// every static instruction they add up to the last issue cycle.
  uint64_t issueCycles = 0;
  std::array<StallStats, sim::kMaxStallKinds> stalls{};
  /// Per stall kind, the instructions it waited on, most cycles first (at
  /// most kTopProducers); stalls without a producing instruction are not in
  /// them.
  std::array<llvm::SmallVector<ProducerCycles, 3>, sim::kMaxStallKinds>
      producers;

  uint64_t stallCycles() const {
    uint64_t sum = 0;
    for (const StallStats &s : stalls)
      sum += s.total;
    return sum;
  }
};

/// One dependency that stalled: `consumer` waited on `producer` (by PC).
struct Bottleneck {
  uint64_t producerPc = sim::kNoIndex; ///< kNoIndex: no producing instruction
  uint64_t consumerPc = 0;
  /// Mnemonics; the producer's is empty without one.
  llvm::StringRef producer, consumer;
  sim::StallKind kind = sim::kNoStall;
  /// The producer's result latency for a register stall (StallRole::
  /// Register), its occupancy for a busy resource (StallRole::Resource); 0
  /// otherwise.
  uint64_t latency = 0;
  uint64_t cycles = 0;
  uint64_t count = 0; ///< stalled executions
};

/// Per HLO of the stalled instruction, its costliest dependencies.
struct HloBottlenecks {
  HloId hlo = kNoHlo;
  uint64_t stallCycles = 0;
  std::vector<Bottleneck> chains; ///< most cycles first, at most kTopChains
};

/// The DMAs one static dma.issue started.
struct StaticDma {
  uint64_t pc = 0;
  HloId hlo = kNoHlo; ///< of its first instance
  std::vector<uint32_t> instances; ///< DMA ids, in issue order
  uint64_t bytes = 0;
  uint64_t baseStall = 0, transferStall = 0, slack = 0;
  uint64_t stalledInstances = 0;
  /// Relaxed backtail over the instances: minimum and (lower) median.
  uint64_t backtailMinInstructions = 0, backtailMedianInstructions = 0;
  uint64_t backtailMinCycles = 0, backtailMedianCycles = 0;
  /// Suggestions of its stalled instances, by Verdict.
  std::array<uint64_t, 4> verdicts{};
  uint64_t expectedSaving = 0;
  /// Indices into Suggestions::dmas of its instances, by expected saving,
  /// largest first.
  std::vector<uint32_t> suggestions;

  uint64_t stall() const { return baseStall + transferStall; }
};

/// Parallel DMA groups with the same issue PCs.
struct StaticParallelGroup {
  llvm::SmallVector<uint64_t, 4> pcs; ///< issue PCs, in issue order
  HloId hlo = kNoHlo;
  std::vector<uint32_t> groups; ///< indices into Suggestions::parallelGroups
  uint64_t expectedSaving = 0;

  /// "2009" for two DMAs of one loop body, "10, 20": each PC once, in
  /// order (pcs.size() says how many DMAs).
  std::string getDistinctPcs() const;
};

class StaticInstructionAnalysis : public sim::SimListener {
public:
  static constexpr unsigned kTopProducers = 3;
  static constexpr unsigned kTopChains = 5;

  explicit StaticInstructionAnalysis(const TraceInfo &info) : info(info) {}
  /// Its registration (SnR/Analysis/AnalysisSet.h).
  static const AnalysisInfo &getInfo();

  void onRunStart(const sim::RunInfo &run) override;
  void onIssue(const sim::IssueEvent &event) override;
  void onRunEnd(const sim::RunSummary &summary) override;

  /// Builds the static DMA and parallel-group tables, after the suggestions
  /// (a replay without asynchronous copies has none: they stay empty).
  void finalize(const DmaStallAnalysis &dmas, const DependencyAnalysis &deps,
                const Suggestions &suggestions);

  /// By PC, ascending.
  std::vector<StaticInstruction> instructions;
  /// Every stalled dependency, most cycles first.
  std::vector<Bottleneck> bottlenecks;
  /// By HLO in TraceInfo::hloNames order, then (no hlo); HLOs without stall
  /// left out.
  std::vector<HloBottlenecks> perHlo;
  /// Stall cycles by kind, and those with no producing instruction.
  std::array<uint64_t, sim::kMaxStallKinds> stallByKind{};
  uint64_t stallCycles = 0, unattributedCycles = 0;

  /// By PC, ascending.
  std::vector<StaticDma> dmas;
  /// Most expected saving first.
  std::vector<StaticParallelGroup> parallelGroups;

  /// The static instruction at `pc`, or null.
  const StaticInstruction *lookup(uint64_t pc) const;
  const StaticDma *lookupDma(uint64_t pc) const;

private:
  struct EdgeKey {
    uint64_t producerPc, consumerPc;
    unsigned kind;
    HloId hlo;
  };
  struct EdgeValue {
    uint64_t cycles = 0, count = 0;
  };

  const TraceInfo &info;
  /// The role of each stall kind of the run's model.
  std::array<sim::StallRole, sim::kMaxStallKinds> roles{};
  uint64_t lastIssue = 0;
  llvm::DenseMap<uint64_t, uint32_t> slotOfPc; ///< during the run
  /// (producer pc, consumer pc, kind, hlo) -> cycles, in first-seen order.
  std::vector<std::pair<EdgeKey, EdgeValue>> edges;
  llvm::DenseMap<std::pair<std::pair<uint64_t, uint64_t>,
                           std::pair<unsigned, unsigned>>,
                 uint32_t>
      edgeSlot;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_STATICINSTRUCTIONANALYSIS_H

//===- StaticInstructionAnalysis.cpp - The replay by static PC ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/StaticInstructionAnalysis.h"
#include "SnR/Analysis/DependencyAnalysis.h"
#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Analysis/Suggestions.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &StaticInstructionAnalysis::getInfo() {
  // Listens to the issues; folds the DMA rows once the suggestions are made,
  // on a target that has DMAs.
  static const AnalysisInfo info = [] {
    AnalysisInfo info = AnalysisInfo::get<StaticInstructionAnalysis>(
        "static", TargetFeature::None, {},
        [](const AnalysisContext &context) {
          return std::make_unique<StaticInstructionAnalysis>(context.info);
        },
        [](StaticInstructionAnalysis &staticView, const AnalysisSet &set,
           const AnalysisContext &) {
          const DmaStallAnalysis *dmas = set.find<DmaStallAnalysis>();
          const DependencyAnalysis *deps = set.find<DependencyAnalysis>();
          const Suggestions *suggestions = set.find<Suggestions>();
          if (dmas && deps && suggestions)
            staticView.finalize(*dmas, *deps, *suggestions);
        });
    info.optionalDependencies = {&DmaStallAnalysis::getInfo(),
                                 &DependencyAnalysis::getInfo(),
                                 &Suggestions::getInfo()};
    return info;
  }();
  return info;
}

std::string StaticParallelGroup::getDistinctPcs() const {
  std::string text;
  for (auto [i, pc] : llvm::enumerate(pcs))
    if (!llvm::is_contained(llvm::ArrayRef(pcs).take_front(i), pc))
      text += (text.empty() ? "" : ", ") + std::to_string(pc);
  return text;
}

void StaticInstructionAnalysis::onRunStart(const sim::RunInfo &run) {
  roles.fill(sim::StallRole::None);
  for (size_t k = 0; k < run.model->stallKinds.size() && k < roles.size(); ++k)
    roles[k] = run.model->stallKinds[k].role;
  instructions.clear();
  bottlenecks.clear();
  perHlo.clear();
  dmas.clear();
  parallelGroups.clear();
  edges.clear();
  edgeSlot.clear();
  slotOfPc.clear();
  stallByKind.fill(0);
  stallCycles = unattributedCycles = 0;
  lastIssue = 0;
}

/// The latency the reason of a stall names: the producer's result latency
/// for a register, its occupancy for a busy resource.
static uint64_t latencyOf(const StaticInstruction &producer,
                          sim::StallRole role) {
  if (role == sim::StallRole::Register)
    return producer.latency;
  if (role == sim::StallRole::Resource)
    return producer.occupancy;
  return 0;
}

void StaticInstructionAnalysis::onIssue(const sim::IssueEvent &event) {
  uint64_t pc = info.getPc(event.index);
  auto [it, inserted] = slotOfPc.try_emplace(pc, uint32_t(instructions.size()));
  if (inserted) {
    const sim::InstructionDesc &desc = info.getDesc(event.index);
    StaticInstruction entry;
    entry.pc = pc;
    entry.mnemonic = desc.mnemonic;
    entry.latency = desc.latency;
    entry.occupancy = desc.occupancy;
    entry.hlo = event.index < info.hloOf.size() ? info.hloOf[event.index]
                                                : kNoHlo;
    entry.firstIndex = event.index;
    instructions.push_back(std::move(entry));
  }
  StaticInstruction &entry = instructions[it->second];
  ++entry.executions;
  entry.executed += event.executed;
  entry.issueCycles += event.cycle - std::min(event.cycle, lastIssue);
  lastIssue = std::max(lastIssue, event.cycle);
  if (!event.stall)
    return;

  unsigned kind = event.kind;
  StallStats &stats = entry.stalls[kind];
  stats.total += event.stall;
  ++stats.count;
  stats.max = std::max(stats.max, event.stall);
  stallByKind[kind] += event.stall;
  stallCycles += event.stall;

  bool hasProducer = event.cause < info.getNumInstructions();
  if (!hasProducer)
    unattributedCycles += event.stall;
  uint64_t producerPc = hasProducer ? info.getPc(event.cause) : sim::kNoIndex;
  HloId hlo =
      event.index < info.hloOf.size() ? info.hloOf[event.index] : kNoHlo;
  auto key = std::make_pair(std::make_pair(producerPc, pc),
                            std::make_pair(kind, unsigned(hlo)));
  auto [edge, newEdge] = edgeSlot.try_emplace(key, uint32_t(edges.size()));
  if (newEdge)
    edges.push_back({EdgeKey{producerPc, pc, kind, hlo}, EdgeValue{}});
  EdgeValue &value = edges[edge->second].second;
  value.cycles += event.stall;
  ++value.count;
}

void StaticInstructionAnalysis::onRunEnd(const sim::RunSummary &) {
  // Producers of each static instruction, from the edges.
  llvm::DenseMap<uint64_t, uint32_t> indexOfPc;
  llvm::sort(instructions, [](const StaticInstruction &a,
                              const StaticInstruction &b) {
    return a.pc < b.pc;
  });
  for (uint32_t i = 0; i < instructions.size(); ++i)
    indexOfPc[instructions[i].pc] = i;
  slotOfPc.clear();

  // Fold the per-HLO edges into per-PC producer lists (over every HLO).
  std::map<std::tuple<uint64_t, unsigned, uint64_t>, ProducerCycles> byProducer;
  for (const auto &[key, value] : edges) {
    if (key.producerPc == sim::kNoIndex)
      continue;
    ProducerCycles &p =
        byProducer[{key.consumerPc, key.kind, key.producerPc}];
    p.pc = key.producerPc;
    p.cycles += value.cycles;
    p.count += value.count;
  }
  for (const auto &[key, producer] : byProducer) {
    StaticInstruction &entry = instructions[indexOfPc[std::get<0>(key)]];
    entry.producers[std::get<1>(key)].push_back(producer);
  }
  for (StaticInstruction &entry : instructions)
    for (auto &list : entry.producers) {
      llvm::stable_sort(list, [](const ProducerCycles &a,
                                 const ProducerCycles &b) {
        return a.cycles > b.cycles;
      });
      if (list.size() > kTopProducers)
        list.resize(kTopProducers);
    }

  // Bottlenecks over the whole run (HLOs merged) and per HLO.
  auto makeBottleneck = [&](const EdgeKey &key, const EdgeValue &value) {
    Bottleneck b;
    b.producerPc = key.producerPc;
    b.consumerPc = key.consumerPc;
    b.kind = sim::StallKind(key.kind);
    b.consumer = instructions[indexOfPc[key.consumerPc]].mnemonic;
    if (key.producerPc != sim::kNoIndex) {
      auto found = indexOfPc.find(key.producerPc);
      if (found != indexOfPc.end()) {
        const StaticInstruction &producer = instructions[found->second];
        b.producer = producer.mnemonic;
        b.latency = latencyOf(producer, roles[b.kind]);
      }
    }
    b.cycles = value.cycles;
    b.count = value.count;
    return b;
  };
  auto byCycles = [](const Bottleneck &a, const Bottleneck &b) {
    if (a.cycles != b.cycles)
      return a.cycles > b.cycles;
    return std::tie(a.consumerPc, a.producerPc) <
           std::tie(b.consumerPc, b.producerPc);
  };

  std::map<std::tuple<uint64_t, uint64_t, unsigned>, EdgeValue> merged;
  std::vector<HloBottlenecks> hlos(info.hloNames.size() + 1);
  for (const auto &[key, value] : edges) {
    EdgeValue &m = merged[{key.producerPc, key.consumerPc, key.kind}];
    m.cycles += value.cycles;
    m.count += value.count;
    HloBottlenecks &h =
        hlos[key.hlo == kNoHlo ? info.hloNames.size() : key.hlo];
    h.hlo = key.hlo;
    h.stallCycles += value.cycles;
    h.chains.push_back(makeBottleneck(key, value));
  }
  for (const auto &[key, value] : merged)
    bottlenecks.push_back(makeBottleneck(
        EdgeKey{std::get<0>(key), std::get<1>(key), std::get<2>(key), kNoHlo},
        value));
  llvm::sort(bottlenecks, byCycles);
  for (HloBottlenecks &h : hlos) {
    if (!h.stallCycles)
      continue;
    llvm::sort(h.chains, byCycles);
    if (h.chains.size() > kTopChains)
      h.chains.resize(kTopChains);
    perHlo.push_back(std::move(h));
  }
  edges.clear();
  edgeSlot.clear();
}

void StaticInstructionAnalysis::finalize(const DmaStallAnalysis &dmaStalls,
                                         const DependencyAnalysis &deps,
                                         const Suggestions &suggestions) {
  dmas.clear();
  parallelGroups.clear();
  std::map<uint64_t, StaticDma> byPc;
  for (const DmaRecord &dma : dmaStalls.dmas) {
    if (dma.issueIndex >= info.getNumInstructions())
      continue;
    uint64_t pc = info.getPc(dma.issueIndex);
    StaticDma &entry = byPc[pc];
    if (entry.instances.empty()) {
      entry.pc = pc;
      entry.hlo = dma.issueHlo;
    }
    entry.instances.push_back(dma.id);
    entry.bytes += dma.bytes;
    entry.baseStall += dma.baseStall;
    entry.transferStall += dma.transferStall;
    entry.slack += dma.slack;
    entry.stalledInstances += dma.stall() > 0;
  }
  for (uint32_t i = 0; i < suggestions.dmas.size(); ++i) {
    const DmaSuggestion &s = suggestions.dmas[i];
    if (s.issueIndex >= info.getNumInstructions())
      continue;
    auto it = byPc.find(info.getPc(s.issueIndex));
    if (it == byPc.end())
      continue;
    ++it->second.verdicts[unsigned(s.verdict)];
    it->second.expectedSaving += s.expectedSaving;
    it->second.suggestions.push_back(i);
  }

  // Backtails: from the dependency graph for every instance when it was
  // built (a functional replay), else from the suggestions that have one.
  const bool haveGraph = deps.issueCycle.size() == info.getNumInstructions();
  auto lowerMedian = [](std::vector<uint64_t> &values) -> uint64_t {
    if (values.empty())
      return 0;
    auto mid = values.begin() + (values.size() - 1) / 2;
    std::nth_element(values.begin(), mid, values.end());
    return *mid;
  };
  for (auto &[pc, entry] : byPc) {
    std::vector<uint64_t> insts, cycles;
    if (haveGraph) {
      for (uint32_t id : entry.instances) {
        Backtail b = deps.relaxedBacktail(dmaStalls.dmas[id].issueIndex);
        insts.push_back(b.instructions);
        cycles.push_back(b.cycles);
      }
    } else {
      for (uint32_t i : entry.suggestions) {
        insts.push_back(suggestions.dmas[i].relaxed.instructions);
        cycles.push_back(suggestions.dmas[i].relaxed.cycles);
      }
    }
    if (!insts.empty()) {
      entry.backtailMinInstructions = *llvm::min_element(insts);
      entry.backtailMinCycles = *llvm::min_element(cycles);
      entry.backtailMedianInstructions = lowerMedian(insts);
      entry.backtailMedianCycles = lowerMedian(cycles);
    }
    llvm::stable_sort(entry.suggestions, [&](uint32_t a, uint32_t b) {
      return suggestions.dmas[a].expectedSaving >
             suggestions.dmas[b].expectedSaving;
    });
    dmas.push_back(std::move(entry));
  }

  // Parallel groups, by their tuple of issue PCs.
  std::map<llvm::SmallVector<uint64_t, 4>, StaticParallelGroup> groups;
  for (uint32_t g = 0; g < suggestions.parallelGroups.size(); ++g) {
    const ParallelDmaGroup &group = suggestions.parallelGroups[g];
    llvm::SmallVector<uint64_t, 4> pcs;
    for (uint32_t id : group.dmas)
      if (id < dmaStalls.dmas.size())
        pcs.push_back(info.getPc(dmaStalls.dmas[id].issueIndex));
    StaticParallelGroup &entry = groups[pcs];
    if (entry.groups.empty()) {
      entry.pcs = pcs;
      entry.hlo = group.hlo;
    }
    entry.groups.push_back(g);
    entry.expectedSaving += group.expectedSaving;
  }
  for (auto &[pcs, group] : groups)
    parallelGroups.push_back(std::move(group));
  llvm::stable_sort(parallelGroups, [](const StaticParallelGroup &a,
                                       const StaticParallelGroup &b) {
    return a.expectedSaving > b.expectedSaving;
  });
}

const StaticInstruction *
StaticInstructionAnalysis::lookup(uint64_t pc) const {
  auto it = llvm::partition_point(
      instructions, [&](const StaticInstruction &s) { return s.pc < pc; });
  return it != instructions.end() && it->pc == pc ? &*it : nullptr;
}

const StaticDma *StaticInstructionAnalysis::lookupDma(uint64_t pc) const {
  auto it = llvm::partition_point(
      dmas, [&](const StaticDma &s) { return s.pc < pc; });
  return it != dmas.end() && it->pc == pc ? &*it : nullptr;
}

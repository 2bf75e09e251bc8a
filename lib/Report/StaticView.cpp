//===- StaticView.cpp - The replay by static PC, for every output ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/StaticView.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::report;
using analysis::StaticInstructionAnalysis;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// Bottlenecks and suggestions shown in the summary.
static constexpr unsigned kSummaryBottlenecks = 3;
/// Bottlenecks over the whole run in metrics.json.
static constexpr unsigned kMetricsBottlenecks = 20;

std::string
snr::report::describeBottleneck(const analysis::ReplayResults &results,
                                const analysis::Bottleneck &b) {
  std::string text;
  llvm::raw_string_ostream os(text);
  bool hasProducer = b.producerPc != sim::kNoIndex;
  const sim::ModelDescription &model = results.model;
  sim::StallRole role = model.getStallRole(b.kind);
  if (hasProducer)
    os << b.producer << " pc " << results.info.formatPc(b.producerPc) << " -> ";
  os << b.consumer << " pc " << results.info.formatPc(b.consumerPc) << " ("
     << (b.kind < model.stallKinds.size()
             ? llvm::StringRef(model.stallKinds[b.kind].reason)
             : llvm::StringRef("none"));
  if (role == sim::StallRole::Register && b.latency)
    os << ", latency " << b.latency;
  else if (role == sim::StallRole::Resource && b.latency)
    os << ", interval " << b.latency;
  // A producer at or after its consumer in the program ran in an earlier
  // iteration of the loop around both: a loop-carried dependence.
  if (hasProducer && b.producerPc >= b.consumerPc)
    os << ", previous iteration";
  if (!hasProducer)
    os << ", no producing instruction";
  os << "): " << formatCount(b.cycles) << " cycles over "
     << formatCount(b.count) << (b.count == 1 ? " execution" : " executions");
  // A DMA wait's stall cycles include those in which another constraint
  // held the wait too; the DMA stall (base latency + transfer) does not.
  if (role == sim::StallRole::CopyWait && hasProducer) {
    uint64_t dmaStall = 0;
    const analysis::TraceInfo &info = results.info;
    for (const analysis::DmaRecord &dma : results.dmas.dmas)
      if (dma.charged && dma.waitIndex != sim::kNoIndex &&
          info.getPc(dma.issueIndex) == b.producerPc &&
          info.getPc(dma.waitIndex) == b.consumerPc)
        dmaStall += dma.stall();
    if (dmaStall != b.cycles)
      os << " (DMA stall " << formatCount(dmaStall) << ")";
  }
  return text;
}

std::string snr::report::describeStaticDma(
    const analysis::ReplayResults &results, const analysis::StaticDma &dma) {
  std::string where = results.info.locatePc(dma.pc);
  return llvm::formatv("DMA at pc {0}{1} in {2}, {3} {4}, saves {5} cycles",
                       dma.pc, where.empty() ? "" : " (" + where + ")",
                       results.info.getHloName(dma.hlo),
                       formatCount(dma.instances.size()),
                       dma.instances.size() == 1 ? "instance" : "instances",
                       formatCount(dma.expectedSaving))
      .str();
}

std::string snr::report::describeStaticGroup(
    const analysis::ReplayResults &results,
    const analysis::StaticParallelGroup &group) {
  return llvm::formatv("{0} DMAs at pc {1} in {2}, {3} {4}, issuing them "
                       "together saves {5} cycles",
                       group.pcs.size(), group.getDistinctPcs(),
                       results.info.getHloName(group.hlo),
                       formatCount(group.groups.size()),
                       group.groups.size() == 1 ? "instance" : "instances",
                       formatCount(group.expectedSaving))
      .str();
}

static Value pcValue(uint64_t pc) {
  return pc == sim::kNoIndex ? Value(nullptr) : Value(int64_t(pc));
}

static Object bottleneckObject(const sim::ModelDescription &model,
                               const analysis::Bottleneck &b) {
  bool hasProducer = b.producerPc != sim::kNoIndex;
  return Object{{"producer_pc", pcValue(b.producerPc)},
                {"producer", hasProducer ? Value(b.producer) : Value(nullptr)},
                {"consumer_pc", int64_t(b.consumerPc)},
                {"consumer", b.consumer},
                {"reason", model.getStallKindName(b.kind)},
                {"latency", int64_t(b.latency)},
                {"cycles", int64_t(b.cycles)},
                {"executions", int64_t(b.count)}};
}

Object snr::report::buildStaticMetrics(const analysis::ReplayResults &results,
                                       const Selection &selection) {
  const analysis::TraceInfo &info = results.info;
  const sim::ModelDescription &model = results.model;
  const StaticInstructionAnalysis &view = results.staticView;
  Array instructions;
  for (const analysis::StaticInstruction &s : view.instructions) {
    if (!selection.containsInstruction(s.firstIndex))
      continue;
    Object stalls;
    for (unsigned k = 1; k < model.getNumStallKinds(); ++k) {
      const analysis::StallStats &st = s.stalls[k];
      if (!st.total)
        continue;
      Array producers;
      for (const analysis::ProducerCycles &p : s.producers[k])
        producers.push_back(Object{{"pc", int64_t(p.pc)},
                                   {"cycles", int64_t(p.cycles)},
                                   {"executions", int64_t(p.count)}});
      stalls[model.getStallKindName(k)] =
          Object{{"total", int64_t(st.total)},
                 {"executions", int64_t(st.count)},
                 {"mean", roundTo(double(st.total) / double(s.executions), 3)},
                 {"max", int64_t(st.max)},
                 {"producers", std::move(producers)}};
    }
    // One row per static instruction: held compactly (Format.h).
    instructions.push_back(
        compactObject(Object{{"pc", int64_t(s.pc)},
                             {"opcode", s.mnemonic},
                             {"hlo", info.getHloName(s.hlo)},
                             {"executions", int64_t(s.executions)},
                             {"executed", int64_t(s.executed)},
                             {"issue_cycles", int64_t(s.issueCycles)},
                             {"stall_cycles", int64_t(s.stallCycles())},
                             {"stalls", std::move(stalls)}}));
  }

  Array dmas;
  for (const analysis::StaticDma &d : view.dmas) {
    bool selected = false;
    for (uint32_t id : d.instances)
      selected |= selection.containsDma(id);
    if (!selected)
      continue;
    Object verdicts;
    for (unsigned v = 0; v < d.verdicts.size(); ++v)
      verdicts[analysis::getVerdictName(analysis::Verdict(v))] =
          int64_t(d.verdicts[v]);
    Array ids;
    for (uint32_t id : d.instances)
      ids.push_back(int64_t(id));
    dmas.push_back(compactObject(Object{
        {"pc", int64_t(d.pc)},
        {"hlo", info.getHloName(d.hlo)},
        {"instances", int64_t(d.instances.size())},
        {"stalled_instances", int64_t(d.stalledInstances)},
        {"bytes", int64_t(d.bytes)},
        {"base_stall", int64_t(d.baseStall)},
        {"transfer_stall", int64_t(d.transferStall)},
        {"stall", int64_t(d.stall())},
        {"slack", int64_t(d.slack)},
        {"backtail",
         Object{{"min_instructions", int64_t(d.backtailMinInstructions)},
                {"median_instructions", int64_t(d.backtailMedianInstructions)},
                {"min_cycles", int64_t(d.backtailMinCycles)},
                {"median_cycles", int64_t(d.backtailMedianCycles)}}},
        {"verdicts", std::move(verdicts)},
        {"expected_saving", int64_t(d.expectedSaving)},
        {"dma_ids", std::move(ids)}}));
  }

  Array groups;
  for (const analysis::StaticParallelGroup &g : view.parallelGroups) {
    Array pcs;
    for (uint64_t pc : g.pcs)
      pcs.push_back(int64_t(pc));
    groups.push_back(Object{{"issue_pcs", std::move(pcs)},
                            {"hlo", info.getHloName(g.hlo)},
                            {"instances", int64_t(g.groups.size())},
                            {"expected_saving", int64_t(g.expectedSaving)}});
  }
  return Object{{"instructions", std::move(instructions)},
                {"dmas", std::move(dmas)},
                {"parallel_groups", std::move(groups)}};
}

Object
snr::report::buildBottleneckMetrics(const analysis::ReplayResults &results) {
  const StaticInstructionAnalysis &view = results.staticView;
  const sim::ModelDescription &model = results.model;
  Object byReason;
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    byReason[model.getStallKindName(k)] = int64_t(view.stallByKind[k]);
  Array top;
  for (size_t i = 0; i < view.bottlenecks.size() && i < kMetricsBottlenecks;
       ++i)
    top.push_back(bottleneckObject(model, view.bottlenecks[i]));
  Array perHlo;
  for (const analysis::HloBottlenecks &h : view.perHlo) {
    Array chains;
    for (const analysis::Bottleneck &b : h.chains)
      chains.push_back(bottleneckObject(model, b));
    perHlo.push_back(Object{{"hlo", results.info.getHloName(h.hlo)},
                            {"stall_cycles", int64_t(h.stallCycles)},
                            {"chains", std::move(chains)}});
  }
  return Object{
      {"stall_cycles", int64_t(view.stallCycles)},
      {"with_producer", int64_t(view.stallCycles - view.unattributedCycles)},
      {"without_producer", int64_t(view.unattributedCycles)},
      {"by_reason", std::move(byReason)},
      {"top", std::move(top)},
      {"per_hlo", std::move(perHlo)}};
}

void snr::report::printStaticSummary(const analysis::ReplayResults &results,
                                     const Selection &selection,
                                     const ReportFigures &fig,
                                     llvm::raw_ostream &os,
                                     const ReportOptions &options) {
  const StaticInstructionAnalysis &view = results.staticView;
  const analysis::Suggestions &suggestions = results.suggestions;
  const analysis::TraceInfo &info = results.info;

  // Suggestions, one line per static dma.issue.
  std::vector<const analysis::StaticDma *> useful;
  for (const analysis::StaticDma &d : view.dmas) {
    if (!d.expectedSaving)
      continue;
    bool selected = false;
    for (uint32_t id : d.instances)
      selected |= selection.containsDma(id);
    if (selected)
      useful.push_back(&d);
  }
  llvm::stable_sort(useful, [](const analysis::StaticDma *a,
                               const analysis::StaticDma *b) {
    return a->expectedSaving > b->expectedSaving;
  });
  if (useful.empty()) {
    fig.printNoUsefulSuggestion(results.model, os);
  } else {
    os << llvm::formatv("  top suggestions by static DMA (together up to {0} "
                        "cycles, {1} of the run; savings may overlap; "
                        "--per-instance lists each DMA):\n",
                        formatCount(fig.expectedSaving),
                        formatPercent(fig.cycles ? double(fig.expectedSaving) /
                                                       double(fig.cycles)
                                                 : 0));
    for (size_t i = 0; i < useful.size() && i < options.summarySuggestions;
         ++i) {
      const analysis::StaticDma &d = *useful[i];
      os << llvm::formatv("    {0}. {1}", i + 1, describeStaticDma(results, d));
      llvm::SmallVector<std::string, 4> verdicts;
      for (unsigned v = 0; v < d.verdicts.size(); ++v)
        if (d.verdicts[v])
          verdicts.push_back(llvm::formatv(
              "{0} {1}", analysis::getVerdictName(analysis::Verdict(v)),
              d.verdicts[v]));
      os << " (" << llvm::join(verdicts, ", ");
      if (!d.suggestions.empty()) {
        const analysis::DmaSuggestion &best = suggestions.dmas[d.suggestions[0]];
        if (best.target < info.getNumInstructions())
          os << "; best: to before pc " << info.getPc(best.target);
      }
      os << ")\n";
    }
    if (useful.size() > options.summarySuggestions)
      os << llvm::formatv("    ... and {0} more static DMAs\n",
                          useful.size() - options.summarySuggestions);
  }

  // Static groups with a selected instance (most saving first).
  llvm::DenseSet<uint32_t> selectedGroups(fig.groupsBySaving.begin(),
                                          fig.groupsBySaving.end());
  std::vector<const analysis::StaticParallelGroup *> groups;
  for (const analysis::StaticParallelGroup &g : view.parallelGroups)
    if (llvm::any_of(g.groups,
                     [&](uint32_t i) { return selectedGroups.count(i); }))
      groups.push_back(&g);
  if (!groups.empty())
    os << llvm::formatv("  {0} group(s) of DMAs issued one at a time though "
                        "independent, from {1} static group(s); the largest: "
                        "{2}\n",
                        fig.groupsBySaving.size(), groups.size(),
                        describeStaticGroup(results, *groups.front()));

  // Bottlenecks of the selected instructions.
  std::vector<const analysis::Bottleneck *> chains;
  uint64_t stallCycles = 0, withProducer = 0;
  std::array<uint64_t, sim::kMaxStallKinds> stallByKind{};
  for (const analysis::Bottleneck &b : view.bottlenecks) {
    const analysis::StaticInstruction *consumer = view.lookup(b.consumerPc);
    if (!consumer || !selection.containsInstruction(consumer->firstIndex))
      continue;
    chains.push_back(&b);
    stallCycles += b.cycles;
    stallByKind[b.kind] += b.cycles;
    if (b.producerPc != sim::kNoIndex)
      withProducer += b.cycles;
  }
  if (!chains.empty()) {
    os << llvm::formatv("  top bottlenecks ({0} stall cycles, {1} of them "
                        "with a producing instruction):\n",
                        formatCount(stallCycles), formatCount(withProducer));
    std::array<bool, sim::kMaxStallKinds> shown{};
    for (size_t i = 0; i < chains.size() && i < kSummaryBottlenecks; ++i) {
      os << "    " << describeBottleneck(results, *chains[i]) << "\n";
      shown[chains[i]->kind] = true;
    }
    // A reason with at least a tenth of the stall is spread over many
    // small dependencies (a register stall in every loop iteration): its
    // largest one too.
    for (unsigned k = 1; k < results.model.getNumStallKinds(); ++k) {
      if (shown[k] || stallByKind[k] * 10 < stallCycles)
        continue;
      for (const analysis::Bottleneck *b : chains)
        if (unsigned(b->kind) == k) {
          os << llvm::formatv("    largest {0} stall ({1} cycles in all): ",
                              results.model.getStallKindName(k),
                              formatCount(stallByKind[k]))
             << describeBottleneck(results, *b) << "\n";
          break;
        }
    }
  }
}

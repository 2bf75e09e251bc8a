//===- VectorStalls.cpp - Vector-unit stall cycles per HLO ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An SnR analysis plugin: the cycles vector-unit instructions waited before
// issuing, per HLO and per stall kind. It names no ISA type: the run tells
// it which resource is "vector" and what its stall kinds are called. It is
// registered as a built-in analysis is (docs/analyses.md, "Adding an
// analysis"): the analysis class registers itself (getInfo), its view names
// it and renders it, and the plugin's entry point adds the view where a
// built-in one has its line of AnalysisViews.def.
//
//   snr-replay trace.jsonl -o out --load-analysis=VectorStalls.so
//
// prints a table after snr-replay's summary and puts its result into
// out/metrics.json, under plugins.vector-stalls.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisPlugin.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

using namespace snr;

namespace {
/// Stall cycles of one instruction, by kind.
using StallCycles = std::array<uint64_t, sim::kMaxStallKinds>;

/// Listens to issues; charges every stalled vector-unit instruction's
/// cycles to it. Results are grouped by HLO when reported (the listener sees
/// instruction indices; TraceInfo knows their HLOs).
class VectorStallAnalysis : public sim::SimListener {
public:
  /// Its registration: a name, what it needs of the target (nothing: every
  /// ISA issues instructions), no dependencies, and how a replay creates it.
  static const analysis::AnalysisInfo &getInfo() {
    static const analysis::AnalysisInfo info =
        analysis::AnalysisInfo::get<VectorStallAnalysis>(
            "vector-stalls", analysis::TargetFeature::None, {},
            [](const analysis::AnalysisContext &) {
              return std::make_unique<VectorStallAnalysis>();
            });
    return info;
  }

  void onRunStart(const sim::RunInfo &run) override {
    vector = run.model->findResource("vector");
    kindNames.clear();
    for (const sim::StallKindInfo &kind : run.model->stallKinds)
      kindNames.push_back(kind.name);
  }
  void onIssue(const sim::IssueEvent &event) override {
    bool isVector = event.resource == vector;
    ++issued[isVector];
    if (!isVector || event.stall == 0)
      return;
    stalls[event.index][event.kind] += event.stall;
  }

  /// Per HLO (by id), its vector instructions' stall cycles, heaviest first.
  std::vector<std::pair<analysis::HloId, StallCycles>>
  byHlo(const analysis::TraceInfo &info) const {
    llvm::DenseMap<analysis::HloId, StallCycles> perHlo;
    for (const auto &[index, cycles] : stalls) {
      StallCycles &sum = perHlo[info.hloOf[index]];
      for (unsigned kind = 0; kind < sim::kMaxStallKinds; ++kind)
        sum[kind] += cycles[kind];
    }
    std::vector<std::pair<analysis::HloId, StallCycles>> sorted(perHlo.begin(),
                                                                perHlo.end());
    std::sort(sorted.begin(), sorted.end(), [&](const auto &a, const auto &b) {
      uint64_t ta = total(a.second), tb = total(b.second);
      if (ta != tb)
        return ta > tb;
      return info.getHloName(a.first) < info.getHloName(b.first);
    });
    return sorted;
  }

  static uint64_t total(const StallCycles &cycles) {
    uint64_t sum = 0;
    for (uint64_t c : cycles)
      sum += c;
    return sum;
  }

  /// Instructions issued on other units ([0]) and on the vector unit ([1]).
  uint64_t issued[2] = {0, 0};
  /// The run's stall kinds' names, by kind.
  std::vector<std::string> kindNames;

private:
  sim::ResourceId vector = sim::kNoResource;
  llvm::DenseMap<uint64_t, StallCycles> stalls;
};

/// How the analysis shows: after snr-replay's summary (under a heading with
/// its name), and as metrics.json's plugins.vector-stalls.
class VectorStallsView : public report::AnalysisView {
public:
  llvm::StringRef getName() const override { return "vector-stalls"; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&VectorStallAnalysis::getInfo());
  }

  void printSummary(const report::ViewContext &context,
                    llvm::raw_ostream &os) const override {
    const auto &stalls = context.results.get<VectorStallAnalysis>();
    const analysis::TraceInfo &info = context.results.info;
    os << "  " << stalls.issued[1] << " vector instruction(s) of "
       << (stalls.issued[0] + stalls.issued[1]) << "\n";
    for (const auto &[hlo, cycles] : stalls.byHlo(info)) {
      os << "  " << llvm::left_justify(info.getHloName(hlo), 24)
         << llvm::format_decimal(VectorStallAnalysis::total(cycles), 8)
         << " stall cycles";
      for (unsigned kind = 0; kind < stalls.kindNames.size(); ++kind)
        if (cycles[kind])
          os << ", " << stalls.kindNames[kind] << " " << cycles[kind];
      os << "\n";
    }
  }

  void addMetrics(const report::ViewContext &context,
                  llvm::json::Object &metrics) const override {
    const auto &stalls = context.results.get<VectorStallAnalysis>();
    const analysis::TraceInfo &info = context.results.info;
    llvm::json::Array hlos;
    for (const auto &[hlo, cycles] : stalls.byHlo(info)) {
      llvm::json::Object byKind;
      for (unsigned kind = 0; kind < stalls.kindNames.size(); ++kind)
        if (cycles[kind])
          byKind[stalls.kindNames[kind]] = int64_t(cycles[kind]);
      hlos.push_back(llvm::json::Object{
          {"hlo", info.getHloName(hlo)},
          {"stall_cycles", int64_t(VectorStallAnalysis::total(cycles))},
          {"by_kind", std::move(byKind)}});
    }
    metrics["vector_instructions"] = int64_t(stalls.issued[1]);
    metrics["hlos"] = std::move(hlos);
  }
};
} // namespace

static void registerAnalyses(report::AnalysisRegistry &registry) {
  registry.add(std::make_unique<VectorStallsView>());
}

extern "C" LLVM_ATTRIBUTE_WEAK report::AnalysisPluginInfo
snrGetAnalysisPlugin() {
  return {SNR_ANALYSIS_PLUGIN_API_VERSION, SNR_VERSION_STRING,
          registerAnalyses};
}

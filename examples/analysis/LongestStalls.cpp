//===- LongestStalls.cpp - The three longest single stalls ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The worked example of docs/analyses.md, "Adding an analysis": one file
// with the analysis (a listener that registers itself), its view, and the
// line that registers the view. Built as a plugin by the test suite
// (test/Analysis/example-analysis.test):
//
//   snr-replay trace.jsonl -o out --load-analysis=SnRExampleLongestStalls.so
//
// prints, after the summary, the three instructions that stalled longest
// (one stall each, not summed over a static PC), and writes them into
// metrics.json as plugins.longest-stalls.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisPlugin.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/Support/Compiler.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

using namespace snr;

namespace {

/// 1. The analysis: a plain class that listens to the simulator's issue
/// events and keeps the longest stalls.
class LongestStallsAnalysis : public sim::SimListener {
public:
  static constexpr size_t kKept = 3;

  /// Its registration, in one place: its name, what it needs of the
  /// target (nothing: every ISA stalls), the analyses it reads (none), and
  /// how a replay creates it.
  static const analysis::AnalysisInfo &getInfo() {
    static const analysis::AnalysisInfo info =
        analysis::AnalysisInfo::get<LongestStallsAnalysis>(
            "longest-stalls", analysis::TargetFeature::None, {},
            [](const analysis::AnalysisContext &) {
              return std::make_unique<LongestStallsAnalysis>();
            });
    return info;
  }

  void onIssue(const sim::IssueEvent &event) override {
    if (event.stall == 0)
      return;
    stalls.push_back({event.index, event.stall, event.kind});
    // Longest first; of equal stalls, the earlier one.
    std::stable_sort(
        stalls.begin(), stalls.end(),
        [](const Stall &a, const Stall &b) { return a.cycles > b.cycles; });
    if (stalls.size() > kKept)
      stalls.pop_back();
  }

  struct Stall {
    uint64_t index;
    uint64_t cycles;
    sim::StallKind kind;
  };
  /// At most kKept, longest first.
  std::vector<Stall> stalls;
};

/// 2. Its view: the analysis it renders, and how it shows in the summary,
/// metrics.json and snr-opt --snr-test-print-analyses.
class LongestStallsView : public report::AnalysisView {
public:
  llvm::StringRef getName() const override { return "longest-stalls"; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&LongestStallsAnalysis::getInfo());
  }

  void printSummary(const report::ViewContext &context,
                    llvm::raw_ostream &os) const override {
    const analysis::ReplayResults &results = context.results;
    for (const LongestStallsAnalysis::Stall &stall :
         results.get<LongestStallsAnalysis>().stalls)
      os << llvm::formatv(
          "  {0,6} cycles of {1} at {2}, in {3}\n", stall.cycles,
          results.model.getStallKindName(stall.kind), results.info.describe(stall.index),
          results.info.getHloName(results.info.hloOf[stall.index]));
  }

  void addMetrics(const report::ViewContext &context,
                  llvm::json::Object &metrics) const override {
    const analysis::ReplayResults &results = context.results;
    llvm::json::Array stalls;
    for (const LongestStallsAnalysis::Stall &stall :
         results.get<LongestStallsAnalysis>().stalls)
      stalls.push_back(llvm::json::Object{
          {"pc", int64_t(results.info.instructions->getPc(stall.index))},
          {"cycles", int64_t(stall.cycles)},
          {"kind", results.model.getStallKindName(stall.kind)}});
    metrics["stalls"] = std::move(stalls);
  }

  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override {
    for (const LongestStallsAnalysis::Stall &stall :
         results.get<LongestStallsAnalysis>().stalls)
      os << "longest-stall #" << stall.index << " " << stall.cycles << " "
         << results.model.getStallKindName(stall.kind) << "\n";
  }
};

} // namespace

/// 3. The line that registers it. Built into SnR, this file would live in
/// lib/Report/Views/ and this line would be `SNR_ANALYSIS_VIEW(...)` in
/// AnalysisViews.def; as a plugin, its entry point adds the view.
static void registerAnalyses(report::AnalysisRegistry &registry) {
  registry.add(std::make_unique<LongestStallsView>());
}

extern "C" LLVM_ATTRIBUTE_WEAK report::AnalysisPluginInfo
snrGetAnalysisPlugin() {
  return {SNR_ANALYSIS_PLUGIN_API_VERSION, SNR_VERSION_STRING,
          registerAnalyses};
}

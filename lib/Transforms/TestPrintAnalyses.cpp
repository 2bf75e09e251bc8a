//===- TestPrintAnalyses.cpp - Print every analysis' results --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Pipeline/PassOptions.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

namespace snr {
#define GEN_PASS_DEF_SNRTESTPRINTANALYSES
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;
using namespace snr::analysis;

namespace {
struct TestPrintAnalysesPass
    : snr::impl::SnRTestPrintAnalysesBase<TestPrintAnalysesPass> {
  TestPrintAnalysesPass() = default;
  TestPrintAnalysesPass(const TestPrintAnalysesPass &other)
      : SnRTestPrintAnalysesBase(other) {}

  /// `machine=`, `window=`, `cache-windows=`, `max-slice=`
  /// (SnR/Pipeline/Options.def).
  pipeline::MachinePassOptions machineOptions{*this};
  pipeline::AnalysisPassOptions analysisOptions{*this};

  void runOnOperation() override {
    llvm::Expected<AnalysisOptions> options =
        analysisOptions.getValues().getAnalysisOptions(
            pipeline::OptionSpelling::Pass);
    if (!options) {
      getOperation()->emitError(llvm::toString(options.takeError()));
      return signalPassFailure();
    }
    std::optional<TraceReplayAnalysis> local;
    const TraceReplayAnalysis *replay =
        TraceReplayAnalysis::get(getAnalysisManager(), getOperation(),
                                 machineOptions.machineFile, *options, local);
    if (!replay)
      return signalPassFailure();
    // Every analysis prints itself, in the order of the reports.
    for (const std::unique_ptr<report::AnalysisView> &view :
         report::createBuiltinViews())
      view->printTest(replay->getResults(), llvm::outs());
    markAllAnalysesPreserved();
  }
};
} // namespace

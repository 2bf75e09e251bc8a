//===- TestPrintAnalyses.cpp - Print every analysis' results --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "ReplayTrace.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
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
  using SnRTestPrintAnalysesBase::SnRTestPrintAnalysesBase;

  void runOnOperation() override {
    if (llvm::Error error = checkCacheWindows(cacheWindows, "cache-windows")) {
      getOperation()->emitError(llvm::toString(std::move(error)));
      return signalPassFailure();
    }
    AnalysisOptions options;
    options.utilization.windowCycles = windowCycles;
    options.dataCache.windows = cacheWindows;
    std::optional<TraceReplayAnalysis> local;
    const TraceReplayAnalysis *replay = getTraceReplay(
        getAnalysisManager(), getOperation(), machineFile, options, local);
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

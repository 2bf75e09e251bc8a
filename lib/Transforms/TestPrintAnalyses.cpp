//===- TestPrintAnalyses.cpp - Print every analysis' results --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "ReplayTrace.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Transforms/Passes.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace snr {
#define GEN_PASS_DEF_SNRTESTPRINTANALYSES
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;
using namespace snr::analysis;

namespace {
void printTotals(llvm::raw_ostream &os, const DmaTotals &t) {
  os << "dmas " << t.dmas << " bytes " << t.bytes << " stalled "
     << t.stalledDmas << " base " << t.baseStall << " transfer "
     << t.transferStall << " slack " << t.slack << "\n";
}

void printResults(llvm::raw_ostream &os, const ReplayResults &r) {
  const TraceInfo &info = r.info;
  os << "run cycles " << r.summary.totalCycles << " last-dma "
     << r.summary.lastDmaCycle << "\n";

  const DmaStallAnalysis &d = r.dmas;
  for (const DmaRecord &dma : d.dmas) {
    os << "dma " << dma.id << " issue #" << dma.issueIndex << " link "
       << d.linkNames[dma.link] << " bytes " << dma.bytes << " cycles "
       << dma.issueCycle << " " << dma.baseEndCycle << " " << dma.startCycle
       << " " << dma.completeCycle;
    if (dma.waitIndex != sim::kNoIndex)
      os << " wait #" << dma.waitIndex << " ready " << dma.waitReadyCycle
         << " issue " << dma.waitIssueCycle;
    os << " base " << dma.baseStall << " transfer " << dma.transferStall
       << " slack " << dma.slack << (dma.charged ? " charged" : "")
       << " hlo " << info.getHloName(dma.issueHlo) << " -> "
       << info.getHloName(dma.waitHlo) << (dma.crossesHlo() ? " cross" : "")
       << "\n";
  }
  os << "dma-total ";
  printTotals(os, d.total);
  for (size_t l = 0; l < d.perLink.size(); ++l)
    if (d.perLink[l].dmas) {
      os << "dma-link " << d.linkNames[l] << " ";
      printTotals(os, d.perLink[l]);
    }
  for (size_t h = 0; h < d.perHlo.size(); ++h)
    if (d.perHlo[h].dmas) {
      os << "dma-hlo "
         << info.getHloName(h < info.hloNames.size() ? HloId(h) : kNoHlo)
         << " ";
      printTotals(os, d.perHlo[h]);
    }

  const UtilizationAnalysis &u = r.utilization;
  os << "util window " << u.windowCycles << " total " << u.totalCycles << "\n";
  for (size_t res = 0; res < u.resources.size(); ++res) {
    os << "util " << u.resources[res]
       << llvm::format(" overall %.3f windows", u.overall[res]);
    for (double busy : u.busy[res])
      os << llvm::format(" %.3f", busy);
    os << "\n";
  }
  for (size_t h = 0; h < u.perHlo.size(); ++h) {
    const UtilizationAnalysis::HloUtilization &hlo = u.perHlo[h];
    os << "util-hlo " << info.hloNames[h] << " span " << hlo.firstIssue
       << "-" << hlo.lastReady;
    for (unsigned res = 0; res < UtilizationAnalysis::kNumUnitResources; ++res)
      os << " " << u.resources[res]
         << llvm::format(" %.3f", hlo.fraction(res));
    os << "\n";
  }
  for (const MatrixIdleOnDma &idle : u.matrixIdleOnDma)
    os << "matrix-idle-on-dma [" << idle.begin << ", " << idle.end
       << ") wait #" << idle.waitIndex << " dma " << idle.dma << "\n";
  os << "matrix-idle-on-dma-cycles " << u.matrixIdleOnDmaCycles << "\n";

  const DataCacheAnalysis &c = r.dataCache;
  os << "cache pages " << c.numPages << " page-bytes " << c.pageBytes
     << " window " << c.windowCycles << " windows " << c.numWindows
     << " used " << c.pagesEverUsed << " peak " << c.peakOccupiedPages
     << llvm::format(" median-free %.1f median-largest-free %.1f",
                     c.medianFreePages, c.medianLargestFreeRun)
     << "\n";
  os << "cache occupied";
  for (uint32_t pages : c.occupiedPages)
    os << " " << pages;
  os << "\ncache largest-free";
  for (uint32_t pages : c.largestFreeRun)
    os << " " << pages;
  os << "\n";
  for (unsigned w = 0; w < c.numWindows; ++w) {
    os << "cache heat " << w;
    for (unsigned b = 0; b < c.numBlocks; ++b)
      if (uint16_t live = c.livePagesPerBlock[size_t(w) * c.numBlocks + b])
        os << " b" << b << ":" << live;
    os << "\n";
  }
  for (const WastedTransfer &w : c.wasted)
    os << "cache wasted #" << w.index << " bytes " << w.bytes << " first-page "
       << w.firstPage << (w.isDma ? " dma" : "") << "\n";
  os << "cache wasted-bytes " << c.wastedBytes << "\n";
  for (const WastedTransfer &w : c.unreadAtEnd)
    os << "cache unread-at-end #" << w.index << " bytes " << w.bytes
       << " first-page " << w.firstPage << (w.isDma ? " dma" : "") << "\n";
  os << "cache unread-at-end-bytes " << c.unreadAtEndBytes << "\n";

  for (const DmaSuggestion &s : r.suggestions.dmas)
    os << "suggest dma " << s.dma << " " << getVerdictName(s.verdict)
       << " stall " << s.stall << " push-limit " << s.pushLimit << " ("
       << s.pushLimitInstructions << " instructions) target #" << s.target
       << " hoist " << s.hoistInstructions << " / " << s.hoistCycles
       << " pages " << s.pagesNeeded << " free " << s.freeRunPages
       << " saving " << s.expectedSaving << ": " << s.reason << "\n";
  for (const ParallelDmaGroup &g : r.suggestions.parallelGroups) {
    os << "parallel-group dmas";
    for (uint32_t id : g.dmas)
      os << " " << id;
    os << " saving " << g.expectedSaving << " hlo " << info.getHloName(g.hlo)
       << "\n";
  }
}

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
    printResults(llvm::outs(), replay->getResults());
    markAllAnalysesPreserved();
  }
};
} // namespace

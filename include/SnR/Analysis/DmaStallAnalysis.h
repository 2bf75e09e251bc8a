//===- DmaStallAnalysis.h - Where DMA waits lost time -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Per DMA: its issue, transfer start, completion, the wait that covered it,
// and how that wait's time splits into base-latency stall, transfer stall or
// slack (docs/analyses.md); the HLO of the issue and of the wait, so DMAs
// whose wait is in another HLO (cross-HLO prefetch opportunities) show.
// Totals per HLO (of the wait) and per link. A DMA is any asynchronous copy
// the timing model times; a model without them (ModelDescription::
// asyncCopies) leaves the analysis empty, and `asyncCopies` says so.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_DMASTALLANALYSIS_H
#define SNR_ANALYSIS_DMASTALLANALYSIS_H

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"

#include <string>
#include <vector>

namespace snr::analysis {

struct DmaRecord {
  uint32_t id = 0;
  uint64_t issueIndex = 0;            ///< the instruction that started it
  uint64_t waitIndex = sim::kNoIndex; ///< the wait that covered it
  /// The sync object it was counted on (snr: its DMA flag).
  target::SyncId flag = 0;
  unsigned link = 0; ///< index into DmaStallAnalysis::linkNames
  uint64_t bytes = 0;
  /// What it read and wrote; the addresses only in a functional run.
  target::MemoryRange src, dst;
  uint64_t issueCycle = 0, baseEndCycle = 0, startCycle = 0,
           completeCycle = 0;
  /// When the covering wait was reached (its in-order ready cycle) and when
  /// it issued; both 0 without a wait.
  uint64_t waitReadyCycle = 0, waitIssueCycle = 0;
  /// The wait's stall, if this DMA was charged with it (it finished last).
  uint64_t baseStall = 0, transferStall = 0;
  /// The cycles this DMA was complete before its wait was reached.
  uint64_t slack = 0;
  bool charged = false;
  /// How many DMAs its wait covered (0 without a wait).
  unsigned waitCovers = 0;
  HloId issueHlo = kNoHlo, waitHlo = kNoHlo;

  uint64_t stall() const { return baseStall + transferStall; }
  bool crossesHlo() const {
    return waitIndex != sim::kNoIndex && issueHlo != waitHlo;
  }
};

struct DmaTotals {
  uint64_t dmas = 0, bytes = 0;
  uint64_t baseStall = 0, transferStall = 0;
  /// DMA slack: each DMA's own, summed (a wait covering three DMAs counts
  /// the slack of each).
  uint64_t slack = 0;
  /// Wait slack: each wait's, summed (the slack of the DMA it was charged
  /// to, the one finishing last): how much earlier the waits could come.
  uint64_t waitSlack = 0;
  uint64_t stalledDmas = 0;

  void add(const DmaRecord &dma) {
    ++dmas;
    bytes += dma.bytes;
    baseStall += dma.baseStall;
    transferStall += dma.transferStall;
    slack += dma.slack;
    if (dma.charged)
      waitSlack += dma.slack;
    stalledDmas += dma.stall() > 0;
  }
  /// The DMA stall: base latency + transfer, charged to the DMAs.
  uint64_t stall() const { return baseStall + transferStall; }
};

class DmaStallAnalysis : public sim::SimListener {
public:
  explicit DmaStallAnalysis(const TraceInfo &info) : info(info) {}
  /// Its registration (SnR/Analysis/AnalysisSet.h).
  static const AnalysisInfo &getInfo();

  void onRunStart(const sim::RunInfo &run) override;
  void onDmaIssue(const sim::DmaIssueEvent &event) override;
  void onDmaStart(const sim::DmaProgressEvent &event) override;
  void onDmaComplete(const sim::DmaProgressEvent &event) override;
  void onDmaWait(const sim::DmaWaitEvent &event) override;
  void onRunEnd(const sim::RunSummary &summary) override;

  std::vector<DmaRecord> dmas; ///< by DMA id
  std::vector<std::string> linkNames;
  std::vector<DmaTotals> perLink; ///< by link
  /// By HLO of the wait (of the issue if never waited); one more entry at
  /// the end gathers DMAs outside any HLO.
  std::vector<DmaTotals> perHlo;
  DmaTotals total;
  /// Whether the timing model has asynchronous copies at all; without them
  /// the reports say so in one line instead of printing empty tables.
  bool asyncCopies = true;

private:
  const TraceInfo &info;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_DMASTALLANALYSIS_H

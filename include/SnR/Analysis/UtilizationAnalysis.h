//===- UtilizationAnalysis.h - How busy each unit and link was ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The busy fraction of every resource the timing model measures (snr's
// scalar, load/store, vector and matrix units) and every DMA link, per cycle
// window and per HLO; and the stretches where the model's primary compute
// resource (snr's matrix unit; "matrix" in the names below) sat idle while
// the program stalled on a wait for copies (the signature of a missing
// prefetch). docs/analyses.md defines each figure.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_UTILIZATIONANALYSIS_H
#define SNR_ANALYSIS_UTILIZATIONANALYSIS_H

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"

#include <string>
#include <vector>

namespace snr::analysis {

/// A stretch [begin, end) in which the primary compute resource had nothing
/// in flight while the wait `waitIndex` stalled on DMA `dma`, in an HLO that
/// uses that resource.
struct MatrixIdleOnDma {
  uint64_t begin = 0, end = 0;
  uint64_t waitIndex = 0;
  uint32_t dma = 0;
};

/// The most windows a run is cut into: a smaller requested window
/// (--window) is widened to fit, and `requestedWindowCycles` says so.
constexpr uint64_t kMaxUtilizationWindows = 4096;

struct UtilizationOptions {
  /// Cycles per window; 0 picks one so the run spans about `targetWindows`.
  uint64_t windowCycles = 0;
  unsigned targetWindows = 200;
};

class UtilizationAnalysis : public sim::SimListener {
public:
  /// Its registration (SnR/Analysis/AnalysisSet.h).
  static const AnalysisInfo &getInfo();
  UtilizationAnalysis(const TraceInfo &info, UtilizationOptions options = {})
      : info(info), options(options) {}

  void onRunStart(const sim::RunInfo &run) override;
  void onIssue(const sim::IssueEvent &event) override;
  void onResourceBusy(const sim::ResourceBusyEvent &event) override;
  void onDmaIssue(const sim::DmaIssueEvent &event) override;
  void onDmaStart(const sim::DmaProgressEvent &event) override;
  void onDmaComplete(const sim::DmaProgressEvent &event) override;
  void onDmaWait(const sim::DmaWaitEvent &event) override;
  void onRunEnd(const sim::RunSummary &summary) override;

  /// The resources measured: the model's measured resources ("scalar",
  /// "loadstore", "vector", "matrix"), then one per DMA link ("hbm->vmem",
  /// ...).
  std::vector<std::string> resources;
  /// How many of `resources` are the model's (the rest are links).
  unsigned numUnitResources = 0;
  uint64_t windowCycles = 1;
  /// The window asked for when it was widened to fit the budget, else 0.
  uint64_t requestedWindowCycles = 0;
  uint64_t totalCycles = 0;
  /// busy[resource][window]: busy cycles / window cycles, in [0, 1].
  std::vector<std::vector<double>> busy;
  /// Over the whole run.
  std::vector<double> overall;

  struct HloUtilization {
    uint64_t firstIssue = 0, lastReady = 0; ///< the HLO's span
    uint64_t instructions = 0;
    std::vector<uint64_t> busyCycles; ///< by resource (the model's only)
    double fraction(unsigned resource) const;
  };
  std::vector<HloUtilization> perHlo; ///< by HloId

  std::vector<MatrixIdleOnDma> matrixIdleOnDma;
  uint64_t matrixIdleOnDmaCycles = 0;

private:
  struct Interval {
    uint64_t begin, end;
  };
  const TraceInfo &info;
  UtilizationOptions options;
  /// Busy intervals by resource, in issue order (links: by completion).
  std::vector<std::vector<Interval>> intervals;
  /// The index in `resources` of each model resource (-1: not measured),
  /// and of the primary compute resource.
  std::vector<int> indexOfResource;
  int primaryIndex = -1;
  sim::ResourceId primaryCompute = sim::kNoResource;
  /// The primary compute resource's in-flight intervals [issue, ready).
  std::vector<Interval> matrixInFlight;
  struct StalledWait {
    uint64_t begin, end, index;
    uint32_t dma;
  };
  std::vector<StalledWait> stalledWaits;
  std::vector<unsigned> linkOfDma;
  std::vector<uint64_t> startOfDma;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_UTILIZATIONANALYSIS_H

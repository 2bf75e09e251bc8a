//===- ReportFigures.h - The numbers every report shows ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The figures the terminal summary, metrics.json and the HTML report share,
// computed once from a replay's results over a selection, so the three never
// disagree: totals, stall cycles by kind, each resource's and link's busy
// cycles,
// per-HLO figures, DMA totals, and the orders the tables use (DMAs by stall,
// suggestions by expected saving).
//
// Resource busy cycles are those the timing model reports
// (ResourceBusyEvent): for snr an executed instruction occupies its
// resource (InstructionDesc::resource) for its occupancy from its issue;
// for a model whose instructions hold several resources (an LLVM scheduling
// model) the intervals it reported (TimingRecorder::getBusy). A link is busy
// while a DMA moves bytes on it (start to completion). Resources and stall
// kinds are the timing model's (ReplayResults::model).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_REPORTFIGURES_H
#define SNR_REPORT_REPORTFIGURES_H

#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/Support/raw_ostream.h"

#include <array>
#include <string>
#include <vector>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class Selection;

/// By StallKind.
using StallArray = std::array<uint64_t, sim::kMaxStallKinds>;

struct UnitFigures {
  /// Instructions issued to it, and executed; for a model whose
  /// instructions hold several resources, the intervals it was held.
  uint64_t issued = 0, executed = 0, busyCycles = 0;
};

struct LinkFigures {
  std::string name;
  analysis::DmaTotals dma;
  uint64_t busyCycles = 0; ///< moving bytes, start to completion
};

struct HloFigures {
  analysis::HloId hlo = analysis::kNoHlo;
  std::string name;
  uint64_t instructions = 0, executed = 0;
  /// The HLO's span: first in-order slot to last ready cycle.
  uint64_t firstCycle = 0, lastCycle = 0;
  /// The HLO's own cycles: each of its instructions owns the cycles from
  /// its issue to the next instruction's (the first instruction's from
  /// cycle 0, the last one's to the end of the run), so the HLOs' own
  /// cycles partition the run. What XLA's profile and Chakra's compute
  /// nodes charge to the HLO. Less than the span when HLOs overlap.
  uint64_t ownCycles = 0;
  uint64_t stallCycles = 0;
  StallArray stallByKind{};
  /// By ResourceId.
  std::vector<uint64_t> busyCycles;
  /// DMAs whose wait (or, without one, whose issue) is in this HLO.
  analysis::DmaTotals dma;

  uint64_t getSpan() const { return lastCycle - firstCycle; }
};

/// The data cache over the selection. Unrestricted, the analysis' own
/// figures; restricted, recomputed over the windows the selection's cycle
/// window meets (medians as the analysis defines them: the mean of the two
/// middle values for an even count).
struct DataCacheFigures {
  double medianFreePages = 0, medianLargestFreeRun = 0;
  uint32_t peakOccupiedPages = 0;
  /// Indices into DataCacheAnalysis::wasted of the selected writes.
  std::vector<uint32_t> wasted;
  uint64_t wastedBytes = 0;
};

struct ReportFigures {
  uint64_t instructions = 0, executed = 0;
  /// The selection's cycle window; the run's total cycles when unrestricted.
  uint64_t cycles = 0;
  double clockGhz = 1.0;
  double timeUs = 0;
  double ipc = 0;
  uint64_t stallCycles = 0;
  StallArray stallByKind{};
  /// The dma_wait stall cycles (stallByKind) that the DMA stall
  /// (dma.stall(): base latency + transfer, charged to the DMAs) does not
  /// count: cycles in which another constraint, such as the refill after a
  /// taken branch, held the selected waits as well. Unrestricted, the stall
  /// of the model's copy-wait kind (dma_wait) = dma.stall() +
  /// dmaWaitOtherStall.
  uint64_t dmaWaitOtherStall = 0;
  /// By ResourceId.
  std::vector<UnitFigures> units;
  std::vector<LinkFigures> links; ///< by link index
  analysis::DmaTotals dma;
  /// HLOs with selected instructions, by HloId; "(no hlo)" last.
  std::vector<HloFigures> hlos;
  /// Selected DMA ids, largest stall first (then by id).
  std::vector<uint32_t> dmasByStall;
  /// Indices into Suggestions::dmas of the selected suggestions, largest
  /// expected saving first, then largest stall, then issue order.
  std::vector<uint32_t> suggestionsBySaving;
  /// Indices into Suggestions::parallelGroups, largest saving first.
  std::vector<uint32_t> groupsBySaving;
  /// Sum of the selected DMA suggestions' expected savings.
  uint64_t expectedSaving = 0;
  /// Meaningful only if DataCacheAnalysis::available.
  DataCacheFigures dataCache;

  /// The summary's line when no suggestion saves cycles: none stalled, the
  /// stalled DMAs cannot be hoisted, or `model` has no copies.
  void printNoUsefulSuggestion(const sim::ModelDescription &model,
                               llvm::raw_ostream &os) const;
};

ReportFigures computeFigures(const analysis::ReplayResults &results,
                             const Selection &selection);

/// The cycles instruction `index` owns: from its issue to the next
/// instruction's (the first instruction's from cycle 0, the last one's to
/// the end of the run). They partition the run; an HLO's own cycles are
/// its instructions' (HloFigures::ownCycles).
uint64_t getOwnCycles(const analysis::ReplayResults &results, uint64_t index);

/// The own cycles of every instruction, walked in trace order: as
/// getOwnCycles, from the latest issue so far (the issue frontier) to the
/// next instruction's, so that they add up to the run also for a model that
/// issues out of order.
class OwnCycleCounter {
public:
  explicit OwnCycleCounter(const analysis::ReplayResults &results)
      : results(results) {}
  /// Instruction `index`'s own cycles; called for 0, 1, 2, ... in order.
  uint64_t next(uint64_t index);

private:
  const analysis::ReplayResults &results;
  uint64_t frontier = 0;
};

/// How long an instruction occupies its resource (InstructionDesc::
/// occupancy).
unsigned getOccupancy(const analysis::ReplayResults &results,
                      uint64_t index);

} // namespace snr::report

#endif // SNR_REPORT_REPORTFIGURES_H

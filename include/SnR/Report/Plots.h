//===- Plots.h - The SVG plots of a replay ----------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Four self-contained SVG documents, over the selection's cycle window
// (docs/reports.md explains how to read each):
//   - the DMA timeline: a row per DMA, its base latency, transfer and slack,
//     where its wait was reached, and its backtail (how far back its issue
//     could move);
//   - unit and link utilization over time, with the stretches where the
//     matrix unit sat idle on a DMA wait shaded;
//   - data-cache (VMEM) occupancy and the largest contiguous free region;
//   - the fragmentation heatmap: live pages per VMEM block per window.
// Each <svg> has class "snr-plot", the id below, and class "data" on every
// element that draws data.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_PLOTS_H
#define SNR_REPORT_PLOTS_H

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class Selection;
struct ReportFigures;
struct ReportOptions;

inline constexpr const char *kDmaTimelinePlotId = "plot-dma-timeline";
inline constexpr const char *kUtilizationPlotId = "plot-utilization";
inline constexpr const char *kDataCachePlotId = "plot-data-cache";
inline constexpr const char *kFragmentationPlotId = "plot-fragmentation";
inline constexpr const char *kStallFlamegraphId = "plot-stall-flamegraph";

/// Where the DMA timeline is drawn: the report's plot by default; the
/// rewrite section draws two, before and after, on one cycle axis.
struct DmaTimelineFrame {
  std::string id = kDmaTimelinePlotId;
  std::string title = "DMA timeline";
  /// The cycle axis runs to here if that is past the selection's end.
  uint64_t endCycle = 0;
  /// A page: only [windowBegin, windowEnd) of the selection, and only the
  /// DMAs in flight or awaited in it (windowEnd 0: the whole selection).
  uint64_t windowBegin = 0, windowEnd = 0;
};

/// The number of pages (cycle windows) of the DMA timeline in report.html.
inline constexpr unsigned kDmaTimelinePages = 4;

/// At most ReportOptions::plotDmaRows rows: the DMAs with the largest stall,
/// in issue order; the plot says how many it leaves out.
void writeDmaTimelinePlot(llvm::raw_ostream &os,
                          const analysis::ReplayResults &results,
                          const Selection &selection,
                          const ReportFigures &figures,
                          const ReportOptions &options,
                          const DmaTimelineFrame &frame = {});

void writeUtilizationPlot(llvm::raw_ostream &os,
                          const analysis::ReplayResults &results,
                          const Selection &selection);

void writeDataCachePlot(llvm::raw_ostream &os,
                        const analysis::ReplayResults &results,
                        const Selection &selection);

void writeFragmentationHeatmap(llvm::raw_ostream &os,
                               const analysis::ReplayResults &results,
                               const Selection &selection);
/// The selected instructions' stall cycles as a flame graph (an icicle:
/// all stalls, then HLO, static instruction and stall kind below).
void writeStallFlamegraph(llvm::raw_ostream &os,
                          const analysis::ReplayResults &results,
                          const Selection &selection);

} // namespace snr::report

#endif // SNR_REPORT_PLOTS_H

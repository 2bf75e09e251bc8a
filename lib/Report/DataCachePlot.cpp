//===- DataCachePlot.cpp - VMEM occupancy over time -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Two panels over the cycle windows of DataCacheAnalysis, sharing the x
// axis, each scaled to its data (a program often uses a small part of a
// large VMEM, which one axis from 0 to the capacity would flatten):
//   - occupied pages (live at some point in the window), as a filled area,
//     from 0 to a little above the peak;
//   - free pages and the largest run of contiguous free pages, as lines,
//     from a little below the smallest to the capacity. The gap between
//     them is fragmentation: free space a DMA needing a contiguous buffer
//     cannot use.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace snr;
using namespace snr::report;

static constexpr const char *kOccupiedColor = "#4e79a7";
static constexpr const char *kOccupiedFill = "#a0bcd8";
static constexpr const char *kFreeColor = "#59a14f";
static constexpr const char *kFreeRunColor = "#f28e2b";

/// `value` rounded up to its axis' next tick.
static double niceCeil(double value) {
  std::vector<double> ticks = getNiceTicks(0, std::max(value, 1.0), 5);
  double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
  return std::ceil(value / step) * step;
}

void snr::report::writeDataCachePlot(llvm::raw_ostream &os,
                                     const analysis::ReplayResults &results,
                                     const Selection &selection) {
  const analysis::DataCacheAnalysis &cache = results.dataCache;
  std::vector<LegendEntry> legend = {
      {LegendEntry::Box, "occupied pages", kOccupiedFill},
      {LegendEntry::Line, "free pages", kFreeColor},
      {LegendEntry::Line, "largest contiguous free region (pages)",
       kFreeRunColor}};
  const double width = 1000;
  PlotArea top, bottom;
  top.left = bottom.left = 70;
  top.width = bottom.width = width - top.left - 20;
  top.top = 60;
  top.height = bottom.height = 140;
  bottom.top = top.bottom() + 24;
  double height = bottom.bottom() + 48;

  std::string title = "Data cache (VMEM) occupancy";
  if (selection.isRestricted())
    title += " (" + selection.description + ")";
  SvgDocument svg(os, kDataCachePlotId, width, height, title);
  svg.legend(top.left, 40, legend, width - 20);

  double begin = double(selection.beginCycle);
  double end = double(selection.endCycle);
  LinearScale x(begin, end, top.left, top.right());
  auto unavailable = [&](llvm::StringRef why) {
    svg.line(top.left, top.bottom(), top.right(), top.bottom(), "#333333", 1);
    svg.xAxis(bottom, x, "cycle");
    svg.note(top.left + top.width / 2, top.bottom(), why, "middle");
  };
  if (!cache.available)
    return unavailable(
        ("not available: " + cache.getUnavailableReason()).str());

  // The windows in the selection.
  uint64_t windowCycles = std::max<uint64_t>(cache.windowCycles, 1);
  size_t numWindows = std::min<size_t>(
      cache.numWindows,
      std::min(cache.occupiedPages.size(), cache.largestFreeRun.size()));
  struct Window {
    double from, to;
    uint32_t occupied, freeRun;
  };
  std::vector<Window> windows;
  for (size_t w = 0; w < numWindows; ++w) {
    double w0 = double(w * windowCycles), w1 = double((w + 1) * windowCycles);
    if (w1 <= begin || w0 >= end)
      continue;
    windows.push_back({std::max(w0, begin), std::min(w1, end),
                       cache.occupiedPages[w], cache.largestFreeRun[w]});
  }
  if (windows.empty())
    return unavailable("no data-cache window in the selection");

  // Over the windows shown.
  uint32_t peak = 0, leastRun = cache.numPages;
  for (const Window &w : windows) {
    peak = std::max(peak, w.occupied);
    leastRun = std::min(leastRun, w.freeRun);
  }
  uint32_t leastFree = std::min(leastRun, cache.numPages - peak);
  double capacity = cache.numPages;

  // Top: occupied pages.
  LinearScale yTop(0, niceCeil(std::max<double>(peak, 1) * 1.1), top.bottom(),
                   top.top);
  svg.yAxis(top, yTop, "occupied");
  svg.line(top.left, top.bottom(), top.right(), top.bottom(), "#333333", 1);
  std::vector<std::pair<double, double>> occupied;
  for (const Window &w : windows) {
    occupied.push_back({x(w.from), yTop(w.occupied)});
    occupied.push_back({x(w.to), yTop(w.occupied)});
  }
  std::vector<std::pair<double, double>> area = occupied;
  area.push_back({occupied.back().first, top.bottom()});
  area.push_back({occupied.front().first, top.bottom()});
  std::string occupiedTip =
      llvm::formatv("occupied pages: peak {0} of {1} ({2})", peak,
                    cache.numPages,
                    formatPercent(peak / std::max(capacity, 1.0)));
  svg.polygon(area, kOccupiedFill, "data occupied", occupiedTip);
  svg.polyline(occupied, kOccupiedColor, 1, "data occupied", occupiedTip);

  // Bottom: free pages and the largest free region, up to the capacity.
  double span = std::max(capacity - leastFree, 1.0);
  double floor = std::max(0.0, leastFree - span * 0.1);
  LinearScale yBottom(floor, capacity, bottom.bottom(), bottom.top);
  svg.yAxis(bottom, yBottom, "free");
  svg.xAxis(bottom, x, "cycle");
  std::vector<std::pair<double, double>> free, freeRun;
  for (const Window &w : windows) {
    double f = capacity - w.occupied;
    free.push_back({x(w.from), yBottom(f)});
    free.push_back({x(w.to), yBottom(f)});
    freeRun.push_back({x(w.from), yBottom(w.freeRun)});
    freeRun.push_back({x(w.to), yBottom(w.freeRun)});
  }
  svg.polyline(free, kFreeColor, 1.5, "data free",
               llvm::formatv("free pages: at least {0} of {1}",
                             cache.numPages - peak, cache.numPages)
                   .str());
  svg.polyline(freeRun, kFreeRunColor, 1.5, "data free-run",
               llvm::formatv("largest contiguous free region: at least {0} "
                             "pages",
                             leastRun)
                   .str(),
               "stroke-dasharray=\"5 2\"");
}

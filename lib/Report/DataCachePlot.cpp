//===- DataCachePlot.cpp - VMEM occupancy over time -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Per cycle window of DataCacheAnalysis: the pages occupied (live at some
// point in the window), as a filled area, and the largest run of contiguous
// free pages, as a line; the VMEM's capacity as a dashed line. Where the
// free line drops while occupancy stays moderate, the free space is
// fragmented: a DMA needing a contiguous region may find none.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr;
using namespace snr::report;

static constexpr const char *kOccupiedColor = "#4e79a7";
static constexpr const char *kOccupiedFill = "#a0bcd8";
static constexpr const char *kFreeRunColor = "#f28e2b";

void snr::report::writeDataCachePlot(llvm::raw_ostream &os,
                                     const analysis::ReplayResults &results,
                                     const Selection &selection) {
  const analysis::DataCacheAnalysis &cache = results.dataCache;
  std::vector<LegendEntry> legend = {
      {LegendEntry::Box, "occupied pages", kOccupiedFill},
      {LegendEntry::Line, "largest contiguous free region (pages)",
       kFreeRunColor},
      {LegendEntry::DashedLine, "capacity", "#333333"}};
  const double width = 1000;
  PlotArea area;
  area.left = 70;
  area.top = 60;
  area.width = width - area.left - 20;
  area.height = 260;
  double height = area.bottom() + 48;

  std::string title = "Data cache (VMEM) occupancy";
  if (selection.isRestricted())
    title += " (" + selection.description + ")";
  SvgDocument svg(os, kDataCachePlotId, width, height, title);
  svg.legend(area.left, 40, legend, width - 20);

  double begin = double(selection.beginCycle);
  double end = double(selection.endCycle);
  LinearScale x(begin, end, area.left, area.right());
  double pages = std::max<double>(cache.numPages, 1);
  LinearScale y(0, pages, area.bottom(), area.top);
  svg.yAxis(area, y, "pages");
  svg.xAxis(area, x, "cycle");
  if (!cache.available) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "not available: the replay was timing-only (no addresses)",
             "middle");
    return;
  }
  svg.line(area.left, y(pages), area.right(), y(pages), "#333333", 1, {},
           llvm::formatv("capacity: {0} pages of {1} bytes", cache.numPages,
                         cache.pageBytes)
               .str(),
           "stroke-dasharray=\"4 3\"");

  uint64_t windowCycles = std::max<uint64_t>(cache.windowCycles, 1);
  size_t windows = std::min<size_t>(
      cache.numWindows,
      std::min(cache.occupiedPages.size(), cache.largestFreeRun.size()));
  std::vector<std::pair<double, double>> occupied, freeRun;
  uint32_t peak = 0;
  for (size_t w = 0; w < windows; ++w) {
    double w0 = double(w * windowCycles), w1 = double((w + 1) * windowCycles);
    if (w1 <= begin || w0 >= end)
      continue;
    double from = x(std::max(w0, begin)), to = x(std::min(w1, end));
    occupied.push_back({from, y(cache.occupiedPages[w])});
    occupied.push_back({to, y(cache.occupiedPages[w])});
    freeRun.push_back({from, y(cache.largestFreeRun[w])});
    freeRun.push_back({to, y(cache.largestFreeRun[w])});
    peak = std::max(peak, cache.occupiedPages[w]);
  }
  if (occupied.empty()) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "no data-cache window in the selection", "middle");
    return;
  }
  // The area under the occupancy: close the polygon along the x axis.
  std::vector<std::pair<double, double>> polygon = occupied;
  polygon.push_back({occupied.back().first, area.bottom()});
  polygon.push_back({occupied.front().first, area.bottom()});
  std::string occupiedTip = llvm::formatv(
      "occupied pages: peak {0} of {1}; median free {2}", peak,
      cache.numPages, formatJsonNumber(roundTo(cache.medianFreePages, 1)));
  svg.polygon(polygon, kOccupiedFill, "data occupied", occupiedTip);
  svg.polyline(occupied, kOccupiedColor, 1, "data occupied", occupiedTip);
  svg.polyline(
      freeRun, kFreeRunColor, 1.5, "data free-run",
      llvm::formatv("largest contiguous free region: median {0} pages",
                    formatJsonNumber(roundTo(cache.medianLargestFreeRun, 1)))
          .str());
}

//===- UtilizationPlot.cpp - Unit and link utilization over time ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A step line per unit (solid) and per DMA link that moved data (dashed):
// the busy fraction of each cycle window of UtilizationAnalysis. Behind
// them, shaded, the stretches where the matrix unit sat idle while the
// program stalled on a DMA wait.
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

void snr::report::writeUtilizationPlot(llvm::raw_ostream &os,
                                       const analysis::ReplayResults &results,
                                       const Selection &selection) {
  const analysis::UtilizationAnalysis &util = results.utilization;
  uint64_t windowCycles = std::max<uint64_t>(util.windowCycles, 1);
  double begin = double(selection.beginCycle);
  double end = double(selection.endCycle);

  // The windows in the selection, and the resources with something to show.
  size_t numResources = std::min(util.resources.size(), util.busy.size());
  std::vector<unsigned> shown;
  for (unsigned r = 0; r < numResources; ++r) {
    if (r < util.numUnitResources) {
      shown.push_back(r);
      continue;
    }
    const std::vector<double> &busy = util.busy[r];
    for (size_t w = 0; w < busy.size(); ++w)
      if (busy[w] > 0 && selection.overlaps(w * windowCycles,
                                            (w + 1) * windowCycles)) {
        shown.push_back(r);
        break;
      }
  }

  std::vector<LegendEntry> legend;
  for (size_t i = 0; i < shown.size(); ++i) {
    unsigned r = shown[i];
    bool isLink = r >= util.numUnitResources;
    legend.push_back({isLink ? LegendEntry::DashedLine : LegendEntry::Line,
                      util.resources[r] + (isLink ? " (link)" : ""),
                      getSeriesColor(i).str()});
  }
  if (results.model.asyncCopies)
    legend.push_back(
        {LegendEntry::Box, "matrix idle on a DMA wait", "#f6c6c7"});

  const double width = 1000;
  unsigned legendRows = getLegendRows(legend, width - 90);
  PlotArea area;
  area.left = 70;
  area.top = 44 + 16.0 * legendRows;
  area.width = width - area.left - 20;
  area.height = 260;
  double height = area.bottom() + 48;

  // Links are the copy engine's; a model without copies has units only.
  std::string title = results.model.asyncCopies ? "Unit and link utilization"
                                                : "Unit utilization";
  if (selection.isRestricted())
    title += " (" + selection.description + ")";
  SvgDocument svg(os, kUtilizationPlotId, width, height, title);
  svg.legend(area.left, 40, legend, width - 20);
  LinearScale x(begin, end, area.left, area.right());
  LinearScale y(0, 1, area.bottom(), area.top);

  // The shading first, under the lines.
  for (const analysis::MatrixIdleOnDma &idle : util.matrixIdleOnDma) {
    if (!selection.overlaps(idle.begin, idle.end))
      continue;
    double x0 = x(std::max(double(idle.begin), begin));
    double x1 = x(std::min(double(idle.end), end));
    bool known = idle.waitIndex < results.info.getNumInstructions();
    uint64_t pc = known ? results.info.getPc(idle.waitIndex) : 0;
    svg.rect(x0, area.top, std::max(x1 - x0, 0.5), area.height, "#f6c6c7",
             "data idle",
             llvm::formatv("matrix unit idle for {0} cycles ({1} to {2}) "
                           "while the {3} at pc {4} stalled on DMA {5}",
                           idle.end - idle.begin, idle.begin, idle.end,
                           known ? results.info.getMnemonic(idle.waitIndex)
                                 : llvm::StringRef("dma.wait"),
                           pc, idle.dma)
                 .str());
  }
  svg.yAxis(area, y, "busy", /*percent=*/true);
  svg.xAxis(area, x, "cycle");

  for (size_t i = 0; i < shown.size(); ++i) {
    unsigned r = shown[i];
    const std::vector<double> &busy = util.busy[r];
    std::vector<std::pair<double, double>> points;
    double sum = 0, covered = 0;
    for (size_t w = 0; w < busy.size(); ++w) {
      double w0 = double(w * windowCycles), w1 = double((w + 1) * windowCycles);
      if (w1 <= begin || w0 >= end)
        continue;
      double v = std::clamp(busy[w], 0.0, 1.0);
      double from = std::max(w0, begin), to = std::min(w1, end);
      points.push_back({x(from), y(v)});
      points.push_back({x(to), y(v)});
      sum += v * (to - from);
      covered += to - from;
    }
    if (points.empty())
      continue;
    bool isLink = r >= util.numUnitResources;
    std::string tooltip = llvm::formatv(
        "{0}{1}: busy {2} of the cycles shown", util.resources[r],
        isLink ? " (link)" : "", formatPercent(covered ? sum / covered : 0));
    svg.polyline(points, getSeriesColor(i), 1.5, "data series", tooltip,
                 isLink ? "stroke-dasharray=\"5 3\"" : "");
  }
  if (shown.empty() || util.busy.empty())
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "no utilization data", "middle");
}

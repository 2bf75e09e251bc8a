//===- FragmentationHeatmap.cpp - Live VMEM pages per block over time -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A row per VMEM block (block 0 at the top), a column per cycle window; the
// colour says how many of the block's pages were live in the window. Scattered
// partly-filled blocks are fragmentation. To stay small, at most kMaxColumns
// columns and kMaxRows rows are drawn (neighbouring windows or blocks merged,
// keeping the largest count), values are quantized to kLevels colours, and
// horizontal runs of one colour are one rectangle. The rows are cropped to the
// blocks live at some point of the selection (the title says so); a
// selection without live page says "no VMEM use".
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

static constexpr unsigned kMaxColumns = 240;
static constexpr unsigned kMaxRows = 128;
static constexpr unsigned kLevels = 8;
/// Blues, light to dark; index 0 is "no live page" (the background).
static constexpr const char *kLevelColors[kLevels + 1] = {
    "#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6",
    "#4292c6", "#2171b5", "#08519c", "#08306b"};

void snr::report::writeFragmentationHeatmap(
    llvm::raw_ostream &os, const analysis::ReplayResults &results,
    const Selection &selection) {
  const analysis::DataCacheAnalysis &cache = results.dataCache;
  const double width = 1000;
  PlotArea area;
  area.left = 70;
  area.top = 60;
  area.width = width - area.left - 20;
  area.height = 384;
  double height = area.bottom() + 48;

  unsigned numBlocks = std::max(cache.numBlocks, 1u);
  unsigned perBlock = std::max(cache.pagesPerBlock, 1u);

  // The windows in the selection, and the blocks live in any of them: the
  // rows are cropped to those (a large VMEM a program barely uses would
  // otherwise be a few rows in a blank plot).
  uint64_t windowCycles = std::max<uint64_t>(cache.windowCycles, 1);
  size_t numWindows =
      cache.available ? std::min<size_t>(cache.numWindows,
                                         cache.livePagesPerBlock.size() /
                                             numBlocks)
                      : 0;
  std::vector<size_t> windows;
  for (size_t w = 0; w < numWindows; ++w)
    if (selection.overlaps(w * windowCycles, (w + 1) * windowCycles))
      windows.push_back(w);
  unsigned firstUsed = numBlocks, lastUsed = 0;
  for (size_t w : windows)
    for (unsigned b = 0; b < numBlocks; ++b)
      if (cache.livePagesPerBlock[w * numBlocks + b]) {
        firstUsed = std::min(firstUsed, b);
        lastUsed = std::max(lastUsed, b);
      }
  bool used = firstUsed <= lastUsed;
  bool cropped = used && (firstUsed > 0 || lastUsed + 1 < numBlocks);
  unsigned rowBegin = cropped ? firstUsed : 0;
  unsigned rowEnd = cropped ? lastUsed + 1 : numBlocks;

  std::string title = "VMEM fragmentation: live pages per block";
  if (cropped)
    title += llvm::formatv(", blocks {0}-{1} of {2} (the others are never "
                           "live)",
                           firstUsed, lastUsed, numBlocks)
                 .str();
  if (selection.isRestricted())
    title += " (" + selection.description + ")";
  SvgDocument svg(os, kFragmentationPlotId, width, height, title);

  double begin = double(selection.beginCycle);
  double end = double(selection.endCycle);
  LinearScale x(begin, end, area.left, area.right());
  LinearScale y(rowBegin, rowEnd, area.top, area.bottom());

  // The colour scale, in the legend row.
  double lx = area.left;
  svg.text(lx, 40, "live pages of " + std::to_string(perBlock) + ":");
  lx += 110;
  for (unsigned level = 0; level <= kLevels; ++level) {
    unsigned lo = level ? (perBlock * (level - 1)) / kLevels + 1 : 0;
    unsigned hi = (perBlock * level) / kLevels;
    std::string label = level ? llvm::formatv("{0}-{1}", lo, hi).str() : "0";
    svg.rect(lx, 31, 14, 11, kLevelColors[level], "scale", {},
             "stroke=\"#999999\" stroke-width=\"0.5\"");
    svg.text(lx + 18, 40, label, "start", 10);
    lx += 18 + 6.0 * label.size() + 12;
  }

  svg.rect(area.left, area.top, area.width, area.height, kLevelColors[0]);
  svg.xAxis(area, x, "cycle");
  svg.line(area.left, area.top, area.left, area.bottom(), "#333333", 1);
  for (double tick : getNiceTicks(rowBegin, rowEnd, 8)) {
    svg.line(area.left - 4, y(tick), area.left, y(tick), "#333333", 1);
    svg.text(area.left - 6, y(tick) + 3.5, formatShort(tick), "end", 10);
  }
  double ly = area.top + area.height / 2, lxAxis = area.left - 46;
  svg.text(lxAxis, ly, "block", "middle", 11,
           "transform=\"rotate(-90 " + formatCoord(lxAxis) + ' ' +
               formatCoord(ly) + ")\"");

  if (!cache.available) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "not available: the replay was timing-only (no addresses)",
             "middle");
    return;
  }

  if (windows.empty()) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "no data-cache window in the selection", "middle");
    return;
  }
  if (!used) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "no VMEM use: no page is live in the selection", "middle");
    return;
  }
  // Columns of windows, rows of blocks (of the used range).
  size_t windowsPerColumn = (windows.size() + kMaxColumns - 1) / kMaxColumns;
  size_t numColumns = (windows.size() + windowsPerColumn - 1) /
                      windowsPerColumn;
  unsigned shownBlocks = rowEnd - rowBegin;
  unsigned blocksPerRow = (shownBlocks + kMaxRows - 1) / kMaxRows;
  unsigned numRows = (shownBlocks + blocksPerRow - 1) / blocksPerRow;

  auto columnCycles = [&](size_t column) {
    size_t first = windows[column * windowsPerColumn];
    size_t last = windows[std::min(windows.size(),
                                   (column + 1) * windowsPerColumn) -
                          1];
    return std::make_pair(std::max<uint64_t>(first * windowCycles,
                                             selection.beginCycle),
                          std::min<uint64_t>((last + 1) * windowCycles,
                                             selection.endCycle));
  };
  std::vector<unsigned> value(numColumns);
  for (unsigned row = 0; row < numRows; ++row) {
    unsigned firstBlock = rowBegin + row * blocksPerRow;
    unsigned lastBlock = std::min(rowEnd, firstBlock + blocksPerRow) - 1;
    for (size_t c = 0; c < numColumns; ++c) {
      unsigned peak = 0;
      for (size_t i = c * windowsPerColumn;
           i < std::min(windows.size(), (c + 1) * windowsPerColumn); ++i)
        for (unsigned b = firstBlock; b <= lastBlock; ++b)
          peak = std::max<unsigned>(
              peak, cache.livePagesPerBlock[windows[i] * numBlocks + b]);
      value[c] = peak;
    }
    auto levelOf = [&](unsigned v) {
      return v ? std::min(kLevels, unsigned(std::ceil(double(v) * kLevels /
                                                      perBlock)))
               : 0u;
    };
    // One rectangle per run of columns with one colour.
    for (size_t c = 0; c < numColumns;) {
      unsigned level = levelOf(value[c]);
      size_t stop = c + 1;
      unsigned lo = value[c], hi = value[c];
      while (stop < numColumns && levelOf(value[stop]) == level) {
        lo = std::min(lo, value[stop]);
        hi = std::max(hi, value[stop]);
        ++stop;
      }
      if (level) {
        uint64_t c0 = columnCycles(c).first;
        uint64_t c1 = columnCycles(stop - 1).second;
        std::string blocks =
            firstBlock == lastBlock
                ? llvm::formatv("block {0}", firstBlock).str()
                : llvm::formatv("blocks {0}-{1}", firstBlock, lastBlock).str();
        std::string pages = lo == hi ? std::to_string(hi)
                                     : llvm::formatv("{0}-{1}", lo, hi).str();
        double x0 = x(double(c0)), x1 = x(double(c1));
        svg.rect(x0, y(firstBlock), std::max(x1 - x0, 0.5),
                 y(lastBlock + 1) - y(firstBlock), kLevelColors[level],
                 "data cell",
                 llvm::formatv("{0}, cycles {1}-{2}: {3} live pages of {4}",
                               blocks, c0, c1, pages, perBlock)
                     .str());
      }
      c = stop;
    }
  }
}

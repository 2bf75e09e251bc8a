//===- FragmentationHeatmap.cpp - Live VMEM pages per block over time -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A row per VMEM block live at some point of the selection (lowest block at
// the top; the blocks never live are left out, and the title says how many),
// a column per cycle window; the colour says how many of the block's pages
// were live in the window, on a scale up to the fullest block's count.
// Scattered partly-filled blocks are fragmentation. To stay small, at most
// kMaxColumns columns and kMaxRows rows are drawn (neighbouring windows or
// live blocks merged, keeping the largest count), values are quantized to
// kLevels colours, and horizontal runs of one colour are one rectangle. Rows
// are kRowHeight pixels high, so a program using two blocks gets a short
// plot; a selection without live page says "no VMEM use".
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
/// Pixels per row (the plot's height follows the rows, up to 3 * kMaxRows).
static constexpr double kRowHeight = 18;
/// Blues, light to dark; index 0 is "no live page" (the background).
static constexpr const char *kLevelColors[kLevels + 1] = {
    "#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6",
    "#4292c6", "#2171b5", "#08519c", "#08306b"};

void snr::report::writeFragmentationHeatmap(
    llvm::raw_ostream &os, const analysis::ReplayResults &results,
    const Selection &selection) {
  const analysis::DataCacheAnalysis &cache = results.dataCache;
  unsigned numBlocks = std::max(cache.numBlocks, 1u);
  unsigned perBlock = std::max(cache.pagesPerBlock, 1u);

  // The windows in the selection, and the blocks live in any of them: only
  // those get a row (a large VMEM a program barely uses would otherwise be
  // a few rows in a blank plot).
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
  std::vector<bool> live(numBlocks, false);
  unsigned fullest = 0;
  for (size_t w : windows)
    for (unsigned b = 0; b < numBlocks; ++b)
      if (unsigned pages = cache.livePagesPerBlock[w * numBlocks + b]) {
        live[b] = true;
        fullest = std::max(fullest, pages);
      }
  std::vector<unsigned> liveBlocks;
  for (unsigned b = 0; b < numBlocks; ++b)
    if (live[b])
      liveBlocks.push_back(b);
  // Rows of live blocks (neighbouring ones merged beyond kMaxRows).
  unsigned blocksPerRow =
      std::max<unsigned>(1, (liveBlocks.size() + kMaxRows - 1) / kMaxRows);
  unsigned numRows = (liveBlocks.size() + blocksPerRow - 1) / blocksPerRow;

  const double width = 1000;
  PlotArea area;
  area.left = 70;
  area.top = 60;
  area.width = width - area.left - 20;
  area.height = std::clamp<double>(numRows * kRowHeight, 2 * kRowHeight,
                                   kMaxRows * 3);
  double height = area.bottom() + 48;

  std::string title = "VMEM fragmentation: live pages per block";
  if (!liveBlocks.empty() && liveBlocks.size() < numBlocks)
    title += llvm::formatv(", the {0} of {1} blocks ever live", liveBlocks.size(),
                           numBlocks)
                 .str();
  if (selection.isRestricted())
    title += " (" + selection.description + ")";
  SvgDocument svg(os, kFragmentationPlotId, width, height, title);

  double begin = double(selection.beginCycle);
  double end = double(selection.endCycle);
  LinearScale x(begin, end, area.left, area.right());
  LinearScale y(0, std::max(numRows, 1u), area.top, area.bottom());

  // The colour scale, in the legend row: up to the fullest block's count,
  // so a program that fills blocks a tenth still shows.
  unsigned scaleTop = std::max(std::min(fullest, perBlock), 1u);
  double lx = area.left;
  std::string scaleLabel =
      llvm::formatv("live pages (of {0} per block):", perBlock).str();
  svg.text(lx, 40, scaleLabel);
  lx += 6.0 * scaleLabel.size() + 8;
  for (unsigned level = 0; level <= kLevels; ++level) {
    unsigned lo = level ? (scaleTop * (level - 1)) / kLevels + 1 : 0;
    unsigned hi = (scaleTop * level) / kLevels;
    if (level && hi < lo)
      continue;
    std::string label = !level    ? "0"
                        : lo == hi ? std::to_string(hi)
                                   : llvm::formatv("{0}-{1}", lo, hi).str();
    svg.rect(lx, 31, 14, 11, kLevelColors[level], "scale", {},
             "stroke=\"#999999\" stroke-width=\"0.5\"");
    svg.text(lx + 18, 40, label, "start", 10);
    lx += 18 + 6.0 * label.size() + 12;
  }

  svg.rect(area.left, area.top, area.width, area.height, kLevelColors[0]);
  svg.xAxis(area, x, "cycle");
  svg.line(area.left, area.top, area.left, area.bottom(), "#333333", 1);
  // Each row labelled with its block, when the rows are tall enough;
  // otherwise at most 16 labels.
  unsigned labelEvery = std::max(1u, (numRows + 15) / 16);
  for (unsigned row = 0; row < numRows; row += labelEvery) {
    unsigned block = liveBlocks[row * blocksPerRow];
    double mid = (y(row) + y(row + 1)) / 2;
    svg.line(area.left - 4, mid, area.left, mid, "#333333", 1);
    svg.text(area.left - 6, mid + 3.5, std::to_string(block), "end", 10);
  }
  double ly = area.top + area.height / 2, lxAxis = area.left - 46;
  svg.text(lxAxis, ly, "block", "middle", 11,
           "transform=\"rotate(-90 " + formatCoord(lxAxis) + ' ' +
               formatCoord(ly) + ")\"");

  if (!cache.available) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             ("not available: " + cache.getUnavailableReason()).str(),
             "middle");
    return;
  }

  if (windows.empty()) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "no data-cache window in the selection", "middle");
    return;
  }
  if (liveBlocks.empty()) {
    svg.note(area.left + area.width / 2, area.top + area.height / 2,
             "no VMEM use: no page is live in the selection", "middle");
    return;
  }
  // Columns of windows.
  size_t windowsPerColumn = (windows.size() + kMaxColumns - 1) / kMaxColumns;
  size_t numColumns = (windows.size() + windowsPerColumn - 1) /
                      windowsPerColumn;

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
  auto levelOf = [&](unsigned v) {
    return v ? std::min(kLevels, unsigned(std::ceil(double(v) * kLevels /
                                                    scaleTop)))
             : 0u;
  };
  std::vector<unsigned> value(numColumns);
  for (unsigned row = 0; row < numRows; ++row) {
    size_t firstLive = row * blocksPerRow;
    size_t lastLive =
        std::min<size_t>(liveBlocks.size(), firstLive + blocksPerRow) - 1;
    unsigned firstBlock = liveBlocks[firstLive],
             lastBlock = liveBlocks[lastLive];
    for (size_t c = 0; c < numColumns; ++c) {
      unsigned peak = 0;
      for (size_t i = c * windowsPerColumn;
           i < std::min(windows.size(), (c + 1) * windowsPerColumn); ++i)
        for (size_t l = firstLive; l <= lastLive; ++l)
          peak = std::max<unsigned>(
              peak,
              cache.livePagesPerBlock[windows[i] * numBlocks + liveBlocks[l]]);
      value[c] = peak;
    }
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
        svg.rect(x0, y(row), std::max(x1 - x0, 0.5), y(row + 1) - y(row),
                 kLevelColors[level], "data cell",
                 llvm::formatv("{0}, cycles {1}-{2}: {3} live pages of {4}",
                               blocks, c0, c1, pages, perBlock)
                     .str());
      }
      c = stop;
    }
  }
}

//===- DmaTimelinePlot.cpp - DMAs over time, with their backtails ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One row per static dma.issue (per DMA with --per-instance), each of its
// DMAs drawn along it: its base latency [issue, issue + Tb), its transfer
// [issue + Tb, completion) (queueing included, as DESIGN.md defines it), and
// its slack [completion, wait reached); a diamond where the program reached
// its wait (red if it stalled there, with a red line for the stall; hollow
// if the wait stalled but the stall is charged to another DMA it covers); and
// its backtail, a thin line from its issue back as far as its relaxed
// dependencies let the issue move (the push limit of Algorithm 2; known for
// the DMAs whose wait stalled).
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr;
using namespace snr::report;

static constexpr const char *kBaseColor = "#f28e2b";
static constexpr const char *kTransferColor = "#4e79a7";
static constexpr const char *kSlackColor = "#8cd17d";
static constexpr const char *kStallColor = "#d62728";
static constexpr const char *kBacktailColor = "#555555";

void snr::report::writeDmaTimelinePlot(llvm::raw_ostream &os,
                                       const analysis::ReplayResults &results,
                                       const Selection &selection,
                                       const ReportFigures &figures,
                                       const ReportOptions &options,
                                       const DmaTimelineFrame &frame) {
  const analysis::TraceInfo &info = results.info;
  const auto &dmas = results.dmas.dmas;
  // The cycles drawn: the selection's, or a page of it.
  uint64_t winBegin = selection.beginCycle;
  uint64_t winEnd = std::max(selection.endCycle, frame.endCycle);
  if (frame.windowEnd) {
    winBegin = frame.windowBegin;
    winEnd = frame.windowEnd;
  }
  auto inWindow = [&](uint64_t from, uint64_t to) {
    return from < winEnd && to > winBegin;
  };
  // A DMA is on a page from its issue until its wait (or completion).
  std::vector<uint32_t> shown;
  for (uint32_t id : figures.dmasByStall) {
    const analysis::DmaRecord &dma = dmas[id];
    uint64_t last = std::max(dma.completeCycle, dma.issueCycle);
    if (dma.waitIndex != sim::kNoIndex)
      last = std::max(last, dma.waitIssueCycle);
    if (!frame.windowEnd || inWindow(dma.issueCycle, last + 1))
      shown.push_back(id);
  }

  // The rows: one per static dma.issue (its instances along it), those
  // with the largest stall, in PC order; with --per-instance one per DMA,
  // those with the largest stall, in issue order. Each row lists its DMAs.
  std::vector<std::vector<uint32_t>> rows;
  if (options.perInstance) {
    for (uint32_t id : shown)
      rows.push_back({id});
  } else {
    llvm::DenseMap<uint64_t, size_t> rowOfPc;
    std::vector<uint64_t> stallOfRow;
    for (uint32_t id : shown) {
      uint64_t pc = info.getPc(dmas[id].issueIndex);
      auto [it, inserted] = rowOfPc.try_emplace(pc, rows.size());
      if (inserted) {
        rows.emplace_back();
        stallOfRow.push_back(0);
      }
      rows[it->second].push_back(id);
      stallOfRow[it->second] += dmas[id].stall();
    }
    std::vector<size_t> order(rows.size());
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    llvm::stable_sort(order, [&](size_t a, size_t b) {
      return stallOfRow[a] > stallOfRow[b];
    });
    std::vector<std::vector<uint32_t>> sorted;
    for (size_t i : order)
      sorted.push_back(std::move(rows[i]));
    rows = std::move(sorted);
    for (std::vector<uint32_t> &row : rows)
      llvm::sort(row);
  }
  size_t total = rows.size();
  if (rows.size() > options.plotDmaRows)
    rows.resize(options.plotDmaRows);
  llvm::sort(
      rows, [](const std::vector<uint32_t> &a, const std::vector<uint32_t> &b) {
        return a.front() < b.front();
      });
  // Bars at least this wide, so that a 750-cycle DMA in a run of a million
  // cycles stays visible.
  const double minBarWidth = options.perInstance ? 0.5 : 2.0;

  llvm::DenseMap<uint32_t, const analysis::DmaSuggestion *> suggestionOf;
  for (const analysis::DmaSuggestion &s : results.suggestions.dmas)
    suggestionOf[s.dma] = &s;

  std::vector<LegendEntry> legend = {
      {LegendEntry::Box, "base latency", kBaseColor},
      {LegendEntry::Box, "transfer (queueing + moving)", kTransferColor},
      {LegendEntry::Box, "slack", kSlackColor},
      {LegendEntry::Box,
       "wait reached (red: it stalled; hollow: it stalled on another DMA)",
       "#222222"},
      {LegendEntry::Line, "stall at the wait", kStallColor},
      {LegendEntry::Line, "backtail (how far the issue could move)",
       kBacktailColor}};
  const double width = 1000;
  double rowHeight = rows.size() <= 40 ? 16 : rows.size() <= 100 ? 12 : 9;
  unsigned legendRows = getLegendRows(legend, width - 160);
  PlotArea area;
  area.left = 130;
  area.top = 44 + 16.0 * legendRows;
  area.width = width - area.left - 20;
  area.height = std::max<double>(rowHeight * rows.size(), 40);
  double height = area.bottom() + 48;

  std::string title = frame.title;
  if (selection.isRestricted())
    title += " (" + selection.description + ")";
  SvgDocument svg(os, frame.id, width, height, title);
  svg.legend(area.left, 40, legend, width - 20);
  if (rows.size() < total)
    svg.note(width - 20, area.top - 6,
             llvm::formatv("showing the {0} {1} with the largest stall, of "
                           "{2}",
                           rows.size(),
                           options.perInstance ? "DMAs" : "static DMAs", total)
                 .str(),
             "end");

  double begin = double(winBegin);
  double end = double(winEnd);
  LinearScale x(begin, end, area.left, area.right());
  auto clampX = [&](double cycle) { return x(std::clamp(cycle, begin, end)); };
  svg.xAxis(area, x, "cycle");
  svg.line(area.left, area.top, area.left, area.bottom(), "#333333", 1);
  if (rows.empty())
    svg.note(area.left + area.width / 2, area.top + 24,
             frame.windowEnd ? "no DMA in these cycles"
                             : "no DMA in the selection",
             "middle");

  for (size_t r = 0; r < rows.size(); ++r) {
    double y = area.top + rowHeight * r;
    {
      const analysis::DmaRecord &first = dmas[rows[r].front()];
      uint64_t pc = info.getPc(first.issueIndex);
      std::string label =
          rows[r].size() == 1
              ? llvm::formatv("DMA {0} pc {1}", first.id, pc).str()
              : llvm::formatv("pc {0}, {1} DMAs", pc, rows[r].size()).str();
      svg.text(area.left - 6, y + rowHeight / 2 + 3, label, "end",
               std::min(rowHeight - 2, 10.0));
    }
    for (uint32_t id : rows[r]) {
      const analysis::DmaRecord &dma = dmas[id];
      double barY = y + rowHeight * 0.15, barH = rowHeight * 0.7;
      double mid = y + rowHeight / 2;
      bool waited = dma.waitIndex != sim::kNoIndex;
      const analysis::DmaSuggestion *suggestion = suggestionOf.lookup(dma.id);
      uint64_t complete = std::max(dma.completeCycle, dma.issueCycle);
      uint64_t baseEnd = std::clamp(dma.baseEndCycle, dma.issueCycle, complete);

      std::string tooltip = llvm::formatv(
          "DMA {0} ({1}, {2} bytes, flag {3}) issued at pc {4} in {5}: issue "
          "{6}, base latency until {7}, transfer {8} to {9}",
          dma.id, results.dmas.linkNames[dma.link], dma.bytes, dma.flag,
          info.getPc(dma.issueIndex), info.getHloName(dma.issueHlo),
          dma.issueCycle, baseEnd, dma.startCycle, complete);
      if (waited)
        tooltip += llvm::formatv(
            "; wait at pc {0} reached at {1}: stall {2} ({3} base, {4} "
            "transfer), slack {5}",
            info.getPc(dma.waitIndex), dma.waitReadyCycle, dma.stall(),
            dma.baseStall, dma.transferStall, dma.slack);
      else
        tooltip += "; never waited for";
      if (suggestion)
        tooltip += llvm::formatv(
            "; backtail {0} cycles; {1}: {2}", suggestion->pushLimit,
            analysis::getVerdictName(suggestion->verdict), suggestion->reason);

      svg.beginGroup("dma-row", tooltip);
      if (suggestion && suggestion->pushLimit) {
        double from = double(dma.issueCycle) - double(suggestion->pushLimit);
        svg.line(clampX(from), mid, clampX(double(dma.issueCycle)), mid,
                 kBacktailColor, 1, "data backtail");
        if (from >= begin)
          svg.line(x(from), mid - barH / 2, x(from), mid + barH / 2,
                   kBacktailColor, 1, "data backtail");
      }
      auto bar = [&](uint64_t from, uint64_t to, llvm::StringRef color,
                     llvm::StringRef cls) {
        if (to <= from || !inWindow(from, to))
          return;
        double x0 = clampX(double(from)), x1 = clampX(double(to));
        svg.rect(x0, barY, std::max(x1 - x0, minBarWidth), barH, color, cls);
      };
      bar(dma.issueCycle, baseEnd, kBaseColor, "data base");
      bar(baseEnd, complete, kTransferColor, "data transfer");
      if (waited && dma.slack)
        bar(complete, dma.waitReadyCycle, kSlackColor, "data slack");
      if (waited && dma.waitReadyCycle >= winBegin &&
          dma.waitReadyCycle <= winEnd) {
        double wx = x(double(dma.waitReadyCycle));
        bool stalled = dma.stall() > 0;
        if (stalled)
          svg.line(wx, barY + barH, clampX(double(dma.waitIssueCycle)),
                   barY + barH, kStallColor, 2, "data stall");
        // A wait that stalled on another DMA it covers (charged to that
        // one) is hollow: it stalled, but not on this DMA.
        bool stalledOnOther =
            !stalled && dma.waitIssueCycle > dma.waitReadyCycle;
        double d = std::min(barH / 2, 4.0);
        svg.polygon(
            {{wx, mid - d}, {wx + d, mid}, {wx, mid + d}, {wx - d, mid}},
            stalled          ? kStallColor
            : stalledOnOther ? "#ffffff"
                             : "#222222",
            stalledOnOther ? "data wait stalled-on-other" : "data wait", {},
            stalledOnOther ? "stroke=\"#d62728\" stroke-width=\"1\"" : "");
      }
      svg.endGroup();
    }
  }
}

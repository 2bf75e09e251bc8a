//===- DataCacheView.cpp - VMEM occupancy, fragmentation, waste -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The DataCacheAnalysis over the selection: free and occupied pages, the
// largest contiguous free region, the live pages per block (the
// fragmentation heatmap), and the writes nothing read.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

namespace {
class DataCacheView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "data_cache"; }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override {
    // Only a model without a scratchpad says something here: one line.
    if (!context.results.dataCache.hasScratchpad)
      os << "  data cache: none; the ISA has no scratchpad\n";
  }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(
        &analysis::AnalysisInfoOf<analysis::DataCacheAnalysis>::get());
  }
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    entries.push_back({HtmlPart::Tables, "data-cache", "Data cache"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;
  void getNotes(const analysis::ReplayResults &results,
                llvm::SmallVectorImpl<std::string> &notes) const override;
  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override;

private:
  void writeSection(const ViewContext &context, HtmlWriter &html) const;
};
} // namespace

void DataCacheView::addMetrics(const ViewContext &context,
                               Object &metrics) const {
  const analysis::DataCacheAnalysis &cache = context.results.dataCache;
  Object result{{"available", cache.available}};
  if (!cache.hasScratchpad)
    result["note"] = "the ISA has no scratchpad";
  if (!cache.available) {
    metrics["data_cache"] = std::move(result);
    return;
  }
  const DataCacheFigures &fig = context.figures.dataCache;
  Array wasted;
  for (uint32_t i : fig.wasted) {
    const analysis::WastedTransfer &w = cache.wasted[i];
    wasted.push_back(compactObject(
        Object{{"index", int64_t(w.index)},
               {"pc", getMetricsPc(context.results.info, w.index)},
               {"first_page", int64_t(w.firstPage)},
               {"bytes", int64_t(w.bytes)},
               {"dma", w.isDma}}));
  }
  result["unread_at_end_bytes"] = int64_t(cache.unreadAtEndBytes);
  result["pages"] = int64_t(cache.numPages);
  result["blocks"] = int64_t(cache.numBlocks);
  result["pages_per_block"] = int64_t(cache.pagesPerBlock);
  result["page_bytes"] = int64_t(cache.pageBytes);
  result["window_cycles"] = int64_t(cache.windowCycles);
  result["windows"] = int64_t(cache.numWindows);
  result["median_free_pages"] = roundTo(fig.medianFreePages, 3);
  result["median_largest_free_run"] = roundTo(fig.medianLargestFreeRun, 3);
  result["peak_occupied_pages"] = int64_t(fig.peakOccupiedPages);
  result["pages_ever_used"] = int64_t(cache.pagesEverUsed);
  result["wasted_transfers"] = int64_t(fig.wasted.size());
  result["wasted_bytes"] = int64_t(fig.wastedBytes);
  result["wasted"] = std::move(wasted);
  metrics["data_cache"] = std::move(result);
}

void DataCacheView::writeHtml(const ViewContext &context, HtmlPart part,
                              HtmlWriter &html) const {
  llvm::raw_ostream &os = html.os;
  if (part == HtmlPart::Plots) {
    // A model without a scratchpad: no plot, said in a sentence.
    if (!context.results.model.scratchpad) {
      os << "<p class=\"note\">No data-cache plot: "
         << context.results.dataCache.getUnavailableReason() << ".</p>\n";
      return;
    }
    os << "<figure>\n";
    writeDataCachePlot(os, context.results, context.selection);
    os << "<figcaption>VMEM pages occupied (live at some point in the "
          "window) and the largest run of contiguous free pages. A free "
          "region much smaller than the free pages means fragmentation: a "
          "DMA needing a contiguous buffer may not fit where it would be "
          "hoisted to.</figcaption>\n</figure>\n";
    // An empty heatmap is left out, said in a sentence.
    if (!context.results.dataCache.available ||
        !context.figures.dataCache.peakOccupiedPages) {
      os << "<p class=\"note\" id=\"" << kFragmentationPlotId
         << "-none\">No fragmentation heatmap: "
         << (context.results.dataCache.available
                 ? "no VMEM page is live in the selection"
                 : context.results.dataCache.getUnavailableReason())
         << ".</p>\n";
      return;
    }
    os << "<figure>\n";
    writeFragmentationHeatmap(os, context.results, context.selection);
    os << "<figcaption>Live pages of each VMEM block that is ever live "
          "(rows; the others are left out) per cycle window (columns), "
          "darker is fuller, on a scale up to the fullest block. Many partly "
          "filled blocks mean fragmented free space. Neighbouring windows "
          "are merged into one column (showing the largest count) when there "
          "are more than fit.</figcaption>\n</figure>\n";
  } else if (part == HtmlPart::Tables) {
    writeSection(context, html);
  }
}

void DataCacheView::writeSection(const ViewContext &context,
                                 HtmlWriter &html) const {
  llvm::raw_ostream &os = html.os;
  const analysis::DataCacheAnalysis &cache = context.results.dataCache;
  const DataCacheFigures &dc = context.figures.dataCache;
  os << "<h2 id=\"data-cache\">Data cache (VMEM)</h2>\n";
  if (!cache.hasScratchpad) {
    os << "<p class=\"note\">Not available: the ISA has no scratchpad.</p>\n";
    return;
  }
  if (!cache.available) {
    os << "<p class=\"note\">Not available: the replay was timing-only, so "
          "no address is known.</p>\n";
    return;
  }
  auto number = [](double value) {
    return value == std::floor(value) ? formatCount(uint64_t(value))
                                      : formatJsonNumber(roundTo(value, 1));
  };
  os << "<div class=\"cards\">\n";
  html.card(formatCount(cache.numPages),
            llvm::formatv("pages of {0} bytes", cache.pageBytes).str());
  html.card(number(dc.medianFreePages), "median free pages");
  html.card(number(dc.medianLargestFreeRun),
            "median largest contiguous free region (pages)");
  html.card(formatCount(dc.peakOccupiedPages), "peak occupied pages");
  html.card(formatCount(cache.pagesEverUsed), "pages ever used (whole run)");
  html.card(formatCount(dc.wasted.size()), "wasted transfers");
  html.card(formatCount(dc.wastedBytes), "wasted bytes");
  os << "</div>\n<p class=\"note\">Over " << cache.numWindows << " windows of "
     << formatCount(cache.windowCycles) << " cycles"
     << (context.selection.isRestricted() ? ", those the selection meets" : "")
     << ".</p>\n";
  if (dc.wasted.empty())
    return;
  std::vector<const analysis::WastedTransfer *> wasted;
  for (uint32_t i : dc.wasted)
    wasted.push_back(&cache.wasted[i]);
  llvm::stable_sort(wasted, [](const analysis::WastedTransfer *a,
                               const analysis::WastedTransfer *b) {
    return a->bytes > b->bytes;
  });
  size_t rows = std::min<size_t>(wasted.size(), 20);
  os << "<h3>Wasted transfers</h3>\n<p>Writes to VMEM whose bytes were "
        "overwritten before anything read them (counted in 32-byte granules)";
  if (rows < wasted.size())
    os << " (the " << rows << " largest of " << wasted.size() << ")";
  os << ".</p>\n<table class=\"sortable\" id=\"wasted-table\"><thead><tr>";
  html.th("pc", true);
  html.th("by");
  html.th("first page", true);
  html.th("bytes", true);
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < rows; ++r) {
    os << "<tr>";
    html.tdPc(wasted[r]->index);
    html.td(wasted[r]->isDma
                ? context.results.info.getMnemonic(wasted[r]->index)
                : llvm::StringRef("store"));
    html.tdNum(wasted[r]->firstPage);
    html.tdNum(wasted[r]->bytes);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void DataCacheView::getNotes(const analysis::ReplayResults &results,
                             llvm::SmallVectorImpl<std::string> &notes) const {
  const analysis::DataCacheAnalysis &cache = results.dataCache;
  if (cache.pageCoarsening > 1)
    notes.push_back(llvm::formatv(
        "VMEM has {0} pages, more than the data-cache analysis's budget of "
        "{1}: it analyses pages of {2} bytes ({3} machine pages each)",
        uint64_t(cache.numBlocks) * cache.pageCoarsening * cache.pagesPerBlock,
        analysis::kMaxCachePages, cache.pageBytes, cache.pageCoarsening));
}

void DataCacheView::printTest(const analysis::ReplayResults &results,
                              llvm::raw_ostream &os) const {
  const analysis::DataCacheAnalysis &c = results.dataCache;
  os << "cache pages " << c.numPages << " page-bytes " << c.pageBytes
     << " window " << c.windowCycles << " windows " << c.numWindows << " used "
     << c.pagesEverUsed << " peak " << c.peakOccupiedPages
     << llvm::format(" median-free %.1f median-largest-free %.1f",
                     c.medianFreePages, c.medianLargestFreeRun)
     << "\n";
  os << "cache occupied";
  for (uint32_t pages : c.occupiedPages)
    os << " " << pages;
  os << "\ncache largest-free";
  for (uint32_t pages : c.largestFreeRun)
    os << " " << pages;
  os << "\n";
  for (unsigned w = 0; w < c.numWindows; ++w) {
    os << "cache heat " << w;
    for (unsigned b = 0; b < c.numBlocks; ++b)
      if (uint16_t live = c.livePagesPerBlock[size_t(w) * c.numBlocks + b])
        os << " b" << b << ":" << live;
    os << "\n";
  }
  for (const analysis::WastedTransfer &w : c.wasted)
    os << "cache wasted #" << w.index << " bytes " << w.bytes << " first-page "
       << w.firstPage << (w.isDma ? " dma" : "") << "\n";
  os << "cache wasted-bytes " << c.wastedBytes << "\n";
  for (const analysis::WastedTransfer &w : c.unreadAtEnd)
    os << "cache unread-at-end #" << w.index << " bytes " << w.bytes
       << " first-page " << w.firstPage << (w.isDma ? " dma" : "") << "\n";
  os << "cache unread-at-end-bytes " << c.unreadAtEndBytes << "\n";
}

std::unique_ptr<AnalysisView> snr::report::createDataCacheView() {
  return std::make_unique<DataCacheView>();
}

//===- DmaStallView.cpp - Every DMA, its stall and its slack --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The DmaStallAnalysis over the selection: the totals (per link and per
// HLO), every DMA's cycles and its wait's stall split into base latency and
// transfer (or its slack), and the DMA timeline plot.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"
#include "SnR/Target/Target.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <tuple>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {
class DmaStallView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "dma"; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(
        &analysis::AnalysisInfoOf<analysis::DmaStallAnalysis>::get());
  }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override;
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    entries.push_back({HtmlPart::Tables, "dmas", "DMAs"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;
  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override;

private:
  void writeTimelinePages(const ViewContext &context, HtmlWriter &html) const;
  void writeDmaTable(const ViewContext &context, HtmlWriter &html) const;
};
} // namespace

static std::string formatBytes(uint64_t bytes) {
  if (bytes >= (uint64_t(1) << 30))
    return llvm::formatv("{0:F1} GiB", double(bytes) / double(1 << 30)).str();
  if (bytes >= (uint64_t(1) << 20))
    return llvm::formatv("{0:F1} MiB", double(bytes) / double(1 << 20)).str();
  if (bytes >= 1024)
    return llvm::formatv("{0:F1} KiB", double(bytes) / 1024).str();
  return llvm::formatv("{0} B", bytes).str();
}

void DmaStallView::printSummary(const ViewContext &context,
                                llvm::raw_ostream &os) const {
  const analysis::DmaTotals &dma = context.figures.dma;
  if (!context.results.dmas.asyncCopies)
    os << "  DMAs: none; the ISA has no asynchronous copies\n";
  else if (dma.dmas)
    os << llvm::formatv("  DMAs: {0} ({1} stalled), {2}; DMA stall {3} "
                        "cycles ({4} base latency, {5} transfer); DMA slack "
                        "{6} (summed per DMA; per wait {7})\n",
                        formatCount(dma.dmas), formatCount(dma.stalledDmas),
                        formatBytes(dma.bytes), formatCount(dma.stall()),
                        formatCount(dma.baseStall),
                        formatCount(dma.transferStall), formatCount(dma.slack),
                        formatCount(dma.waitSlack));
}

static Object getTotalsMetrics(const analysis::DmaTotals &totals) {
  return Object{{"dmas", int64_t(totals.dmas)},
                {"bytes", int64_t(totals.bytes)},
                {"base_stall", int64_t(totals.baseStall)},
                {"transfer_stall", int64_t(totals.transferStall)},
                {"stall", int64_t(totals.baseStall + totals.transferStall)},
                {"slack", int64_t(totals.slack)},
                {"wait_slack", int64_t(totals.waitSlack)},
                {"stalled_dmas", int64_t(totals.stalledDmas)}};
}

static Object getRecordMetrics(const analysis::ReplayResults &results,
                               const analysis::DmaRecord &dma) {
  const analysis::TraceInfo &info = results.info;
  bool waited = dma.waitIndex != sim::kNoIndex;
  const auto &links = results.dmas.linkNames;
  auto cycles = [](uint64_t value) { return Value(int64_t(value)); };
  target::SpaceInfo src = info.getTarget().getSpaceInfo(dma.src.space);
  target::SpaceInfo dst = info.getTarget().getSpaceInfo(dma.dst.space);
  return Object{
      {"id", int64_t(dma.id)},
      {"issue_index", int64_t(dma.issueIndex)},
      {"issue_pc", getMetricsPc(info, dma.issueIndex)},
      {"wait_index", waited ? Value(int64_t(dma.waitIndex)) : nullptr},
      {"wait_pc", getMetricsPc(info, dma.waitIndex)},
      {"flag", int64_t(dma.flag)},
      {"link", dma.link < links.size() ? Value(links[dma.link]) : nullptr},
      {"bytes", int64_t(dma.bytes)},
      {"src", src.family},
      {"src_chip", int64_t(src.device)},
      {"src_addr", int64_t(dma.src.addr)},
      {"dst", dst.family},
      {"dst_chip", int64_t(dst.device)},
      {"dst_addr", int64_t(dma.dst.addr)},
      {"issue_cycle", cycles(dma.issueCycle)},
      {"base_end_cycle", cycles(dma.baseEndCycle)},
      {"start_cycle", cycles(dma.startCycle)},
      {"complete_cycle", cycles(dma.completeCycle)},
      {"wait_ready_cycle", waited ? cycles(dma.waitReadyCycle) : nullptr},
      {"wait_issue_cycle", waited ? cycles(dma.waitIssueCycle) : nullptr},
      {"base_stall", cycles(dma.baseStall)},
      {"transfer_stall", cycles(dma.transferStall)},
      {"stall", cycles(dma.stall())},
      {"slack", cycles(dma.slack)},
      {"charged", dma.charged},
      {"issue_hlo", info.getHloName(dma.issueHlo)},
      {"wait_hlo", waited ? Value(info.getHloName(dma.waitHlo)) : nullptr},
      {"crosses_hlo", dma.crossesHlo()}};
}

void DmaStallView::addMetrics(const ViewContext &context,
                              Object &metrics) const {
  const ReportFigures &figures = context.figures;
  Array perLink;
  for (const LinkFigures &link : figures.links)
    if (link.dma.dmas) {
      Object entry = getTotalsMetrics(link.dma);
      entry["link"] = link.name;
      perLink.push_back(std::move(entry));
    }
  Array perHlo;
  for (const HloFigures &hlo : figures.hlos)
    if (hlo.dma.dmas) {
      Object entry = getTotalsMetrics(hlo.dma);
      entry["hlo"] = hlo.name;
      perHlo.push_back(std::move(entry));
    }
  Array table;
  for (uint32_t id : context.selection.dmas)
    table.push_back(compactObject(
        getRecordMetrics(context.results, context.results.dmas.dmas[id])));
  Object dma{{"totals", getTotalsMetrics(figures.dma)},
             {"per_link", std::move(perLink)},
             {"per_hlo", std::move(perHlo)},
             {"table", std::move(table)}};
  // A model without copies says so (snr-diff reads it).
  if (!context.results.model.asyncCopies)
    dma["note"] =
        analysis::describeMissing(analysis::DmaStallAnalysis::getInfo().needs);
  metrics["dma"] = std::move(dma);
}

void DmaStallView::writeHtml(const ViewContext &context, HtmlPart part,
                             HtmlWriter &html) const {
  llvm::raw_ostream &os = html.os;
  if (!context.results.model.asyncCopies) {
    // No plot; the section says why.
    if (part == HtmlPart::Tables)
      os << "<h2 id=\"dmas\">DMAs</h2>\n<p class=\"note\">Not available: "
         << escapeXml(analysis::describeMissing(
                analysis::DmaStallAnalysis::getInfo().needs))
         << ".</p>\n";
    return;
  }
  if (part == HtmlPart::Plots) {
    writeTimelinePages(context, html);
    os << "<figcaption>Each row is a DMA: <b>base latency</b> (orange) from "
          "its issue, then <b>transfer</b> (blue: queueing on its link and "
          "moving the bytes) until it completes, then <b>slack</b> (green) "
          "until the program reached its wait. The diamond is where the wait "
          "was reached (red when it stalled; the red line is the stall). The "
          "grey line left of the issue is the DMA's <b>backtail</b>: how far "
          "back its relaxed dependencies let the issue move. A backtail "
          "longer than the stall means hoisting removes the stall. Hover for "
          "details.</figcaption>\n</figure>\n";
  } else if (part == HtmlPart::Tables) {
    // Each DMA: one click away (the static DMA table above has one row per
    // dma.issue), or open with --per-instance.
    os << (context.options.perInstance ? "<details open>" : "<details>")
       << "<summary>Each DMA instance: the DMA table</summary>\n";
    writeDmaTable(context, html);
    os << "</details>\n";
  }
}

/// The DMA timeline of the whole selection and, one page each, of
/// kDmaTimelinePages equal cycle windows of it (only the DMAs in flight or
/// awaited in the window, at a readable scale). The pages are radio buttons
/// and CSS (HtmlReport's style has a rule per page): no script.
void DmaStallView::writeTimelinePages(const ViewContext &context,
                                      HtmlWriter &html) const {
  static_assert(kDmaTimelinePages == 4, "the style has a rule per page");
  llvm::raw_ostream &os = html.os;
  const Selection &selection = context.selection;
  uint64_t span = selection.getSpan();
  if (selection.dmas.empty() || span < kDmaTimelinePages) {
    os << "<figure>\n";
    writeDmaTimelinePlot(os, context.results, selection, context.figures,
                         context.options);
    return;
  }
  os << "<figure class=\"pages\" id=\"dma-timeline-pages\">\n";
  auto windowOf = [&](unsigned page) {
    return std::make_pair(
        selection.beginCycle + span * (page - 1) / kDmaTimelinePages,
        selection.beginCycle + span * page / kDmaTimelinePages);
  };
  for (unsigned page = 0; page <= kDmaTimelinePages; ++page) {
    std::string label = "all cycles";
    if (page) {
      auto [from, to] = windowOf(page);
      label = "cycles " + formatShort(double(from), 3) + " to " +
              formatShort(double(to), 3);
    }
    os << "<input type=\"radio\" name=\"dma-page\" id=\"dma-page-" << page
       << "\"" << (page ? "" : " checked") << "><label for=\"dma-page-" << page
       << "\">" << escapeXml(label) << "</label>\n";
  }
  for (unsigned page = 0; page <= kDmaTimelinePages; ++page) {
    os << "<div class=\"page\" id=\"dma-page-" << page << "-plot\">\n";
    DmaTimelineFrame frame;
    if (page) {
      std::tie(frame.windowBegin, frame.windowEnd) = windowOf(page);
      frame.id =
          std::string(kDmaTimelinePlotId) + "-page" + std::to_string(page);
      frame.title = llvm::formatv("DMA timeline, page {0} of {1}", page,
                                  kDmaTimelinePages)
                        .str();
    }
    writeDmaTimelinePlot(os, context.results, selection, context.figures,
                         context.options, frame);
    os << "</div>\n";
  }
}

void DmaStallView::writeDmaTable(const ViewContext &context,
                                 HtmlWriter &html) const {
  llvm::raw_ostream &os = html.os;
  const analysis::ReplayResults &results = context.results;
  const ReportFigures &fig = context.figures;
  const auto &dmas = results.dmas.dmas;
  os << "<h2 id=\"dmas\">DMAs</h2>\n";
  // Per link first.
  os << "<table class=\"sortable fit\" id=\"link-table\"><thead><tr>";
  html.th("link");
  html.th("DMAs", true);
  html.th("bytes", true);
  html.th("busy", true);
  html.th("base stall", true);
  html.th("transfer stall", true);
  html.th("slack", true);
  os << "</tr></thead><tbody>\n";
  for (const LinkFigures &link : fig.links) {
    if (!link.dma.dmas)
      continue;
    os << "<tr>";
    html.td(link.name);
    html.tdNum(link.dma.dmas);
    html.tdNum(link.dma.bytes);
    html.tdPercent(html.share(link.busyCycles));
    html.tdNum(link.dma.baseStall);
    html.tdNum(link.dma.transferStall);
    html.tdNum(link.dma.slack);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";

  if (fig.dmasByStall.empty()) {
    os << "<p class=\"note\">No DMA in the selection.</p>\n";
    return;
  }
  size_t rows =
      std::min<size_t>(fig.dmasByStall.size(), context.options.htmlDmaRows);
  os << "<p>";
  if (rows < fig.dmasByStall.size())
    os << "The " << rows << " DMAs with the largest stall, of "
       << fig.dmasByStall.size() << " (metrics.json has them all). ";
  os << "Cycles are absolute; the DMA stall of a wait is charged to the "
        "DMA that finished last. <i>cross-HLO</i>: issued in one HLO, waited "
        "for in another.</p>\n";
  os << "<table class=\"sortable fit\" id=\"dma-table\"><thead><tr>";
  html.th("DMA (link, bytes)", true);
  html.th("issue pc (HLO)", true);
  html.th("wait pc (HLO)", true);
  html.th("issued at cycle (completed)", true);
  html.th("wait reached", true);
  html.th("DMA stall", true);
  html.th("slack", true);
  os << "</tr></thead><tbody>\n";
  const analysis::TraceInfo &info = results.info;
  for (size_t r = 0; r < rows; ++r) {
    const analysis::DmaRecord &dma = dmas[fig.dmasByStall[r]];
    bool waited = dma.waitIndex != sim::kNoIndex;
    llvm::StringRef link = dma.link < results.dmas.linkNames.size()
                               ? llvm::StringRef(results.dmas.linkNames[dma.link])
                               : llvm::StringRef("-");
    os << "<tr>";
    html.tdNumSub(dma.id, (link + ", " + formatCount(dma.bytes) + " B").str());
    html.tdSub(html.pcOf(dma.issueIndex), info.getHloName(dma.issueHlo),
               dma.issueIndex < info.getNumInstructions()
                   ? info.getPc(dma.issueIndex)
                   : 0);
    if (waited)
      html.tdSub(html.pcOf(dma.waitIndex),
                 (info.getHloName(dma.waitHlo) +
                  (dma.crossesHlo() ? " (cross-HLO)" : ""))
                     .str(),
                 info.getPc(dma.waitIndex));
    else
      os << "<td data-v=\"-1\">-</td>";
    html.tdNumSub(dma.issueCycle,
                  "completed " + formatCount(dma.completeCycle));
    if (waited)
      html.tdNum(dma.waitReadyCycle);
    else
      os << "<td class=\"num\" data-v=\"-1\">-</td>";
    html.tdNumSub(dma.stall(), "base " + formatCount(dma.baseStall) +
                                   " + transfer " +
                                   formatCount(dma.transferStall));
    html.tdNum(dma.slack);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

static void printTotals(llvm::raw_ostream &os, const analysis::DmaTotals &t) {
  os << "dmas " << t.dmas << " bytes " << t.bytes << " stalled "
     << t.stalledDmas << " base " << t.baseStall << " transfer "
     << t.transferStall << " slack " << t.slack << "\n";
}

void DmaStallView::printTest(const analysis::ReplayResults &results,
                             llvm::raw_ostream &os) const {
  const analysis::TraceInfo &info = results.info;
  const analysis::DmaStallAnalysis &d = results.dmas;
  for (const analysis::DmaRecord &dma : d.dmas) {
    os << "dma " << dma.id << " issue #" << dma.issueIndex << " link "
       << d.linkNames[dma.link] << " bytes " << dma.bytes << " cycles "
       << dma.issueCycle << " " << dma.baseEndCycle << " " << dma.startCycle
       << " " << dma.completeCycle;
    if (dma.waitIndex != sim::kNoIndex)
      os << " wait #" << dma.waitIndex << " ready " << dma.waitReadyCycle
         << " issue " << dma.waitIssueCycle;
    os << " base " << dma.baseStall << " transfer " << dma.transferStall
       << " slack " << dma.slack << (dma.charged ? " charged" : "") << " hlo "
       << info.getHloName(dma.issueHlo) << " -> "
       << info.getHloName(dma.waitHlo) << (dma.crossesHlo() ? " cross" : "")
       << "\n";
  }
  os << "dma-total ";
  printTotals(os, d.total);
  for (size_t l = 0; l < d.perLink.size(); ++l)
    if (d.perLink[l].dmas) {
      os << "dma-link " << d.linkNames[l] << " ";
      printTotals(os, d.perLink[l]);
    }
  for (size_t h = 0; h < d.perHlo.size(); ++h)
    if (d.perHlo[h].dmas) {
      os << "dma-hlo "
         << info.getHloName(h < info.hloNames.size() ? analysis::HloId(h)
                                                     : analysis::kNoHlo)
         << " ";
      printTotals(os, d.perHlo[h]);
    }
}

std::unique_ptr<AnalysisView> snr::report::createDmaStallView() {
  return std::make_unique<DmaStallView>();
}

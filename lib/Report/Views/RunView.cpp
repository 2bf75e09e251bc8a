//===- RunView.cpp - The run as a whole: cycles, IPC, stalls --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The PerformanceTracker's figures over the selection: cycles, time, IPC and
// the stall cycles by kind (the DMA waits split into base latency and
// transfer).
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

using namespace snr;
using namespace snr::report;
using llvm::json::Object;

namespace {
class RunView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "run"; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(
        &analysis::AnalysisInfoOf<sim::PerformanceTracker>::get());
    analyses.push_back(&analysis::AnalysisInfoOf<sim::TimingRecorder>::get());
  }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override;
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    entries.push_back({HtmlPart::Findings, "summary", "Summary"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;
  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override {
    os << "run cycles " << results.summary.totalCycles << " last-dma "
       << results.summary.lastDmaCycle << "\n";
  }
};
} // namespace

static double share(uint64_t part, uint64_t whole) {
  return whole ? double(part) / double(whole) : 0;
}

void RunView::printSummary(const ViewContext &context,
                           llvm::raw_ostream &os) const {
  const ReportFigures &fig = context.figures;
  const sim::ModelDescription &model = context.results.model;
  if (model.hasClock)
    os << llvm::formatv(
        "  {0} cycles ({1} at {2} GHz), {3} instructions, "
        "IPC {4:F3}\n",
        formatCount(fig.cycles), formatTime(fig.cycles, fig.clockGhz),
        formatJsonNumber(fig.clockGhz), formatCount(fig.instructions), fig.ipc);
  else
    os << llvm::formatv("  {0} cycles, {1} instructions, IPC {2:F3}\n",
                        formatCount(fig.cycles), formatCount(fig.instructions),
                        fig.ipc);

  // Stalls by kind, largest first.
  os << llvm::formatv("  stalls: {0} cycles ({1} of the cycles)\n",
                      formatCount(fig.stallCycles),
                      formatPercent(share(fig.stallCycles, fig.cycles)));
  std::vector<unsigned> kinds;
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    if (fig.stallByKind[k])
      kinds.push_back(k);
  llvm::stable_sort(kinds, [&](unsigned a, unsigned b) {
    return fig.stallByKind[a] > fig.stallByKind[b];
  });
  for (unsigned k : kinds) {
    os << llvm::formatv("    {0,-12} {1,12} {2,7}", model.getStallKindName(k),
                        formatCount(fig.stallByKind[k]),
                        formatPercent(share(fig.stallByKind[k], fig.cycles)));
    if (model.getStallRole(k) == sim::StallRole::CopyWait) {
      os << llvm::formatv("  (base latency {0} + transfer {1} = DMA stall "
                          "{2}",
                          formatCount(fig.dma.baseStall),
                          formatCount(fig.dma.transferStall),
                          formatCount(fig.dma.stall()));
      if (fig.dmaWaitOtherStall)
        os << "; " << formatCount(fig.dmaWaitOtherStall)
           << " also held by another constraint";
      os << ")";
    }
    os << "\n";
  }
}

void RunView::addMetrics(const ViewContext &context, Object &metrics) const {
  const ReportFigures &figures = context.figures;
  const sim::RunSummary &summary = context.results.summary;
  const sim::ModelDescription &model = context.results.model;
  metrics["totals"] = Object{
      {"cycles", int64_t(figures.cycles)},
      {"time_us", model.hasClock ? llvm::json::Value(roundTo(figures.timeUs, 6))
                                 : llvm::json::Value(nullptr)},
      {"instructions", int64_t(figures.instructions)},
      {"executed", int64_t(figures.executed)},
      {"ipc", roundTo(figures.ipc, 6)},
      {"run_cycles", int64_t(summary.totalCycles)},
      {"last_dma_cycle", int64_t(summary.lastDmaCycle)}};
  Object stalls = buildStallMetrics(context.results.model, figures.stallByKind,
                                    figures.stallCycles);
  stalls["dma_wait_other"] = int64_t(figures.dmaWaitOtherStall);
  metrics["stalls"] = std::move(stalls);
}

void RunView::writeHtml(const ViewContext &context, HtmlPart part,
                        HtmlWriter &html) const {
  if (part != HtmlPart::Findings)
    return;
  const ReportFigures &fig = context.figures;
  const sim::ModelDescription &model = context.results.model;
  llvm::raw_ostream &os = html.os;
  os << "<h2 id=\"summary\">Summary</h2>\n<div class=\"cards\">\n";
  html.card(formatCount(fig.cycles), "cycles");
  if (model.hasClock)
    html.card(formatTime(fig.cycles, fig.clockGhz), "time");
  html.card(formatCount(fig.instructions), "instructions");
  html.card(llvm::formatv("{0:F3}", fig.ipc).str(), "IPC");
  html.card(formatPercent(html.share(fig.stallCycles)),
            "of the cycles stalled");
  if (model.asyncCopies) {
    html.card(formatCount(fig.dma.stall()),
              "DMA stall cycles (base latency + transfer)");
    html.card(formatCount(fig.expectedSaving), "cycles suggestions could save");
  }
  os << "</div>\n";

  os << "<h3>Stall cycles by kind</h3>\n<table class=\"sortable\" "
        "id=\"stall-kinds\"><thead><tr>";
  html.th("kind");
  html.th("cycles", true);
  html.th("share of cycles", true);
  html.th("");
  os << "</tr></thead><tbody>\n";
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k) {
    os << "<tr>";
    html.td(model.getStallKindName(k));
    html.tdNum(fig.stallByKind[k]);
    html.tdPercent(html.share(fig.stallByKind[k]));
    os << "<td><span class=\"bar\" style=\"width:"
       << formatCoord(200 * html.share(fig.stallByKind[k]))
       << "px\"></span></td>";
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
  sim::StallKind copyWait = model.findStallKind(sim::StallRole::CopyWait);
  if (fig.dma.dmas && copyWait) {
    os << "<p id=\"dma-wait-split\">The <code>"
       << model.getStallKindName(copyWait) << "</code> stall ("
       << formatCount(fig.stallByKind[copyWait])
       << " cycles) is the <b>DMA stall</b> (" << formatCount(fig.dma.stall())
       << ": " << formatCount(fig.dma.baseStall) << " on base latency, "
       << formatCount(fig.dma.transferStall) << " on transfer, charged to "
       << "the DMA each wait finished last)";
    if (fig.dmaWaitOtherStall)
      os << " plus " << formatCount(fig.dmaWaitOtherStall)
         << " cycles in which another constraint, such as a taken branch's "
            "refill, held the waits too";
    os << ". " << formatCount(fig.dma.stalledDmas) << " of "
       << formatCount(fig.dma.dmas) << " DMAs stalled their wait. "
       << "<b>DMA slack</b>: " << formatCount(fig.dma.slack)
       << " cycles, each DMA's from its completion to its wait, summed; "
       << "<b>wait slack</b>: " << formatCount(fig.dma.waitSlack)
       << ", each wait's from its last DMA's completion, summed.</p>\n";
  }
}

std::unique_ptr<AnalysisView> snr::report::createRunView() {
  return std::make_unique<RunView>();
}

//===- HloView.cpp - The run per HLO --------------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Per HLO of the selection: its span, its stall cycles by kind, each unit's
// busy fraction over its span (UtilizationAnalysis) and its DMAs.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Report/Svg.h"

#include "SnR/Support/Printable.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

namespace {
class HloView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "hlos"; }
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
    entries.push_back({HtmlPart::Tables, "hlos",
                       capitalize(context.results.info.hloNounPlural)});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;

private:
  void writeStallTable(const sim::ModelDescription &model,
                       HtmlWriter &html) const;
  void writeHloTable(const sim::ModelDescription &model,
                     HtmlWriter &html) const;
};
} // namespace

/// The HLOs that stalled, most first.
static std::vector<const HloFigures *>
getStalledHlos(const ReportFigures &fig) {
  std::vector<const HloFigures *> hlos;
  for (const HloFigures &hlo : fig.hlos)
    if (hlo.stallCycles)
      hlos.push_back(&hlo);
  llvm::stable_sort(hlos, [](const HloFigures *a, const HloFigures *b) {
    return a->stallCycles > b->stallCycles;
  });
  return hlos;
}

void HloView::printSummary(const ViewContext &context,
                           llvm::raw_ostream &os) const {
  const ReportFigures &fig = context.figures;
  const ReportOptions &options = context.options;
  const sim::ModelDescription &model = context.results.model;
  std::vector<const HloFigures *> hlos = getStalledHlos(fig);
  if (hlos.empty())
    return;
  os << "  stalls by " << context.results.info.hloNoun << ":\n";
  for (size_t i = 0; i < hlos.size() && i < options.summaryHlos; ++i) {
    const HloFigures &hlo = *hlos[i];
    unsigned worst = 1;
    for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
      if (hlo.stallByKind[k] > hlo.stallByKind[worst])
        worst = k;
    double share =
        fig.cycles ? double(hlo.stallCycles) / double(fig.cycles) : 0;
    os << llvm::formatv("    {0,-24} {1,12} {2,7}  mostly {3}\n",
                        printable(hlo.name), formatCount(hlo.stallCycles),
                        formatPercent(share), model.getStallKindName(worst));
  }
  if (hlos.size() > options.summaryHlos)
    os << llvm::formatv("    ... and {0} more {1}\n",
                        hlos.size() - options.summaryHlos,
                        context.results.info.hloNounPlural);
}

void HloView::addMetrics(const ViewContext &context, Object &metrics) const {
  const sim::ModelDescription &model = context.results.model;
  Array result;
  for (const HloFigures &hlo : context.figures.hlos) {
    if (!hlo.instructions)
      continue;
    Object busy;
    for (size_t r = 0; r < model.resources.size(); ++r)
      busy[model.resources[r].name] = roundTo(
          hlo.getSpan() ? double(hlo.busyCycles[r]) / double(hlo.getSpan()) : 0,
          6);
    llvm::StringRef xla = context.results.info.getXlaName(hlo.hlo);
    result.push_back(Object{
        {"name", hlo.name},
        {"xla_name",
         xla.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(xla)},
        {"instructions", int64_t(hlo.instructions)},
        {"executed", int64_t(hlo.executed)},
        {"first_cycle", int64_t(hlo.firstCycle)},
        {"last_cycle", int64_t(hlo.lastCycle)},
        {"cycles", int64_t(hlo.getSpan())},
        {"own_cycles", int64_t(hlo.ownCycles)},
        {"stalls", buildStallMetrics(model, hlo.stallByKind, hlo.stallCycles)},
        {"busy_fraction", std::move(busy)}});
  }
  metrics["hlos"] = std::move(result);
}

void HloView::writeHtml(const ViewContext &context, HtmlPart part,
                        HtmlWriter &html) const {
  if (part == HtmlPart::Findings)
    writeStallTable(context.results.model, html);
  else if (part == HtmlPart::Tables)
    writeHloTable(context.results.model, html);
}

/// Under the summary: the HLOs that stalled, by kind.
void HloView::writeStallTable(const sim::ModelDescription &model,
                              HtmlWriter &html) const {
  std::vector<const HloFigures *> hlos = getStalledHlos(html.fig);
  if (hlos.empty())
    return;
  llvm::raw_ostream &os = html.os;
  const analysis::TraceInfo &info = html.info;
  os << "<h3>Stall cycles by " << escapeXml(info.hloNoun)
     << "</h3>\n<table class=\"sortable fit\" "
        "id=\"stall-hlos\"><thead><tr>";
  html.th(capitalize(info.hloNoun));
  html.th("stall cycles", true);
  html.th("share of cycles", true);
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    html.th(model.getStallKindName(k), true);
  os << "</tr></thead><tbody>\n";
  for (const HloFigures *hlo : hlos) {
    os << "<tr>";
    html.td(hlo->name);
    html.tdNum(hlo->stallCycles);
    html.tdPercent(html.share(hlo->stallCycles));
    for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
      html.tdNum(hlo->stallByKind[k]);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void HloView::writeHloTable(const sim::ModelDescription &model,
                            HtmlWriter &html) const {
  llvm::raw_ostream &os = html.os;
  const analysis::TraceInfo &info = html.info;
  if (model.asyncCopies)
    os << "<h2 id=\"hlos\">HLOs</h2>\n<p>Per HLO (in order of first "
          "execution): its <b>span</b> from the first instruction's in-order "
          "slot to the last one's result; its <b>own cycles</b>, from each of "
          "its instructions' issue to the next instruction's, which add up to "
          "the run over all HLOs (what the XLA profile's costs and the Chakra "
          "trace charge to it; less than the span where HLOs overlap); its "
          "stalls, each unit's busy fraction over its span, and the DMAs "
          "whose wait is in it.</p>\n";
  else
    os << "<h2 id=\"hlos\">" << escapeXml(capitalize(info.hloNounPlural))
       << "</h2>\n<p>Per " << escapeXml(info.hloNoun)
       << " (in order of first execution): its <b>span</b> from the first "
          "instruction's in-order slot to the last one's result; its <b>own "
          "cycles</b>, from each of its instructions' issue to the next "
          "instruction's, which add up to the run over all of them (less "
          "than the span where they overlap); its stalls and each "
          "resource's busy fraction over its span.</p>\n";
  os << "<table class=\"sortable fit\" id=\"hlo-table\"><thead><tr>";
  html.th(capitalize(info.hloNoun));
  html.th("instructions", true);
  html.th("span (from cycle)", true);
  html.th("own cycles", true);
  // The copy-wait stall beside the total, each measured resource's busy
  // fraction in one cell.
  sim::StallKind copyWait = model.findStallKind(sim::StallRole::CopyWait);
  std::string measured;
  for (const sim::ResourceInfo &resource : model.resources)
    if (resource.measured)
      measured += (measured.empty() ? "" : ", ") + resource.label;
  html.th(
      copyWait
          ? ("stall cycles (" + model.getStallKindName(copyWait) + ")").str()
          : std::string("stall cycles"),
      true);
  html.th("busy over its span: " + measured);
  if (model.asyncCopies) {
    html.th("DMAs", true);
    html.th("DMA stall (slack)", true);
  }
  os << "</tr></thead><tbody>\n";
  for (const HloFigures &hlo : html.fig.hlos) {
    os << "<tr>";
    html.td(hlo.name);
    html.tdNum(hlo.instructions);
    html.tdNumSub(hlo.getSpan(), "from " + formatCount(hlo.firstCycle));
    html.tdNum(hlo.ownCycles);
    if (copyWait)
      html.tdNumSub(hlo.stallCycles,
                    model.getStallKindName(copyWait).str() + " " +
                        formatCount(hlo.stallByKind[copyWait]));
    else
      html.tdNum(hlo.stallCycles);
    std::string busy;
    for (size_t r = 0; r < model.resources.size(); ++r)
      if (model.resources[r].measured)
        busy += (busy.empty() ? "" : ", ") +
                formatPercent(hlo.getSpan() ? double(hlo.busyCycles[r]) /
                                                  double(hlo.getSpan())
                                            : 0);
    html.tdText(busy);
    if (model.asyncCopies) {
      html.tdNum(hlo.dma.dmas);
      html.tdNumSub(hlo.dma.stall(), "slack " + formatCount(hlo.dma.slack));
    }
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

std::unique_ptr<AnalysisView> snr::report::createHloView() {
  return std::make_unique<HloView>();
}

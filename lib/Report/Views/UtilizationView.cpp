//===- UtilizationView.cpp - How busy each unit and DMA link was ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The UtilizationAnalysis over the selection: each unit's and link's busy
// cycles, per window in the plot, and the stretches where the matrix unit
// sat idle while the program waited on a DMA.
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

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

namespace {
class UtilizationView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "utilization"; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(
        &analysis::AnalysisInfoOf<analysis::UtilizationAnalysis>::get());
  }
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;
  void getNotes(const analysis::ReplayResults &results,
                llvm::SmallVectorImpl<std::string> &notes) const override;
  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override;
};
} // namespace

void UtilizationView::addMetrics(const ViewContext &context,
                                 Object &metrics) const {
  const analysis::UtilizationAnalysis &util = context.results.utilization;
  const ReportFigures &figures = context.figures;
  const Selection &selection = context.selection;
  auto busyFraction = [&](uint64_t busy) {
    return roundTo(figures.cycles ? double(busy) / double(figures.cycles) : 0,
                   6);
  };
  const sim::ModelDescription &model = context.results.model;
  Array units;
  for (size_t r = 0; r < model.resources.size() && r < figures.units.size();
       ++r) {
    const UnitFigures &unit = figures.units[r];
    units.push_back(Object{{"name", model.resources[r].name},
                           {"issued", int64_t(unit.issued)},
                           {"executed", int64_t(unit.executed)},
                           {"busy_cycles", int64_t(unit.busyCycles)},
                           {"busy_fraction", busyFraction(unit.busyCycles)}});
  }
  Array links;
  for (const LinkFigures &link : figures.links)
    links.push_back(Object{{"name", link.name},
                           {"dmas", int64_t(link.dma.dmas)},
                           {"bytes", int64_t(link.dma.bytes)},
                           {"busy_cycles", int64_t(link.busyCycles)},
                           {"busy_fraction", busyFraction(link.busyCycles)}});
  Array stretches;
  uint64_t idleCycles = 0;
  for (const analysis::MatrixIdleOnDma &idle : util.matrixIdleOnDma) {
    if (!selection.overlaps(idle.begin, idle.end) ||
        !selection.containsDma(idle.dma))
      continue;
    idleCycles += idle.end - idle.begin;
    stretches.push_back(
        Object{{"begin", int64_t(idle.begin)},
               {"end", int64_t(idle.end)},
               {"wait_pc", getMetricsPc(context.results.info, idle.waitIndex)},
               {"dma", int64_t(idle.dma)}});
  }
  metrics["utilization"] = Object{
      {"window_cycles", int64_t(util.windowCycles)},
      {"units", std::move(units)},
      {"links", std::move(links)},
      {"matrix_idle_on_dma", Object{{"cycles", int64_t(idleCycles)},
                                    {"stretches", std::move(stretches)}}}};
}

void UtilizationView::writeHtml(const ViewContext &context, HtmlPart part,
                                HtmlWriter &html) const {
  if (part != HtmlPart::Plots)
    return;
  html.os << "<figure>\n";
  writeUtilizationPlot(html.os, context.results, context.selection);
  if (!context.results.model.asyncCopies) {
    html.os << "<figcaption>The busy fraction of each resource of the model, "
               "per cycle window.</figcaption>\n</figure>\n";
    return;
  }
  html.os << "<figcaption>The busy fraction of each unit (solid) and of each "
             "DMA link that moved data (dashed), per cycle window. Shaded: "
             "stretches where the matrix unit had nothing in flight while "
             "the program stalled on a DMA wait, the signature of a missing "
             "prefetch.</figcaption>\n</figure>\n";
}

void UtilizationView::getNotes(
    const analysis::ReplayResults &results,
    llvm::SmallVectorImpl<std::string> &notes) const {
  const analysis::UtilizationAnalysis &utilization = results.utilization;
  if (utilization.requestedWindowCycles)
    notes.push_back(llvm::formatv(
        "--window={0} would cut the run's {1} cycles into more than {2} "
        "windows (the budget); windows of {3} cycles are used",
        utilization.requestedWindowCycles, utilization.totalCycles,
        analysis::kMaxUtilizationWindows, utilization.windowCycles));
}

void UtilizationView::printTest(const analysis::ReplayResults &results,
                                llvm::raw_ostream &os) const {
  const analysis::TraceInfo &info = results.info;
  const analysis::UtilizationAnalysis &u = results.utilization;
  os << "util window " << u.windowCycles << " total " << u.totalCycles << "\n";
  for (size_t res = 0; res < u.resources.size(); ++res) {
    os << "util " << u.resources[res]
       << llvm::format(" overall %.3f windows", u.overall[res]);
    for (double busy : u.busy[res])
      os << llvm::format(" %.3f", busy);
    os << "\n";
  }
  for (size_t h = 0; h < u.perHlo.size(); ++h) {
    const analysis::UtilizationAnalysis::HloUtilization &hlo = u.perHlo[h];
    os << "util-hlo " << info.hloNames[h] << " span " << hlo.firstIssue << "-"
       << hlo.lastReady;
    for (unsigned res = 0; res < u.numUnitResources; ++res)
      os << " " << u.resources[res] << llvm::format(" %.3f", hlo.fraction(res));
    os << "\n";
  }
  for (const analysis::MatrixIdleOnDma &idle : u.matrixIdleOnDma)
    os << "matrix-idle-on-dma [" << idle.begin << ", " << idle.end << ") wait #"
       << idle.waitIndex << " dma " << idle.dma << "\n";
  os << "matrix-idle-on-dma-cycles " << u.matrixIdleOnDmaCycles << "\n";
}

std::unique_ptr<AnalysisView> snr::report::createUtilizationView() {
  return std::make_unique<UtilizationView>();
}

//===- LoadUseView.cpp - Loads whose latency is exposed to their use ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The LoadUseAnalysis over the selection: the loads whose value an
// instruction waited for, most stall cycles first, with the advice, as
// summary lines, metrics.json's `load_use`, a findings table of report.html
// and `load-use-latency` remarks. A view a target enables (RISC-V does: its
// suggestions, where an ISA without copies has no DMA to hoist).
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/LoadUseAnalysis.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

namespace {
/// Summary lines of suggestions.
constexpr size_t kSummaryLoads = 3;
/// Rows of the report's table.
constexpr size_t kHtmlLoads = 30;

class LoadUseView : public AnalysisView {
public:
  explicit LoadUseView(llvm::StringRef placement) : placement(placement) {}
  llvm::StringRef getName() const override { return "load-use"; }
  llvm::StringRef getPlacement() const override { return placement; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&analysis::LoadUseAnalysis::getInfo());
  }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override;
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    entries.push_back({HtmlPart::Findings, "load-use", "Exposed loads"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;
  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override;
  void getRemarks(const ViewContext &context,
                  std::vector<ViewRemark> &remarks) const override;

private:
  /// The selected loads, most stall cycles first.
  static std::vector<const analysis::ExposedLoad *>
  getLoads(const ViewContext &context) {
    std::vector<const analysis::ExposedLoad *> loads;
    for (const analysis::ExposedLoad &load :
         context.results.get<analysis::LoadUseAnalysis>().loads)
      if (context.selection.containsInstruction(load.loadIndex))
        loads.push_back(&load);
    return loads;
  }

  std::string placement;
};
} // namespace

/// "gemv_i8.c:30:50", or the PC where the line table has no entry.
static std::string where(const analysis::TraceInfo &info, uint64_t pc) {
  std::string place = info.locatePc(pc);
  return place.empty() ? "pc " + info.formatPc(pc) : place;
}

void LoadUseView::printSummary(const ViewContext &context,
                               llvm::raw_ostream &os) const {
  const analysis::TraceInfo &info = context.results.info;
  std::vector<const analysis::ExposedLoad *> loads = getLoads(context);
  if (loads.empty()) {
    os << "  exposed loads: none (no instruction waited for a loaded value)\n";
    return;
  }
  os << "  exposed loads (an instruction waited for the loaded value):\n";
  for (size_t i = 0; i < loads.size() && i < kSummaryLoads; ++i) {
    const analysis::ExposedLoad &load = *loads[i];
    os << llvm::formatv(
        "    {0} at {1}: its latency is exposed to its first use ({2}): {3} "
        "stall cycles ({4} of the run); {5}\n",
        info.getText(load.loadIndex), where(info, load.pc),
        info.getText(load.useIndex), formatCount(load.stallCycles),
        formatPercent(context.figures.cycles
                          ? double(load.stallCycles) /
                                double(context.figures.cycles)
                          : 0),
        analysis::ExposedLoad::getAdvice());
  }
  if (loads.size() > kSummaryLoads)
    os << llvm::formatv("    ... and {0} more\n", loads.size() - kSummaryLoads);
}

void LoadUseView::addMetrics(const ViewContext &context,
                             Object &metrics) const {
  const analysis::TraceInfo &info = context.results.info;
  Array loads;
  uint64_t total = 0;
  for (const analysis::ExposedLoad *load : getLoads(context)) {
    total += load->stallCycles;
    loads.push_back(
        Object{{"pc", int64_t(load->pc)},
               {"load", info.getText(load->loadIndex)},
               {"source", getMetricsSource(info, load->pc)},
               {"hlo", info.getHloName(info.hloOf[load->loadIndex])},
               {"first_use_pc", int64_t(load->usePc)},
               {"first_use", info.getText(load->useIndex)},
               {"first_use_source", getMetricsSource(info, load->usePc)},
               {"stall_cycles", int64_t(load->stallCycles)},
               {"stalls", int64_t(load->stalls)},
               {"advice", analysis::ExposedLoad::getAdvice()}});
  }
  metrics["load_use"] =
      Object{{"stall_cycles", int64_t(total)}, {"loads", std::move(loads)}};
}

void LoadUseView::writeHtml(const ViewContext &context, HtmlPart part,
                            HtmlWriter &html) const {
  if (part != HtmlPart::Findings)
    return;
  const analysis::TraceInfo &info = context.results.info;
  llvm::raw_ostream &os = html.os;
  os << "<h2 id=\"load-use\">Suggestions: loads whose latency is exposed"
        "</h2>\n<p>A load whose value the next instruction that reads it "
        "waited for: nothing independent was scheduled in between. "
        "<b>Schedule independent work between the load and its first use</b> "
        "(unroll, or software-pipeline the loop). Per static load, the "
        "register stall cycles its uses spent on it, and the use that waited "
        "most.</p>\n";
  std::vector<const analysis::ExposedLoad *> loads = getLoads(context);
  if (loads.empty()) {
    os << "<p class=\"note\">No instruction waited for a loaded value.</p>\n";
    return;
  }
  if (loads.size() > kHtmlLoads)
    os << "<p class=\"note\">The " << kHtmlLoads << " with the most stall "
       << "cycles, of " << loads.size() << "; metrics.json has them all.</p>\n";
  os << "<table class=\"sortable fit\" id=\"load-use-table\"><thead><tr>";
  html.th("load (pc)");
  html.th("source");
  html.th("first use (pc)");
  html.th(capitalize(info.hloNoun));
  html.th("stall cycles", true);
  html.th("share of cycles", true);
  html.th("stalls", true);
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < loads.size() && r < kHtmlLoads; ++r) {
    const analysis::ExposedLoad &load = *loads[r];
    std::string place = info.locatePc(load.pc);
    os << "<tr>";
    html.tdSub(info.getText(load.loadIndex), "pc " + info.formatPc(load.pc),
               load.pc);
    os << "<td class=\"loc\">"
       << (place.empty() ? std::string("-") : escapeLocation(place)) << "</td>";
    html.tdSub(info.getText(load.useIndex), "pc " + info.formatPc(load.usePc),
               load.usePc);
    html.td(info.getHloName(info.hloOf[load.loadIndex]));
    html.tdNum(load.stallCycles);
    html.tdPercent(html.share(load.stallCycles));
    html.tdNum(load.stalls);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void LoadUseView::printTest(const analysis::ReplayResults &results,
                            llvm::raw_ostream &os) const {
  for (const analysis::ExposedLoad &load :
       results.get<analysis::LoadUseAnalysis>().loads)
    os << "load-use pc " << load.pc << " use pc " << load.usePc << " stall "
       << load.stallCycles << " stalls " << load.stalls << "\n";
}

void LoadUseView::getRemarks(const ViewContext &context,
                             std::vector<ViewRemark> &remarks) const {
  const analysis::TraceInfo &info = context.results.info;
  for (const analysis::ExposedLoad *load : getLoads(context)) {
    ViewRemark remark;
    remark.kind = ViewRemark::Kind::Missed;
    remark.name = "load-use-latency";
    remark.category = "snr.load";
    remark.function = info.getHloName(info.hloOf[load->loadIndex]).str();
    remark.index = load->loadIndex;
    remark.hotness = load->stallCycles;
    remark.args = {{"String", "the latency of "},
                   {"Load", info.getText(load->loadIndex)},
                   {"String", " is exposed to its first use "},
                   {"FirstUse", info.getText(load->useIndex)},
                   {"String", " at " + where(info, load->usePc) + ": "},
                   {"StallCycles", std::to_string(load->stallCycles)},
                   {"String", " stall cycles over "},
                   {"Stalls", std::to_string(load->stalls)},
                   {"String", " stalls; "},
                   {"Advice", analysis::ExposedLoad::getAdvice().str()}};
    remarks.push_back(std::move(remark));
  }
}

std::unique_ptr<AnalysisView>
snr::report::createLoadUseView(llvm::StringRef placement) {
  return std::make_unique<LoadUseView>(placement);
}

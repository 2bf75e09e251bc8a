//===- SuggestionView.cpp - What to change: DMAs to hoist, bottlenecks ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The Suggestions (Algorithm 2: DMAs to hoist, DMAs to issue together) and
// the StaticInstructionAnalysis that folds them, with the bottleneck chains,
// by static PC. One row per static PC by default; one per DMA instance with
// --per-instance (ReportOptions::perInstance). The static wording is
// StaticView.h's, shared with the remarks.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/StaticHtml.h"
#include "SnR/Report/StaticView.h"
#include "SnR/Report/Svg.h"

#include "SnR/Support/Printable.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {
class SuggestionView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "suggestions"; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&analysis::AnalysisInfoOf<analysis::Suggestions>::get());
    analyses.push_back(
        &analysis::AnalysisInfoOf<analysis::StaticInstructionAnalysis>::get());
  }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override;
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    if (!context.results.model.asyncCopies) {
      entries.push_back({HtmlPart::Findings, "bottlenecks", "Bottlenecks"});
      entries.push_back({HtmlPart::Findings, "suggestions", "DMA suggestions"});
      return;
    }
    entries.push_back({HtmlPart::Findings, "suggestions", "Suggestions"});
    entries.push_back({HtmlPart::Findings, "static", "Static DMAs"});
    entries.push_back({HtmlPart::Findings, "bottlenecks", "Bottlenecks"});
    entries.push_back({HtmlPart::Findings, "parallel", "Parallel DMAs"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;
  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override;

private:
  void printInstances(const ViewContext &context, llvm::raw_ostream &os) const;
  void writeSuggestionTable(const ViewContext &context, HtmlWriter &html) const;
  void writeGroupTable(const ViewContext &context, HtmlWriter &html) const;
};
} // namespace

void SuggestionView::printSummary(const ViewContext &context,
                                  llvm::raw_ostream &os) const {
  if (!context.options.perInstance)
    printStaticSummary(context.results, context.selection, context.figures, os,
                       context.options);
  else
    printInstances(context, os);
}

/// The suggestions and parallel groups one DMA instance at a time
/// (--per-instance).
void SuggestionView::printInstances(const ViewContext &context,
                                    llvm::raw_ostream &os) const {
  const analysis::ReplayResults &results = context.results;
  const ReportFigures &fig = context.figures;
  const ReportOptions &options = context.options;
  const analysis::TraceInfo &info = results.info;
  // Suggestions worth acting on.
  const analysis::Suggestions &suggestions = results.suggestions;
  std::vector<uint32_t> useful;
  for (uint32_t i : fig.suggestionsBySaving)
    if (suggestions.dmas[i].expectedSaving)
      useful.push_back(i);
  if (useful.empty()) {
    fig.printNoUsefulSuggestion(results.model, os);
  } else {
    os << llvm::formatv("  top suggestions (together up to {0} cycles, {1} of "
                        "the run; savings may overlap):\n",
                        formatCount(fig.expectedSaving),
                        formatPercent(fig.cycles ? double(fig.expectedSaving) /
                                                       double(fig.cycles)
                                                 : 0));
    for (size_t i = 0; i < useful.size() && i < options.summarySuggestions;
         ++i) {
      const analysis::DmaSuggestion &s = suggestions.dmas[useful[i]];
      uint64_t issuePc = s.issueIndex < info.getNumInstructions()
                             ? info.getPc(s.issueIndex)
                             : 0;
      uint64_t targetPc =
          s.target < info.getNumInstructions() ? info.getPc(s.target) : 0;
      os << llvm::formatv("    {0}. {1} DMA {2} (pc {3}) to before pc {4}: "
                          "saves {5} of its {6} stall cycles\n",
                          i + 1, analysis::getVerdictName(s.verdict), s.dma,
                          issuePc, targetPc, formatCount(s.expectedSaving),
                          formatCount(s.stall));
    }
    if (useful.size() > options.summarySuggestions)
      os << llvm::formatv("    ... and {0} more\n",
                          useful.size() - options.summarySuggestions);
  }
  if (!fig.groupsBySaving.empty()) {
    const analysis::ParallelDmaGroup &g =
        suggestions.parallelGroups[fig.groupsBySaving.front()];
    os << llvm::formatv("  {0} group(s) of DMAs issued one at a time though "
                        "independent; the largest: {1} DMAs in {2}, issuing "
                        "them together saves {3} cycles\n",
                        fig.groupsBySaving.size(), g.dmas.size(),
                        printable(info.getHloName(g.hlo)),
                        formatCount(g.expectedSaving));
  }
}

static llvm::StringRef getResourceName(analysis::DepResource resource) {
  switch (resource) {
  case analysis::DepResource::Register:
    return "register";
  case analysis::DepResource::Flag:
    return "flag";
  case analysis::DepResource::Memory:
    return "memory";
  }
  return "register";
}

static Object getBacktailMetrics(const analysis::TraceInfo &info,
                                 const analysis::Backtail &b) {
  Array slice;
  for (uint64_t index : b.slice)
    slice.push_back(getMetricsPc(info, index));
  return Object{
      {"earliest_index", int64_t(b.earliest)},
      {"earliest_pc", getMetricsPc(info, b.earliest)},
      {"instructions", int64_t(b.instructions)},
      {"cycles", int64_t(b.cycles)},
      {"blocker_pc", getMetricsPc(info, b.blocker)},
      {"blocker_resource", b.blocker == sim::kNoIndex
                               ? Value(nullptr)
                               : Value(getResourceName(b.blockerResource))},
      {"slice_pcs", std::move(slice)}};
}

void SuggestionView::addMetrics(const ViewContext &context,
                                Object &metrics) const {
  const analysis::ReplayResults &results = context.results;
  const analysis::TraceInfo &info = results.info;
  const Selection &selection = context.selection;
  const analysis::Suggestions &s = results.suggestions;
  Array dmas;
  for (uint32_t i : selection.suggestions) {
    const analysis::DmaSuggestion &d = s.dmas[i];
    analysis::HloId hlo = d.issueIndex < info.hloOf.size()
                              ? info.hloOf[d.issueIndex]
                              : analysis::kNoHlo;
    dmas.push_back(compactObject(Object{
        {"dma", int64_t(d.dma)},
        {"issue_pc", getMetricsPc(info, d.issueIndex)},
        {"wait_pc", getMetricsPc(info, d.waitIndex)},
        {"hlo", info.getHloName(hlo)},
        {"verdict", analysis::getVerdictName(d.verdict)},
        {"reason", d.reason},
        {"stall", int64_t(d.stall)},
        {"push_limit", int64_t(d.pushLimit)},
        {"push_limit_instructions", int64_t(d.pushLimitInstructions)},
        {"expected_saving", int64_t(d.expectedSaving)},
        {"target_index", int64_t(d.target)},
        {"target_pc", getMetricsPc(info, d.target)},
        {"hoist_cycles", int64_t(d.hoistCycles)},
        {"hoist_instructions", int64_t(d.hoistInstructions)},
        {"pages_needed", int64_t(d.pagesNeeded)},
        {"free_run_pages", int64_t(d.freeRunPages)},
        {"memory_available", d.memoryAvailable},
        {"backtail",
         Object{{"relaxed", getBacktailMetrics(info, d.relaxed)},
                {"conservative", getBacktailMetrics(info, d.conservative)}}}}));
  }
  Array groups;
  for (uint32_t i : selection.parallelGroups) {
    const analysis::ParallelDmaGroup &g = s.parallelGroups[i];
    Array ids, pcs;
    for (uint32_t id : g.dmas) {
      ids.push_back(int64_t(id));
      pcs.push_back(id < results.dmas.dmas.size()
                        ? getMetricsPc(info, results.dmas.dmas[id].issueIndex)
                        : Value(nullptr));
    }
    groups.push_back(Object{{"dmas", std::move(ids)},
                            {"issue_pcs", std::move(pcs)},
                            {"hlo", info.getHloName(g.hlo)},
                            {"expected_saving", int64_t(g.expectedSaving)}});
  }
  metrics["suggestions"] =
      Object{{"expected_saving", int64_t(context.figures.expectedSaving)},
             {"dmas", std::move(dmas)},
             {"parallel_groups", std::move(groups)}};
  metrics["static"] = buildStaticMetrics(results, selection);
  metrics["bottlenecks"] = buildBottleneckMetrics(results);
}

void SuggestionView::writeHtml(const ViewContext &context, HtmlPart part,
                               HtmlWriter &html) const {
  if (part != HtmlPart::Findings)
    return;
  writeStaticHtml(html.os, context.results, context.selection, context.options);
  if (!context.results.model.asyncCopies) {
    html.os << "<h2 id=\"suggestions\">DMA suggestions</h2>\n<p class=\"note\">"
               "Not available: "
            << escapeXml(analysis::describeMissing(
                   analysis::Suggestions::getInfo().needs))
            << ".</p>\n";
    return;
  }
  // The instances behind the static rows: one click away, or open with
  // --per-instance.
  html.os << (context.options.perInstance ? "<details open>" : "<details>")
          << "<summary>Each DMA instance: suggestions and parallel groups"
             "</summary>\n";
  writeSuggestionTable(context, html);
  writeGroupTable(context, html);
  html.os << "</details>\n";
}

void SuggestionView::writeSuggestionTable(const ViewContext &context,
                                          HtmlWriter &html) const {
  const analysis::ReplayResults &results = context.results;
  const analysis::TraceInfo &info = results.info;
  const ReportFigures &fig = context.figures;
  const ReportOptions &options = context.options;
  llvm::raw_ostream &os = html.os;
  const analysis::Suggestions &s = results.suggestions;
  os << "<h2 id=\"suggestions\">Suggestions: DMAs to hoist</h2>\n";
  os << "<p>For every DMA whose wait stalled, Algorithm 2 compares how far "
        "its relaxed dependencies let its issue move earlier (the push "
        "limit, its backtail) with the stall, and checks that a contiguous "
        "free VMEM region of its size exists over that stretch. "
        "<b>hoist</b>: moving the issue removes the stall; "
        "<b>hoist-partly</b>: it removes push-limit cycles of it; "
        "<b>blocked-by-dependency</b>: it needs something produced right "
        "before it; <b>no-room</b>: no free region of its size. Savings of "
        "different suggestions may overlap.</p>\n";
  if (fig.suggestionsBySaving.empty()) {
    os << "<p class=\"note\">No DMA wait stalled in the selection.</p>\n";
    return;
  }
  size_t rows = std::min<size_t>(fig.suggestionsBySaving.size(),
                                 options.htmlSuggestionRows);
  if (rows < fig.suggestionsBySaving.size())
    os << "<p class=\"note\">The " << rows << " with the largest expected "
       << "saving, of " << fig.suggestionsBySaving.size()
       << "; metrics.json has them all.</p>\n";
  os << "<table class=\"sortable fit\" id=\"suggestion-table\"><thead><tr>";
  html.th("verdict");
  html.th("DMA (issue and wait pc)");
  html.th("HLO");
  html.th("DMA stall", true);
  html.th("push limit", true);
  html.th("expected saving", true);
  html.th("move before pc (pages needed / free)", true);
  html.th("reason");
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < rows; ++r) {
    const analysis::DmaSuggestion &d = s.dmas[fig.suggestionsBySaving[r]];
    llvm::StringRef verdict = analysis::getVerdictName(d.verdict);
    os << "<tr><td class=\"verdict-" << escapeXml(verdict) << "\">"
       << escapeXml(verdict) << "</td>";
    html.tdSub(llvm::formatv("DMA {0}", d.dma).str(),
               llvm::formatv("pc {0}, wait pc {1}", html.pcOf(d.issueIndex),
                             html.pcOf(d.waitIndex))
                   .str(),
               d.dma);
    html.td(info.getHloName(d.issueIndex < info.hloOf.size()
                                ? info.hloOf[d.issueIndex]
                                : analysis::kNoHlo));
    html.tdNum(d.stall);
    html.tdNum(d.pushLimit);
    html.tdNum(d.expectedSaving);
    os << "<td class=\"num\" data-v=\""
       << (d.target < info.getNumInstructions() ? info.getPc(d.target) : 0)
       << "\">" << html.pcOf(d.target) << "<div class=\"sub\">" << d.pagesNeeded
       << " / " << d.freeRunPages << " pages</div></td>";
    html.tdText(d.reason);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void SuggestionView::writeGroupTable(const ViewContext &context,
                                     HtmlWriter &html) const {
  const analysis::ReplayResults &results = context.results;
  const analysis::TraceInfo &info = results.info;
  const ReportFigures &fig = context.figures;
  llvm::raw_ostream &os = html.os;
  const analysis::Suggestions &s = results.suggestions;
  os << "<h2 id=\"parallel\">Parallel DMA groups</h2>\n<p>DMAs issued one "
        "after another, each waited for before the next is issued, although "
        "none needs the previous one's data: issued together, their base "
        "latencies would overlap, saving that of every DMA but the "
        "first.</p>\n";
  if (fig.groupsBySaving.empty()) {
    os << "<p class=\"note\">None in the selection.</p>\n";
    return;
  }
  os << "<table class=\"sortable fit\" id=\"group-table\"><thead><tr>";
  html.th("HLO");
  html.th("DMAs", true);
  html.th("DMA ids");
  html.th("issue pcs");
  html.th("expected saving", true);
  os << "</tr></thead><tbody>\n";
  for (uint32_t i : fig.groupsBySaving) {
    const analysis::ParallelDmaGroup &g = s.parallelGroups[i];
    std::string ids, pcs;
    for (uint32_t id : g.dmas) {
      ids += (ids.empty() ? "" : ", ") + std::to_string(id);
      pcs += (pcs.empty() ? "" : ", ") +
             (id < results.dmas.dmas.size()
                  ? html.pcOf(results.dmas.dmas[id].issueIndex)
                  : std::string("-"));
    }
    os << "<tr>";
    html.td(info.getHloName(g.hlo));
    html.tdNum(g.dmas.size());
    html.tdText(ids);
    html.tdText(pcs);
    html.tdNum(g.expectedSaving);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void SuggestionView::printTest(const analysis::ReplayResults &results,
                               llvm::raw_ostream &os) const {
  const analysis::TraceInfo &info = results.info;
  for (const analysis::DmaSuggestion &s : results.suggestions.dmas)
    os << "suggest dma " << s.dma << " " << analysis::getVerdictName(s.verdict)
       << " stall " << s.stall << " push-limit " << s.pushLimit << " ("
       << s.pushLimitInstructions << " instructions) target #" << s.target
       << " hoist " << s.hoistInstructions << " / " << s.hoistCycles
       << " pages " << s.pagesNeeded << " free " << s.freeRunPages << " saving "
       << s.expectedSaving << ": " << s.reason << "\n";
  for (const analysis::ParallelDmaGroup &g :
       results.suggestions.parallelGroups) {
    os << "parallel-group dmas";
    for (uint32_t id : g.dmas)
      os << " " << id;
    os << " saving " << g.expectedSaving << " hlo " << info.getHloName(g.hlo)
       << "\n";
  }
}

std::unique_ptr<AnalysisView> snr::report::createSuggestionView() {
  return std::make_unique<SuggestionView>();
}

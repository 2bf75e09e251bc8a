//===- StaticHtml.cpp - report.html's static view -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/StaticHtml.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/StaticView.h"
#include "SnR/Report/Svg.h"

#include "llvm/ADT/StringExtras.h"

using namespace snr;
using namespace snr::report;

namespace {
/// Rows of the static tables.
constexpr size_t kStaticRows = 100;

void th(llvm::raw_ostream &os, llvm::StringRef text, bool numeric = false) {
  os << (numeric ? "<th class=\"num\">" : "<th>") << escapeXml(text)
     << "</th>";
}
void td(llvm::raw_ostream &os, llvm::StringRef text) {
  os << "<td>" << escapeXml(text) << "</td>";
}
void tdNum(llvm::raw_ostream &os, uint64_t value) {
  os << "<td class=\"num\" data-v=\"" << value << "\">" << formatCount(value)
     << "</td>";
}

bool isSelected(const Selection &selection, const analysis::StaticDma &d) {
  for (uint32_t id : d.instances)
    if (selection.containsDma(id))
      return true;
  return false;
}

void staticDmas(llvm::raw_ostream &os, const analysis::ReplayResults &results,
                const Selection &selection) {
  const analysis::StaticInstructionAnalysis &view = results.staticView;
  os << "<h2 id=\"static\">Static DMAs</h2>\n<p>One row per "
        "<code>dma.issue</code> in the program: a DMA in a loop body is one "
        "row with its instances summed. Stall, slack and expected saving "
        "are sums over the instances; the backtail (how far the relaxed "
        "dependencies let the issue move) is the minimum and median over "
        "them. Open a row's instances for the DMA ids; "
        "<code>snr-replay --per-instance</code> lists each DMA in the "
        "suggestion table below.</p>\n";
  std::vector<const analysis::StaticDma *> rows;
  for (const analysis::StaticDma &d : view.dmas)
    if (isSelected(selection, d))
      rows.push_back(&d);
  if (rows.empty()) {
    os << "<p class=\"note\">No DMA in the selection.</p>\n";
    return;
  }
  llvm::stable_sort(rows, [](const analysis::StaticDma *a,
                             const analysis::StaticDma *b) {
    if (a->expectedSaving != b->expectedSaving)
      return a->expectedSaving > b->expectedSaving;
    return a->stall() > b->stall();
  });
  if (rows.size() > kStaticRows)
    os << "<p class=\"note\">The " << kStaticRows << " with the largest "
       << "expected saving, of " << rows.size()
       << "; metrics.json has them all.</p>\n";
  os << "<table class=\"sortable fit\" id=\"static-dma-table\"><thead><tr>";
  th(os, "DMA (issue pc, program line)");
  th(os, "HLO");
  th(os, "instances (stalled)", true);
  th(os, "DMA stall", true);
  th(os, "slack", true);
  th(os, "backtail min / median", true);
  th(os, "verdicts");
  th(os, "expected saving", true);
  os << "</tr></thead><tbody>\n";
  auto sub = [&](llvm::StringRef text) {
    return "<div class=\"sub\">" + escapeXml(text) + "</div>";
  };
  for (size_t r = 0; r < rows.size() && r < kStaticRows; ++r) {
    const analysis::StaticDma &d = *rows[r];
    std::string where = results.info.locatePc(d.pc);
    if (where.empty() && !d.instances.empty())
      where = results.info.locate(
          results.dmas.dmas[d.instances.front()].issueIndex);
    os << "<tr><td data-v=\"" << d.pc << "\">pc " << d.pc
       << "<div class=\"sub\">"
       << (where.empty() ? std::string("-") : escapeLocation(where))
       << "</div></td>";
    td(os, results.info.getHloName(d.hlo));
    os << "<td class=\"num\" data-v=\"" << d.instances.size() << "\">"
       << formatCount(d.instances.size()) << " ("
       << formatCount(d.stalledInstances) << ")</td>";
    os << "<td class=\"num\" data-v=\"" << d.stall() << "\">"
       << formatCount(d.stall())
       << sub("base " + formatCount(d.baseStall) + " + transfer " +
              formatCount(d.transferStall))
       << "</td>";
    tdNum(os, d.slack);
    os << "<td class=\"num\" data-v=\"" << d.backtailMinCycles << "\">"
       << formatCount(d.backtailMinCycles) << " / "
       << formatCount(d.backtailMedianCycles) << " cycles"
       << sub(formatCount(d.backtailMinInstructions) + " / " +
              formatCount(d.backtailMedianInstructions) + " instructions")
       << "</td>";
    llvm::SmallVector<std::string, 4> verdicts;
    for (unsigned v = 0; v < d.verdicts.size(); ++v)
      if (d.verdicts[v])
        verdicts.push_back(
            (analysis::getVerdictName(analysis::Verdict(v)) + " " +
             std::to_string(d.verdicts[v]))
                .str());
    std::string ids;
    for (uint32_t id : d.instances)
      ids += (ids.empty() ? "" : ", ") + std::to_string(id);
    os << "<td class=\"wrap\">"
       << escapeXml(verdicts.empty() ? std::string("-")
                                     : llvm::join(verdicts, ", "))
       << "<details><summary>" << d.instances.size()
       << (d.instances.size() == 1 ? " instance" : " instances")
       << "</summary>DMA " << escapeXml(ids) << "</details></td>";
    tdNum(os, d.expectedSaving);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";

  if (view.parallelGroups.empty())
    return;
  os << "<h3 id=\"static-parallel\">Parallel DMA groups by issue PCs</h3>\n"
        "<table class=\"sortable fit\" id=\"static-group-table\"><thead><tr>";
  th(os, "issue pcs");
  th(os, "HLO");
  th(os, "instances", true);
  th(os, "expected saving", true);
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < view.parallelGroups.size() && r < kStaticRows; ++r) {
    const analysis::StaticParallelGroup &g = view.parallelGroups[r];
    os << "<tr>";
    td(os, std::to_string(g.pcs.size()) + " at pc " + g.getDistinctPcs());
    td(os, results.info.getHloName(g.hlo));
    tdNum(os, g.groups.size());
    tdNum(os, g.expectedSaving);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void bottlenecks(llvm::raw_ostream &os, const analysis::ReplayResults &results,
                 const Selection &selection) {
  const analysis::StaticInstructionAnalysis &view = results.staticView;
  os << "<h2 id=\"bottlenecks\">Bottlenecks</h2>\n<p>Every stall cycle has a "
        "reason (a register not ready, with its producer's latency; its "
        "unit busy; a branch refill; a fence; a DMA wait) and, where one "
        "exists, the instruction it waited on. Of "
     << formatCount(view.stallCycles) << " stall cycles, "
     << formatCount(view.stallCycles - view.unattributedCycles)
     << " have a producing instruction. Per " << results.info.hloNoun
     << ", the dependencies that cost most, summed over their executions "
        "(whole run).</p>\n";
  if (view.perHlo.empty()) {
    os << "<p class=\"note\">Nothing stalled.</p>\n";
    return;
  }
  os << "<table class=\"fit\" id=\"bottleneck-table\"><thead><tr>";
  th(os, capitalize(results.info.hloNoun));
  th(os, results.info.hloNoun + " stall", true);
  th(os, "dependency");
  th(os, "cycles", true);
  os << "</tr></thead><tbody>\n";
  for (const analysis::HloBottlenecks &h : view.perHlo) {
    if (selection.isRestricted()) {
      const analysis::StaticInstruction *first =
          view.lookup(h.chains.front().consumerPc);
      if (!first || !selection.containsInstruction(first->firstIndex))
        continue;
    }
    for (size_t i = 0; i < h.chains.size(); ++i) {
      os << "<tr>";
      if (i == 0) {
        os << "<td rowspan=\"" << h.chains.size() << "\">"
           << escapeXml(results.info.getHloName(h.hlo)) << "</td>";
        os << "<td class=\"num\" rowspan=\"" << h.chains.size() << "\">"
           << formatCount(h.stallCycles) << "</td>";
      }
      os << "<td class=\"wrap\">" << escapeXml(describeBottleneck(results, h.chains[i]))
         << "</td>";
      tdNum(os, h.chains[i].cycles);
      os << "</tr>\n";
    }
  }
  os << "</tbody></table>\n";
}
} // namespace

void snr::report::writeStaticHtml(llvm::raw_ostream &os,
                                  const analysis::ReplayResults &results,
                                  const Selection &selection,
                                  const ReportOptions &options) {
  // A model without copies has no static DMA: its section says why (the
  // suggestion view's).
  if (results.model.asyncCopies)
    staticDmas(os, results, selection);
  bottlenecks(os, results, selection);
}

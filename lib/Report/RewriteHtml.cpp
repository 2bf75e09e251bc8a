//===- RewriteHtml.cpp - report.html's rewrite section --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RewriteHtml.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlReport.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace snr;
using namespace snr::report;

namespace {
void row(llvm::raw_ostream &os, llvm::StringRef what, uint64_t before,
         uint64_t after) {
  double change = before ? 100.0 * (double(after) - double(before)) /
                               double(before)
                         : 0.0;
  os << "<tr><td>" << escapeXml(what) << "</td><td class=\"num\">"
     << formatCount(before) << "</td><td class=\"num\">" << formatCount(after)
     << "</td><td class=\"num\">"
     << (before ? llvm::formatv("{0:f1}%", change).str() : std::string("-"))
     << "</td></tr>\n";
}

/// The DMA timeline of the replay and of the rewritten trace's replay, on
/// one cycle axis (the longer run's), each its own plot.
void writeTimelinesBeforeAfter(llvm::raw_ostream &os,
                               const analysis::ReplayResults &before,
                               const analysis::ReplayResults &after,
                               const ReportOptions &options) {
  llvm::Expected<Selection> selBefore = Selection::compute(before, options);
  llvm::Expected<Selection> selAfter = Selection::compute(after, options);
  if (!selBefore || !selAfter) {
    llvm::Error error = llvm::joinErrors(
        selBefore ? llvm::Error::success() : selBefore.takeError(),
        selAfter ? llvm::Error::success() : selAfter.takeError());
    os << "<p class=\"note\">No DMA timeline before and after: "
       << escapeXml(llvm::toString(std::move(error))) << ".</p>\n";
    return;
  }
  os << "<h3>DMA timeline before and after</h3>\n<p class=\"note\">The "
        "DMA timeline of the replay and of the rewritten trace's replay, on "
        "one cycle axis: a moved DMA starts earlier and its wait stalls less."
        "</p>\n";
  DmaTimelineFrame frame;
  frame.endCycle = std::max(selBefore->endCycle, selAfter->endCycle);
  frame.id = std::string(kDmaTimelinePlotId) + "-before";
  frame.title = "DMA timeline before the rewrite";
  writeDmaTimelinePlot(os, before, *selBefore,
                       computeFigures(before, *selBefore), options, frame);
  frame.id = std::string(kDmaTimelinePlotId) + "-after";
  frame.title = "DMA timeline after the rewrite";
  writeDmaTimelinePlot(os, after, *selAfter, computeFigures(after, *selAfter),
                       options, frame);
}
} // namespace

void snr::report::writeRewriteHtml(
    llvm::raw_ostream &os, const analysis::ReplayResults &results,
    const analysis::ReplayResults *afterResults, const ReportOptions &options,
    const rewrite::HoistPlan &plan,
    const rewrite::RewriteComparison &comparison) {
  const analysis::TraceInfo &info = results.info;
  const sim::PerformanceTracker &before = comparison.before,
                                &after = comparison.after;
  os << "<h2 id=\"rewrite\">Rewrite (--apply)</h2>\n<p>The suggestions "
        "applied to the trace and proved by replaying it: "
     << (comparison.sameResult()
             ? "the final state is identical (every register, flag and "
               "memory byte)"
             : "THE FINAL STATE DIFFERS: " + escapeXml(comparison.stateDifference))
     << ". Files: <a href=\"rewrite.json\">rewrite.json</a> (every "
        "decision), <a href=\"rewrite-remarks.yaml\">rewrite-remarks.yaml</a>"
        " and <a href=\"remarks.yaml\">remarks.yaml</a> (remarks)";
  if (plan.changed())
    os << ", <a href=\"rewritten.jsonl\">rewritten.jsonl</a> (the rewritten "
          "trace: replay it with <code>snr-replay</code> for its full "
          "report)";
  os << ".</p>\n";
  os << "<table id=\"rewrite-table\"><thead><tr><th></th><th class=\"num\">"
        "before</th><th class=\"num\">after</th><th class=\"num\">change"
        "</th></tr></thead><tbody>\n";
  row(os, "cycles", before.totalCycles, after.totalCycles);
  row(os, "DMA wait stall", before.waitBaseStall + before.waitTransferStall,
      after.waitBaseStall + after.waitTransferStall);
  row(os, "  on base latency", before.waitBaseStall, after.waitBaseStall);
  row(os, "  on transfer", before.waitTransferStall, after.waitTransferStall);
  row(os, "DMA wait slack", before.waitSlack, after.waitSlack);
  for (unsigned k = 1; k < sim::kNumStallKinds; ++k)
    if (before.stallCycles[k] || after.stallCycles[k])
      row(os,
          ("stall: " + sim::getStallKindName(sim::StallKind(k))).str(),
          before.stallCycles[k], after.stallCycles[k]);
  os << "</tbody></table>\n";
  if (afterResults)
    writeTimelinesBeforeAfter(os, results, *afterResults, options);

  // The moves and the DMAs' stall, by static issue PC.
  struct Static {
    unsigned moved = 0, left = 0;
    uint64_t minEarlier = ~uint64_t(0), maxEarlier = 0;
    uint64_t stallBefore = 0, stallAfter = 0;
    unsigned instances = 0;
    analysis::HloId hlo = analysis::kNoHlo;
  };
  std::map<uint64_t, Static> byPc;
  for (const rewrite::HoistDecision &d : plan.decisions) {
    Static &s = byPc[info.instructions[d.issueIndex].pc];
    s.hlo = info.hloOf[d.issueIndex];
    if (d.applied) {
      ++s.moved;
      s.minEarlier = std::min<uint64_t>(s.minEarlier, d.instructionsEarlier);
      s.maxEarlier = std::max<uint64_t>(s.maxEarlier, d.instructionsEarlier);
    } else {
      ++s.left;
    }
  }
  for (const rewrite::DmaChange &change : comparison.dmas) {
    auto it = byPc.find(info.instructions[change.issueIndex].pc);
    if (it == byPc.end())
      continue;
    ++it->second.instances;
    it->second.stallBefore += change.stallBefore;
    it->second.stallAfter += change.stallAfter;
  }
  if (byPc.empty()) {
    os << "<p class=\"note\">Nothing to move.</p>\n";
    return;
  }
  os << "<table class=\"sortable\" id=\"rewrite-moves\"><thead><tr>"
        "<th class=\"num\">issue pc</th><th>location</th><th>HLO</th>"
        "<th class=\"num\">moved</th><th class=\"num\">left</th>"
        "<th class=\"num\">instructions earlier</th>"
        "<th class=\"num\">stall before</th><th class=\"num\">stall after"
        "</th></tr></thead><tbody>\n";
  for (const auto &[pc, s] : byPc) {
    std::string where = info.locatePc(pc);
    os << "<tr><td class=\"num\" data-v=\"" << pc << "\">" << pc
       << "</td><td>" << escapeXml(where.empty() ? "-" : where) << "</td><td>"
       << escapeXml(info.getHloName(s.hlo)) << "</td><td class=\"num\">"
       << s.moved << "</td><td class=\"num\">" << s.left
       << "</td><td class=\"num\">"
       << (s.moved == 0 ? std::string("-")
           : s.minEarlier == s.maxEarlier
               ? formatCount(s.minEarlier)
               : formatCount(s.minEarlier) + " to " + formatCount(s.maxEarlier))
       << "</td><td class=\"num\" data-v=\"" << s.stallBefore << "\">"
       << formatCount(s.stallBefore) << "</td><td class=\"num\" data-v=\""
       << s.stallAfter << "\">" << formatCount(s.stallAfter) << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
}

llvm::Error snr::report::rewriteReportHtml(
    const analysis::ReplayResults &results,
    const analysis::ReplayResults *after, llvm::StringRef dir,
    const ReportOptions &options, const rewrite::HoistPlan &plan,
    const rewrite::RewriteComparison &comparison) {
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  if (!selection)
    return selection.takeError();
  ReportFigures figures = computeFigures(results, *selection);
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, kReportHtmlFile);
  return writeFileAtomically(path, [&](llvm::raw_ostream &os) {
    writeHtmlReport(os, results, *selection, figures, options,
                    [&](llvm::raw_ostream &section) {
                      writeRewriteHtml(section, results, after, options, plan,
                                       comparison);
                    });
    return llvm::Error::success();
  });
}

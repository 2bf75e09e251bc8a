//===- RewriteHtml.cpp - report.html's rewrite section --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RewriteHtml.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlReport.h"
#include "SnR/Report/HtmlWriter.h"
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

static void writeTraceRewriteHtml(llvm::raw_ostream &os,
                                  const analysis::ReplayResults &results,
                                  const TraceRewriteOutcome &outcome,
                                  const ReportOptions &options) {
  const analysis::TraceInfo &info = results.info;
  const rewrite::HoistPlan &plan = outcome.proved.plan;
  const rewrite::RewriteComparison &comparison = outcome.proved.comparison;
  const analysis::ReplayResults *afterResults = outcome.after.get();
  const sim::PerformanceTracker &before = comparison.before,
                                &after = comparison.after;
  os << "<h3 id=\"rewrite-trace\">The trace rewrite</h3>\n<p>The "
        "suggestions applied to each DMA instance of the trace and proved by "
        "replaying it: "
     << (comparison.sameResult()
             ? "the final state is identical (every register, flag and "
               "memory byte)"
             : "THE FINAL STATE DIFFERS: " +
                   escapeXml(comparison.stateDifference))
     << ". Every decision: <a href=\"" << kRewriteJsonFile << "\">"
     << kRewriteJsonFile << "</a>";
  if (plan.changed())
    os << "; the rewritten trace: <a href=\"" << escapeXml(outcome.rewrittenFile)
       << "\">" << escapeXml(outcome.rewrittenFile)
       << "</a> (replay it with <code>snr-replay</code> for its full report); "
          "the comparison figure by figure: <a href=\""
       << kDiffHtmlFile << "\">" << kDiffHtmlFile << "</a>";
  os << ".</p>\n";
  os << "<table id=\"rewrite-table\"><thead><tr><th></th><th class=\"num\">"
        "before</th><th class=\"num\">after</th><th class=\"num\">change"
        "</th></tr></thead><tbody>\n";
  row(os, "cycles", before.totalCycles, after.totalCycles);
  row(os, "DMA stall (base latency + transfer)",
      before.waitBaseStall + before.waitTransferStall,
      after.waitBaseStall + after.waitTransferStall);
  row(os, "  on base latency", before.waitBaseStall, after.waitBaseStall);
  row(os, "  on transfer", before.waitTransferStall, after.waitTransferStall);
  if (afterResults)
    row(os, "DMA slack (each DMA's, summed)", results.dmas.total.slack,
        afterResults->dmas.total.slack);
  row(os, "wait slack (each wait's, summed)", before.waitSlack,
      after.waitSlack);
  for (unsigned k = 1; k < before.stallKindNames.size(); ++k)
    if (before.stallCycles[k] || after.stallCycles[k])
      row(os, "stall: " + before.stallKindNames[k], before.stallCycles[k],
          after.stallCycles[k]);
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
    Static &s = byPc[info.getPc(d.issueIndex)];
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
    auto it = byPc.find(info.getPc(change.issueIndex));
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
  os << "<p>The moves by static <code>dma.issue</code>; a row in red is a "
        "harmful move: its DMAs stall more afterwards (the rewrite is kept "
        "because the trace as a whole is faster).</p>\n";
  os << "<table class=\"sortable fit\" id=\"rewrite-moves\"><thead><tr>"
        "<th class=\"num\">issue pc</th><th>program line</th><th>HLO</th>"
        "<th class=\"num\">moved</th><th class=\"num\">left</th>"
        "<th class=\"num\">instructions earlier</th>"
        "<th class=\"num\">DMA stall before</th><th class=\"num\">after"
        "</th></tr></thead><tbody>\n";
  for (const auto &[pc, s] : byPc) {
    std::string where = info.locatePc(pc);
    bool harmful = s.stallAfter > s.stallBefore;
    os << "<tr" << (harmful ? " class=\"harmful\"" : "")
       << "><td class=\"num\" data-v=\"" << pc << "\">" << pc
       << "</td><td class=\"loc\">"
       << (where.empty() ? std::string("-") : escapeLocation(where))
       << "</td><td>"
       << escapeXml(info.getHloName(s.hlo)) << "</td><td class=\"num\">"
       << s.moved << "</td><td class=\"num\">" << s.left
       << "</td><td class=\"num\">"
       << (s.moved == 0 ? std::string("-")
           : s.minEarlier == s.maxEarlier
               ? formatCount(s.minEarlier)
               : formatCount(s.minEarlier) + " to " + formatCount(s.maxEarlier))
       << "</td><td class=\"num\" data-v=\"" << s.stallBefore << "\">"
       << formatCount(s.stallBefore) << "</td><td class=\"num\" data-v=\""
       << s.stallAfter << "\">" << formatCount(s.stallAfter);
    if (harmful)
      os << " <span class=\"worse\">harmful</span>";
    os << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
}

static void writeProgramRewriteHtml(llvm::raw_ostream &os,
                                    const ProgramRewriteOutcome &p) {
  const rewrite::ProvedProgramRewrite &proved = p.proved;
  os << "<h3 id=\"rewrite-program\">The program rewrite</h3>\n<p>The "
        "static <code>dma.issue</code>s of <code>"
     << escapeXml(p.programFile)
     << "</code> moved up their regions with a copy of their address "
        "arithmetic, proved by re-recording the whole program ("
     << proved.runs << " run(s)): ";
  if (!proved.accepted)
    os << "<b>rejected</b>: " << escapeXml(proved.rejection)
       << "; no rewritten program written";
  else if (!p.changed())
    os << "nothing moved";
  else
    os << formatCount(proved.cyclesBefore) << " &rarr; "
       << formatCount(proved.cyclesAfter)
       << " cycles, the final state identical. The rewritten program: <a "
          "href=\""
       << escapeXml(p.rewrittenFile) << "\">" << escapeXml(p.rewrittenFile)
       << "</a>"
       << (p.diffHtmlFile.empty()
               ? std::string()
               : "; its diff: <a href=\"" + p.diffHtmlFile +
                     "\">the program diff</a>");
  os << "; every decision and the pc_map: <a href=\""
     << kProgramRewriteJsonFile << "\">" << kProgramRewriteJsonFile
     << "</a>.</p>\n";
  os << "<table class=\"sortable fit\" id=\"program-moves\"><thead><tr>"
        "<th class=\"num\">pc</th><th>program line</th><th>HLO</th>"
        "<th>decision</th><th class=\"num\">DMA stall before</th>"
        "<th class=\"num\">after</th><th>why</th></tr></thead><tbody>\n";
  for (const rewrite::ProgramDecision &d : proved.decisions) {
    if (!d.move && !d.stallBefore)
      continue;
    bool moved = p.isMoved(d);
    uint64_t after = moved || proved.accepted ? d.stallAfter : d.stallBefore;
    bool harmful = after > d.stallBefore;
    os << "<tr" << (harmful ? " class=\"harmful\"" : "")
       << "><td class=\"num\" data-v=\"" << p.instructions[d.dma].pc << "\">"
       << p.instructions[d.dma].pc << "</td><td class=\"loc\">"
       << escapeLocation(p.locate(d.dma)) << "</td><td>"
       << escapeXml(p.hlos[d.dma])
       << "</td><td class=\"wrap\">";
    if (moved)
      os << "moved to pc " << p.getNewPc(d) << ", "
         << d.move->crossed << " instruction(s) earlier";
    else
      os << "left in place";
    os << "</td><td class=\"num\" data-v=\"" << d.stallBefore << "\">"
       << formatCount(d.stallBefore) << "</td><td class=\"num\" data-v=\""
       << after << "\">" << formatCount(after);
    if (harmful)
      os << " <span class=\"worse\">harmful</span>";
    std::string why =
        d.dropped || (d.move && !proved.accepted)
            ? (d.dropped ? d.reason : proved.rejection)
            : d.reason;
    os << "</td><td class=\"wrap\">" << escapeXml(why) << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
}

void snr::report::writeRewriteHtml(llvm::raw_ostream &os,
                                   const analysis::ReplayResults &results,
                                   const RewriteOutcomes &rewrites,
                                   const ReportOptions &options) {
  os << "<h2 id=\"rewrite\">Rewrite (--apply)</h2>\n<p>Two rewrites, each "
        "proved on its own: the <b>trace rewrite</b> moves the DMAs of this "
        "trace, instance by instance, and is proved by replaying the "
        "rewritten trace; the <b>program rewrite</b> (with "
        "<code>--program</code>) moves the program's static DMAs, and is "
        "proved by re-recording the whole program. The sections above show "
        "the original trace's replay.</p>\n";
  if (rewrites.program)
    writeProgramRewriteHtml(os, *rewrites.program);
  if (rewrites.trace)
    writeTraceRewriteHtml(os, results, *rewrites.trace, options);
}

llvm::Error
snr::report::writeReportHtml(const analysis::ReplayResults &results,
                             llvm::StringRef dir, const ReportOptions &options,
                             const RewriteOutcomes &rewrites,
                             llvm::ArrayRef<const AnalysisView *> extraViews) {
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  if (!selection)
    return selection.takeError();
  ReportFigures figures = computeFigures(results, *selection);
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, kReportHtmlFile);
  return writeFileAtomically(path, [&](llvm::raw_ostream &os) {
    writeHtmlReport(os, results, *selection, figures, options, &rewrites,
                    extraViews);
    return llvm::Error::success();
  });
}

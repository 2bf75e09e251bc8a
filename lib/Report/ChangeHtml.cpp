//===- ChangeHtml.cpp - report.html's first section: what to change -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/ChangeHtml.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::report;

namespace {
std::string link(llvm::StringRef href, llvm::StringRef text) {
  return "<a href=\"" + escapeXml(href) + "\">" + escapeXml(text) + "</a>";
}

std::string percentFewer(uint64_t before, uint64_t after) {
  if (!before || after >= before)
    return "no fewer cycles";
  return llvm::formatv("{0:f1}% fewer cycles",
                       100.0 * double(before - after) / double(before))
      .str();
}

void gainCard(llvm::raw_ostream &os, llvm::StringRef id, llvm::StringRef value,
              const std::string &text) {
  os << "<div class=\"gain\" id=\"" << id << "\"><div class=\"v\">"
     << escapeXml(value) << "</div><div class=\"k\">" << text
     << "</div></div>\n";
}

void programCard(llvm::raw_ostream &os, const ProgramRewriteOutcome &p) {
  const rewrite::ProvedProgramRewrite &proved = p.proved;
  unsigned moved = llvm::count_if(
      proved.decisions,
      [&](const rewrite::ProgramDecision &d) { return p.isMoved(d); });
  if (!p.changed()) {
    gainCard(os, "gain-program", "no change",
             "<b>Program rewrite</b>: nothing moved" +
                 (proved.rejection.empty()
                      ? std::string()
                      : " (" + escapeXml(proved.rejection) + ")") +
                 ".");
    return;
  }
  gainCard(
      os, "gain-program", percentFewer(proved.cyclesBefore, proved.cyclesAfter),
      llvm::formatv("<b>Program rewrite</b> of {0}: {1} &rarr; {2} cycles, "
                    "{3} static DMA(s) moved, {4} left in place. Proved by "
                    "re-recording the whole program: same final state.",
                    escapeXml(p.programFile), formatCount(proved.cyclesBefore),
                    formatCount(proved.cyclesAfter), moved,
                    proved.decisions.size() - moved)
          .str());
}

void traceCard(llvm::raw_ostream &os, const TraceRewriteOutcome &t) {
  const rewrite::RewriteComparison &c = t.proved.comparison;
  if (!t.changed()) {
    gainCard(os, "gain-trace", "no change",
             "<b>Trace rewrite</b>: nothing moved.");
    return;
  }
  unsigned moved = llvm::count_if(
      t.proved.plan.decisions,
      [](const rewrite::HoistDecision &d) { return d.applied; });
  gainCard(os, "gain-trace",
           percentFewer(c.before.totalCycles, c.after.totalCycles),
           llvm::formatv("<b>Trace rewrite</b>: {0} &rarr; {1} cycles, {2} "
                         "DMA instance(s) of the trace moved; DMA stall {3} "
                         "&rarr; {4}. Proved by replaying the rewritten "
                         "trace: same final state.",
                         formatCount(c.before.totalCycles),
                         formatCount(c.after.totalCycles), moved,
                         formatCount(c.before.waitBaseStall +
                                     c.before.waitTransferStall),
                         formatCount(c.after.waitBaseStall +
                                     c.after.waitTransferStall))
               .str());
}

void changeRow(llvm::raw_ostream &os, size_t rank, const StaticChange &c,
               const ProgramRewriteOutcome *program) {
  os << "<tr" << (c.isHarmful() ? " class=\"harmful\"" : "")
     << "><td class=\"num\">" << rank << "</td><td>pc " << c.pc;
  if (c.newPc)
    os << " &rarr; " << *c.newPc;
  os << "</td><td class=\"loc\">"
     << (c.location.empty() ? std::string("-") : escapeLocation(c.location))
     << "</td><td>" << escapeXml(c.hlo) << "</td><td class=\"wrap\">"
     << escapeXml(c.what) << "</td><td class=\"num\">"
     << formatCount(c.stallBefore) << " &rarr; " << formatCount(c.stallAfter);
  if (c.isHarmful())
    os << "<br><span class=\"worse\">harmful: "
       << formatCount(c.stallAfter - c.stallBefore) << " more</span>";
  os << "</td><td>";
  if (program && !program->diffHtmlFile.empty())
    os << link(program->diffHtmlFile + "#pc-" + std::to_string(c.pc), "diff");
  else
    os << "-";
  os << "</td></tr>\n";
}

void changeTable(llvm::raw_ostream &os, llvm::ArrayRef<StaticChange> changes,
                 size_t from, size_t to, const ProgramRewriteOutcome *program,
                 llvm::StringRef id) {
  os << "<table class=\"fit\" id=\"" << id
     << "\"><thead><tr><th class=\"num\">#</th><th>DMA</th>"
        "<th>program line</th><th>HLO</th><th>change</th>"
        "<th class=\"num\">DMA stall before &rarr; after</th><th></th>"
        "</tr></thead><tbody>\n";
  for (size_t i = from; i < to; ++i)
    changeRow(os, i + 1, changes[i], program);
  os << "</tbody></table>\n";
}

void writeProvedChanges(llvm::raw_ostream &os,
                        const analysis::ReplayResults &results,
                        const RewriteOutcomes &rewrites) {
  const ProgramRewriteOutcome *program = rewrites.program;
  os << "<h2 id=\"change\">What to change, and what it gains</h2>\n"
        "<div class=\"gains\">\n";
  if (program)
    programCard(os, *program);
  if (rewrites.trace)
    traceCard(os, *rewrites.trace);
  os << "</div>\n<p>";
  if (program && program->changed()) {
    os << "The change to adopt: "
       << link(program->rewrittenFile, program->rewrittenFile);
    if (!program->diffHtmlFile.empty())
      os << ", as a diff of " << escapeXml(program->programFile) << ": "
         << link(program->diffHtmlFile, "the program diff") << " ("
         << link(program->diffFile, program->diffFile) << ")";
    os << "; every decision: " << link(kProgramRewriteJsonFile,
                                       kProgramRewriteJsonFile)
       << ". ";
  } else if (rewrites.trace && rewrites.trace->changed()) {
    os << "The rewritten trace: "
       << link(rewrites.trace->rewrittenFile, rewrites.trace->rewrittenFile)
       << "; every decision: " << link(kRewriteJsonFile, kRewriteJsonFile)
       << (program ? "" : " (give <code>--program</code> to rewrite the "
                          "program itself)")
       << ". ";
  }
  os << "The rest of this report shows the replay of the original trace; "
        "<a href=\"#rewrite\">the Rewrite section</a> compares it with the "
        "rewritten trace's replay.</p>\n";

  std::vector<StaticChange> changes = getStaticChanges(results.info, rewrites);
  if (changes.empty()) {
    os << "<p class=\"note\">No DMA moved.</p>\n";
    return;
  }
  bool fromProgram = changes.front().fromProgram;
  os << "<h3>Top changes of the "
     << (fromProgram ? "program" : "trace")
     << " rewrite, by DMA stall saved</h3>\n";
  size_t shown = std::min<size_t>(changes.size(), kChangeRows);
  changeTable(os, changes, 0, shown, fromProgram ? program : nullptr,
              "change-table");
  if (shown < changes.size()) {
    os << "<details><summary>" << changes.size() - shown
       << " more change(s)</summary>\n";
    changeTable(os, changes, shown, changes.size(),
                fromProgram ? program : nullptr, "change-table-more");
    os << "</details>\n";
  }
}

void writeSuggestedChanges(llvm::raw_ostream &os,
                           const analysis::ReplayResults &results,
                           const Selection &selection,
                           const ReportFigures &fig) {
  const analysis::TraceInfo &info = results.info;
  os << "<h2 id=\"change\">What to change</h2>\n";
  std::vector<const analysis::StaticDma *> useful;
  for (const analysis::StaticDma &d : results.staticView.dmas) {
    if (!d.expectedSaving)
      continue;
    if (llvm::any_of(d.instances,
                     [&](uint32_t id) { return selection.containsDma(id); }))
      useful.push_back(&d);
  }
  llvm::stable_sort(useful, [](const analysis::StaticDma *a,
                               const analysis::StaticDma *b) {
    return a->expectedSaving > b->expectedSaving;
  });
  if (useful.empty() && !results.model.asyncCopies) {
    os << "<p class=\"note\">No DMA to hoist: the ISA has no asynchronous "
          "copies. The suggestions below are the target's.</p>\n";
    return;
  }
  if (useful.empty()) {
    os << "<p class=\"note\">No suggestion saves cycles: "
       << (fig.suggestionsBySaving.empty()
               ? "no DMA wait stalled."
               : "the DMAs whose waits stalled cannot be hoisted (see the "
                 "Static DMAs table).")
       << "</p>\n";
    return;
  }
  os << "<p>Suggested, not yet proved: hoisting these DMAs could save up to "
     << formatCount(fig.expectedSaving) << " cycles ("
     << formatPercent(fig.cycles ? double(fig.expectedSaving) /
                                       double(fig.cycles)
                                 : 0)
     << " of the run; savings may overlap). <code>snr-replay --apply</code> "
        "rewrites and proves them (with <code>--program</code>, in the "
        "program itself).</p>\n";
  os << "<table class=\"fit\" id=\"change-table\"><thead><tr>"
        "<th class=\"num\">#</th><th>DMA</th><th>program line</th><th>HLO"
        "</th><th>suggestion</th><th class=\"num\">DMA stall</th>"
        "<th class=\"num\">expected saving</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < useful.size() && i < kChangeRows; ++i) {
    const analysis::StaticDma &d = *useful[i];
    std::string where = info.locatePc(d.pc);
    std::string what = llvm::formatv("hoist {0} instance(s)",
                                     d.instances.size())
                           .str();
    if (!d.suggestions.empty()) {
      const analysis::DmaSuggestion &best =
          results.suggestions.dmas[d.suggestions.front()];
      if (best.target < info.getNumInstructions())
        what += llvm::formatv(", the largest to before pc {0}",
                              info.getPc(best.target));
    }
    os << "<tr><td class=\"num\">" << i + 1 << "</td><td>pc " << d.pc
       << "</td><td class=\"loc\">"
       << (where.empty() ? std::string("-") : escapeLocation(where))
       << "</td><td>"
       << escapeXml(info.getHloName(d.hlo)) << "</td><td class=\"wrap\">"
       << escapeXml(what) << "</td><td class=\"num\">"
       << formatCount(d.stall()) << "</td><td class=\"num\">"
       << formatCount(d.expectedSaving) << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
}
} // namespace

void snr::report::writeChangeHtml(llvm::raw_ostream &os,
                                  const analysis::ReplayResults &results,
                                  const Selection &selection,
                                  const ReportFigures &figures,
                                  const RewriteOutcomes *rewrites) {
  if (rewrites && (rewrites->trace || rewrites->program))
    writeProvedChanges(os, results, *rewrites);
  else
    writeSuggestedChanges(os, results, selection, figures);
}

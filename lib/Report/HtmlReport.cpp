//===- HtmlReport.cpp - report.html ---------------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/HtmlReport.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/ChangeHtml.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Report/RewriteHtml.h"
#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

using namespace snr;
using namespace snr::report;

static constexpr const char *kStyle = R"css(
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: #222; margin: 0 auto; max-width: 1120px; padding: 0 20px 40px; }
h1 { font-size: 22px; margin: 24px 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #ddd;
  padding-bottom: 4px; }
nav a { margin-right: 12px; }
.meta { color: #555; margin: 0 0 8px; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.card { border: 1px solid #ddd; border-radius: 6px; padding: 8px 14px;
  min-width: 130px; background: #fafafa; }
.card .v { font-size: 20px; font-weight: 600; }
.card .k { color: #666; font-size: 12px; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
/* Wide tables scroll on their own instead of widening the page. */
table { display: block; max-width: 100%; overflow-x: auto; }
th, td { padding: 3px 8px; border-bottom: 1px solid #e8e8e8;
  text-align: left; vertical-align: top; }
td { white-space: nowrap; }
td.wrap { white-space: normal; min-width: 280px; }
.sub { color: #666; font-size: 11px; white-space: normal; }
/* Running text may break anywhere; a location after its file name
   (escapeLocation's <wbr>), so a long file name does not widen a table past
   the page. */
td.loc { white-space: normal; }
td.wrap { overflow-wrap: anywhere; }
th { white-space: normal; }
th { background: #f2f2f2; position: sticky; top: 0; }
table.sortable th { cursor: pointer; }
table.sortable th[data-dir=asc]::after { content: " \25B2"; }
table.sortable th[data-dir=desc]::after { content: " \25BC"; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #fcfcfc; }
.bar { display: inline-block; height: 10px; background: #e15759;
  vertical-align: middle; }
.verdict-hoist { color: #1a7f37; font-weight: 600; }
.verdict-hoist-partly { color: #9a6700; font-weight: 600; }
.verdict-blocked-by-dependency, .verdict-no-room { color: #666; }
figure { margin: 16px 0; }
figcaption { color: #444; max-width: 900px; }
svg.snr-plot { max-width: 100%; height: auto; border: 1px solid #eee; }
/* Pages of a plot: radio buttons and CSS, no script (the DMA timeline). */
.pages > input { position: absolute; opacity: 0; }
.pages > label { display: inline-block; padding: 2px 8px; margin: 0 4px 4px 0;
  border: 1px solid #ccc; border-radius: 3px; cursor: pointer; }
.pages > input:checked + label { background: #e8eef7; border-color: #4e79a7; }
.pages > input:focus-visible + label { outline: 2px solid #4e79a7; }
.pages > .page { display: none; }
#dma-page-0:checked ~ #dma-page-0-plot, #dma-page-1:checked ~ #dma-page-1-plot,
#dma-page-2:checked ~ #dma-page-2-plot, #dma-page-3:checked ~ #dma-page-3-plot,
#dma-page-4:checked ~ #dma-page-4-plot { display: block; }
.note { color: #666; font-style: italic; }
.gains { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.gain { border: 1px solid #9fd3ae; border-radius: 6px; padding: 8px 14px;
  background: #f1faf3; flex: 1 1 300px; }
.gain .v { font-size: 20px; font-weight: 600; color: #1a7f37; }
.gain .k { color: #333; font-size: 13px; }
tr.harmful td { background: #fff4f2; }
.worse { color: #b00020; font-weight: 600; }
/* A table that fits the page: its text columns wrap. */
table.fit { display: table; width: 100%; }
table.fit td.wrap { min-width: 0; }
code { background: #f3f3f3; padding: 0 3px; border-radius: 3px; }
)css";

static constexpr const char *kScript = R"js(
// Click a header to sort its table; cells with data-v sort numerically.
document.querySelectorAll('table.sortable th').forEach(function (th) {
  th.addEventListener('click', function () {
    var table = th.closest('table'), body = table.tBodies[0];
    var index = Array.prototype.indexOf.call(th.parentNode.children, th);
    var ascending = th.getAttribute('data-dir') !== 'asc';
    th.parentNode.querySelectorAll('th').forEach(function (h) {
      h.removeAttribute('data-dir');
    });
    th.setAttribute('data-dir', ascending ? 'asc' : 'desc');
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[index], y = b.cells[index];
      var vx = x.getAttribute('data-v'), vy = y.getAttribute('data-v');
      var c = vx !== null && vy !== null ? parseFloat(vx) - parseFloat(vy)
                                         : x.textContent.localeCompare(y.textContent);
      return ascending ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
// Render check: how many data elements each plot drew with a non-empty
// bounding box, and the plot's rendered size (the HTML test reads it).
(function () {
  var parts = [];
  document.querySelectorAll('svg.snr-plot').forEach(function (svg) {
    var drawn = 0;
    svg.querySelectorAll('.data').forEach(function (e) {
      var box = e.getBBox();
      if (box.width > 0 || box.height > 0) drawn++;
    });
    var r = svg.getBoundingClientRect();
    parts.push(svg.id + '=' + drawn + ':' + Math.round(r.width) + 'x' +
               Math.round(r.height));
  });
  // Layout check: what sticks out of the page (clipped at this width), and
  // sections with nothing in them.
  var width = document.documentElement.clientWidth, clipped = [];
  document.querySelectorAll('body > *').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1)
      clipped.push(e.id || e.tagName.toLowerCase());
  });
  var empty = [];
  document.querySelectorAll('h2').forEach(function (h) {
    var text = '';
    for (var e = h.nextElementSibling; e && e.tagName !== 'H2';
         e = e.nextElementSibling)
      if (e.id !== 'render-check' && e.tagName !== 'SCRIPT')
        text += e.textContent;
    if (!text.trim()) empty.push(h.id);
  });
  // Tables wider than the page: they scroll on their own, hiding columns.
  var overflowing = [];
  document.querySelectorAll('table').forEach(function (t) {
    var r = t.getBoundingClientRect();
    if (r.width > 0 && t.scrollWidth > t.clientWidth + 1)
      overflowing.push(t.id || 'table');
  });
  // What the first screen shows: where the gain cards and the first
  // changes end, from the top of the page.
  var first = [];
  document.querySelectorAll('.gain, #change-table tbody tr').forEach(
      function (e, i) {
    var r = e.getBoundingClientRect();
    first.push((e.id || 'change-' + (i + 1 - document.querySelectorAll(
        '.gain').length)) + ':' + Math.round(r.bottom + window.scrollY));
  });
  var marker = document.getElementById('render-check');
  marker.setAttribute('data-first-screen', first.join(' '));
  marker.setAttribute('data-overflowing', overflowing.join(' '));
  marker.setAttribute('data-clipped', clipped.join(' '));
  marker.setAttribute('data-empty', empty.join(' '));
  marker.setAttribute('data-plots', parts.join(' '));
  marker.setAttribute('data-status', 'rendered');
})();
)js";

namespace {
/// The page around the views' sections: head, navigation, the plots'
/// heading, the file list and the script.
class HtmlReportWriter {
public:
  HtmlReportWriter(llvm::raw_ostream &os, const ViewContext &context,
                   llvm::ArrayRef<const AnalysisView *> extraViews)
      : os(os), results(context.results), info(context.results.info),
        selection(context.selection), options(context.options),
        context(context), html(os, info, context.figures),
        views(orderViews(builtinViews, extraViews)) {}

  void write(const RewriteOutcomes *rewrites);

private:
  void header(const RewriteOutcomes *rewrites);
  void files(const RewriteOutcomes *rewrites);

  llvm::raw_ostream &os;
  const analysis::ReplayResults &results;
  const analysis::TraceInfo &info;
  const Selection &selection;
  const ReportOptions &options;
  const ViewContext &context;
  HtmlWriter html;
  AnalysisViewList builtinViews = createBuiltinViews();
  /// The built-in views and the extra ones, in output order.
  llvm::SmallVector<const AnalysisView *, 16> views;
};
} // namespace

void HtmlReportWriter::header(const RewriteOutcomes *rewrites) {
  std::string program = info.program.empty() ? "(unnamed)" : info.program;
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n<title>SnR report: "
     << escapeXml(program) << "</title>\n<style>" << kStyle
     << "</style>\n</head>\n<body>\n";
  os << "<h1>SnR replay report: " << escapeXml(program) << "</h1>\n";
  os << "<p class=\"meta\">Trace <code>"
     << escapeXml(info.fileName.empty() ? "(unnamed)" : info.fileName)
     << "</code>, replayed on <b>" << escapeXml(results.model.name) << "</b>";
  if (results.model.hasClock)
    os << " at " << formatJsonNumber(results.model.clockGhz) << " GHz";
  else
    os << " (cycles: the model has no clock)";
  os << "; showing " << escapeXml(selection.description) << " (cycles "
     << formatCount(selection.beginCycle) << " to "
     << formatCount(selection.endCycle) << ").</p>\n";
  // Each view's sections, by part; the plots share one heading.
  llvm::SmallVector<HtmlNavEntry> entries;
  for (const AnalysisView *view : views)
    view->getHtmlNav(context, entries);
  os << "<nav><a href=\"#change\">What to change</a>";
  auto links = [&](HtmlPart part) {
    for (const HtmlNavEntry &entry : entries)
      if (entry.part == part)
        os << "<a href=\"#" << entry.id << "\">" << escapeXml(entry.title)
           << "</a>";
  };
  links(HtmlPart::Findings);
  os << "<a href=\"#plots\">Plots</a>";
  links(HtmlPart::Plots);
  links(HtmlPart::Tables);
  if (rewrites)
    os << "<a href=\"#rewrite\">Rewrite</a>";
  os << "<a href=\"#files\">Files</a></nav>\n";
}

void HtmlReportWriter::files(const RewriteOutcomes *rewrites) {
  auto item = [&](llvm::StringRef file, llvm::StringRef what) {
    os << "<li><a href=\"" << escapeXml(file) << "\">" << escapeXml(file)
       << "</a>: " << what << "</li>\n";
  };
  os << "<h2 id=\"files\">Files</h2>\n<p>Everything in this report's "
        "directory, and the other outputs asked for.</p>\n<ul>\n";
  item(kSummaryFile, "the terminal summary.");
  item(kMetricsFile, "every figure, for scripts (format <code>snr-metrics"
                     "</code> version 1; docs/metrics-schema.md).");
  if (options.writeTimeline)
    item(kTimelineFile,
         "the timeline. Open <a href=\"https://ui.perfetto.dev\">"
         "ui.perfetto.dev</a>, choose <i>Open trace file</i> and pick this "
         "file (or drag it onto the page; it stays on your machine). Times "
         "are microseconds at the machine's clock, each event's cycles in its "
         "arguments. Tracks: one per unit, <i>stalls</i>, one per DMA link; "
         "arrows run from each DMA's issue to its wait.");
  for (llvm::StringRef svg : {kDmaTimelineSvgFile, kUtilizationSvgFile,
                              kDataCacheSvgFile, kFragmentationSvgFile})
    if ((svg != kDmaTimelineSvgFile || results.model.asyncCopies) &&
        ((svg != kDataCacheSvgFile && svg != kFragmentationSvgFile) ||
         results.dataCache.available))
      item(svg, "a plot of this report, on its own (SVG).");
  for (const auto &[file, what] : options.otherFiles)
    item(file, escapeXml(what));
  if (rewrites && rewrites->trace) {
    const TraceRewriteOutcome &t = *rewrites->trace;
    item(kRewriteJsonFile, "the trace rewrite: every decision, the replays "
                           "before and after, the dependency bound.");
    if (!t.rewrittenFile.empty()) {
      item(t.rewrittenFile, "the rewritten trace: replay it with "
                            "<code>snr-replay</code> for its full report.");
      item(kDiffJsonFile, "the original trace's replay against the "
                          "rewritten trace's, figure by figure "
                          "(<code>snr-diff</code>'s format).");
      item(kDiffHtmlFile, "the same comparison as a page.");
    }
    item(kRewriteRemarksFile,
         "both rewrites' decisions as LLVM optimization remarks, located in "
         "the program (<code>opt-viewer.py</code> reads them).");
  }
  if (rewrites && rewrites->program) {
    const ProgramRewriteOutcome &p = *rewrites->program;
    item(kProgramRewriteJsonFile,
         "the program rewrite: every static DMA's decision, the "
         "re-recordings before and after, and the <code>pc_map</code> from "
         "the original's PCs to the rewritten program's (for "
         "<code>snr-diff</code>).");
    if (!p.rewrittenFile.empty())
      item(p.rewrittenFile, "the rewritten program, proved.");
    if (!p.diffFile.empty()) {
      item(p.diffFile, "the program rewrite as a unified diff of the "
                       "program (PCs ignored).");
      item(p.diffHtmlFile, "the same diff as a page, an anchor per changed "
                           "instruction.");
    }
  }
  os << "</ul>\n";
}

void HtmlReportWriter::write(const RewriteOutcomes *rewrites) {
  header(rewrites);
  writeChangeHtml(os, results, selection, context.figures, rewrites);
  auto part = [&](HtmlPart part) {
    for (const AnalysisView *view : views)
      view->writeHtml(context, part, html);
  };
  part(HtmlPart::Findings);
  os << "<h2 id=\"plots\">Plots</h2>\n";
  part(HtmlPart::Plots);
  part(HtmlPart::Tables);
  if (rewrites)
    writeRewriteHtml(os, results, *rewrites, options);
  files(rewrites);
  os << "<div id=\"render-check\" hidden data-status=\"pending\"></div>\n";
  os << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

void snr::report::writeHtmlReport(
    llvm::raw_ostream &os, const analysis::ReplayResults &results,
    const Selection &selection, const ReportFigures &figures,
    const ReportOptions &options, const RewriteOutcomes *rewrites,
    llvm::ArrayRef<const AnalysisView *> extraViews) {
  ViewContext context{results, selection, figures, options};
  HtmlReportWriter(os, context, extraViews).write(rewrites);
}

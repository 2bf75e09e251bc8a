//===- HtmlReport.cpp - report.html ---------------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/HtmlReport.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/StaticHtml.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <tuple>

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
  var marker = document.getElementById('render-check');
  marker.setAttribute('data-clipped', clipped.join(' '));
  marker.setAttribute('data-empty', empty.join(' '));
  marker.setAttribute('data-plots', parts.join(' '));
  marker.setAttribute('data-status', 'rendered');
})();
)js";

namespace {
class HtmlWriter {
public:
  HtmlWriter(llvm::raw_ostream &os, const analysis::ReplayResults &results,
             const Selection &selection, const ReportFigures &figures,
             const ReportOptions &options)
      : os(os), results(results), info(results.info), selection(selection),
        fig(figures), options(options) {}

  void write(llvm::function_ref<void(llvm::raw_ostream &)> extraSections);
  void writeDmaTimelinePages();

private:
  void header();
  void summary();
  void suggestions();
  void parallelGroups();
  void plots();
  void hloTable();
  void dmaTable();
  void dataCache();
  void files();

  // Table cells.
  void th(llvm::StringRef text, bool numeric = false) {
    os << (numeric ? "<th class=\"num\">" : "<th>") << escapeXml(text)
       << "</th>";
  }
  void td(llvm::StringRef text) { os << "<td>" << escapeXml(text) << "</td>"; }
  /// A cell of running text, which may wrap.
  void tdText(llvm::StringRef text) {
    os << "<td class=\"wrap\">" << escapeXml(text) << "</td>";
  }
  void tdNum(uint64_t value) {
    os << "<td class=\"num\" data-v=\"" << value << "\">"
       << formatCount(value) << "</td>";
  }
  void tdPercent(double fraction) {
    os << "<td class=\"num\" data-v=\"" << formatJsonNumber(roundTo(fraction, 6))
       << "\">" << formatPercent(fraction) << "</td>";
  }
  void tdPc(uint64_t index) {
    if (index == sim::kNoIndex || index >= info.instructions.size()) {
      os << "<td class=\"num\" data-v=\"-1\">-</td>";
      return;
    }
    uint64_t pc = info.instructions[index].pc;
    os << "<td class=\"num\" data-v=\"" << pc << "\">" << pc << "</td>";
  }
  void card(llvm::StringRef value, llvm::StringRef key) {
    os << "<div class=\"card\"><div class=\"v\">" << escapeXml(value)
       << "</div><div class=\"k\">" << escapeXml(key) << "</div></div>\n";
  }
  double share(uint64_t part) const {
    return fig.cycles ? double(part) / double(fig.cycles) : 0;
  }
  std::string pcOf(uint64_t index) const {
    return index < info.instructions.size()
               ? std::to_string(info.instructions[index].pc)
               : "-";
  }

  llvm::raw_ostream &os;
  const analysis::ReplayResults &results;
  const analysis::TraceInfo &info;
  const Selection &selection;
  const ReportFigures &fig;
  const ReportOptions &options;
};
} // namespace

void HtmlWriter::header() {
  std::string program = info.program.empty() ? "(unnamed)" : info.program;
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n<title>SnR report: "
     << escapeXml(program) << "</title>\n<style>" << kStyle
     << "</style>\n</head>\n<body>\n";
  os << "<h1>SnR replay report: " << escapeXml(program) << "</h1>\n";
  os << "<p class=\"meta\">Trace <code>"
     << escapeXml(info.fileName.empty() ? "(unnamed)" : info.fileName)
     << "</code>, replayed on <b>" << escapeXml(results.machine.name)
     << "</b> at " << formatJsonNumber(results.machine.clockGhz)
     << " GHz; showing " << escapeXml(selection.description) << " (cycles "
     << formatCount(selection.beginCycle) << " to "
     << formatCount(selection.endCycle) << ").</p>\n";
  os << "<nav><a href=\"#summary\">Summary</a><a href=\"#suggestions\">"
        "Suggestions</a><a href=\"#static\">Static DMAs</a><a "
        "href=\"#bottlenecks\">Bottlenecks</a><a href=\"#parallel\">"
        "Parallel DMAs</a><a "
        "href=\"#plots\">Plots</a><a href=\"#hlos\">HLOs</a><a "
        "href=\"#dmas\">DMAs</a><a href=\"#data-cache\">Data cache</a><a "
        "href=\"#files\">Files</a></nav>\n";
}

void HtmlWriter::summary() {
  os << "<h2 id=\"summary\">Summary</h2>\n<div class=\"cards\">\n";
  card(formatCount(fig.cycles), "cycles");
  card(formatTime(fig.cycles, fig.clockGhz), "time");
  card(formatCount(fig.instructions), "instructions");
  card(llvm::formatv("{0:F3}", fig.ipc).str(), "IPC");
  card(formatPercent(share(fig.stallCycles)), "of the cycles stalled");
  card(formatCount(fig.dma.baseStall + fig.dma.transferStall),
       "DMA wait stall cycles");
  card(formatCount(fig.expectedSaving), "cycles suggestions could save");
  os << "</div>\n";

  os << "<h3>Stall cycles by kind</h3>\n<table class=\"sortable\" "
        "id=\"stall-kinds\"><thead><tr>";
  th("kind");
  th("cycles", true);
  th("share of cycles", true);
  th("");
  os << "</tr></thead><tbody>\n";
  for (unsigned k = 1; k < sim::kNumStallKinds; ++k) {
    os << "<tr>";
    td(sim::getStallKindName(sim::StallKind(k)));
    tdNum(fig.stallByKind[k]);
    tdPercent(share(fig.stallByKind[k]));
    os << "<td><span class=\"bar\" style=\"width:"
       << formatCoord(200 * share(fig.stallByKind[k])) << "px\"></span></td>";
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
  if (fig.dma.dmas)
    os << "<p>DMA waits: " << formatCount(fig.dma.baseStall)
       << " cycles stalled on base latency, "
       << formatCount(fig.dma.transferStall) << " on transfer; "
       << formatCount(fig.dma.slack) << " cycles of slack; "
       << formatCount(fig.dma.stalledDmas) << " of "
       << formatCount(fig.dma.dmas) << " DMAs stalled their wait.</p>\n";

  std::vector<const HloFigures *> hlos;
  for (const HloFigures &hlo : fig.hlos)
    if (hlo.stallCycles)
      hlos.push_back(&hlo);
  llvm::stable_sort(hlos, [](const HloFigures *a, const HloFigures *b) {
    return a->stallCycles > b->stallCycles;
  });
  if (hlos.empty())
    return;
  os << "<h3>Stall cycles by HLO</h3>\n<table class=\"sortable\" "
        "id=\"stall-hlos\"><thead><tr>";
  th("HLO");
  th("stall cycles", true);
  th("share of cycles", true);
  for (unsigned k = 1; k < sim::kNumStallKinds; ++k)
    th(sim::getStallKindName(sim::StallKind(k)), true);
  os << "</tr></thead><tbody>\n";
  for (const HloFigures *hlo : hlos) {
    os << "<tr>";
    td(hlo->name);
    tdNum(hlo->stallCycles);
    tdPercent(share(hlo->stallCycles));
    for (unsigned k = 1; k < sim::kNumStallKinds; ++k)
      tdNum(hlo->stallByKind[k]);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void HtmlWriter::suggestions() {
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
  os << "<table class=\"sortable\" id=\"suggestion-table\"><thead><tr>";
  th("verdict");
  th("DMA", true);
  th("issue pc", true);
  th("wait pc", true);
  th("HLO");
  th("stall", true);
  th("push limit", true);
  th("expected saving", true);
  th("move before pc", true);
  th("pages needed / free", true);
  th("reason");
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < rows; ++r) {
    const analysis::DmaSuggestion &d = s.dmas[fig.suggestionsBySaving[r]];
    llvm::StringRef verdict = analysis::getVerdictName(d.verdict);
    os << "<tr><td class=\"verdict-" << escapeXml(verdict) << "\">"
       << escapeXml(verdict) << "</td>";
    tdNum(d.dma);
    tdPc(d.issueIndex);
    tdPc(d.waitIndex);
    td(info.getHloName(d.issueIndex < info.hloOf.size()
                           ? info.hloOf[d.issueIndex]
                           : analysis::kNoHlo));
    tdNum(d.stall);
    tdNum(d.pushLimit);
    tdNum(d.expectedSaving);
    tdPc(d.target);
    os << "<td class=\"num\" data-v=\"" << d.pagesNeeded << "\">"
       << d.pagesNeeded << " / " << d.freeRunPages << "</td>";
    tdText(d.reason);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void HtmlWriter::parallelGroups() {
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
  os << "<table class=\"sortable\" id=\"group-table\"><thead><tr>";
  th("HLO");
  th("DMAs", true);
  th("DMA ids");
  th("issue pcs");
  th("expected saving", true);
  os << "</tr></thead><tbody>\n";
  for (uint32_t i : fig.groupsBySaving) {
    const analysis::ParallelDmaGroup &g = s.parallelGroups[i];
    std::string ids, pcs;
    for (uint32_t id : g.dmas) {
      ids += (ids.empty() ? "" : ", ") + std::to_string(id);
      pcs += (pcs.empty() ? "" : ", ") +
             (id < results.dmas.dmas.size()
                  ? pcOf(results.dmas.dmas[id].issueIndex)
                  : std::string("-"));
    }
    os << "<tr>";
    td(info.getHloName(g.hlo));
    tdNum(g.dmas.size());
    tdText(ids);
    tdText(pcs);
    tdNum(g.expectedSaving);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

/// The DMA timeline of the whole selection and, one page each, of
/// kDmaTimelinePages equal cycle windows of it (only the DMAs in flight or
/// awaited in the window, at a readable scale). The pages are radio buttons
/// and CSS (HtmlReport's style has a rule per page): no script.
void HtmlWriter::writeDmaTimelinePages() {
  static_assert(kDmaTimelinePages == 4, "the style has a rule per page");
  uint64_t span = selection.getSpan();
  if (selection.dmas.empty() || span < kDmaTimelinePages) {
    os << "<figure>\n";
    writeDmaTimelinePlot(os, results, selection, fig, options);
    return;
  }
  os << "<figure class=\"pages\" id=\"dma-timeline-pages\">\n";
  auto windowOf = [&](unsigned page) {
    return std::make_pair(
        selection.beginCycle + span * (page - 1) / kDmaTimelinePages,
        selection.beginCycle + span * page / kDmaTimelinePages);
  };
  for (unsigned page = 0; page <= kDmaTimelinePages; ++page) {
    std::string label = "all cycles";
    if (page) {
      auto [from, to] = windowOf(page);
      label = "cycles " + formatShort(double(from), 3) + " to " +
              formatShort(double(to), 3);
    }
    os << "<input type=\"radio\" name=\"dma-page\" id=\"dma-page-" << page
       << "\"" << (page ? "" : " checked") << "><label for=\"dma-page-" << page
       << "\">" << escapeXml(label) << "</label>\n";
  }
  for (unsigned page = 0; page <= kDmaTimelinePages; ++page) {
    os << "<div class=\"page\" id=\"dma-page-" << page << "-plot\">\n";
    DmaTimelineFrame frame;
    if (page) {
      std::tie(frame.windowBegin, frame.windowEnd) = windowOf(page);
      frame.id =
          std::string(kDmaTimelinePlotId) + "-page" + std::to_string(page);
      frame.title = llvm::formatv("DMA timeline, page {0} of {1}", page,
                                  kDmaTimelinePages)
                        .str();
    }
    writeDmaTimelinePlot(os, results, selection, fig, options, frame);
    os << "</div>\n";
  }
}

void HtmlWriter::plots() {
  os << "<h2 id=\"plots\">Plots</h2>\n";
  writeDmaTimelinePages();
  os << "<figcaption>Each row is a DMA: <b>base latency</b> (orange) from "
        "its issue, then <b>transfer</b> (blue: queueing on its link and "
        "moving the bytes) until it completes, then <b>slack</b> (green) "
        "until the program reached its wait. The diamond is where the wait "
        "was reached (red when it stalled; the red line is the stall). The "
        "grey line left of the issue is the DMA's <b>backtail</b>: how far "
        "back its relaxed dependencies let the issue move. A backtail "
        "longer than the stall means hoisting removes the stall. Hover for "
        "details.</figcaption>\n</figure>\n";
  os << "<figure>\n";
  writeUtilizationPlot(os, results, selection);
  os << "<figcaption>The busy fraction of each unit (solid) and of each DMA "
        "link that moved data (dashed), per cycle window. Shaded: stretches "
        "where the matrix unit had nothing in flight while the program "
        "stalled on a DMA wait, the signature of a missing "
        "prefetch.</figcaption>\n</figure>\n";
  os << "<figure>\n";
  writeDataCachePlot(os, results, selection);
  os << "<figcaption>VMEM pages occupied (live at some point in the window) "
        "and the largest run of contiguous free pages. A free region much "
        "smaller than the free pages means fragmentation: a DMA needing a "
        "contiguous buffer may not fit where it would be hoisted "
        "to.</figcaption>\n</figure>\n";
  os << "<figure>\n";
  writeFragmentationHeatmap(os, results, selection);
  os << "<figcaption>Live pages of each VMEM block (rows) per cycle window "
        "(columns), darker is fuller. Many partly filled blocks mean "
        "fragmented free space. Neighbouring windows are merged into one "
        "column (showing the largest count) when there are more than "
        "fit.</figcaption>\n</figure>\n";
  os << "<figure>\n";
  writeStallFlamegraph(os, results, selection);
  os << "<figcaption>Where the stall cycles went: every stall (top), by HLO, "
        "static instruction and stall kind, each as wide as its cycles. "
        "Hover for the cycles; <code>snr-replay --folded-stacks</code> writes "
        "the same stacks for speedscope or flamegraph.pl.</figcaption>\n"
        "</figure>\n";
}

void HtmlWriter::hloTable() {
  os << "<h2 id=\"hlos\">HLOs</h2>\n<p>Per HLO (in order of first "
        "execution): its span from the first instruction's in-order slot to "
        "the last one's result, its stalls, each unit's busy fraction over "
        "its span, and the DMAs whose wait is in it.</p>\n";
  os << "<table class=\"sortable\" id=\"hlo-table\"><thead><tr>";
  th("HLO");
  th("instructions", true);
  th("first cycle", true);
  th("cycles", true);
  th("stall cycles", true);
  th("dma_wait stall", true);
  for (unsigned u = 0; u < 4; ++u)
    th(arch::getUnitName(arch::Unit(u)).str() + " busy", true);
  th("DMAs", true);
  th("DMA stall", true);
  th("DMA slack", true);
  os << "</tr></thead><tbody>\n";
  for (const HloFigures &hlo : fig.hlos) {
    os << "<tr>";
    td(hlo.name);
    tdNum(hlo.instructions);
    tdNum(hlo.firstCycle);
    tdNum(hlo.getSpan());
    tdNum(hlo.stallCycles);
    tdNum(hlo.stallByKind[unsigned(sim::StallKind::DmaWait)]);
    for (unsigned u = 0; u < 4; ++u)
      tdPercent(hlo.getSpan() ? double(hlo.busyCycles[u]) /
                                    double(hlo.getSpan())
                              : 0);
    tdNum(hlo.dma.dmas);
    tdNum(hlo.dma.baseStall + hlo.dma.transferStall);
    tdNum(hlo.dma.slack);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void HtmlWriter::dmaTable() {
  const auto &dmas = results.dmas.dmas;
  os << "<h2 id=\"dmas\">DMAs</h2>\n";
  // Per link first.
  os << "<table class=\"sortable\" id=\"link-table\"><thead><tr>";
  th("link");
  th("DMAs", true);
  th("bytes", true);
  th("busy", true);
  th("base stall", true);
  th("transfer stall", true);
  th("slack", true);
  os << "</tr></thead><tbody>\n";
  for (const LinkFigures &link : fig.links) {
    if (!link.dma.dmas)
      continue;
    os << "<tr>";
    td(link.name);
    tdNum(link.dma.dmas);
    tdNum(link.dma.bytes);
    tdPercent(share(link.busyCycles));
    tdNum(link.dma.baseStall);
    tdNum(link.dma.transferStall);
    tdNum(link.dma.slack);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";

  if (fig.dmasByStall.empty()) {
    os << "<p class=\"note\">No DMA in the selection.</p>\n";
    return;
  }
  size_t rows = std::min<size_t>(fig.dmasByStall.size(), options.htmlDmaRows);
  os << "<p>";
  if (rows < fig.dmasByStall.size())
    os << "The " << rows << " DMAs with the largest stall, of "
       << fig.dmasByStall.size() << " (metrics.json has them all). ";
  os << "Cycles are absolute; the stall is charged to the DMA of a wait "
        "that finished last. <i>cross-HLO</i>: issued in one HLO, waited "
        "for in another.</p>\n";
  os << "<table class=\"sortable\" id=\"dma-table\"><thead><tr>";
  th("DMA", true);
  th("link");
  th("bytes", true);
  th("issue pc", true);
  th("issue HLO");
  th("wait pc", true);
  th("wait HLO");
  th("issue", true);
  th("complete", true);
  th("wait reached", true);
  th("base stall", true);
  th("transfer stall", true);
  th("slack", true);
  th("cross-HLO");
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < rows; ++r) {
    const analysis::DmaRecord &dma = dmas[fig.dmasByStall[r]];
    bool waited = dma.waitIndex != sim::kNoIndex;
    os << "<tr>";
    tdNum(dma.id);
    td(dma.link < results.dmas.linkNames.size()
           ? llvm::StringRef(results.dmas.linkNames[dma.link])
           : llvm::StringRef("-"));
    tdNum(dma.bytes);
    tdPc(dma.issueIndex);
    td(info.getHloName(dma.issueHlo));
    tdPc(dma.waitIndex);
    td(waited ? info.getHloName(dma.waitHlo) : llvm::StringRef("-"));
    tdNum(dma.issueCycle);
    tdNum(dma.completeCycle);
    if (waited)
      tdNum(dma.waitReadyCycle);
    else
      os << "<td class=\"num\" data-v=\"-1\">-</td>";
    tdNum(dma.baseStall);
    tdNum(dma.transferStall);
    tdNum(dma.slack);
    td(dma.crossesHlo() ? "yes" : "");
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void HtmlWriter::dataCache() {
  const analysis::DataCacheAnalysis &cache = results.dataCache;
  const DataCacheFigures &dc = fig.dataCache;
  os << "<h2 id=\"data-cache\">Data cache (VMEM)</h2>\n";
  if (!cache.available) {
    os << "<p class=\"note\">Not available: the replay was timing-only, so "
          "no address is known.</p>\n";
    return;
  }
  auto number = [](double value) {
    return value == std::floor(value) ? formatCount(uint64_t(value))
                                      : formatJsonNumber(roundTo(value, 1));
  };
  os << "<div class=\"cards\">\n";
  card(formatCount(cache.numPages),
       llvm::formatv("pages of {0} bytes", cache.pageBytes).str());
  card(number(dc.medianFreePages), "median free pages");
  card(number(dc.medianLargestFreeRun),
       "median largest contiguous free region (pages)");
  card(formatCount(dc.peakOccupiedPages), "peak occupied pages");
  card(formatCount(cache.pagesEverUsed), "pages ever used (whole run)");
  card(formatCount(dc.wasted.size()), "wasted transfers");
  card(formatCount(dc.wastedBytes), "wasted bytes");
  os << "</div>\n<p class=\"note\">Over " << cache.numWindows
     << " windows of " << formatCount(cache.windowCycles) << " cycles"
     << (selection.isRestricted() ? ", those the selection meets" : "")
     << ".</p>\n";
  if (dc.wasted.empty())
    return;
  std::vector<const analysis::WastedTransfer *> wasted;
  for (uint32_t i : dc.wasted)
    wasted.push_back(&cache.wasted[i]);
  llvm::stable_sort(wasted, [](const analysis::WastedTransfer *a,
                               const analysis::WastedTransfer *b) {
    return a->bytes > b->bytes;
  });
  size_t rows = std::min<size_t>(wasted.size(), 20);
  os << "<h3>Wasted transfers</h3>\n<p>Writes to VMEM whose bytes were "
        "overwritten before anything read them (counted in 32-byte granules)";
  if (rows < wasted.size())
    os << " (the " << rows << " largest of " << wasted.size() << ")";
  os << ".</p>\n<table class=\"sortable\" id=\"wasted-table\"><thead><tr>";
  th("pc", true);
  th("by");
  th("first page", true);
  th("bytes", true);
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < rows; ++r) {
    os << "<tr>";
    tdPc(wasted[r]->index);
    td(wasted[r]->isDma ? "dma.issue" : "store");
    tdNum(wasted[r]->firstPage);
    tdNum(wasted[r]->bytes);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

void HtmlWriter::files() {
  os << "<h2 id=\"files\">Files</h2>\n<ul>\n";
  if (options.writeTimeline)
    os << "<li><a href=\"" << kTimelineFile << "\">" << kTimelineFile
     << "</a>: the timeline. Open <a href=\"https://ui.perfetto.dev\">"
        "ui.perfetto.dev</a>, choose <i>Open trace file</i> and pick this "
        "file (or drag it onto the page; it stays on your machine). "
        "Timestamps are cycles: read 1 &micro;s as 1 cycle. Tracks: one per "
        "unit, <i>stalls</i>, one per DMA link lane; arrows run from each "
        "DMA's issue to its wait.</li>\n";
  os << "<li><a href=\"" << kMetricsFile << "\">" << kMetricsFile
     << "</a>: every figure, for scripts (format <code>snr-metrics</code> "
        "version 1).</li>\n";
  os << "<li>The plots as SVG: <a href=\"" << kDmaTimelineSvgFile << "\">"
     << kDmaTimelineSvgFile << "</a>, <a href=\"" << kUtilizationSvgFile
     << "\">" << kUtilizationSvgFile << "</a>, <a href=\""
     << kDataCacheSvgFile << "\">" << kDataCacheSvgFile << "</a>, <a href=\""
     << kFragmentationSvgFile << "\">" << kFragmentationSvgFile
     << "</a>.</li>\n";
  os << "<li><a href=\"" << kSummaryFile << "\">" << kSummaryFile
     << "</a>: the terminal summary.</li>\n</ul>\n";
}

void HtmlWriter::write(
    llvm::function_ref<void(llvm::raw_ostream &)> extraSections) {
  header();
  summary();
  writeStaticHtml(os, results, selection, options);
  // The instances behind the static rows: one click away, or open with
  // --per-instance.
  os << (options.perInstance ? "<details open>" : "<details>")
     << "<summary>Each DMA instance: suggestions and parallel groups"
        "</summary>\n";
  suggestions();
  parallelGroups();
  os << "</details>\n";
  plots();
  hloTable();
  // Each DMA: one click away (the static DMA table above has one row per
  // dma.issue), or open with --per-instance.
  os << (options.perInstance ? "<details open>" : "<details>")
     << "<summary>Each DMA instance: the DMA table</summary>\n";
  dmaTable();
  os << "</details>\n";
  dataCache();
  if (extraSections)
    extraSections(os);
  files();
  os << "<div id=\"render-check\" hidden data-status=\"pending\"></div>\n";
  os << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

void snr::report::writeHtmlReport(
    llvm::raw_ostream &os, const analysis::ReplayResults &results,
    const Selection &selection, const ReportFigures &figures,
    const ReportOptions &options,
    llvm::function_ref<void(llvm::raw_ostream &)> extraSections) {
  HtmlWriter(os, results, selection, figures, options).write(extraSections);
}

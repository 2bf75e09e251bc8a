//===- SourceLineView.cpp - The run per source line -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The selection's instructions folded by the source line the line table
// gives each (TraceInfo::lineTable: a binary's DWARF, an snr program's line
// table): per file and line, its function (the HLO of its first
// instruction), the instructions executed, their own cycles and their stall
// cycles by kind. metrics.json's `lines` and a table of report.html. A view
// a target enables (RISC-V does, with --elf).
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Path.h"

#include <tuple>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

namespace {
constexpr size_t kHtmlRows = 60;

struct LineFigures {
  uint32_t file = 0;
  unsigned line = 0;
  analysis::HloId hlo = analysis::kNoHlo;
  uint64_t instructions = 0, ownCycles = 0, stallCycles = 0;
  StallArray stallByKind{};
};

/// The selected instructions by (file, line), in that order; those without
/// a line are left out.
std::vector<LineFigures> computeLines(const ViewContext &context) {
  const analysis::ReplayResults &results = context.results;
  const analysis::TraceInfo &info = results.info;
  const auto &timing = results.timing.instructions;
  std::vector<LineFigures> lines;
  llvm::DenseMap<std::pair<uint32_t, unsigned>, uint32_t> slotOfLine;
  /// The line slot of each PC seen (~0: no line).
  llvm::DenseMap<uint64_t, uint32_t> slotOfPc;
  OwnCycleCounter own(results);
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i) {
    uint64_t ownCycles = own.next(i);
    if (!context.selection.containsInstruction(i))
      continue;
    auto [pcSlot, newPc] = slotOfPc.try_emplace(info.getPc(i), ~uint32_t(0));
    if (newPc) {
      if (const analysis::SourceTable::Entry *entry =
              info.lineTable.lookup(info.getPc(i))) {
        auto [lineSlot, newLine] = slotOfLine.try_emplace(
            {entry->file, entry->line}, uint32_t(lines.size()));
        if (newLine) {
          lines.emplace_back();
          lines.back().file = entry->file;
          lines.back().line = entry->line;
          lines.back().hlo = info.hloOf[i];
        }
        pcSlot->second = lineSlot->second;
      }
    }
    if (pcSlot->second == ~uint32_t(0))
      continue;
    LineFigures &line = lines[pcSlot->second];
    ++line.instructions;
    line.ownCycles += ownCycles;
    line.stallCycles += timing[i].stall;
    line.stallByKind[timing[i].kind] += timing[i].stall;
  }
  llvm::sort(lines, [&](const LineFigures &a, const LineFigures &b) {
    return std::make_tuple(info.lineTable.files[a.file], a.line) <
           std::make_tuple(info.lineTable.files[b.file], b.line);
  });
  return lines;
}

class SourceLineView : public AnalysisView {
public:
  explicit SourceLineView(llvm::StringRef placement) : placement(placement) {}
  llvm::StringRef getName() const override { return "source-lines"; }
  llvm::StringRef getPlacement() const override { return placement; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&analysis::AnalysisInfoOf<sim::TimingRecorder>::get());
  }
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    entries.push_back({HtmlPart::Tables, "source-lines", "Source lines"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;

private:
  std::string placement;
};
} // namespace

void SourceLineView::addMetrics(const ViewContext &context,
                                Object &metrics) const {
  const analysis::TraceInfo &info = context.results.info;
  Array rows;
  for (const LineFigures &line : computeLines(context))
    rows.push_back(Object{
        {"file", info.lineTable.files[line.file]},
        {"line", int64_t(line.line)},
        {"function", info.getHloName(line.hlo)},
        {"instructions", int64_t(line.instructions)},
        {"own_cycles", int64_t(line.ownCycles)},
        {"stalls", buildStallMetrics(context.results.model, line.stallByKind,
                                     line.stallCycles)}});
  metrics["lines"] = std::move(rows);
}

void SourceLineView::writeHtml(const ViewContext &context, HtmlPart part,
                               HtmlWriter &html) const {
  if (part != HtmlPart::Tables)
    return;
  const analysis::TraceInfo &info = context.results.info;
  const sim::ModelDescription &model = context.results.model;
  llvm::raw_ostream &os = html.os;
  os << "<h2 id=\"source-lines\">Source lines</h2>\n";
  if (info.lineTable.empty()) {
    os << "<p class=\"note\">No line table: give the program (for RISC-V, "
          "<code>--elf</code> with DWARF) to see the source lines.</p>\n";
    return;
  }
  std::vector<LineFigures> lines = computeLines(context);
  os << "<p>The instructions of each source line, summed: their own cycles "
        "(which add up to the run over every line, with the instructions "
        "that have none) and their stall cycles by kind.</p>\n";
  if (lines.size() > kHtmlRows)
    os << "<p class=\"note\">The first " << kHtmlRows << " lines of "
       << lines.size() << "; metrics.json has them all.</p>\n";
  os << "<table class=\"sortable fit\" id=\"source-line-table\"><thead><tr>";
  html.th("line");
  html.th("function");
  html.th("instructions", true);
  html.th("own cycles", true);
  html.th("stall cycles", true);
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    html.th(model.getStallKindName(k), true);
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < lines.size() && r < kHtmlRows; ++r) {
    const LineFigures &line = lines[r];
    std::string name =
        (llvm::sys::path::filename(info.lineTable.files[line.file]) + ":" +
         llvm::Twine(line.line))
            .str();
    os << "<tr><td class=\"loc\">" << escapeLocation(name) << "</td>";
    html.td(info.getHloName(line.hlo));
    html.tdNum(line.instructions);
    html.tdNum(line.ownCycles);
    html.tdNum(line.stallCycles);
    for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
      html.tdNum(line.stallByKind[k]);
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

std::unique_ptr<AnalysisView>
snr::report::createSourceLineView(llvm::StringRef placement) {
  return std::make_unique<SourceLineView>(placement);
}

//===- Summary.cpp - The one-screen summary for a terminal ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Summary.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/StaticView.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace snr;
using namespace snr::report;

static double share(uint64_t part, uint64_t whole) {
  return whole ? double(part) / double(whole) : 0;
}

static std::string formatBytes(uint64_t bytes) {
  if (bytes >= (uint64_t(1) << 30))
    return llvm::formatv("{0:F1} GiB", double(bytes) / double(1 << 30)).str();
  if (bytes >= (uint64_t(1) << 20))
    return llvm::formatv("{0:F1} MiB", double(bytes) / double(1 << 20)).str();
  if (bytes >= 1024)
    return llvm::formatv("{0:F1} KiB", double(bytes) / 1024).str();
  return llvm::formatv("{0} B", bytes).str();
}

/// The suggestions and parallel groups one DMA instance at a time
/// (--per-instance).
static void printInstanceSuggestions(const analysis::ReplayResults &results,
                                     const ReportFigures &fig,
                                     llvm::raw_ostream &os,
                                     const ReportOptions &options) {
  const analysis::TraceInfo &info = results.info;
  // Suggestions worth acting on.
  const analysis::Suggestions &suggestions = results.suggestions;
  std::vector<uint32_t> useful;
  for (uint32_t i : fig.suggestionsBySaving)
    if (suggestions.dmas[i].expectedSaving)
      useful.push_back(i);
  if (useful.empty()) {
    fig.printNoUsefulSuggestion(os);
  } else {
    os << llvm::formatv("  top suggestions (together up to {0} cycles, {1} of "
                        "the run; savings may overlap):\n",
                        formatCount(fig.expectedSaving),
                        formatPercent(share(fig.expectedSaving, fig.cycles)));
    for (size_t i = 0; i < useful.size() && i < options.summarySuggestions;
         ++i) {
      const analysis::DmaSuggestion &s = suggestions.dmas[useful[i]];
      uint64_t issuePc = s.issueIndex < info.instructions.size()
                             ? info.instructions[s.issueIndex].pc
                             : 0;
      uint64_t targetPc =
          s.target < info.instructions.size() ? info.instructions[s.target].pc
                                              : 0;
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
                        info.getHloName(g.hlo), formatCount(g.expectedSaving));
  }
}

void snr::report::printSummary(const analysis::ReplayResults &results,
                               const Selection &selection,
                               const ReportFigures &fig, llvm::raw_ostream &os,
                               const ReportOptions &options,
                               llvm::StringRef reportDir) {
  const analysis::TraceInfo &info = results.info;
  os << "SnR replay of " << (info.program.empty() ? "(unnamed)" : info.program);
  if (!info.fileName.empty())
    os << " (" << llvm::sys::path::filename(info.fileName) << ")";
  os << " on " << results.machine.name;
  if (selection.isRestricted())
    os << ", restricted to " << selection.description;
  os << "\n";

  os << llvm::formatv("  {0} cycles ({1} at {2} GHz), {3} instructions, "
                      "IPC {4:F3}\n",
                      formatCount(fig.cycles),
                      formatTime(fig.cycles, fig.clockGhz),
                      formatJsonNumber(fig.clockGhz),
                      formatCount(fig.instructions), fig.ipc);

  // Stalls by kind, largest first.
  os << llvm::formatv("  stalls: {0} cycles ({1} of the cycles)\n",
                      formatCount(fig.stallCycles),
                      formatPercent(share(fig.stallCycles, fig.cycles)));
  std::vector<unsigned> kinds;
  for (unsigned k = 1; k < sim::kNumStallKinds; ++k)
    if (fig.stallByKind[k])
      kinds.push_back(k);
  llvm::stable_sort(kinds, [&](unsigned a, unsigned b) {
    return fig.stallByKind[a] > fig.stallByKind[b];
  });
  for (unsigned k : kinds) {
    os << llvm::formatv("    {0,-12} {1,12} {2,7}",
                        sim::getStallKindName(sim::StallKind(k)),
                        formatCount(fig.stallByKind[k]),
                        formatPercent(share(fig.stallByKind[k], fig.cycles)));
    if (sim::StallKind(k) == sim::StallKind::DmaWait)
      os << llvm::formatv("  (base latency {0}, transfer {1})",
                          formatCount(fig.dma.baseStall),
                          formatCount(fig.dma.transferStall));
    os << "\n";
  }

  // The HLOs that stalled most.
  std::vector<const HloFigures *> hlos;
  for (const HloFigures &hlo : fig.hlos)
    if (hlo.stallCycles)
      hlos.push_back(&hlo);
  llvm::stable_sort(hlos, [](const HloFigures *a, const HloFigures *b) {
    return a->stallCycles > b->stallCycles;
  });
  if (!hlos.empty()) {
    os << "  stalls by HLO:\n";
    for (size_t i = 0; i < hlos.size() && i < options.summaryHlos; ++i) {
      const HloFigures &hlo = *hlos[i];
      unsigned worst = 1;
      for (unsigned k = 1; k < sim::kNumStallKinds; ++k)
        if (hlo.stallByKind[k] > hlo.stallByKind[worst])
          worst = k;
      os << llvm::formatv("    {0,-24} {1,12} {2,7}  mostly {3}\n",
                          hlo.name, formatCount(hlo.stallCycles),
                          formatPercent(share(hlo.stallCycles, fig.cycles)),
                          sim::getStallKindName(sim::StallKind(worst)));
    }
    if (hlos.size() > options.summaryHlos)
      os << llvm::formatv("    ... and {0} more HLOs\n",
                          hlos.size() - options.summaryHlos);
  }

  if (fig.dma.dmas)
    os << llvm::formatv("  DMAs: {0} ({1} stalled), {2}; stall {3} cycles "
                        "({4} base latency, {5} transfer), slack {6}\n",
                        formatCount(fig.dma.dmas),
                        formatCount(fig.dma.stalledDmas),
                        formatBytes(fig.dma.bytes),
                        formatCount(fig.dma.baseStall + fig.dma.transferStall),
                        formatCount(fig.dma.baseStall),
                        formatCount(fig.dma.transferStall),
                        formatCount(fig.dma.slack));

  if (!options.perInstance) {
    printStaticSummary(results, selection, fig, os, options);
  } else {
    printInstanceSuggestions(results, fig, os, options);
  }

  if (!reportDir.empty()) {
    llvm::SmallString<256> html(reportDir);
    llvm::sys::path::append(html, kReportHtmlFile);
    os << "  report: " << html << " (with " << kMetricsFile;
    if (options.writeTimeline)
      os << " and " << kTimelineFile << ": open it in https://ui.perfetto.dev";
    os << ")\n";
  }
}

llvm::Error snr::report::printSummary(const analysis::ReplayResults &results,
                                      llvm::raw_ostream &os,
                                      const ReportOptions &options,
                                      llvm::StringRef reportDir) {
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  if (!selection)
    return selection.takeError();
  ReportFigures figures = computeFigures(results, *selection);
  printSummary(results, *selection, figures, os, options, reportDir);
  return llvm::Error::success();
}

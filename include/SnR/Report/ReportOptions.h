//===- ReportOptions.h - What a report shows --------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The options every report writer shares: a restriction of the report to a
// PC range and/or an HLO, how many rows the tables and plots show, and how
// the timeline keeps huge traces manageable. docs/reports.md explains each.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_REPORTOPTIONS_H
#define SNR_REPORT_REPORTOPTIONS_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace snr::report {

struct ReportOptions {
  /// Restrict the report to the instructions whose PC is in
  /// [pcBegin, pcEnd) (either bound may be omitted).
  std::optional<uint64_t> pcBegin, pcEnd;
  /// Restrict the report to the instructions of this HLO (exact name).
  std::string hlo;

  /// List suggestions and parallel groups one DMA instance at a time in the
  /// summary and the HTML report, instead of one row per static PC.
  bool perInstance = false;

  /// Suggestions (static DMAs, or instances) in the terminal summary.
  unsigned summarySuggestions = 5;
  /// HLOs in the terminal summary's stall breakdown.
  unsigned summaryHlos = 5;
  /// Rows of the HTML report's DMA table (the DMAs with the largest stall).
  unsigned htmlDmaRows = 100;
  /// Rows of the HTML report's suggestion table.
  unsigned htmlSuggestionRows = 50;
  /// Rows of the DMA timeline plot (the DMAs with the largest stall).
  unsigned plotDmaRows = 200;

  /// The timeline shows one slice per instruction when the selection has at
  /// most this many instructions; beyond, consecutive busy stretches of a
  /// unit within one HLO are merged into one slice (and stalls of one kind
  /// likewise). 0 always merges.
  uint64_t maxInstructionSlices = 50000;
  /// When merging, instructions at most this many cycles apart on one unit
  /// belong to the same stretch.
  uint64_t mergeGapCycles = 16;

  /// Whether writeReport writes timeline.json (it is the largest file).
  bool writeTimeline = true;

  /// The run directory's other files, which report.html lists after its
  /// own (a path relative to the report, and what it is): what the tool
  /// writing the report writes besides (snr-replay: the remarks, the
  /// annotated trace, the exports).
  std::vector<std::pair<std::string, std::string>> otherFiles;

  bool isRestricted() const { return pcBegin || pcEnd || !hlo.empty(); }
};

} // namespace snr::report

#endif // SNR_REPORT_REPORTOPTIONS_H

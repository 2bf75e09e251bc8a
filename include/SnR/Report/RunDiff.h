//===- RunDiff.h - Comparing two replays' metrics ---------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What snr-diff and snr-replay --apply print and write: the differences
// between two metrics.json documents (before, after) in cycles, stalls by
// kind, by HLO and by static instruction, per static DMA, utilization and
// the data cache; each section's largest changes first. And the one-table
// summary of many runs (snr-diff --summary). docs/diff.md.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_RUNDIFF_H
#define SNR_REPORT_RUNDIFF_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis
namespace snr::trace {
struct Trace;
} // namespace snr::trace

namespace snr::report {

/// One figure in both runs (absent from one: nullopt).
struct DiffRow {
  std::string name;
  std::optional<double> before, after;
  double delta() const { return after.value_or(0) - before.value_or(0); }
};

struct DiffSection {
  std::string title;
  /// Set when the rows could not be computed: why (a per-PC section of two
  /// runs whose static instructions do not match).
  std::string unmatched;
  /// What the values are ("cycles", "fraction", "pages").
  std::string unit;
  /// Whether a larger value is an improvement (utilization).
  bool higherIsBetter = false;
  /// Where the rows came from, when that varies (which metrics table).
  std::string source;
  /// Regressions, largest first; then improvements, largest first; then
  /// the unchanged rows.
  std::vector<DiffRow> rows;

  bool isRegression(const DiffRow &row) const {
    return higherIsBetter ? row.delta() < 0 : row.delta() > 0;
  }
};

struct RunDiff {
  std::string before, after; ///< how each run is named
  /// How the static instructions of the two runs were matched: "pc" (the
  /// same PCs), "pc_map" (through a program rewrite's pc_map), or
  /// "unmatched" (not at all: the per-PC sections say why).
  std::string matching = "pc";
  /// The pc_map's file, when one matched them.
  std::string pcMapFile;
  std::vector<DiffSection> sections;
};

/// A program rewrite's pc_map (program-rewrite.json, docs/rewrite.md): where
/// each original instruction is in the rewritten program, and the
/// rewritten program's copies with no original.
struct PcMap {
  std::string file;
  std::vector<std::pair<uint64_t, uint64_t>> beforeToAfter; ///< sorted
  std::vector<uint64_t> newPcs;

  bool empty() const { return beforeToAfter.empty(); }
};

/// Reads the pc_map of `path`: a program-rewrite.json, or a run directory
/// holding one. The error names the file and what is wrong.
llvm::Expected<PcMap> readPcMap(llvm::StringRef path);

/// A run's metrics and its name (its directory or trace).
struct NamedMetrics {
  std::string name;
  llvm::json::Object metrics;
};

/// Reads `path`: a directory holding metrics.json, or a metrics.json.
llvm::Expected<NamedMetrics> readMetricsFile(llvm::StringRef path);
/// The metrics.json `text` (read from `file`, for messages), checked: its
/// structure (depth, repeated keys, string lengths), its format and version
/// (one this SnR reads) and its totals.
llvm::Expected<llvm::json::Object> parseMetrics(llvm::StringRef text,
                                                llvm::StringRef file);
/// The metrics.json snr-replay would write for `results` (whole trace),
/// owning its strings (it may outlive `results`), but for what no
/// comparison reads (diffRuns, printRunSummary): the suggestions, the
/// bottlenecks and each static instruction's stalls by kind.
llvm::json::Object metricsOf(const analysis::ReplayResults &results);

/// Compares `after` with `before`. The per-PC sections pair static
/// instructions by PC when the two runs' instructions agree there; else
/// through `pcMap` (the after run's PCs taken back to the before run's)
/// when it makes them agree; else they are left empty, saying why.
RunDiff diffRuns(const NamedMetrics &before, const NamedMetrics &after,
                 const PcMap *pcMap = nullptr);

/// Every section, at most `maxRows` rows each (0: all).
void printRunDiff(const RunDiff &diff, llvm::raw_ostream &os,
                  unsigned maxRows = 10);
llvm::json::Value runDiffToJSON(const RunDiff &diff);
void writeRunDiffHtml(const RunDiff &diff, llvm::raw_ostream &os);
/// Writes `dir`/diff.json and `dir`/diff.html.
llvm::Error writeRunDiffFiles(const RunDiff &diff, llvm::StringRef dir);

/// snr-replay --apply: compares `after` (the replay of the proved rewrite)
/// with `before`, and writes the comparison into `dir`; prints it to `print`
/// (if given).
llvm::Error writeRewriteDiff(const analysis::ReplayResults &before,
                             const analysis::ReplayResults &after,
                             llvm::StringRef afterName, llvm::StringRef dir,
                             llvm::raw_ostream *print);

/// One line per run: cycles, stalls, DMAs, utilization, data cache.
void printRunSummary(llvm::ArrayRef<NamedMetrics> runs, llvm::raw_ostream &os);

} // namespace snr::report

#endif // SNR_REPORT_RUNDIFF_H

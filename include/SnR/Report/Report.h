//===- Report.h - Every output a person reads, in one directory -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// writeReport writes, from one replay's results, into a directory:
//   report.html        the report that ties everything together (offline)
//   metrics.json       every figure, versioned (docs/metrics-schema.md)
//   timeline.json      the Perfetto / chrome://tracing timeline
//   dma-timeline.svg, utilization.svg, data-cache.svg, fragmentation.svg
//   summary.txt        the terminal summary
// Each file is written to a temporary file next to it and renamed into
// place once complete, so a failure never leaves a partial file under the
// final name. docs/reports.md describes every output.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_REPORT_H
#define SNR_REPORT_REPORT_H

#include "SnR/Report/ReportOptions.h"
#include "SnR/Support/OutputFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis
namespace snr::trace {
enum class Compression;
} // namespace snr::trace

namespace snr::report {

class AnalysisView;

inline constexpr const char *kReportHtmlFile = "report.html";
inline constexpr const char *kMetricsFile = "metrics.json";
inline constexpr const char *kTimelineFile = "timeline.json";
inline constexpr const char *kSummaryFile = "summary.txt";
inline constexpr const char *kDmaTimelineSvgFile = "dma-timeline.svg";
inline constexpr const char *kUtilizationSvgFile = "utilization.svg";
inline constexpr const char *kDataCacheSvgFile = "data-cache.svg";
inline constexpr const char *kFragmentationSvgFile = "fragmentation.svg";
/// The remarks: LLVM's optimization-record YAML, named as opt-viewer.py
/// looks for them (*.opt.yaml).
inline constexpr const char *kRemarksFile = "remarks.opt.yaml";
inline constexpr const char *kRewriteRemarksFile = "rewrite-remarks.opt.yaml";
inline constexpr const char *kAnnotatedMlirFile = "annotated.mlir";
inline constexpr const char *kAnnotatedBytecodeFile = "annotated.mlirbc";
inline constexpr const char *kRewriteJsonFile = "rewrite.json";
inline constexpr const char *kProgramRewriteJsonFile = "program-rewrite.json";
inline constexpr const char *kRewrittenProgramFile = "rewritten-program.mlir";
inline constexpr const char *kProgramDiffFile = "rewritten-program.diff";
inline constexpr const char *kProgramDiffHtmlFile = "program-diff.html";
inline constexpr const char *kDiffJsonFile = "diff.json";
inline constexpr const char *kDiffHtmlFile = "diff.html";

/// The rewritten trace's name: "rewritten.jsonl", with ".gz" or ".zst" in
/// the input trace's compression.
llvm::StringRef getRewrittenTraceFile(trace::Compression compression);

/// Writes every output into `dir` (created if missing). `extraViews` (the
/// plugins', see AnalysisPlugin.h) add to metrics.json, summary.txt and
/// report.html. Fails, naming the file, if a file cannot be written, or if
/// the options' restriction is invalid (then nothing is written).
llvm::Error writeReport(const analysis::ReplayResults &results,
                        llvm::StringRef dir, const ReportOptions &options,
                        llvm::ArrayRef<const AnalysisView *> extraViews = {});

/// Every report file is written through a temporary name
/// (SnR/Support/OutputFile.h).
using snr::writeFileAtomically;

} // namespace snr::report

#endif // SNR_REPORT_REPORT_H

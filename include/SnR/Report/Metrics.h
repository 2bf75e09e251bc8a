//===- Metrics.h - metrics.json ---------------------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every figure of a replay as one versioned JSON document, for scripts and
// dashboards: docs/metrics-schema.md describes each field and
// schema/snr-metrics.schema.json is its JSON Schema. The output is
// deterministic: object keys sorted, arrays in documented orders.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_METRICS_H
#define SNR_REPORT_METRICS_H

#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/ReportOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
struct TraceInfo;
} // namespace snr::analysis

namespace snr::report {

class AnalysisView;
class Selection;

/// The "format" and "version" of metrics.json. The version changes when a
/// field is removed or changes meaning; added fields keep it.
inline constexpr const char *kMetricsFormat = "snr-metrics";
inline constexpr unsigned kMetricsVersion = 1;

/// The document: its format, version, machine, trace and selection, then
/// the members of every built-in view (AnalysisView::addMetrics) and of
/// `extraViews` (the plugins').
llvm::json::Value
buildMetrics(const analysis::ReplayResults &results, const Selection &selection,
             const ReportFigures &figures, const ReportOptions &options = {},
             llvm::ArrayRef<const AnalysisView *> extraViews = {});

/// buildMetrics, written with sorted keys, two-space indentation and a
/// final newline.
void writeMetrics(llvm::raw_ostream &os, const analysis::ReplayResults &results,
                  const Selection &selection, const ReportFigures &figures,
                  const ReportOptions &options = {},
                  llvm::ArrayRef<const AnalysisView *> extraViews = {});

/// The PC of instruction `index` as metrics.json writes it: null for none.
llvm::json::Value getMetricsPc(const analysis::TraceInfo &info, uint64_t index);
/// Where `pc` is in the source as metrics.json writes it: {"file", "line",
/// "column"} (the file as the line table names it), or null.
llvm::json::Value getMetricsSource(const analysis::TraceInfo &info,
                                   uint64_t pc);
/// A "stalls" object: the total and the cycles of every stall kind.
llvm::json::Object buildStallMetrics(const sim::ModelDescription &model,
                                     const StallArray &byKind, uint64_t total);

} // namespace snr::report

#endif // SNR_REPORT_METRICS_H

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

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class Selection;
struct ReportFigures;

/// The "format" and "version" of metrics.json. The version changes when a
/// field is removed or changes meaning; added fields keep it.
inline constexpr const char *kMetricsFormat = "snr-metrics";
inline constexpr unsigned kMetricsVersion = 1;

llvm::json::Value buildMetrics(const analysis::ReplayResults &results,
                               const Selection &selection,
                               const ReportFigures &figures);

/// buildMetrics, written with sorted keys, two-space indentation and a
/// final newline.
void writeMetrics(llvm::raw_ostream &os,
                  const analysis::ReplayResults &results,
                  const Selection &selection, const ReportFigures &figures);

} // namespace snr::report

#endif // SNR_REPORT_METRICS_H

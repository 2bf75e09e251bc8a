//===- Summary.h - The one-screen summary for a terminal --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// About twenty lines: total cycles and time, IPC, stall cycles by kind and
// for the HLOs that stalled most, DMA totals, the top suggestions with their
// expected saving, and where the full report is. Each analysis prints its
// own lines through its view (AnalysisView.h).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_SUMMARY_H
#define SNR_REPORT_SUMMARY_H

#include "SnR/Report/ReportOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class AnalysisView;
class Selection;
struct ReportFigures;

/// Prints the summary of `results` restricted as `options` say: a heading,
/// then every built-in view's lines (AnalysisView::printSummary); names
/// `reportDir` as where the report is, if not empty; then the lines of
/// `extraViews` (the plugins'). Fails if the restriction is invalid (see
/// Selection::compute).
llvm::Error printSummary(const analysis::ReplayResults &results,
                         llvm::raw_ostream &os, const ReportOptions &options,
                         llvm::StringRef reportDir = {},
                         llvm::ArrayRef<const AnalysisView *> extraViews = {});

/// The same from an already computed selection and figures.
void printSummary(const analysis::ReplayResults &results,
                  const Selection &selection, const ReportFigures &figures,
                  llvm::raw_ostream &os, const ReportOptions &options,
                  llvm::StringRef reportDir = {},
                  llvm::ArrayRef<const AnalysisView *> extraViews = {});

} // namespace snr::report

#endif // SNR_REPORT_SUMMARY_H

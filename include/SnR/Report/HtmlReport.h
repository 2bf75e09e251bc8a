//===- HtmlReport.h - report.html -------------------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One self-contained HTML file that works offline: inline CSS, the four
// plots inlined as SVG, and a little vanilla JavaScript (click a table
// header to sort; a render check that records, in #render-check, how many
// data elements each plot drew and its size). It links to metrics.json and
// timeline.json, which writeReport puts next to it. Its sections are the
// analyses' views' (AnalysisView.h); this writes the page around them.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_HTMLREPORT_H
#define SNR_REPORT_HTMLREPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class AnalysisView;
class Selection;
struct ReportFigures;
struct ReportOptions;
struct RewriteOutcomes;

/// With `rewrites` (snr-replay --apply), the first section says what the
/// rewrites proved and the Rewrite section (RewriteHtml.h) comes before the
/// file list; without, the first section lists the suggestions.
/// `extraViews` (the plugins') write their sections after the built-in
/// views'.
void writeHtmlReport(llvm::raw_ostream &os,
                     const analysis::ReplayResults &results,
                     const Selection &selection, const ReportFigures &figures,
                     const ReportOptions &options,
                     const RewriteOutcomes *rewrites = nullptr,
                     llvm::ArrayRef<const AnalysisView *> extraViews = {});

} // namespace snr::report

#endif // SNR_REPORT_HTMLREPORT_H

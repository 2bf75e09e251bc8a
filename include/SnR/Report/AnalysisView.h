//===- AnalysisView.h - How an analysis renders itself ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every analysis of a replay shows itself through one AnalysisView (as each
// of llvm-mca's views prints itself): its lines of the terminal summary, its
// members of metrics.json, its sections of report.html and its lines of
// `snr-opt --snr-test-print-analyses`. The summary, metrics.json, the HTML
// report and the test printer only iterate over the views, so a new analysis
// is one view file and one line of AnalysisViews.def (docs/analyses.md).
//
// The order of the views is the order of every output. report.html reads
// top to bottom in three parts (HtmlPart): findings, plots, tables; each view
// writes into the parts it has something for.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_ANALYSISVIEW_H
#define SNR_REPORT_ANALYSISVIEW_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class HtmlWriter;
class Selection;
struct ReportFigures;
struct ReportOptions;

/// What a view renders from: one replay, the part of it the report shows,
/// that part's figures and the report's options.
struct ViewContext {
  const analysis::ReplayResults &results;
  const Selection &selection;
  const ReportFigures &figures;
  const ReportOptions &options;
};

/// The parts of report.html, in document order: what the run did and what
/// to change; the plots (under one heading); the tables behind them.
enum class HtmlPart { Findings, Plots, Tables };

/// A link of report.html's navigation bar to a section a view writes.
struct HtmlNavEntry {
  HtmlPart part;
  llvm::StringRef id;
  llvm::StringRef title;
};

/// One analysis, rendered. Every hook but getName has a default that
/// renders nothing.
class AnalysisView {
public:
  virtual ~AnalysisView();

  /// The analysis' name, for messages and docs ("dma", "data_cache").
  virtual llvm::StringRef getName() const = 0;

  /// Its lines of the terminal summary (two-space indented).
  virtual void printSummary(const ViewContext &context,
                            llvm::raw_ostream &os) const {}
  /// Adds its members to metrics.json's top-level object (each described in
  /// docs/metrics-schema.md).
  virtual void addMetrics(const ViewContext &context,
                          llvm::json::Object &metrics) const {}
  /// The navigation links to the sections writeHtml writes.
  virtual void getHtmlNav(llvm::SmallVectorImpl<HtmlNavEntry> &entries) const {}
  /// Writes its HTML for `part` of report.html.
  virtual void writeHtml(const ViewContext &context, HtmlPart part,
                         HtmlWriter &html) const {}
  /// Where it used a coarser resolution than asked, to stay in its budget:
  /// one sentence each, for the tool to print as notes.
  virtual void getNotes(const analysis::ReplayResults &results,
                        llvm::SmallVectorImpl<std::string> &notes) const {}
  /// Its lines of `snr-opt --snr-test-print-analyses`: every figure of the
  /// whole run, unrestricted and unrounded, for FileCheck.
  virtual void printTest(const analysis::ReplayResults &results,
                         llvm::raw_ostream &os) const {}
};

using AnalysisViewList = llvm::SmallVector<std::unique_ptr<AnalysisView>, 8>;

/// The built-in analyses' views, in output order (AnalysisViews.def).
AnalysisViewList createBuiltinViews();

#define SNR_ANALYSIS_VIEW(NAME) std::unique_ptr<AnalysisView> create##NAME();
#include "SnR/Report/AnalysisViews.def"

} // namespace snr::report

#endif // SNR_REPORT_ANALYSISVIEW_H

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
// report and the test printer only iterate over the views, and a view names
// the analyses it renders (getAnalyses), which the replay then computes. So
// a new analysis is one view file (the analysis class with its registration,
// SnR/Analysis/AnalysisSet.h, and its view) and one line of
// AnalysisViews.def; a plugin registers the same view (AnalysisPlugin.h).
// docs/analyses.md shows it.
//
// The order of the views is the order of every output. report.html reads
// top to bottom in three parts (HtmlPart): findings, plots, tables; each view
// writes into the parts it has something for. Beside the built-in views, a
// target adds views of its own (what only its timing model knows: for
// RISC-V, what SnR's effects add to LLVM's model, the vsetvl churn), each
// placed after the built-in view it names, and the target enables the
// optional views below that make sense for it; plugins' views come last.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_ANALYSISVIEW_H
#define SNR_REPORT_ANALYSISVIEW_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace snr::analysis {
struct AnalysisInfo;
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
  std::string title;
};

/// One optimization remark a view emits into remarks.opt.yaml (LLVM's
/// remark format, which opt-viewer reads), at an instruction of the trace:
/// located where that instruction is in the program.
struct ViewRemark {
  enum class Kind { Analysis, Missed, Passed };
  Kind kind = Kind::Analysis;
  /// "load-use-latency"; the category, "snr.load" (the remark's pass).
  std::string name, category;
  /// The remark's Function (the HLO).
  std::string function;
  /// The instruction it is located at (its trace index).
  uint64_t index = 0;
  uint64_t hotness = 0;
  /// The arguments in order; connecting text under "String", so they read
  /// as a sentence.
  std::vector<std::pair<std::string, std::string>> args;
};

/// One analysis, rendered. Every hook but getName has a default that
/// renders nothing.
class AnalysisView {
public:
  virtual ~AnalysisView();

  /// The analysis' name, for messages and docs ("dma", "data_cache").
  virtual llvm::StringRef getName() const = 0;

  /// For a view a target adds: the built-in view (its getName()) it
  /// renders after, in every output. Empty: after every built-in view (a
  /// plugin's).
  virtual llvm::StringRef getPlacement() const { return {}; }

  /// The registered analyses it renders (SnR/Analysis/AnalysisSet.h): a
  /// replay computes them for it, unless the target lacks what one needs
  /// (then `results.find<T>()` is null, and describeMissing says why in one
  /// line).
  virtual void getAnalyses(
      llvm::SmallVectorImpl<const analysis::AnalysisInfo *> &analyses) const {}

  /// Its lines of the terminal summary (two-space indented).
  virtual void printSummary(const ViewContext &context,
                            llvm::raw_ostream &os) const {}
  /// Adds its members to metrics.json's top-level object (each described in
  /// docs/metrics-schema.md).
  virtual void addMetrics(const ViewContext &context,
                          llvm::json::Object &metrics) const {}
  /// The navigation links to the sections writeHtml writes.
  virtual void getHtmlNav(const ViewContext &context,
                          llvm::SmallVectorImpl<HtmlNavEntry> &entries) const {}
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
  /// Its remarks, beside the static view's (remarks.opt.yaml).
  virtual void getRemarks(const ViewContext &context,
                          std::vector<ViewRemark> &remarks) const {}
};

using AnalysisViewList = llvm::SmallVector<std::unique_ptr<AnalysisView>, 8>;

/// The built-in analyses' views, in output order (AnalysisViews.def).
AnalysisViewList createBuiltinViews();

/// Every view of a run in output order: the built-in ones, each followed by
/// those of `extraViews` placed after it (getPlacement), then the rest of
/// `extraViews` in order. `builtinEnd`, if given, receives the position
/// after the last built-in view and the views placed after it.
llvm::SmallVector<const AnalysisView *, 16>
orderViews(const AnalysisViewList &builtin,
           llvm::ArrayRef<const AnalysisView *> extraViews,
           size_t *builtinEnd = nullptr);

// Views a target enables (not built in: each renders only in the runs of
// the targets that add it, lib/Report/Views/<Name>.cpp).
/// Loads whose latency an instruction that reads their value waited for
/// (LoadUseAnalysis): the suggestions of an ISA without copies.
std::unique_ptr<AnalysisView> createLoadUseView(llvm::StringRef placement);
/// Every static instruction's own cycles and the stall cycles it caused;
/// the costliest ones.
std::unique_ptr<AnalysisView>
createInstructionCostView(llvm::StringRef placement);
/// The figures per source line (file:line of the line table).
std::unique_ptr<AnalysisView> createSourceLineView(llvm::StringRef placement);
/// The analyses `views` render (AnalysisView::getAnalyses), each once, in
/// order: what a replay must compute for them (AnalysisOptions::analyses).
std::vector<const analysis::AnalysisInfo *>
getViewAnalyses(llvm::ArrayRef<const AnalysisView *> views);

/// The views a tool renders besides the built-in ones: those analysis
/// plugins register (AnalysisPlugin.h), as AnalysisViews.def registers the
/// built-in ones. Each renders after the built-in views, in the order
/// added.
class AnalysisRegistry {
public:
  /// Adds `view`, which the registry keeps.
  void add(std::unique_ptr<AnalysisView> view);
  /// The views added, in order (for the report writers' `extraViews`).
  llvm::ArrayRef<const AnalysisView *> getViews() const { return pointers; }
  /// Empties the registry, handing its views over.
  AnalysisViewList takeViews();
  /// The analyses of the built-in views and of those added: what a replay
  /// computes for them.
  std::vector<const analysis::AnalysisInfo *> getAnalyses() const;

private:
  AnalysisViewList views;
  llvm::SmallVector<const AnalysisView *, 4> pointers;
};

#define SNR_ANALYSIS_VIEW(NAME) std::unique_ptr<AnalysisView> create##NAME();
#include "SnR/Report/AnalysisViews.def"

} // namespace snr::report

#endif // SNR_REPORT_ANALYSISVIEW_H

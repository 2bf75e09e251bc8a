//===- Summary.cpp - The one-screen summary for a terminal ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Summary.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Support/Printable.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace snr;
using namespace snr::report;

void snr::report::printSummary(
    const analysis::ReplayResults &results, const Selection &selection,
    const ReportFigures &fig, llvm::raw_ostream &os,
    const ReportOptions &options, llvm::StringRef reportDir,
    llvm::ArrayRef<const AnalysisView *> extraViews) {
  const analysis::TraceInfo &info = results.info;
  // Names from the trace and the machine description, printable (a name
  // with an ESC or a newline would drive the terminal or forge a line).
  os << "SnR replay of "
     << (info.program.empty() ? "(unnamed)" : printable(info.program));
  if (!info.fileName.empty())
    os << " (" << printable(llvm::sys::path::filename(info.fileName)) << ")";
  os << " on " << printable(results.model.name);
  if (selection.isRestricted())
    os << ", restricted to " << selection.description;
  os << "\n";

  ViewContext context{results, selection, fig, options};
  AnalysisViewList builtin = createBuiltinViews();
  size_t builtinEnd;
  llvm::SmallVector<const AnalysisView *, 16> views =
      orderViews(builtin, extraViews, &builtinEnd);
  for (const AnalysisView *view : llvm::ArrayRef(views).take_front(builtinEnd))
    view->printSummary(context, os);

  if (!reportDir.empty()) {
    llvm::SmallString<256> html(reportDir);
    llvm::sys::path::append(html, kReportHtmlFile);
    os << "  report: " << html << " (with " << kMetricsFile;
    if (options.writeTimeline)
      os << " and " << kTimelineFile << ": open it in https://ui.perfetto.dev";
    os << ")\n";
  }
  for (const AnalysisView *view : llvm::ArrayRef(views).drop_front(builtinEnd))
    view->printSummary(context, os);
}

llvm::Error
snr::report::printSummary(const analysis::ReplayResults &results,
                          llvm::raw_ostream &os, const ReportOptions &options,
                          llvm::StringRef reportDir,
                          llvm::ArrayRef<const AnalysisView *> extraViews) {
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  if (!selection)
    return selection.takeError();
  ReportFigures figures = computeFigures(results, *selection);
  printSummary(results, *selection, figures, os, options, reportDir,
               extraViews);
  return llvm::Error::success();
}

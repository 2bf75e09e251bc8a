//===- Report.cpp - Every output a person reads, in one directory ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Report.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/HtmlReport.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Summary.h"
#include "SnR/Report/Timeline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace snr;
using namespace snr::report;

llvm::Error
snr::report::writeReport(const analysis::ReplayResults &results,
                         llvm::StringRef dir, const ReportOptions &options,
                         llvm::ArrayRef<const AnalysisView *> extraViews) {
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  if (!selection)
    return selection.takeError();
  ReportFigures figures = computeFigures(results, *selection);

  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createFileError(dir, ec);
  auto file = [&](llvm::StringRef name,
                  llvm::function_ref<void(llvm::raw_ostream &)> write) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    return writeFileAtomically(path, [&](llvm::raw_ostream &os) {
      write(os);
      return llvm::Error::success();
    });
  };

  if (llvm::Error e = file(kMetricsFile, [&](llvm::raw_ostream &os) {
        writeMetrics(os, results, *selection, figures, options, extraViews);
      }))
    return e;
  if (options.writeTimeline)
    if (llvm::Error e = file(kTimelineFile, [&](llvm::raw_ostream &os) {
          writeTimeline(os, results, *selection, options);
        }))
      return e;
  // The plots of copies and of the scratchpad, where the model has them.
  bool copies = results.model.asyncCopies;
  bool scratchpad = results.dataCache.available;
  if (copies)
    if (llvm::Error e = file(kDmaTimelineSvgFile, [&](llvm::raw_ostream &os) {
          writeDmaTimelinePlot(os, results, *selection, figures, options);
        }))
      return e;
  if (llvm::Error e = file(kUtilizationSvgFile, [&](llvm::raw_ostream &os) {
        writeUtilizationPlot(os, results, *selection);
      }))
    return e;
  if (scratchpad) {
    if (llvm::Error e = file(kDataCacheSvgFile, [&](llvm::raw_ostream &os) {
          writeDataCachePlot(os, results, *selection);
        }))
      return e;
    if (llvm::Error e = file(kFragmentationSvgFile, [&](llvm::raw_ostream &os) {
          writeFragmentationHeatmap(os, results, *selection);
        }))
      return e;
  }
  if (llvm::Error e = file(kSummaryFile, [&](llvm::raw_ostream &os) {
        printSummary(results, *selection, figures, os, options, {}, extraViews);
      }))
    return e;
  // Last: it links to the others.
  return file(kReportHtmlFile, [&](llvm::raw_ostream &os) {
    writeHtmlReport(os, results, *selection, figures, options, nullptr,
                    extraViews);
  });
}

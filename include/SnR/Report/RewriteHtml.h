//===- RewriteHtml.h - report.html's rewrite section ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// With snr-replay --apply, report.html gains a section on the proved
// rewrites. The trace rewrite: cycles, the DMA stall split and the slacks
// before and after, the DMA timeline before and after (on one cycle axis),
// the moves by static PC with their DMAs' stall before and after. The
// program rewrite: each static DMA, moved (from which PC to which, with its
// line) or left in place, and why. snr-replay writes the report first, then,
// once both rewrites are proved, report.html again (writeReportHtml).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_REWRITEHTML_H
#define SNR_REPORT_REWRITEHTML_H

#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Report/RewriteOutcome.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class AnalysisView;

/// <h2 id="rewrite">: the trace rewrite (its figures before and after, the
/// DMA timeline before and after, its moves by static PC) and the program
/// rewrite (each static DMA it moved or left).
void writeRewriteHtml(llvm::raw_ostream &os,
                      const analysis::ReplayResults &before,
                      const RewriteOutcomes &rewrites,
                      const ReportOptions &options);

/// Writes `dir`/report.html again, with what the rewrites proved.
llvm::Error
writeReportHtml(const analysis::ReplayResults &results, llvm::StringRef dir,
                const ReportOptions &options, const RewriteOutcomes &rewrites,
                llvm::ArrayRef<const AnalysisView *> extraViews = {});

} // namespace snr::report

#endif // SNR_REPORT_REWRITEHTML_H

//===- RewriteHtml.h - report.html's rewrite section ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// With snr-replay --apply, report.html gains a section on the proved
// rewrite: cycles and the DMA-wait stall split before and after, the DMA
// timeline before and after (on one cycle axis), the moves by static PC
// with their DMAs' stall before and after, and links to
// rewrite.json, the remarks and the rewritten trace. snr-replay writes the
// report first, then, once the rewrite is proved, report.html again with
// the section (rewriteReportHtml).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_REWRITEHTML_H
#define SNR_REPORT_REWRITEHTML_H

#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Rewrite/RewriteCheck.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

/// <h2 id="rewrite">, its tables and plots. `after` is the replay of the
/// rewritten trace (null if nothing moved: no plots before and after).
void writeRewriteHtml(llvm::raw_ostream &os,
                      const analysis::ReplayResults &before,
                      const analysis::ReplayResults *after,
                      const ReportOptions &options,
                      const rewrite::HoistPlan &plan,
                      const rewrite::RewriteComparison &comparison);

/// Writes `dir`/report.html again, with the rewrite section.
llvm::Error rewriteReportHtml(const analysis::ReplayResults &results,
                              const analysis::ReplayResults *after,
                              llvm::StringRef dir, const ReportOptions &options,
                              const rewrite::HoistPlan &plan,
                              const rewrite::RewriteComparison &comparison);

} // namespace snr::report

#endif // SNR_REPORT_REWRITEHTML_H

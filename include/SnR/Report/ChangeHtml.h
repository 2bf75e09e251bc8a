//===- ChangeHtml.h - report.html's first section: what to change -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The question a reader opens the report with: what do I change, and what
// do I gain? With snr-replay --apply, the proved gain of each rewrite (the
// program rewrite, what a compiler engineer adopts, and the trace rewrite)
// and the top static changes, each with its line in the program and links
// to rewritten-program.mlir and the program diff. Without, the top
// suggestions by static DMA and their expected saving, not yet proved.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_CHANGEHTML_H
#define SNR_REPORT_CHANGEHTML_H

#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class Selection;
struct ReportFigures;
struct RewriteOutcomes;

/// Changes the first section shows; the others are one click away.
inline constexpr unsigned kChangeRows = 5;

/// <h2 id="change">.
void writeChangeHtml(llvm::raw_ostream &os,
                     const analysis::ReplayResults &results,
                     const Selection &selection, const ReportFigures &figures,
                     const RewriteOutcomes *rewrites);

} // namespace snr::report

#endif // SNR_REPORT_CHANGEHTML_H

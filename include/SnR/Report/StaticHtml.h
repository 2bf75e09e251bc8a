//===- StaticHtml.h - report.html's static view -----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The HTML report's sections of the StaticInstructionAnalysis: the
// suggestions one row per static dma.issue (its instances one click away),
// parallel groups by their issue PCs, and the bottleneck dependencies per
// HLO.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_STATICHTML_H
#define SNR_REPORT_STATICHTML_H

#include "SnR/Report/ReportOptions.h"

#include "llvm/Support/raw_ostream.h"

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class Selection;

/// <h2 id="static"> (on a model with copies), <h2 id="bottlenecks"> and
/// their tables.
void writeStaticHtml(llvm::raw_ostream &os,
                     const analysis::ReplayResults &results,
                     const Selection &selection, const ReportOptions &options);

} // namespace snr::report

#endif // SNR_REPORT_STATICHTML_H

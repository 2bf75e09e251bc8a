//===- RewriteReport.h - Before and after a DMA rewrite ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What snr-replay --apply reports about a proved rewrite: every decision the
// planner made (moved, with what; or why not), and the replays before and
// after: total cycles, stall cycles by kind, DMA wait stalls, each DMA's
// stall and completion, and the verdict on the final state. As rewrite.json
// (docs/rewrite.md) and as a few lines for the terminal.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_REWRITEREPORT_H
#define SNR_REPORT_REWRITEREPORT_H

#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Rewrite/RewriteCheck.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::report {

inline constexpr const char *kRewriteFormatName = "snr-rewrite";
inline constexpr int kRewriteFormatVersion = 1;

llvm::json::Value buildRewriteJson(const analysis::TraceInfo &info,
                                   const rewrite::HoistPlan &plan,
                                   const rewrite::RewriteComparison &result);

void printRewriteSummary(const analysis::TraceInfo &info,
                         const rewrite::HoistPlan &plan,
                         const rewrite::RewriteComparison &result,
                         llvm::raw_ostream &os);

} // namespace snr::report

#endif // SNR_REPORT_REWRITEREPORT_H

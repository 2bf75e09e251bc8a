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
#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Rewrite/ProveMoves.h"
#include "SnR/Rewrite/RewriteCheck.h"
#include "SnR/Rewrite/Schedule.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::report {

inline constexpr const char *kRewriteFormatName = "snr-rewrite";
inline constexpr int kRewriteFormatVersion = 1;

/// rewrite.json: every decision of the trace rewrite, the replays before
/// and after, and the dependency bound.
llvm::json::Value buildRewriteJson(const analysis::ReplayResults &results,
                                   const TraceRewriteOutcome &outcome);

void printRewriteSummary(const analysis::TraceInfo &info,
                         const rewrite::HoistPlan &plan,
                         const rewrite::RewriteComparison &result,
                         llvm::raw_ostream &os);

/// The wait merges of `plan`, by static PC (part of printRewriteSummary);
/// nothing if no wait merged.
void printWaitMerges(const analysis::TraceInfo &info,
                     const rewrite::HoistPlan &plan, llvm::raw_ostream &os);

/// What stops a DMA before its target, in a sentence's words ("link
/// order").
llvm::StringRef describeStopKind(rewrite::StopKind kind);

/// snr-replay --apply's lines on the trace rewrite: the moves the proof
/// dropped, the rounds, the outcome (printRewriteSummary), the dependency
/// bound and what stopped moves.
void printTraceRewrite(const analysis::TraceInfo &info,
                       const TraceRewriteOutcome &outcome,
                       llvm::raw_ostream &os);

} // namespace snr::report

#endif // SNR_REPORT_REWRITEREPORT_H

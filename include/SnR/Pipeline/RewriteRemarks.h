//===- RewriteRemarks.h - The hoist decisions as remarks --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Each move the DMA rewrite applied ([Passed] dma-hoist) or gave up
// ([Failure] dma-hoist), with what changed or why, as an optimization remark
// at the DMA's issue; and the proved outcome ([Analysis] dma-rewrite: cycles
// and DMA wait stall before and after) at the trace. Shared by
// --snr-hoist-dma (at the ops) and snr-replay --apply (at the trace file's
// lines).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_PIPELINE_REWRITEREMARKS_H
#define SNR_PIPELINE_REWRITEREMARKS_H

#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Rewrite/RewriteCheck.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace snr {
namespace rewrite {
struct DependencyBound;
} // namespace rewrite

void emitRewriteRemarks(const rewrite::HoistPlan &plan,
                        llvm::function_ref<mlir::Location(uint64_t)> locationOf);

/// The accepted rewrite's outcome, at `traceLoc`, with the dependency
/// bound's figures when there is one.
void emitRewriteOutcomeRemark(mlir::Location traceLoc,
                              const rewrite::HoistPlan &plan,
                              const rewrite::RewriteComparison &comparison,
                              const rewrite::DependencyBound *bound = nullptr);

/// A wait merged into the next wait on its flag, or why not (the pass).
inline constexpr llvm::StringLiteral kWaitMergeRemark = "wait-merge";
inline constexpr llvm::StringLiteral kTraceRewriteRemark = "trace-rewrite";
inline constexpr llvm::StringLiteral kProgramRewriteRemark = "program-rewrite";

/// snr-replay --apply's rewrite-remarks.opt.yaml: per static dma.issue, what
/// the trace rewrite did with its instances ([Passed] trace-rewrite: moved,
/// how far, its DMA stall before and after; [Missed]: left in place, why),
/// and the trace rewrite's outcome ([Analysis] trace-rewrite, at the trace's
/// first instruction); per static DMA of the program, what the program
/// rewrite did ([Passed]/[Missed] program-rewrite) and its outcome. Function
/// is the HLO (the program's name for the outcomes), Hotness the DMA stall
/// before the rewrite (the cycles saved for the outcomes). `traceLoc`
/// locates a trace instruction, `programLoc` a program instruction (by
/// program index).
void emitRewriteOutcomeRemarks(
    const analysis::TraceInfo &info, const report::RewriteOutcomes &outcomes,
    llvm::function_ref<mlir::Location(uint64_t index)> traceLoc,
    llvm::function_ref<mlir::Location(size_t index)> programLoc);

} // namespace snr

#endif // SNR_PIPELINE_REWRITEREMARKS_H

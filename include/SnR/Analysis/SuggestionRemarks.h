//===- SuggestionRemarks.h - Suggestions as optimization remarks -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Turns Algorithm 2's verdicts into MLIR optimization remarks, so
// --remarks-filter, --remark-format=yaml and expected-remark work on them.
// Shared by the --snr-suggest pass (located at the ops) and snr-replay
// (located at the trace file's lines, without building IR).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_SUGGESTIONREMARKS_H
#define SNR_ANALYSIS_SUGGESTIONREMARKS_H

#include "SnR/Analysis/ReplayAnalyses.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace snr {

/// Remark names and their category.
inline constexpr llvm::StringLiteral kHoistRemark = "dma-hoist";
inline constexpr llvm::StringLiteral kParallelizeRemark = "dma-parallelize";
inline constexpr llvm::StringLiteral kRemarkCategory = "snr.dma";

/// Emits one remark per DMA suggestion and per parallel group, located by
/// `locationOf(instruction index)`. Does nothing unless the context has a
/// remark engine.
void emitSuggestionRemarks(
    const analysis::ReplayResults &results,
    llvm::function_ref<mlir::Location(uint64_t)> locationOf);

} // namespace snr

#endif // SNR_ANALYSIS_SUGGESTIONREMARKS_H

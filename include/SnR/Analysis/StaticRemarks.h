//===- StaticRemarks.h - The static view as optimization remarks -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One remark per static instruction, not per dynamic instance, so that
// opt-viewer can rank and group them: each carries Function = the HLO name
// and a hotness (the kHotnessArg argument, which the HotnessRemarkStreamer
// turns into the YAML `Hotness` field) = its total stall cycles. Arguments
// read as a sentence: text pieces (key "String", as LLVM's own remarks)
// carry their spaces, values stand alone.
//
//   dma-hoist (snr.dma)         per static dma.issue whose waits stalled
//   dma-parallelize (snr.dma)   per static parallel group (by issue PCs)
//   stall (snr.stall)           per static instruction that stalled: how
//                               long, and on what (its bottleneck producers)
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_STATICREMARKS_H
#define SNR_ANALYSIS_STATICREMARKS_H

#include "SnR/Analysis/ReplayAnalyses.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace snr {

inline constexpr llvm::StringLiteral kStallRemark = "stall";
inline constexpr llvm::StringLiteral kStallRemarkCategory = "snr.stall";
/// The argument a remark's hotness travels in (removed from the arguments
/// by the HotnessRemarkStreamer).
inline constexpr llvm::StringLiteral kHotnessArg = "Hotness";

/// Emits the static remarks; `locationOf(index)` locates the trace
/// instruction `index` (the first instance of each static instruction).
/// A connecting piece of a remark's sentence: a "String" argument, which
/// the remark prints as text between its named values.
mlir::remark::detail::Remark::Arg remarkText(std::string value);

void emitStaticRemarks(const analysis::ReplayResults &results,
                       llvm::function_ref<mlir::Location(uint64_t)> locationOf);

/// Streams every remark of `context` to `path` as LLVM remark YAML, with the
/// kHotnessArg argument as the remark's Hotness. Every category enabled.
mlir::LogicalResult enableHotnessRemarks(mlir::MLIRContext &context,
                                         llvm::StringRef path);

/// Writes every remark `emit` makes in the context it is given into `path`
/// (LLVM remark YAML, through enableHotnessRemarks), under a temporary name
/// until complete. The error names the file.
llvm::Error
writeRemarkFile(llvm::StringRef path,
                llvm::function_ref<void(mlir::MLIRContext &context)> emit);

/// Where a remark on trace instruction `index` goes: its op in the program
/// (prog.mlir:45:5) when the line table has its PC, else its line in the
/// trace when the trace is plain text (opt-viewer reads the file), else
/// nowhere (UnknownLoc: the remark has no DebugLoc).
mlir::Location getInstructionLocation(mlir::MLIRContext &context,
                                      const analysis::TraceInfo &info,
                                      uint64_t index);

} // namespace snr

#endif // SNR_ANALYSIS_STATICREMARKS_H

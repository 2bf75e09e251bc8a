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

#ifndef SNR_TRANSFORMS_REWRITEREMARKS_H
#define SNR_TRANSFORMS_REWRITEREMARKS_H

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

} // namespace snr

#endif // SNR_TRANSFORMS_REWRITEREMARKS_H

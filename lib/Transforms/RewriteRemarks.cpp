//===- RewriteRemarks.cpp - The hoist decisions as remarks ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Transforms/RewriteRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Rewrite/Schedule.h"

#include "mlir/IR/Remarks.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace snr;
using remark::detail::Remark;

void snr::emitRewriteRemarks(const rewrite::HoistPlan &plan,
                             llvm::function_ref<Location(uint64_t)> locationOf) {
  for (const rewrite::HoistDecision &d : plan.decisions) {
    Location loc = locationOf(d.issueIndex);
    auto opts = remark::RemarkOpts::name(kHoistRemark).category(kRemarkCategory);
    remark::detail::InFlightRemark r =
        d.applied ? remark::passed(loc, opts) : remark::failed(loc, opts);
    if (!r)
      continue;
    const char *what = d.parallelGroup ? "issue with its parallel group"
                                       : "hoist";
    r << Remark::Arg("Remark", std::string(what))
      << Remark::Arg(d.applied ? "Change" : "Reason", d.reason)
      << Remark::Arg("instructions_earlier", d.instructionsEarlier);
  }
}


void snr::emitRewriteOutcomeRemark(
    Location traceLoc, const rewrite::HoistPlan &plan,
    const rewrite::RewriteComparison &comparison,
    const rewrite::DependencyBound *bound) {
  remark::detail::InFlightRemark r = remark::analysis(
      traceLoc,
      remark::RemarkOpts::name("dma-rewrite").category(kRemarkCategory));
  if (!r)
    return;
  const sim::PerformanceTracker &before = comparison.before,
                                &after = comparison.after;
  uint64_t moved = llvm::count_if(
      plan.decisions, [](const rewrite::HoistDecision &d) { return d.applied; });
  r << Remark::Arg("Remark",
                   llvm::formatv("{0} DMAs moved: {1} -> {2} cycles, same "
                                 "final state",
                                 moved, before.totalCycles, after.totalCycles)
                       .str())
    << Remark::Arg("cycles_before", before.totalCycles)
    << Remark::Arg("cycles_after", after.totalCycles)
    << Remark::Arg("dma_wait_stall_before",
                   before.waitBaseStall + before.waitTransferStall)
    << Remark::Arg("dma_wait_stall_after",
                   after.waitBaseStall + after.waitTransferStall);
  if (bound)
    r << Remark::Arg("bound_cycles", bound->cycles)
      << Remark::Arg("bound_dma_wait_stall", bound->dmaWaitStall);
}

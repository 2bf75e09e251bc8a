//===- RewriteRemarks.cpp - The hoist decisions as remarks ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Transforms/RewriteRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"

#include "mlir/IR/Remarks.h"

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


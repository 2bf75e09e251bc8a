//===- SuggestionRemarks.cpp - Suggestions as optimization remarks --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/SuggestionRemarks.h"

#include "mlir/IR/Remarks.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace snr;
using namespace snr::analysis;

namespace {
using remark::detail::Remark;

std::string describeSlice(const TraceInfo &info, const Backtail &backtail) {
  if (backtail.slice.empty())
    return "";
  std::string pcs;
  for (uint64_t index : backtail.slice)
    pcs += (pcs.empty() ? "" : ", ") + std::to_string(info.getPc(index));
  return " with its address arithmetic (pc " + pcs + ")";
}

void emitDmaRemark(const ReplayResults &results, const DmaSuggestion &s,
                   Location loc) {
  const TraceInfo &info = results.info;
  auto opts = remark::RemarkOpts::name(kHoistRemark).category(kRemarkCategory);
  bool actionable =
      s.verdict == Verdict::Hoist || s.verdict == Verdict::HoistPartly;
  remark::detail::InFlightRemark r =
      actionable ? remark::missed(loc, opts) : remark::analysis(loc, opts);
  if (!r)
    return;
  r << Remark::Arg("Remark",
                   llvm::formatv("{0} at {1}: its wait at {2} stalled "
                                 "{3} cycles",
                                 info.getMnemonic(s.issueIndex),
                                 info.describe(s.issueIndex),
                                 info.describe(s.waitIndex), s.stall)
                       .str())
    << Remark::Arg("Verdict", getVerdictName(s.verdict).str())
    << Remark::Arg("Reason", s.reason);
  if (actionable) {
    r << Remark::Arg(
        "Suggestion",
        llvm::formatv("issue it{0} in front of the {1} at {2}: {3} "
                      "instructions, {4} cycles earlier",
                      describeSlice(info, s.relaxed),
                      info.getMnemonic(s.target), info.describe(s.target),
                      s.hoistInstructions, s.hoistCycles)
            .str());
  }
  r << Remark::Arg("stall_cycles", s.stall)
    << Remark::Arg("push_limit_cycles", s.pushLimit)
    << Remark::Arg("expected_saving_cycles", s.expectedSaving)
    << Remark::Arg("vmem_pages_needed", s.pagesNeeded)
    << Remark::Arg("vmem_pages_free", s.freeRunPages);
}

void emitGroupRemark(const ReplayResults &results,
                     const ParallelDmaGroup &group, Location loc) {
  const TraceInfo &info = results.info;
  auto opts =
      remark::RemarkOpts::name(kParallelizeRemark).category(kRemarkCategory);
  remark::detail::InFlightRemark r = remark::missed(loc, opts);
  if (!r)
    return;
  std::string pcs;
  for (uint32_t id : group.dmas)
    pcs += (pcs.empty() ? "" : ", ") +
           std::to_string(info.getPc(results.dmas.dmas[id].issueIndex));
  r << Remark::Arg("Remark",
                   llvm::formatv("{0} independent DMAs (pc {1}) are issued "
                                 "and waited one at a time",
                                 group.dmas.size(), pcs)
                       .str())
    << Remark::Arg("Reason",
                   std::string("none needs the data of the ones before it, "
                               "so each pays the full DMA base latency"))
    << Remark::Arg("Suggestion",
                   std::string("issue them together and wait once: their "
                               "base latencies overlap"))
    << Remark::Arg("dmas", uint64_t(group.dmas.size()))
    << Remark::Arg("expected_saving_cycles", group.expectedSaving);
}
} // namespace

void snr::emitSuggestionRemarks(
    const ReplayResults &results,
    llvm::function_ref<Location(uint64_t)> locationOf) {
  for (const DmaSuggestion &s : results.suggestions.dmas)
    emitDmaRemark(results, s, locationOf(s.issueIndex));
  for (const ParallelDmaGroup &group : results.suggestions.parallelGroups)
    emitGroupRemark(
        results, group,
        locationOf(results.dmas.dmas[group.dmas.front()].issueIndex));
}

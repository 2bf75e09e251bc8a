//===- Suggest.cpp - Algorithm 2's verdicts as remarks --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "ReplayTrace.h"
#include "SnR/Analysis/StaticRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Transforms/Passes.h"

namespace snr {
#define GEN_PASS_DEF_SNRSUGGEST
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;

namespace {
struct SuggestPass : snr::impl::SnRSuggestBase<SuggestPass> {
  using SnRSuggestBase::SnRSuggestBase;

  void runOnOperation() override {
    analysis::AnalysisOptions options;
    options.dependencies.maxSlice = maxSlice;
    std::optional<TraceReplayAnalysis> local;
    const TraceReplayAnalysis *replay = getTraceReplay(
        getAnalysisManager(), getOperation(), machineFile, options, local);
    if (!replay)
      return signalPassFailure();
    auto locationOf = [&](uint64_t index) {
      return replay->getOp(index)->getLoc();
    };
    // By static PC, as snr-replay's remarks.opt.yaml; --per-instance as before.
    if (perInstance)
      emitSuggestionRemarks(replay->getResults(), locationOf);
    else
      emitStaticRemarks(replay->getResults(), locationOf);
    markAllAnalysesPreserved();
  }
};
} // namespace

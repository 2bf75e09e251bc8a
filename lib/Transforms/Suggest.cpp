//===- Suggest.cpp - Algorithm 2's verdicts as remarks --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/StaticRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Pipeline/PassOptions.h"
#include "SnR/Transforms/Passes.h"

namespace snr {
#define GEN_PASS_DEF_SNRSUGGEST
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;

namespace {
struct SuggestPass : snr::impl::SnRSuggestBase<SuggestPass> {
  SuggestPass() = default;
  SuggestPass(const SuggestPass &other) : SnRSuggestBase(other) {}

  /// `machine=`, `window=`, `cache-windows=`, `max-slice=`,
  /// `per-instance=` (SnR/Pipeline/Options.def).
  pipeline::MachinePassOptions machineOptions{*this};
  pipeline::AnalysisPassOptions analysisOptions{*this};
  pipeline::RemarkPassOptions remarkOptions{*this};

  void runOnOperation() override {
    llvm::Expected<analysis::AnalysisOptions> options =
        analysisOptions.getValues().getAnalysisOptions(
            pipeline::OptionSpelling::Pass);
    if (!options) {
      getOperation()->emitError(llvm::toString(options.takeError()));
      return signalPassFailure();
    }
    std::optional<TraceReplayAnalysis> local;
    const TraceReplayAnalysis *replay =
        TraceReplayAnalysis::get(getAnalysisManager(), getOperation(),
                                 machineOptions.machineFile, *options, local);
    if (!replay)
      return signalPassFailure();
    auto locationOf = [&](uint64_t index) {
      return replay->getOp(index)->getLoc();
    };
    // By static PC, as snr-replay's remarks.opt.yaml; --per-instance as before.
    if (remarkOptions.perInstance)
      emitSuggestionRemarks(replay->getResults(), locationOf);
    else
      emitStaticRemarks(replay->getResults(), locationOf);
    markAllAnalysesPreserved();
  }
};
} // namespace

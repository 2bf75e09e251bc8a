//===- Simulate.cpp - Replay a trace and annotate its ops -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The simulator runs on the flat table and only reports events; this pass
// records them and writes them back as attributes after the run, so the
// simulator never touches IR.
//
//===----------------------------------------------------------------------===//

#include "ReplayTrace.h"
#include "SnR/Sim/TimingRecorder.h"
#include "SnR/Transforms/Annotate.h"
#include "SnR/Transforms/Passes.h"

namespace snr {
#define GEN_PASS_DEF_SNRSIMULATE
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;

namespace {
struct SimulatePass : snr::impl::SnRSimulateBase<SimulatePass> {
  using SnRSimulateBase::SnRSimulateBase;

  void runOnOperation() override {
    // A functional replay is the one every analysis pass shares: computed
    // once for the pipeline, and kept, since annotating changes nothing it
    // depends on.
    if (functional) {
      std::optional<TraceReplayAnalysis> local;
      const TraceReplayAnalysis *replay = getTraceReplay(
          getAnalysisManager(), getOperation(), machineFile, {}, local);
      if (!replay)
        return signalPassFailure();
      annotateTiming(replay->getTable().ops, replay->getResults().timing);
      markAllAnalysesPreserved();
      return;
    }
    TraceTable table;
    sim::TimingRecorder recorder;
    if (failed(replayTraceOp(getOperation(), machineFile, functional,
                             {&recorder}, table)))
      return signalPassFailure();
    annotateTiming(table.ops, recorder);
  }
};
} // namespace

//===- Simulate.cpp - Replay a trace and annotate its ops -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The simulator runs on the flat table and only reports events; this pass
// records them and writes them back as attributes after the run, so the
// simulator never touches IR. A riscv.trace is replayed and timed by
// SimulateRISCV.cpp. The pass is anchored on no op: on a trace it simulates
// that trace; on an op above traces (snr-opt's module) each one in turn.
//
//===----------------------------------------------------------------------===//

#include "SimulateRISCV.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/RISCV/RISCVOps.h"
#include "SnR/Pipeline/Annotate.h"
#include "SnR/Pipeline/PassOptions.h"
#include "SnR/Sim/TimingRecorder.h"
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
  SimulatePass() = default;
  SimulatePass(const SimulatePass &other) : SnRSimulateBase(other) {}

  /// `machine=`, `mcpu=`, `like-mca=` (SnR/Pipeline/Options.def).
  pipeline::MachinePassOptions machineOptions{*this};
  pipeline::SchedModelPassOptions schedModelOptions{*this};

  void runOnOperation() override {
    Operation *root = getOperation();
    preserveAll = true;
    if (isa<TraceOp, riscv::TraceOp>(root)) {
      if (failed(simulate(root, getAnalysisManager())))
        return signalPassFailure();
      if (preserveAll)
        markAllAnalysesPreserved();
      return;
    }
    SmallVector<Operation *> traces;
    root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa<TraceOp, riscv::TraceOp>(op))
        return WalkResult::advance();
      traces.push_back(op);
      return WalkResult::skip();
    });
    bool ok = true;
    for (Operation *trace : traces)
      ok &= succeeded(simulate(trace, getAnalysisManager().nest(trace)));
    if (!ok)
      return signalPassFailure();
    if (preserveAll)
      markAllAnalysesPreserved();
  }

private:
  /// False once an snr trace was timed without the shared functional
  /// replay (its analyses are then dropped, as before).
  bool preserveAll = true;

  LogicalResult simulate(Operation *traceOp, AnalysisManager analyses) {
    if (auto riscvTrace = dyn_cast<riscv::TraceOp>(traceOp)) {
      if (!machineOptions.machineFile.empty())
        return riscvTrace.emitError(
                   "'machine' applies to snr traces; @")
               << riscvTrace.getSymName()
               << " is a riscv trace (its model is 'mcpu')";
      RISCVSimulateOptions options;
      options.cpu = schedModelOptions.mcpu;
      options.likeMca = schedModelOptions.likeMca;
      options.functional = functional;
      return simulateRISCVTrace(riscvTrace, options);
    }
    auto trace = cast<TraceOp>(traceOp);
    if (schedModelOptions.mcpu.hasValue() || schedModelOptions.likeMca)
      return trace.emitError()
             << "'" << (schedModelOptions.mcpu.hasValue() ? "mcpu" : "like-mca")
             << "' applies to RISC-V traces; @" << trace.getSymName()
             << " is an snr trace (its machine is 'machine')";
    // A functional replay is the one every analysis pass shares: computed
    // once for the pipeline, and kept, since annotating changes nothing it
    // depends on.
    if (functional) {
      std::optional<TraceReplayAnalysis> local;
      const TraceReplayAnalysis *replay = TraceReplayAnalysis::get(
          analyses, trace, machineOptions.machineFile, {}, local);
      if (!replay)
        return failure();
      annotateTiming(replay->getTable().ops, replay->getResults().timing);
      return success();
    }
    preserveAll = false;
    TraceTable table;
    sim::TimingRecorder recorder;
    if (failed(replayTraceOp(trace, machineOptions.machineFile,
                             replay::Mode::TimingOnly, {&recorder}, table)))
      return failure();
    annotateTiming(table.ops, recorder);
    return success();
  }
};
} // namespace

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
#include "SnR/Transforms/Passes.h"

namespace snr {
#define GEN_PASS_DEF_SNRSIMULATE
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;

namespace {
constexpr llvm::StringLiteral kTiming = "snr.timing", kDma = "snr.dma",
                              kWait = "snr.wait";

struct SimulatePass : snr::impl::SnRSimulateBase<SimulatePass> {
  using SnRSimulateBase::SnRSimulateBase;

  void runOnOperation() override {
    TraceOp traceOp = getOperation();
    std::optional<sim::MachineModel> machine =
        loadMachineFor(traceOp, machineFile);
    if (!machine)
      return signalPassFailure();
    TraceTable table = buildTraceTable(traceOp);
    sim::TimingRecorder recorder;
    if (failed(replayTable(table, *machine, functional, {&recorder})))
      return signalPassFailure();
    annotate(table, recorder);
  }

  void annotate(const TraceTable &table, const sim::TimingRecorder &run) {
    MLIRContext *ctx = &getContext();
    for (size_t i = 0; i < table.ops.size(); ++i) {
      Operation *op = table.ops[i];
      const sim::TimingRecorder::Instruction &timing = run.instructions[i];
      op->setAttr(kTiming, TimingAttr::get(ctx, timing.issue, timing.ready,
                                           timing.stall,
                                           sim::getStallKindName(timing.kind)));
      // Annotations of an earlier run that no longer apply go away.
      op->removeAttr(kDma);
      op->removeAttr(kWait);
      uint32_t slot = run.dmaOrWaitOf[i];
      if (slot == ~uint32_t(0))
        continue;
      if (isa<DmaIssueOp>(op)) {
        const sim::TimingRecorder::Dma &dma = run.dmas[slot];
        op->setAttr(kDma, DmaTimingAttr::get(
                              ctx, run.linkNames[dma.issue.link],
                              dma.issue.issueCycle, dma.issue.baseEndCycle,
                              dma.startCycle, dma.completeCycle));
      } else {
        const sim::TimingRecorder::Wait &wait = run.waits[slot];
        op->setAttr(kWait,
                    WaitTimingAttr::get(ctx, wait.baseStall, wait.transferStall,
                                        wait.slack, wait.dmas.size()));
      }
    }
  }
};
} // namespace

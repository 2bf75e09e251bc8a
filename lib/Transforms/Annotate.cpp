//===- Annotate.cpp - Write a replay's timing onto trace ops --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Transforms/Annotate.h"
#include "SnR/Dialect/SnROps.h"

using namespace mlir;
using namespace snr;

namespace {
constexpr llvm::StringLiteral kTiming = "snr.timing", kDma = "snr.dma",
                              kWait = "snr.wait";
} // namespace

void snr::annotateTiming(llvm::ArrayRef<Operation *> ops,
                         const sim::TimingRecorder &run) {
  if (ops.empty())
    return;
  MLIRContext *ctx = ops.front()->getContext();
  for (size_t i = 0; i < ops.size(); ++i) {
    Operation *op = ops[i];
    const sim::TimingRecorder::Instruction &timing = run.instructions[i];
    op->setAttr(kTiming,
                TimingAttr::get(ctx, timing.issue, timing.ready, timing.stall,
                                sim::getStallKindName(timing.kind)));
    // Annotations of an earlier run that no longer apply go away.
    op->removeAttr(kDma);
    op->removeAttr(kWait);
    uint32_t slot = run.dmaOrWaitOf[i];
    if (slot == ~uint32_t(0))
      continue;
    if (isa<DmaIssueOp>(op)) {
      const sim::TimingRecorder::Dma &dma = run.dmas[slot];
      op->setAttr(kDma, DmaTimingAttr::get(ctx, run.linkNames[dma.issue.link],
                                           dma.issue.issueCycle,
                                           dma.issue.baseEndCycle,
                                           dma.startCycle, dma.completeCycle));
    } else {
      const sim::TimingRecorder::Wait &wait = run.waits[slot];
      op->setAttr(kWait, WaitTimingAttr::get(ctx, wait.baseStall,
                                             wait.transferStall, wait.slack,
                                             wait.dmas.size()));
    }
  }
}

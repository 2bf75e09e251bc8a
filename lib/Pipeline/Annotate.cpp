//===- Annotate.cpp - Write a replay's timing onto trace ops --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/Annotate.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Sim/SnRModel.h"

using namespace mlir;
using namespace snr;

static_assert(sim::SnRStall::Count == 6 &&
                  unsigned(sim::SnRStall::DmaWait) ==
                      unsigned(AnnotatedStall::DmaWait),
              "the annotation's stall kinds are the snr model's, in order");

void snr::annotateTiming(llvm::ArrayRef<Operation *> ops,
                         const sim::TimingRecorder &run) {
  if (ops.empty())
    return;
  MLIRContext *ctx = ops.front()->getContext();
  // Few links: their names are uniqued once, not once per DMA.
  SmallVector<StringAttr> linkNames;
  for (const std::string &name : run.linkNames)
    linkNames.push_back(StringAttr::get(ctx, name));
  for (size_t i = 0; i < ops.size(); ++i) {
    const sim::TimingRecorder::Instruction &timing = run.instructions[i];
    ReplayAnnotation a;
    a.present = true;
    a.issue = timing.issue;
    a.ready = timing.ready;
    a.stall = timing.stall;
    a.kind = AnnotatedStall(timing.kind);
    if (uint32_t slot = run.dmaOrWaitOf[i]; slot != ~uint32_t(0)) {
      if (isa<DmaIssueOp>(ops[i])) {
        const sim::TimingRecorder::Dma &dma = run.dmas[slot];
        a.part = ReplayAnnotation::Part::Dma;
        a.link = linkNames[dma.issue.link];
        a.fields[0] = dma.issue.baseEndCycle;
        a.fields[1] = dma.startCycle;
        a.fields[2] = dma.completeCycle;
      } else {
        const sim::TimingRecorder::Wait &wait = run.waits[slot];
        a.part = ReplayAnnotation::Part::Wait;
        a.fields[0] = wait.baseStall;
        a.fields[1] = wait.transferStall;
        a.fields[2] = wait.slack;
        a.fields[3] = wait.dmas.size();
      }
    }
    cast<InstructionOpInterface>(ops[i]).setReplayAnnotation(a);
  }
}

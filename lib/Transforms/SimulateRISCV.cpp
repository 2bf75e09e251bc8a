//===- SimulateRISCV.cpp - Replay a riscv.trace and annotate its ops ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SimulateRISCV.h"
#include "SnR/Dialect/RISCV/RISCVOps.h"
#include "SnR/Replay/EncodedReplay.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/RecordedTrace.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Target/RISCV/Timing/TraceTimer.h"
#include "SnR/Trace/EncodedTraceExport.h"
#include "SnR/Trace/TraceReader.h"

#include <vector>

using namespace mlir;
using namespace snr;
using namespace snr::target::riscv::timing;

static_assert(kNumStallKinds == riscv::kNumAnnotatedStallKinds &&
                  unsigned(StallKind::Window) == 6,
              "the annotation's stall kinds are the timing model's, in order");

namespace {
/// Keeps what the issue model said of each instruction.
class IssueRecorder : public TimingListener {
public:
  explicit IssueRecorder(size_t size) : annotations(size) {}
  void onIssue(const TimingIssueEvent &event) override {
    if (event.index >= annotations.size())
      return;
    riscv::TimingAnnotation &a = annotations[event.index];
    a.present = true;
    a.issue = event.cycle;
    a.ready = event.ready;
    // A kind and a cause only with stall cycles, as snr-time-riscv's
    // schedule prints them.
    a.stall = event.stall;
    a.kind = uint8_t(event.stall ? event.kind : StallKind::None);
    a.cause = event.stall && event.cause != kNoIndex
                  ? event.cause
                  : riscv::TimingAnnotation::kNoCause;
  }
  std::vector<riscv::TimingAnnotation> annotations;
};
} // namespace

/// Reports `error` at the op it concerns: a divergent or failing
/// instruction, a snapshot entry, else the trace.
static LogicalResult report(riscv::TraceOp traceOp,
                            const ExportedEncodedTrace &exported,
                            llvm::Error error) {
  llvm::handleAllErrors(
      std::move(error),
      [&](const replay::EncodedReplayError &e) {
        Operation *at = exported.getInstructionOp(e.index);
        InFlightDiagnostic diag = (at ? at : traceOp.getOperation())->emitError();
        diag << "replay " << (e.diverged ? "diverges" : "fails")
             << " at instruction " << e.index << " (pc " << e.pc;
        if (!e.mnemonic.empty())
          diag << ", '" << e.mnemonic << "'";
        diag << "): " << e.what;
      },
      [&](const trace::TraceError &e) {
        Operation *at = exported.getSnapshotOp(e.pos.line);
        (at ? at : traceOp.getOperation())->emitError() << e.message;
      },
      [&](const llvm::ErrorInfoBase &e) { traceOp.emitError() << e.message(); });
  return failure();
}

LogicalResult snr::simulateRISCVTrace(riscv::TraceOp traceOp,
                                      const RISCVSimulateOptions &options) {
  FailureOr<ExportedEncodedTrace> exported = exportEncodedTrace(traceOp);
  if (failed(exported))
    return failure();
  const trace::EncodedTrace &trace = exported->trace;
  llvm::Expected<RecordedTrace> recorded = RecordedTrace::fromEncodedTrace(trace);
  if (!recorded)
    return report(traceOp, *exported, recorded.takeError());
  // The model before the replay: a bad mcpu fails at once.
  llvm::Expected<const target::riscv::RISCVTarget *> riscvTarget =
      traceOp.getTarget();
  if (!riscvTarget)
    return report(traceOp, *exported, riscvTarget.takeError());
  llvm::Expected<std::unique_ptr<TimingModel>> model =
      TimingModel::create(**riscvTarget, options.cpu);
  if (!model)
    return traceOp.emitError("mcpu: ") << llvm::toString(model.takeError());

  if (options.functional) {
    llvm::Expected<std::unique_ptr<target::Target>> target =
        replay::createTargetForTrace(trace);
    if (!target)
      return report(traceOp, *exported, target.takeError());
    llvm::Expected<replay::EncodedRun> replayed =
        replay::replayEncodedTrace(trace, **target);
    if (!replayed)
      return report(traceOp, *exported, replayed.takeError());
  }

  TimingModel &m = **model;
  std::string vlenWarning = m.checkVLen(recorded->vlenb);
  if (!vlenWarning.empty())
    traceOp.emitWarning(vlenWarning);
  TraceTimer timer(m);
  if (llvm::Error error = timer.prepare(*recorded))
    return report(traceOp, *exported, std::move(error));
  IssueRecorder recorder(trace.instructions.size());
  TimingListener *listeners[] = {&recorder};
  llvm::Expected<TimingSummary> summary = timer.run(
      options.likeMca ? TimingOptions::likeMca() : TimingOptions(), listeners);
  if (!summary)
    return report(traceOp, *exported, summary.takeError());
  if (summary->untimedInstructions)
    traceOp.emitWarning() << summary->untimedInstructions
                          << " instruction(s) have no class in the model "
                             "(llvm-mca refuses them): each issued as one "
                             "micro-op of latency 1";

  for (size_t i = 0; i < exported->instructionOps.size(); ++i)
    cast<riscv::InstOp>(exported->instructionOps[i]).getProperties().replay =
        recorder.annotations[i];
  return success();
}

//===- ReplayTrace.cpp - Replaying a trace op, for passes -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "ReplayTrace.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Replay/Replay.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace snr;

const TraceReplayAnalysis *
snr::getTraceReplay(AnalysisManager analyses, Operation *traceOp,
                    StringRef machineFile,
                    const analysis::AnalysisOptions &options,
                    std::optional<TraceReplayAnalysis> &local) {
  Builder builder(traceOp->getContext());
  if (machineFile == "default") {
    if (traceOp->removeAttr(kMachineFileAttr))
      analyses.invalidate({});
  } else if (!machineFile.empty()) {
    auto named = traceOp->getAttrOfType<StringAttr>(kMachineFileAttr);
    if (!named || named.getValue() != machineFile) {
      traceOp->setAttr(kMachineFileAttr, builder.getStringAttr(machineFile));
      analyses.invalidate({});
    }
  }
  if (TraceReplayAnalysis::matchesDefaults(options)) {
    auto &shared = analyses.getAnalysis<TraceReplayAnalysis>();
    return shared.succeeded() ? &shared : nullptr;
  }
  std::optional<sim::MachineModel> machine =
      loadMachineFor(traceOp, getRecordedMachineFile(traceOp));
  if (!machine)
    return nullptr;
  local.emplace(traceOp, *machine, options);
  return local->succeeded() ? &*local : nullptr;
}

LogicalResult snr::replayTraceOp(Operation *traceOp, StringRef machineFile,
                                 bool functional,
                                 llvm::ArrayRef<sim::SimListener *> listeners,
                                 TraceTable &table) {
  // Without an option, the machine the trace names (an earlier pass's).
  std::optional<sim::MachineModel> machine = loadMachineFor(
      traceOp,
      machineFile.empty() ? getRecordedMachineFile(traceOp) : machineFile);
  if (!machine)
    return failure();
  table = buildTraceTable(cast<TraceOp>(traceOp));
  return replayTable(table, *machine, functional, listeners);
}

LogicalResult snr::replayTable(const TraceTable &table,
                               const sim::MachineModel &machine,
                               bool functional,
                               llvm::ArrayRef<sim::SimListener *> listeners) {
  llvm::Expected<replay::Run> run = replay::replay(
      table.trace, machine, listeners,
      functional ? replay::Mode::Functional : replay::Mode::TimingOnly);
  if (run)
    return success();
  return emitReplayError(table, run.takeError());
}

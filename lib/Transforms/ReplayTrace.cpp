//===- ReplayTrace.cpp - Replaying a trace op, for passes -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "ReplayTrace.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Replay/Replay.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace snr;

std::optional<sim::MachineModel>
snr::loadMachineFor(Operation *op, StringRef machineFile) {
  if (machineFile.empty())
    return sim::getDefaultMachineModel();
  llvm::Expected<sim::MachineModel> machine =
      sim::loadMachineModel(machineFile);
  if (!machine) {
    // At the op's location, not on the op: printing a whole trace with the
    // error (--mlir-print-op-on-diagnostic) would bury it.
    mlir::emitError(op->getLoc()) << "invalid machine description: "
                    << llvm::toString(machine.takeError());
    return std::nullopt;
  }
  return std::move(*machine);
}

LogicalResult snr::replayTraceOp(Operation *traceOp, StringRef machineFile,
                                 bool functional,
                                 llvm::ArrayRef<sim::SimListener *> listeners,
                                 TraceTable &table) {
  std::optional<sim::MachineModel> machine =
      loadMachineFor(traceOp, machineFile);
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

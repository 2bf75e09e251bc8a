//===- TraceReplayAnalysis.cpp - Every analysis of an snr.trace -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Replay/Replay.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace snr;

// Release builds of LLVM count no pass statistics; this is how a test sees
// how often a pipeline replays.
static llvm::cl::opt<bool> debugReplays(
    "snr-debug-replays",
    llvm::cl::desc("print a line to standard error each time a trace is "
                   "replayed for its analyses"),
    llvm::cl::init(false), llvm::cl::Hidden);

std::optional<sim::MachineModel>
snr::loadMachineFor(Operation *op, StringRef machineFile) {
  llvm::Expected<sim::MachineModel> machine =
      sim::loadMachineModelOrDefault(machineFile);
  if (!machine) {
    // At the op's location, not on the op: printing a whole trace with the
    // error (--mlir-print-op-on-diagnostic) would bury it.
    mlir::emitError(op->getLoc()) << "invalid machine description: "
                                  << llvm::toString(machine.takeError());
    return std::nullopt;
  }
  return std::move(*machine);
}

StringRef snr::getRecordedMachineFile(Operation *traceOp) {
  if (auto attr = traceOp->getAttrOfType<StringAttr>(kMachineFileAttr))
    return attr.getValue();
  return {};
}

TraceReplayAnalysis::TraceReplayAnalysis(Operation *traceOp) {
  std::optional<sim::MachineModel> machine =
      loadMachineFor(traceOp, getRecordedMachineFile(traceOp));
  if (!machine)
    return;
  *this = TraceReplayAnalysis(traceOp, *machine);
}

bool TraceReplayAnalysis::matchesDefaults(
    const analysis::AnalysisOptions &options) {
  analysis::AnalysisOptions defaults;
  return options.dependencies.maxSlice == defaults.dependencies.maxSlice &&
         options.utilization.windowCycles ==
             defaults.utilization.windowCycles &&
         options.dataCache.windows == defaults.dataCache.windows &&
         options.suggestions.minStall == defaults.suggestions.minStall &&
         options.analyses.empty();
}

const TraceReplayAnalysis *
TraceReplayAnalysis::get(AnalysisManager analyses, Operation *traceOp,
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
  if (matchesDefaults(options)) {
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

TraceReplayAnalysis::TraceReplayAnalysis(
    Operation *traceOp, const sim::MachineModel &machine,
    const analysis::AnalysisOptions &options)
    : table(buildTraceTable(cast<TraceOp>(traceOp))) {
  if (debugReplays)
    llvm::errs() << "snr-debug-replays: replaying @"
                 << cast<TraceOp>(traceOp).getSymName() << " for its "
                 << "analyses\n";
  llvm::Expected<std::unique_ptr<analysis::ReplayResults>> replayed =
      analysis::analyzeTrace(table.trace, machine, options);
  if (replayed) {
    results = std::move(*replayed);
    return;
  }
  (void)emitReplayError(table, replayed.takeError());
}

LogicalResult snr::replayTraceOp(Operation *traceOp, StringRef machineFile,
                                 replay::Mode mode,
                                 llvm::ArrayRef<sim::SimListener *> listeners,
                                 TraceTable &table) {
  // Without an option, the machine the trace names (an earlier pass's).
  std::optional<sim::MachineModel> machine = loadMachineFor(
      traceOp,
      machineFile.empty() ? getRecordedMachineFile(traceOp) : machineFile);
  if (!machine)
    return failure();
  table = buildTraceTable(cast<TraceOp>(traceOp));
  llvm::Expected<replay::Run> run =
      replay::replay(table.trace, *machine, listeners, mode);
  if (run)
    return success();
  return emitReplayError(table, run.takeError());
}

LogicalResult snr::emitReplayError(const TraceTable &table,
                                   llvm::Error error) {
  llvm::handleAllErrors(
      std::move(error),
      [&](const replay::DivergenceError &divergence) {
        table.ops[divergence.index]->emitError() << divergence.describe();
      },
      [&](const llvm::ErrorInfoBase &other) {
        mlir::emitError(table.traceOp->getLoc(), other.message());
      });
  return failure();
}

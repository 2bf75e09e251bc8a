//===- TraceReplayAnalysis.cpp - Every analysis of an snr.trace -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Replay/Replay.h"

using namespace mlir;
using namespace snr;

TraceReplayAnalysis::TraceReplayAnalysis(Operation *traceOp)
    : TraceReplayAnalysis(traceOp, sim::getDefaultMachineModel()) {}

TraceReplayAnalysis::TraceReplayAnalysis(
    Operation *traceOp, const sim::MachineModel &machine,
    const analysis::AnalysisOptions &options)
    : table(buildTraceTable(cast<TraceOp>(traceOp))) {
  llvm::Expected<std::unique_ptr<analysis::ReplayResults>> replayed =
      analysis::analyzeTrace(table.trace, machine, options);
  if (replayed) {
    results = std::move(*replayed);
    return;
  }
  (void)emitReplayError(table, replayed.takeError());
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

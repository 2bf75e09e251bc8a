//===- TraceReplayAnalysis.cpp - Every analysis of an snr.trace -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Sim/Simulator.h"

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
  llvm::handleAllErrors(
      replayed.takeError(),
      [&](const sim::DivergenceError &error) {
        table.ops[error.index]->emitError()
            << "replay diverges from the trace at instruction " << error.index
            << " (pc " << table.trace.instructions[error.index].pc
            << "): " << error.message;
      },
      [&](const llvm::ErrorInfoBase &error) {
        traceOp->emitError(error.message());
      });
}

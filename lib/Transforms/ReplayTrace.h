//===- ReplayTrace.h - Replaying a trace op, for passes ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What every pass that replays an snr.trace does first: load the machine
// description, decode the op into a flat table, run the simulator with the
// pass's listeners, and turn failures into located diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TRANSFORMS_REPLAYTRACE_H
#define SNR_LIB_TRANSFORMS_REPLAYTRACE_H

#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/SimEvents.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Trace/TraceTable.h"

#include "mlir/Pass/AnalysisManager.h"

#include "mlir/Support/LLVM.h"

#include <optional>

namespace snr {


/// The replay analysis of `traceOp` a pass asks for with its `machine`
/// option (`machineFile`; empty: whatever the trace names) and `options`:
/// the pipeline's cached getAnalysis<TraceReplayAnalysis>() when it is for
/// the same machine and options, else one of the pass's own, kept in
/// `local`. A `machineFile` is recorded on the trace (kMachineFileAttr) so
/// later passes replay on the same machine. Null on failure (emitted).
const TraceReplayAnalysis *
getTraceReplay(mlir::AnalysisManager analyses, mlir::Operation *traceOp,
               llvm::StringRef machineFile,
               const analysis::AnalysisOptions &options,
               std::optional<TraceReplayAnalysis> &local);

/// Loads the machine in `machineFile` (the default if empty), decodes
/// `traceOp` into `table` and replays it, notifying `listeners`; what every
/// replaying pass does first. Errors are emitted.
mlir::LogicalResult replayTraceOp(mlir::Operation *traceOp,
                                  llvm::StringRef machineFile, bool functional,
                                  llvm::ArrayRef<sim::SimListener *> listeners,
                                  TraceTable &table);

/// Replays `table` on `machine`, notifying `listeners`. A divergence is an
/// error located at the divergent instruction's op.
mlir::LogicalResult replayTable(const TraceTable &table,
                                const sim::MachineModel &machine,
                                bool functional,
                                llvm::ArrayRef<sim::SimListener *> listeners);

} // namespace snr

#endif // SNR_LIB_TRANSFORMS_REPLAYTRACE_H

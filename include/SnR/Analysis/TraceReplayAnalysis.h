//===- TraceReplayAnalysis.h - Every analysis of an snr.trace ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The MLIR face of the replay, what every pass that replays an snr.trace
// calls: constructed from the op, TraceReplayAnalysis decodes it, replays it
// functionally with the analyses (analysis::analyzeTrace) and keeps their
// results and the op of each instruction. A pass asks for it with its
// `machine=` and analysis options through TraceReplayAnalysis::get, which
// shares one replay across a pipeline (getAnalysis<TraceReplayAnalysis>())
// whenever it can; a pass that only needs the simulator's events replays
// the op with its own listeners through replayTraceOp. Failures become
// diagnostics located at the divergent instruction's op.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_TRACEREPLAYANALYSIS_H
#define SNR_ANALYSIS_TRACEREPLAYANALYSIS_H

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Trace/TraceTable.h"

#include "SnR/Replay/Replay.h"

#include "mlir/Pass/AnalysisManager.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>

namespace snr {

/// The machine description file a trace is replayed on, as a string
/// attribute of the snr.trace op (set by the passes' `machine=` option);
/// without it, the embedded default. The machine is part of the IR, so the
/// analysis can be computed once and shared by a pipeline's passes.
inline constexpr llvm::StringLiteral kMachineFileAttr = "snr.machine_file";
/// The machine file `traceOp` names (empty: the embedded default).
llvm::StringRef getRecordedMachineFile(mlir::Operation *traceOp);

class TraceReplayAnalysis {
public:
  /// Replays `traceOp` on the machine its kMachineFileAttr names (the
  /// embedded default without one), with the default analysis options: what
  /// `getAnalysis<TraceReplayAnalysis>()` computes and passes share.
  explicit TraceReplayAnalysis(mlir::Operation *traceOp);
  TraceReplayAnalysis(mlir::Operation *traceOp,
                      const sim::MachineModel &machine,
                      const analysis::AnalysisOptions &options = {});

  /// The replay a pass asks for with its `machine=` option (`machineFile`;
  /// empty: whatever the trace names, "default": the embedded one) and its
  /// analysis options: the pipeline's shared getAnalysis<>() when it is for
  /// the same machine and the default options, else one of the pass's own,
  /// kept in `local`. A `machineFile` is recorded on the trace
  /// (kMachineFileAttr), so later passes replay on the same machine. Null
  /// on failure (emitted).
  static const TraceReplayAnalysis *
  get(mlir::AnalysisManager analyses, mlir::Operation *traceOp,
      llvm::StringRef machineFile, const analysis::AnalysisOptions &options,
      std::optional<TraceReplayAnalysis> &local);

  /// True if `options` are those of the shared analysis (the defaults, no
  /// analysis beyond those every replay computes).
  static bool matchesDefaults(const analysis::AnalysisOptions &options);

  /// False if the replay diverged from the trace; the error was emitted at
  /// the divergent instruction's op.
  bool succeeded() const { return results != nullptr; }
  const analysis::ReplayResults &getResults() const { return *results; }
  const TraceTable &getTable() const { return table; }
  /// The op of trace instruction `index`.
  mlir::Operation *getOp(uint64_t index) const { return table.ops[index]; }

private:
  TraceTable table;
  std::unique_ptr<analysis::ReplayResults> results;
};

/// The machine in `machineFile` (the embedded default if empty or
/// "default"), or nothing after an error emitted at `op`'s location.
std::optional<sim::MachineModel> loadMachineFor(mlir::Operation *op,
                                                llvm::StringRef machineFile);

/// Emits a failed replay of `table` as an MLIR error: a divergence at the
/// divergent instruction's op, anything else at the trace op. Returns
/// failure, for `return emitReplayError(...)`.
mlir::LogicalResult emitReplayError(const TraceTable &table,
                                    llvm::Error error);

/// Replays `traceOp`, decoded into `table`, on the machine `machineFile`
/// names (empty: the one the trace names), notifying only `listeners`: for
/// a pass that needs the simulator's events, not the analyses. Errors are
/// emitted.
mlir::LogicalResult replayTraceOp(mlir::Operation *traceOp,
                                  llvm::StringRef machineFile,
                                  replay::Mode mode,
                                  llvm::ArrayRef<sim::SimListener *> listeners,
                                  TraceTable &table);

} // namespace snr

#endif // SNR_ANALYSIS_TRACEREPLAYANALYSIS_H

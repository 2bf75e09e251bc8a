//===- TraceReplayAnalysis.h - Every analysis of an snr.trace ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The MLIR face of ReplayAnalyses: constructed from an snr.trace op, it
// decodes the op, replays it functionally and keeps every analysis' results
// and the op of each instruction. Usable as `getAnalysis<TraceReplayAnalysis>()`
// (with the embedded machine description) or constructed with another one.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_TRACEREPLAYANALYSIS_H
#define SNR_ANALYSIS_TRACEREPLAYANALYSIS_H

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Trace/TraceTable.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

#include <memory>

namespace mlir {
class Operation;
} // namespace mlir

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

  /// True if `options` are those of the shared analysis (the defaults).
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

} // namespace snr

#endif // SNR_ANALYSIS_TRACEREPLAYANALYSIS_H

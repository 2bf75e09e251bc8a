//===- TraceTable.h - An snr.trace op as a flat table -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Passes that replay or analyse a trace in IR decode it once into the flat,
// MLIR-free trace::Trace the simulator runs on, keeping the op of each
// instruction so results can be written back or diagnostics located.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_TRACETABLE_H
#define SNR_TRACE_TRACETABLE_H

#include "SnR/Trace/Trace.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace snr {
class TraceOp;
class InitMemOp;

/// The decoded trace, and the op of each of its instructions.
struct TraceTable {
  mlir::Operation *traceOp = nullptr;
  trace::Trace trace;
  std::vector<mlir::Operation *> ops;
};

/// Decodes `traceOp` (which must verify): header, snapshot, instructions,
/// recorded outcomes, and each instruction's line when its location is a
/// file location.
TraceTable buildTraceTable(TraceOp traceOp);

/// The bytes an snr.init_mem writes (a splat filled in one go).
std::vector<uint8_t> snapshotBytes(InitMemOp init);

/// Rebuilds a trace's HLO map from its instructions' `hlo` attributes:
/// consecutive PCs with the same name form one range. Fails, with an error
/// on the op, if one PC is attributed to two HLOs.
llvm::LogicalResult collectHloMap(TraceOp traceOp,
                                  std::vector<trace::HloRange> &hloMap);

} // namespace snr

#endif // SNR_TRACE_TRACETABLE_H

//===- EncodedTraceExport.h - riscv ops as a RISC-V trace -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The reverse of the import (EncodedTraceImport.h): a riscv.trace back into
// the in-memory trace loadEncodedTrace reads, from the ops' fields alone
// (pc, enc, next, after and the snapshot ops; no text is parsed), so that
// the functional replay (replay::replayEncodedTrace) and the timing
// (timing::RecordedTrace::fromEncodedTrace) run on IR as they run on a file.
// The header keeps the ISA string, vlenb, program name, start PC and machine;
// no hlo_map (functions stay on the ops).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_ENCODEDTRACEEXPORT_H
#define SNR_TRACE_ENCODEDTRACEEXPORT_H

#include "SnR/Trace/EncodedTrace.h"

#include "mlir/Support/LLVM.h"

#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace snr {
namespace riscv {
class TraceOp;
} // namespace riscv

/// A riscv.trace as an EncodedTrace, with the op of each entry: the
/// trace's positions are indices into these (a snapshot entry's pos.line
/// and an instruction's line are 1 + its index), so that an error of the
/// replay can be located at its op.
struct ExportedEncodedTrace {
  trace::EncodedTrace trace;
  /// riscv.init_reg then riscv.init_mem ops, in trace.registers then
  /// trace.memory order.
  std::vector<mlir::Operation *> snapshotOps;
  /// The riscv.inst ops, in trace order.
  std::vector<mlir::Operation *> instructionOps;

  /// The op an error's position (line) names, or null.
  mlir::Operation *getSnapshotOp(unsigned line) const {
    return line && line <= snapshotOps.size() ? snapshotOps[line - 1]
                                              : nullptr;
  }
  mlir::Operation *getInstructionOp(uint64_t index) const {
    return index < instructionOps.size() ? instructionOps[index] : nullptr;
  }
};

/// Converts `traceOp`, which has verified (its bytes are hex). An `after`
/// value that is not an integer (or more than 255 of them on one op) is an
/// error at its op.
mlir::FailureOr<ExportedEncodedTrace> exportEncodedTrace(riscv::TraceOp traceOp);

} // namespace snr

#endif // SNR_TRACE_ENCODEDTRACEEXPORT_H

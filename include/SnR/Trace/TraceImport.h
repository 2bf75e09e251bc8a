//===- TraceImport.h - Trace files <-> snr.trace ops ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Import builds a module holding one snr.trace op directly from the reader's
// records (never through MLIR text); each instruction's location is its
// record's line in the trace file. Export writes a trace op back in the trace
// format, so import -> export -> import is stable.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_TRACEIMPORT_H
#define SNR_TRACE_TRACEIMPORT_H

#include "SnR/Trace/TraceReader.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace snr {
class TraceOp;
namespace trace {
struct Trace;
} // namespace trace

/// Imports `input` (named `fileName` in locations and errors). Errors are
/// emitted as diagnostics located in the trace file; returns null on error.
mlir::OwningOpRef<mlir::ModuleOp>
importTrace(llvm::MemoryBufferRef input, llvm::StringRef fileName,
            mlir::MLIRContext *context,
            const trace::ReaderOptions &options = {});

/// Builds the module of a trace already read into a table (snr-replay reads
/// a trace once and builds IR only for the outputs that need it). Locations
/// are the table's lines in `trace.fileName`.
mlir::OwningOpRef<mlir::ModuleOp> importTraceTable(const trace::Trace &trace,
                                                   mlir::MLIRContext *context);

/// Writes `traceOp` in the trace format.
llvm::LogicalResult exportTrace(TraceOp traceOp, llvm::raw_ostream &os);
/// Writes the one snr.trace op nested in `op` (or `op` itself).
llvm::LogicalResult exportTrace(mlir::Operation *op, llvm::raw_ostream &os);

/// Registers --import-snr-trace and --export-snr-trace for mlir-translate
/// style drivers.
void registerTraceTranslations();

} // namespace snr

#endif // SNR_TRACE_TRACEIMPORT_H

//===- EncodedTraceImport.h - A RISC-V trace as riscv ops -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Import of a trace of a binary ISA (docs/trace-format.md, "Other ISAs") into
// the riscv dialect: a riscv.trace with its snapshot and one riscv.inst per
// executed instruction, its text decoded by LLVM's MC layer once per PC,
// located at its C source line through the ELF's DWARF line table when the
// ELF is given, else at its line in the trace.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_ENCODEDTRACEIMPORT_H
#define SNR_TRACE_ENCODEDTRACEIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace snr {
namespace target {
class ElfImage;
} // namespace target
namespace trace {
struct EncodedTrace;
} // namespace trace

/// Builds the module of a trace of another ISA (read by loadEncodedTrace).
/// With `elf`, each instruction is located at its source line, and carries
/// the function DWARF names. Errors (an ISA without a dialect, an encoding
/// that does not decode) are diagnostics; returns null then.
mlir::OwningOpRef<mlir::ModuleOp>
importEncodedTrace(const trace::EncodedTrace &trace, mlir::MLIRContext *context,
                   const target::ElfImage *elf = nullptr);

} // namespace snr

#endif // SNR_TRACE_ENCODEDTRACEIMPORT_H

//===- ProgramEmitter.h - A generated program as an snr.program -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Builds the IR of a generated program directly (InstructionBuilder), never
// through MLIR text: a module holding one snr.program with its snapshot and
// its instructions, each with its pc and hlo attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_PROGRAMEMITTER_H
#define SNR_WORKLOADS_PROGRAMEMITTER_H

#include "SnR/Workloads/GeneratedProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace snr::workloads {

/// The module of `program`. Loads the snr dialect into `context`.
mlir::OwningOpRef<mlir::ModuleOp>
emitProgramModule(mlir::MLIRContext *context, const GeneratedProgram &program);

} // namespace snr::workloads

#endif // SNR_WORKLOADS_PROGRAMEMITTER_H

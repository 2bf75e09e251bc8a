//===- ProgramFile.h - An snr.program, read from its file -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The tools that take a program beside a trace (snr-replay --program) read
// it the same way: parse the file, then pick the snr.program the trace names,
// or the file's only one.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_PROGRAMFILE_H
#define SNR_RECORD_PROGRAMFILE_H

#include "SnR/Dialect/SnROps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

namespace snr::record {

/// A parsed program file and the snr.program picked in it.
struct ProgramFile {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  ProgramOp program;
};

/// Parses `path` into `context` (which gets the snr dialect) and picks its
/// snr.program named `name`, or its only program if none is so named. Fails
/// with a message naming the file, with the parser's diagnostics.
llvm::Expected<ProgramFile> readProgramFile(llvm::StringRef path,
                                            llvm::StringRef name,
                                            mlir::MLIRContext &context);

} // namespace snr::record

#endif // SNR_RECORD_PROGRAMFILE_H

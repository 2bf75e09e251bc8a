//===- MlirInput.h - An MLIR file checked before MLIR reads it --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What every SnR tool does with an MLIR input (a program, a trace, IR for
// snr-opt) before MLIR's parser or bytecode reader sees it:
//
//  * bytecode with SnR's checksum is checked against it
//    (BytecodeChecksum.h); other bytecode, a stock MLIR tool's, is walked
//    for its structure (BytecodeStructure.h);
//  * text is scanned for its nesting depth (MlirNesting.h);
//  * an empty file named *.mlirbc is an error: MLIR would read it as an
//    empty module of text.
//
// And where it runs: on a thread with a large stack (runOnLargeStack), so
// that what the checks cannot see (a dialect's own deep encoding) costs
// stack, not the process.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_MLIRINPUT_H
#define SNR_SUPPORT_MLIRINPUT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace snr {

/// Checks `bytes`, the contents of the MLIR file `name`.
llvm::Error checkMlirInput(llvm::StringRef bytes, llvm::StringRef name);

/// checkMlirInput on the file at `path`, if it is a regular file that can be
/// read ("-" and the others are left to the reader, which reports them).
llvm::Error checkMlirInputFile(llvm::StringRef path);

/// Runs `body` on a thread whose stack is 512 MiB (reserved, used only as
/// deep as the work goes) and returns its result; on this thread if no such
/// thread can be made (a low `ulimit -v`).
int runOnLargeStack(llvm::function_ref<int()> body);

} // namespace snr

#endif // SNR_SUPPORT_MLIRINPUT_H

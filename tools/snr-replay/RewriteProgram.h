//===- RewriteProgram.h - snr-replay --program P --apply --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TOOLS_SNRREPLAY_REWRITEPROGRAM_H
#define SNR_TOOLS_SNRREPLAY_REWRITEPROGRAM_H

#include "SnR/Sim/MachineModel.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr {
/// The program-level rewrite of `programFile` from `trace` (a recording of
/// its whole run): plans, proves by re-recording, writes
/// `rewritten-program.mlir` (only if proved) and `program-rewrite.json`
/// through `inDir`, and prints what moved to `os` (if not null).
llvm::Error
rewriteProgram(llvm::StringRef programFile, const trace::Trace &trace,
               const sim::MachineModel &machine,
               llvm::function_ref<std::string(llvm::StringRef)> inDir,
               llvm::raw_ostream *os);
} // namespace snr

#endif // SNR_TOOLS_SNRREPLAY_REWRITEPROGRAM_H

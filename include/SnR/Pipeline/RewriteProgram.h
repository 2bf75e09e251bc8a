//===- RewriteProgram.h - snr-replay --program P --apply --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_PIPELINE_REWRITEPROGRAM_H
#define SNR_PIPELINE_REWRITEPROGRAM_H

#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr {
/// The program-level rewrite of `programFile` from `trace` (a recording of
/// its whole run): plans, proves by re-recording, writes
/// `rewritten-program.mlir`, its diff (`rewritten-program.diff`,
/// `program-diff.html`; only if proved) and `program-rewrite.json` through
/// `inDir`, and returns what it proved for the reports. Safe to run on a
/// thread of its own beside the trace rewrite: it has its own MLIRContext
/// and writes only its own files. A warning (no diff could be made) names
/// `toolName`.
llvm::Expected<std::unique_ptr<report::ProgramRewriteOutcome>>
rewriteProgram(llvm::StringRef programFile, const trace::Trace &trace,
               const sim::MachineModel &machine,
               llvm::function_ref<std::string(llvm::StringRef)> inDir,
               llvm::StringRef toolName);
} // namespace snr

#endif // SNR_PIPELINE_REWRITEPROGRAM_H

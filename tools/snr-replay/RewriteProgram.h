//===- RewriteProgram.h - snr-replay --program P --apply --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TOOLS_SNRREPLAY_REWRITEPROGRAM_H
#define SNR_TOOLS_SNRREPLAY_REWRITEPROGRAM_H

#include "SnR/Rewrite/TraceEvidence.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <thread>

namespace snr {
/// The program-level rewrite of `programFile` from `trace` (a recording of
/// its whole run), made on a thread of its own while the trace rewrite runs
/// (they are independent), then written: `rewritten-program.mlir` (only if
/// proved) and `program-rewrite.json`, and what moved, printed.
class ProgramRewriteJob {
public:
  /// Starts it. `evidence`, if given, is the trace's (its effects are the
  /// whole run's evidence); `rewrittenPath` is where the rewritten program
  /// will be written, for what it prints. `trace` and `machine` must
  /// outlive it.
  ProgramRewriteJob(std::string programFile, const trace::Trace &trace,
                    const sim::MachineModel &machine,
                    std::shared_ptr<const rewrite::TraceEvidence> evidence,
                    std::string rewrittenPath);
  ~ProgramRewriteJob();
  /// Its thread holds `this`: it stays where it was made.
  ProgramRewriteJob(ProgramRewriteJob &&) = delete;
  ProgramRewriteJob &operator=(ProgramRewriteJob &&) = delete;
  /// Waits for it, writes its files through `inDir` and prints what it
  /// did to `os` (if not null).
  llvm::Error finish(llvm::function_ref<std::string(llvm::StringRef)> inDir,
                     llvm::raw_ostream *os);

private:
  struct State;
  std::unique_ptr<State> state;
  std::thread thread;
};
} // namespace snr

#endif // SNR_TOOLS_SNRREPLAY_REWRITEPROGRAM_H

//===- ProgramRewriteDriver.h - The program rewrite, end to end -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The one driver of the program rewrite, which snr-replay --program --apply
// and the --snr-rewrite-program pass both call once they hold the program,
// the trace of its whole run and the machine: check that the trace records
// the whole run, run the original on the reference target, index the run's
// evidence, plan, and prove by re-recording.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_PROGRAMREWRITEDRIVER_H
#define SNR_REWRITE_PROGRAMREWRITEDRIVER_H

#include "SnR/Rewrite/ProveProgram.h"

namespace snr::rewrite {

/// How many steps a run of the program (original or rewritten) may take
/// before it is taken for one that does not halt: four times the recorded
/// run, since a rewritten program runs a few more instructions (the copies
/// of each moved DMA's slice, a handful per DMA instance) and a run of one
/// program never takes several times another's steps, plus a million so
/// that a short run's bound is not tight.
uint64_t getWholeRunStepBound(uint64_t recordedInstructions);

/// Which step of the program rewrite failed.
class ProgramRewriteError : public llvm::ErrorInfo<ProgramRewriteError> {
public:
  enum class Step {
    /// The trace does not record the program's whole run.
    WholeRun,
    /// Running the original program failed.
    Original,
    /// Running a rewritten program failed (a rewrite bug).
    Rewritten,
  };
  static char ID;
  ProgramRewriteError(Step step, std::string message)
      : step(step), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  Step step;
  std::string message; ///< what failed, without the step
};

/// The proved rewrite of `program` from `wholeRun`, a recording of its
/// whole run, on `machine`. Fails with a ProgramRewriteError.
llvm::Expected<ProvedProgramRewrite>
rewriteProgram(const record::LoadedProgram &program,
               const trace::Trace &wholeRun, const sim::MachineModel &machine);

} // namespace snr::rewrite

#endif // SNR_REWRITE_PROGRAMREWRITEDRIVER_H

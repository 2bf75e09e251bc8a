//===- ProgramRewriteDriver.cpp - The program rewrite, end to end ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProgramRewriteDriver.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"

using namespace snr;
using namespace snr::rewrite;

char ProgramRewriteError::ID = 0;

void ProgramRewriteError::log(llvm::raw_ostream &os) const {
  switch (step) {
  case Step::WholeRun:
    os << "the program rewrite needs a trace of the whole run: ";
    break;
  case Step::Original:
    os << "re-recording the program failed: ";
    break;
  case Step::Rewritten:
    os << "re-recording the rewritten program failed: ";
    break;
  }
  os << message;
}

std::error_code ProgramRewriteError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

uint64_t snr::rewrite::getWholeRunStepBound(uint64_t recordedInstructions) {
  return 4 * recordedInstructions + 1000000;
}

llvm::Expected<ProvedProgramRewrite>
snr::rewrite::rewriteProgram(const record::LoadedProgram &program,
                             const trace::Trace &wholeRun,
                             const sim::MachineModel &machine) {
  using Step = ProgramRewriteError::Step;
  auto fail = [](Step step, llvm::Error error) {
    return llvm::make_error<ProgramRewriteError>(
        step, llvm::toString(std::move(error)));
  };
  const RewriteTarget &target = getDefaultRewriteTarget();
  if (llvm::Error error = checkWholeRun(program, wholeRun, target))
    return fail(Step::WholeRun, std::move(error));
  uint64_t maxSteps = getWholeRunStepBound(wholeRun.instructions.size());
  // The original's run is the one the trace recorded.
  llvm::Expected<ProgramRun> original =
      runRecordedProgram(program, wholeRun, machine, maxSteps);
  if (!original)
    return fail(Step::Original, original.takeError());
  RunEvidence evidence(program, wholeRun, target, machine.memory);
  llvm::Expected<ProvedProgramRewrite> proved =
      proveProgramRewrite(evidence, *original, machine, maxSteps);
  if (!proved)
    return fail(Step::Rewritten, proved.takeError());
  return proved;
}

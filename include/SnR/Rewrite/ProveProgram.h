//===- ProveProgram.h - Prove a program rewrite by re-recording -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The proof of a program rewrite (ProgramRewrite.h): the original and the
// rewritten program are each run from entry to halt on the reference target
// (recorded with Algorithm 1) and replayed on the machine; the rewrite is
// kept only with an identical final state (every register, flag and memory
// byte) and fewer cycles. A set of moves that is not proved is searched the
// way the trace rewrite searches its moves (MoveSearch.h).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_PROVEPROGRAM_H
#define SNR_REWRITE_PROVEPROGRAM_H

#include "SnR/Rewrite/ProgramRewrite.h"
#include "SnR/Sim/MachineModel.h"

namespace snr::rewrite {

/// A program run from its entry to its halt on the reference target, then
/// replayed on the machine.
struct ProgramRun {
  uint64_t cycles = 0;
  uint64_t instructions = 0;
  sim::ArchState finalState;
  /// Wait stall charged to each static DMA, by its PC.
  llvm::DenseMap<uint64_t, uint64_t> stallByPc;
  /// Wait stall of each static wait, by its PC.
  llvm::DenseMap<uint64_t, uint64_t> waitStallByPc;
  /// The replay's issue and completion cycles.
  RunTiming timing;
  /// The run as recorded, if asked for (runWholeProgram's `keepTrace`): a
  /// proof compares runs by their cycles, stalls and final states, and
  /// holds several at once.
  trace::Trace trace;
};
/// `expectedLength`, if known (a rewrite of a program whose run had that
/// many instructions), sizes the recording once.
llvm::Expected<ProgramRun> runWholeProgram(const record::LoadedProgram &program,
                                           const sim::MachineModel &machine,
                                           uint64_t maxSteps,
                                           bool keepTrace = false,
                                           uint64_t expectedLength = 0);
/// The same for a program whose whole run the caller holds recorded
/// (`wholeRun`, checkWholeRun): its timing is the recording's, replayed; its
/// final state comes from running the program on the reference target
/// without recording it again. A recording that is not of the run the
/// program makes now (another length) is recorded again. `trace` is left
/// empty: the caller holds it.
llvm::Expected<ProgramRun>
runRecordedProgram(const record::LoadedProgram &program,
                   const trace::Trace &wholeRun,
                   const sim::MachineModel &machine, uint64_t maxSteps);

/// The outcome of the proof.
struct ProvedProgramRewrite {
  std::vector<ProgramDecision> decisions;
  /// The wait moves (planned after the DMA moves).
  std::vector<ProgramWaitDecision> waits;
  ProgramLayout layout; ///< of the kept moves
  uint64_t cyclesBefore = 0, cyclesAfter = 0;
  uint64_t instructionsBefore = 0, instructionsAfter = 0;
  std::string stateDifference; ///< of the kept rewrite; empty: identical
  bool accepted = false;       ///< identical final state and fewer cycles
  unsigned runs = 0;           ///< re-recordings it took
  std::string rejection;       ///< why nothing is kept, if so
  bool changed() const {
    return accepted &&
           (llvm::any_of(decisions,
                         [](const ProgramDecision &d) {
                           return d.move && !d.dropped;
                         }) ||
            llvm::any_of(waits, [](const ProgramWaitDecision &w) {
              return w.move && !w.dropped;
            }));
  }
};

/// Plans, applies and proves: re-records the rewritten program, compares its
/// final state and cycles with `original` (the run of the program `run`
/// indexes); if the whole is not proved, the engine's one search
/// (MoveSearch.h) drops the moves that fail and plans again without them.
/// Fails only if a run fails.
llvm::Expected<ProvedProgramRewrite>
proveProgramRewrite(const RunEvidence &run, const ProgramRun &original,
                    const sim::MachineModel &machine, uint64_t maxSteps);

} // namespace snr::rewrite

#endif // SNR_REWRITE_PROVEPROGRAM_H

//===- Replay.h - The one way to replay a trace -----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every tool, pass, analysis and check that replays a trace does it here:
// build the simulator on a machine, put the trace's snapshot into a fresh
// architectural state, run it with the caller's listeners, and turn a
// divergence into an error that says where (file, line, instruction, PC).
// This is the layer where the trace (lib/Trace) and the simulator (lib/Sim)
// meet; neither of them knows the other.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPLAY_REPLAY_H
#define SNR_REPLAY_REPLAY_H

#include "SnR/Sim/ArchState.h"
#include "SnR/Sim/FunctionalCore.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace snr::trace {
struct Trace;
} // namespace snr::trace

namespace snr::replay {

enum class Mode {
  /// Execute every value from the snapshot alongside the timing, and check
  /// guards, branch outcomes and the PC sequence against the trace.
  Functional,
  /// Timing only: trust the recorded outcomes; no values, no memory events.
  TimingOnly,
};

/// What a replay leaves besides what its listeners kept.
struct Run {
  sim::RunSummary summary;
  /// The final architectural state (functional replays only).
  std::optional<sim::ArchState> finalState;
};

/// The model computed something else than the trace recorded. Formats
/// itself as "file:line: replay diverges from the trace at instruction N
/// (pc P, mnemonic): what"; the fields let a caller locate it elsewhere (an
/// op, an instruction of another trace).
class DivergenceError : public llvm::ErrorInfo<DivergenceError> {
public:
  static char ID;
  DivergenceError(std::string fileName, unsigned line, uint64_t index,
                  uint64_t pc, std::string mnemonic, std::string what,
                  bool limit = false)
      : fileName(std::move(fileName)), line(line), index(index), pc(pc),
        mnemonic(std::move(mnemonic)), what(std::move(what)), limit(limit) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;
  /// The message without the file and line, for a caller that locates it
  /// itself: "replay diverges from the trace at instruction N (pc P,
  /// mnemonic): what".
  std::string describe() const;

  std::string fileName; ///< empty when the trace was not read from a file
  unsigned line;        ///< 0 when unknown
  uint64_t index;       ///< the instruction, in the replayed trace
  uint64_t pc;
  std::string mnemonic;
  std::string what; ///< the model's own sentence
  /// Not a divergence: the trace goes beyond a limit there (Limits.h), and
  /// says so without "replay diverges".
  bool limit;
};

/// Puts the snapshot of `trace` into `state` (everything else untouched).
void applySnapshot(const trace::Trace &trace, sim::ArchState &state);

/// Executes `trace` on the functional core alone (values, no timing) from
/// its snapshot in memories of `sizes`, and calls `fn` with each
/// instruction's index and the memory accesses it resolved (none for a
/// predicated-off one). For planners that need every resolved address of a
/// trace that has already replayed without divergence; a fault is not
/// reported (the instruction then resolves what it reached).
void forEachResolvedAccess(
    const trace::Trace &trace, const arch::MemorySizes &sizes,
    llvm::function_ref<void(size_t index,
                            llvm::ArrayRef<sim::ResolvedAccess> accesses)>
        fn);

/// Replays `trace` on `machine`, notifying `listeners` in order. A functional
/// replay starts from the trace's snapshot in a state sized by the machine's
/// memories, checks the PC sequence unless the trace is marked reordered,
/// and keeps the final state. Fails with a DivergenceError.
llvm::Expected<Run> replay(const trace::Trace &trace,
                           const sim::MachineModel &machine,
                           llvm::ArrayRef<sim::SimListener *> listeners,
                           Mode mode = Mode::Functional);

} // namespace snr::replay

#endif // SNR_REPLAY_REPLAY_H

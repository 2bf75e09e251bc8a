//===- TimingCheckpoints.h - Replay a trace's variants from checkpoints -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The rewrite's proof replays many variants of one trace for their cycles
// alone, and each differs from the trace in one window (the moves it tries).
// The model's timing state is small (when each register and unit is free,
// the DMAs in flight), so the trace's timing-only replay saves it every so
// many instructions. A variant is then replayed from the last checkpoint
// before its window, and only until, at a checkpoint after it, its state is
// the trace's shifted in time (every cycle that can still constrain an issue
// the same distance after the last issue, the same DMAs in flight with the
// same bytes left): from there on the model issues every instruction as the
// trace's replay did, shifted, so the variant's cycles are known without
// replaying the rest. Exactly the cycles of a whole timing-only replay of
// the variant (unittests/Sim/TimingCheckpointsTest.cpp compares them).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_TIMINGCHECKPOINTS_H
#define SNR_SIM_TIMINGCHECKPOINTS_H

#include "SnR/Arch/ISA.h"
#include "SnR/Arch/Values.h"
#include "SnR/Sim/MachineModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace snr::sim {

class TimingCheckpoints {
public:
  /// Replays `instructions` (with their recorded `outcomes`, which must
  /// outlive this) for their timing on `machine`, saving the state every
  /// `interval` instructions.
  static llvm::Expected<TimingCheckpoints>
  record(const MachineModel &machine,
         llvm::ArrayRef<arch::Instruction> instructions,
         llvm::ArrayRef<arch::RecordedOutcome> outcomes,
         unsigned interval = 2048);

  TimingCheckpoints(TimingCheckpoints &&);
  TimingCheckpoints &operator=(TimingCheckpoints &&);
  ~TimingCheckpoints();

  /// The trace's cycles (RunSummary::totalCycles).
  uint64_t getTotalCycles() const;

  /// The replay of a variant: the trace with its instructions `first` to
  /// `last` (inclusive) replaced by a window of any number of instructions,
  /// given one by one (not copied: a window may span most of the trace).
  class Variant {
  public:
    Variant(Variant &&);
    ~Variant();
    /// The next instruction of the window, with its recorded outcome.
    llvm::Error step(const arch::Instruction &inst,
                     const arch::RecordedOutcome &outcome);
    /// After the window, the trace's instructions from `last` + 1 on:
    /// the variant's cycles, what a whole timing-only replay of it gives,
    /// or its error.
    llvm::Expected<uint64_t> finish(uint64_t last);

  private:
    friend class TimingCheckpoints;
    struct State;
    explicit Variant(std::unique_ptr<State> state);
    std::unique_ptr<State> state;
  };
  /// Starts the replay of a variant whose window starts at `first`.
  llvm::Expected<Variant> beginVariant(uint64_t first) const;

  /// What the variants replayed so far cost, in instructions stepped, and
  /// what a whole replay of each would have (for bench/).
  uint64_t getSteppedInstructions() const;
  uint64_t getVariantInstructions() const;

private:
  struct Impl;
  explicit TimingCheckpoints(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace snr::sim

#endif // SNR_SIM_TIMINGCHECKPOINTS_H

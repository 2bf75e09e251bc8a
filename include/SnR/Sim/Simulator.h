//===- Simulator.h - The cycle-level reference model ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The snr reference model: replays a trace of the snr ISA on the timing
// model of a MachineModel: in-order issue of up to issueWidth instructions
// per cycle, a register scoreboard (RAW and WAW), unit occupancy,
// taken-branch refill, fences, and the DMA engine. In a functional run the
// functional core executes every instruction alongside, from the trace's
// snapshot, so addresses, predicates and branch outcomes are computed
// values, checked against what the trace recorded. Results reach the outside
// only as ISA-neutral events (SimEvents.h), in the vocabulary SnRModel.h
// gives the listeners.
//
// With FunctionalCore, ArchState, DmaEngine, MachineModel and SnRModel it is
// the part of lib/Sim that speaks the snr ISA (arch::); the events, the
// PerformanceTracker and the TimingRecorder do not.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_SIMULATOR_H
#define SNR_SIM_SIMULATOR_H

#include "SnR/Sim/ArchState.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/SimEvents.h"
#include "SnR/Arch/Values.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace snr::sim {

/// The model computed something else than the trace recorded, at trace
/// instruction `index`. Callers turn the index into a location.
class DivergenceError : public llvm::ErrorInfo<DivergenceError> {
public:
  static char ID;
  DivergenceError(uint64_t index, std::string message, bool limit = false)
      : index(index), message(std::move(message)), limit(limit) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  uint64_t index;
  std::string message;
  /// Not a divergence: the trace goes beyond a limit (Limits.h) there.
  bool limit;
};

/// What the simulator is given: the trace's instructions and recorded
/// outcomes, in order.
struct SimInput {
  llvm::ArrayRef<arch::Instruction> instructions;
  llvm::ArrayRef<arch::RecordedOutcome> outcomes;
  /// Check that each next PC is the one the model computes. Off for a
  /// reordered trace, whose PCs no longer follow the control flow.
  bool checkPcFlow = true;
};

class Simulator {
public:
  /// The simulator keeps its own copy of the (small) machine description.
  explicit Simulator(MachineModel machine) : machine(std::move(machine)) {}

  /// Listeners are told events in the order they were added.
  void addListener(SimListener *listener) { listeners.push_back(listener); }

  /// Runs the trace. With `state` (which must hold the trace's snapshot) the
  /// run is functional: values are executed, memory accesses are reported,
  /// and a divergence from the recorded outcomes or PC sequence stops the
  /// run with a DivergenceError; `state` holds the final state after. Without
  /// it the run is timing-only and the recorded outcomes are trusted.
  llvm::Expected<RunSummary> run(const SimInput &input,
                                 ArchState *state = nullptr);

  const MachineModel &getMachine() const { return machine; }

private:
  MachineModel machine;
  llvm::SmallVector<SimListener *, 4> listeners;
};

} // namespace snr::sim

#endif // SNR_SIM_SIMULATOR_H

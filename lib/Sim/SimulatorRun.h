//===- SimulatorRun.h - One run of the simulator, step by step -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The state of one run of the model and its step, shared by Simulator::run
// (a whole trace) and TimingCheckpoints (a timing-only run saved, restored
// and resumed). Private to lib/Sim.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_SIM_SIMULATORRUN_H
#define SNR_LIB_SIM_SIMULATORRUN_H

#include "SnR/Sim/DmaEngine.h"
#include "SnR/Sim/FunctionalCore.h"
#include "SnR/Sim/InstructionTable.h"
#include "SnR/Sim/ModelDescription.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Sim/SnRModel.h"
#include "SnR/Support/Limits.h"

#include <array>
#include <optional>

namespace snr::sim::detail {

/// Forwards the DMA engine's progress to the listeners.
class DmaForwarder : public DmaEngine::Observer {
public:
  explicit DmaForwarder(llvm::ArrayRef<SimListener *> listeners)
      : listeners(listeners) {}
  void onStart(const DmaTransfer &transfer) override {
    for (SimListener *listener : listeners)
      listener->onDmaStart({transfer.id, transfer.startCycle});
  }
  void onComplete(const DmaTransfer &transfer) override {
    for (SimListener *listener : listeners)
      listener->onDmaComplete({transfer.id, transfer.completeCycle});
    lastComplete = std::max(lastComplete, transfer.completeCycle);
  }
  uint64_t lastComplete = 0;

private:
  llvm::ArrayRef<SimListener *> listeners;
};

/// The run's mutable state, so `simulate` reads as the algorithm.
class Run {
public:
  Run(const MachineModel &machine, llvm::ArrayRef<SimListener *> listeners,
      const SimInput &input, ArchState *state)
      : machine(machine), listeners(listeners), input(input), state(state),
        engine(machine), forwarder(listeners), notify(!listeners.empty()) {
    carried.ready.fill(0);
    carried.producer.fill(kNoIndex);
    carried.unitFree.fill(0);
    carried.unitLast.fill(kNoIndex);
    if (notify)
      engine.setObserver(&forwarder);
  }

  /// The whole of `input`.
  llvm::Expected<RunSummary> simulate();

  /// What simulate does before the first instruction and after the last;
  /// between them, step once per instruction, `i` counting from 0.
  void start();
  llvm::Error step(uint64_t i, const arch::Instruction &inst,
                   const arch::RecordedOutcome &recorded);
  RunSummary finish();

  /// What the timing carries from one instruction to the next (the
  /// functional state is `state`'s, the DMAs' the engine's).
  struct Carried {
    std::array<uint64_t, arch::kNumRegSlots> ready, producer;
    std::array<uint64_t, arch::kNumUnits> unitFree, unitLast;
    std::array<llvm::SmallVector<uint32_t, 4>, 16> outstanding; ///< by flag
    uint64_t outstandingCount = 0; ///< over every flag
    uint64_t lastIssue = 0;
    unsigned issuedInCycle = 0;
    uint64_t redirect = 0, redirectCause = kNoIndex;
    uint64_t maxReady = 0, maxReadyIndex = kNoIndex;
    uint64_t lastRetire = 0;
    uint64_t totalCycles = 0;
  };
  /// What the run has changed so far, timing only: it is a timing-only run
  /// (no state, no listeners) that saves and restores it.
  struct Snapshot {
    Carried carried;
    DmaEngine::Snapshot engine;
  };
  Snapshot save() const;
  void restore(const Snapshot &snapshot);
  /// Whether a run in state `a` issues every next instruction as one in
  /// state `b` would, `a.lastIssue - b.lastIssue` cycles later (its
  /// readiness, unit, branch, fence and DMA constraints the same, relative
  /// to the last issue; a cycle no later than it constrains nothing).
  static bool sameShifted(const Snapshot &a, const Snapshot &b);
  /// The cycle the last instruction stepped has its results ready.
  uint64_t getLastReady() const { return lastReady; }
  /// Whether the machine has a link for `inst`'s copy, if it starts one,
  /// among the link instances made for the run's input.
  bool hasLinkFor(const arch::Instruction &inst) const;

private:
  void createLinkInstances();
  /// Moves `earliest` to `cycle` if later, recording why.
  void consider(uint64_t cycle, StallKind kind, uint64_t cause) {
    if (cycle > earliest) {
      earliest = cycle;
      binding = kind;
      bindingCause = cause;
    }
  }

  const MachineModel &machine;
  llvm::ArrayRef<SimListener *> listeners;
  const SimInput &input;
  ArchState *state;
  DmaEngine engine;
  DmaForwarder forwarder;
  const bool notify;
  std::vector<std::string> linkNames;
  /// What the listeners are told the model and the instructions are.
  std::optional<ModelDescription> model;
  std::optional<SnRInstructionTable> table;
  /// Link instance of each (link spec, chip), and of each DMA id's
  /// instruction.
  std::vector<int> nonRemoteInstance; ///< by link spec, -1 if per chip
  std::vector<std::vector<int>> perChipInstance; ///< by link spec, chip

  Carried carried;
  const uint64_t maxOutstanding = getLimits().maxOutstandingDmas;
  const uint64_t maxDmas = getLimits().maxDmas;
  /// dma id -> its instruction, for the listeners' stall causes (kept only
  /// with listeners: a checkpoint does not copy it).
  std::vector<uint64_t> dmaIndex;

  RunSummary summary;
  uint64_t lastReady = 0;

  // Within one instruction.
  uint64_t earliest = 0;
  StallKind binding = SnRStall::None;
  uint64_t bindingCause = kNoIndex;
  llvm::SmallVector<arch::Reg, 24> reads, writes;
  llvm::SmallVector<ResolvedAccess, 2> accesses;
  llvm::SmallVector<uint32_t, 4> waited;
};

} // namespace snr::sim::detail

#endif // SNR_LIB_SIM_SIMULATORRUN_H

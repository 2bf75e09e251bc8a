//===- SimEvents.h - What the simulator tells its listeners -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The simulator never edits IR and never knows who is listening: it notifies
// events, the way llvm-mca's pipeline notifies its views. A new analysis is a
// new SimListener that overrides the callbacks it needs.
//
// The events are ISA-neutral: resources and stall kinds are small integers
// the run's ModelDescription names (given once, in RunInfo), memory is a
// target::MemoryRange in one of the target's address spaces, an
// asynchronous copy (a DMA) is counted on a target::SyncId and moves on a
// link the run names. What an instruction is (its PC, mnemonic, registers,
// whether it starts or waits for copies) the listener asks RunInfo's
// InstructionTable. The snr reference model (Simulator.h) emits them; any
// timing model that can say the same emits them too (docs/analyses.md).
//
// Ordering: instruction events come in trace order with non-decreasing issue
// cycles. DMA start and completion are resolved lazily (when a wait needs
// them, when a later DMA is issued, or at the end of the run), so they arrive
// in the order the engine resolves them, which is not the order of their
// cycles: a listener that needs time order sorts.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_SIMEVENTS_H
#define SNR_SIM_SIMEVENTS_H

#include "SnR/Sim/InstructionTable.h"
#include "SnR/Sim/ModelDescription.h"
#include "SnR/Target/InstructionEffects.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace snr::sim {

/// Sentinel for "no instruction".
inline constexpr uint64_t kNoIndex = ~uint64_t(0);

/// Once per run, before anything else.
///
/// The pointers are valid from onRunStart until onRunEnd returns (the
/// simulator may hold them in its run's frame): a listener copies what it
/// needs later.
struct RunInfo {
  /// The timing model's vocabulary: resources, stall kinds, copies,
  /// scratchpad, clock.
  const ModelDescription *model = nullptr;
  /// The instructions, in trace order; event indices point into it.
  const InstructionTable *instructions = nullptr;
  /// Whether values are executed (addresses and memory events exist).
  bool functional = false;
  /// Names of the DMA link instances ("hbm->vmem", "hbm->rhbm<2>"), by the
  /// `link` of DMA events.
  llvm::ArrayRef<std::string> linkNames;
};

/// An instruction issued. Every instruction of the trace issues exactly
/// once, predicated-off ones included (they take an issue slot).
struct IssueEvent {
  uint64_t index = 0;
  uint64_t cycle = 0;    ///< issue cycle
  uint64_t ready = 0;    ///< cycle its results are available
  /// Cycles in which nothing issued before it: issue - (previous issue + 1)
  /// when positive. Issuing in the next cycle or in the same bundle is not
  /// a stall.
  uint64_t stall = 0;
  /// Why it stalled: the constraint that bound longest.
  StallKind kind = kNoStall;
  uint64_t cause = kNoIndex; ///< the instruction that caused the stall
  /// The resource it issued to (InstructionDesc::resource).
  ResourceId resource = kNoResource;
  bool executed = true;  ///< its guard held
};

/// An instruction retired (in trace order, once its results are ready).
struct RetireEvent {
  uint64_t index = 0;
  uint64_t cycle = 0;
};

/// One unit of a resource was occupied by an instruction over [begin, end).
struct ResourceBusyEvent {
  ResourceId resource = kNoResource;
  unsigned unit = 0;
  uint64_t index = 0;
  uint64_t begin = 0, end = 0;
};

/// An asynchronous copy (a DMA), as issued. `id` counts DMAs in issue order
/// from 0.
struct DmaIssueEvent {
  uint32_t id = 0;
  uint64_t index = 0;      ///< the instruction that started it
  target::SyncId sync = 0; ///< the sync object it is counted on
  unsigned link = 0;       ///< link instance, see RunInfo::linkNames
  uint64_t bytes = 0;
  uint64_t issueCycle = 0;
  uint64_t baseEndCycle = 0; ///< issue + base latency
  /// What it reads and writes (`bytes` each); the addresses are valid only
  /// in a functional run.
  target::MemoryRange src, dst;
};

/// A DMA began to move bytes on its link (base latency over, link free), or
/// finished.
struct DmaProgressEvent {
  uint32_t id = 0;
  uint64_t cycle = 0;
};

/// A wait for copies reached its in-order issue point at `readyCycle` and
/// issued at `issueCycle`. `dmas` are the DMAs it waited for (possibly
/// none); the stall is charged to `charged`, the one finishing last. Exactly
/// one of the stall (base + transfer) and `slack` is non-zero unless both
/// are zero.
struct DmaWaitEvent {
  uint64_t index = 0;
  target::SyncId sync = 0;
  uint64_t readyCycle = 0;
  uint64_t issueCycle = 0;
  llvm::ArrayRef<uint32_t> dmas;
  uint32_t charged = 0; ///< meaningful only if `dmas` is not empty
  uint64_t baseStall = 0;
  uint64_t transferStall = 0;
  uint64_t slack = 0;
};

/// A memory access of an executed instruction, with its resolved address
/// (functional runs only). DMA reads and writes are reported at the DMA's
/// issue cycle: that is when its buffers must be reserved.
struct MemoryAccessEvent {
  uint64_t index = 0;
  uint64_t cycle = 0;
  target::MemoryRange range;
  bool isWrite = false;
  bool isDma = false;
};

/// Once per run, after everything else.
struct RunSummary {
  uint64_t instructions = 0;
  /// Cycle at which the last instruction's results are ready.
  uint64_t totalCycles = 0;
  /// Cycle at which the last DMA completed (DMAs never waited for included).
  uint64_t lastDmaCycle = 0;
};

/// Receives simulator events. Override what you need.
class SimListener {
public:
  virtual ~SimListener();
  virtual void onRunStart(const RunInfo &info) {}
  virtual void onIssue(const IssueEvent &event) {}
  virtual void onRetire(const RetireEvent &event) {}
  virtual void onResourceBusy(const ResourceBusyEvent &event) {}
  virtual void onDmaIssue(const DmaIssueEvent &event) {}
  virtual void onDmaStart(const DmaProgressEvent &event) {}
  virtual void onDmaComplete(const DmaProgressEvent &event) {}
  virtual void onDmaWait(const DmaWaitEvent &event) {}
  virtual void onMemoryAccess(const MemoryAccessEvent &event) {}
  virtual void onRunEnd(const RunSummary &summary) {}
};

} // namespace snr::sim

#endif // SNR_SIM_SIMEVENTS_H

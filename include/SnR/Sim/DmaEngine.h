//===- DmaEngine.h - Timing of asynchronous DMAs ----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The DMA model of DESIGN.md, exactly:
//  * a DMA issued at cycle ti has a constant base latency Tb; base latencies
//    of DMAs in flight overlap (they do not accumulate);
//  * from ti + Tb it queues on its link; a link moves one DMA at a time, in
//    issue order; the transfer takes bytes / bandwidth cycles;
//  * links in a bandwidth group share it: while n links of a group move data,
//    each moves at most group bandwidth / n (and never more than its own);
//  * a transfer completes at the end of the cycle its last byte arrives in
//    (completion cycles are integers).
// The engine is advanced lazily and only as far as a question needs: DMAs are
// issued at non-decreasing cycles, never earlier than the engine has run.
// It keeps the record of a DMA only while it is needed: once the DMA has
// completed and its waiter has released it, the record goes, so the
// engine's memory follows the DMAs in flight, not every DMA of the run.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_DMAENGINE_H
#define SNR_SIM_DMAENGINE_H

#include "SnR/Sim/MachineModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>
#include <string>
#include <vector>

namespace snr::sim {

struct DmaTransfer {
  uint32_t id = 0;
  unsigned link = 0; ///< link instance
  uint64_t bytes = 0;
  uint64_t issueCycle = 0;
  uint64_t baseEndCycle = 0;
  uint64_t startCycle = 0;    ///< valid once started
  uint64_t completeCycle = 0; ///< valid once completed
  bool started = false;
  bool completed = false;
};

class DmaEngine {
public:
  /// Told when a transfer starts moving bytes and when it completes.
  class Observer {
  public:
    virtual ~Observer();
    virtual void onStart(const DmaTransfer &transfer) = 0;
    virtual void onComplete(const DmaTransfer &transfer) = 0;
  };

  explicit DmaEngine(const MachineModel &machine);

  void setObserver(Observer *newObserver) { observer = newObserver; }

  /// The link instance a DMA from `src` to `dst` uses (`chip` selects the
  /// instance of a per-chip link); -1 if the machine has no such link.
  int getLinkInstance(arch::MemSpace src, arch::MemSpace dst, unsigned chip);
  unsigned getNumLinkInstances() const { return instances.size(); }
  /// "hbm->vmem", or "hbm->rhbm<2>" for a per-chip link.
  std::string getLinkInstanceName(unsigned instance) const;

  /// Issues a DMA of `bytes` on link instance `link` at `cycle`; returns its
  /// id (0, 1, ... in issue order). `cycle` must not be earlier than any
  /// cycle the engine has already been advanced to.
  uint32_t issue(unsigned link, uint64_t bytes, uint64_t cycle);

  /// Advances the engine until DMA `id` completes; returns that cycle.
  uint64_t waitFor(uint32_t id);
  /// Advances the engine until every DMA issued so far completes.
  void drain();
  /// DMA `id` is no longer asked about: its record goes once it has
  /// completed (at once if it has).
  void release(uint32_t id);

  /// The record of DMA `id`, which must not have been released.
  const DmaTransfer &get(uint32_t id) const;
  /// DMAs issued so far, and those whose records are kept.
  uint32_t getNumIssued() const { return nextId; }
  size_t getNumKept() const { return transfers.size(); }
  /// The latest completion so far.
  uint64_t getLastCompleteCycle() const { return lastComplete; }
  /// How far the engine has been advanced.
  uint64_t getCycle() const { return now; }

private:
  struct LinkInstance {
    unsigned spec; ///< index into MachineModel::links
    unsigned chip;
    std::deque<uint32_t> queue; ///< not yet completed, in issue order
    double remaining = 0;       ///< bytes left of the head, once started
  };

public:
  /// What a run changes in the engine (its link instances made), saved and
  /// restored whole: a checkpoint of a timing-only replay
  /// (TimingCheckpoints.h).
  struct Snapshot {
    std::vector<LinkInstance> instances;
    llvm::DenseMap<uint32_t, DmaTransfer> transfers;
    llvm::DenseSet<uint32_t> releasedEarly;
    uint32_t nextId = 0;
    uint64_t now = 0, lastComplete = 0;
    size_t pending = 0;
  };
  Snapshot save() const;
  /// Back to `snapshot`, saved from an engine of the same machine with the
  /// same link instances.
  void restore(const Snapshot &snapshot);
  /// Whether an engine in state `a` evolves from then on as one in state
  /// `b`, `delta` cycles later (earlier if negative), for the issue cycles
  /// a run can still give it (none before `aPresent`, resp. `bPresent`):
  /// the same DMAs in the same queues with the same bytes left, every
  /// cycle that can still matter shifted by `delta`. A completed DMA that
  /// completed before the present matters no more than when.
  static bool sameShifted(const Snapshot &a, uint64_t aPresent,
                          const Snapshot &b, uint64_t bPresent, int64_t delta);

private:
  /// Moves time to the next event (a transfer starting or completing).
  /// Returns false if nothing is pending.
  bool step();
  double rateOf(const LinkInstance &instance,
                llvm::ArrayRef<unsigned> activePerGroup) const;

  const MachineModel &machine;
  Observer *observer = nullptr;
  std::vector<LinkInstance> instances;
  llvm::DenseMap<uint64_t, unsigned> instanceOf; ///< (spec, chip) -> instance
  /// For each link spec, the groups it belongs to.
  std::vector<llvm::SmallVector<unsigned, 2>> groupsOfLink;
  /// The records kept: DMAs not yet completed or not yet released.
  llvm::DenseMap<uint32_t, DmaTransfer> transfers;
  /// Released before they completed: dropped when they complete.
  llvm::DenseSet<uint32_t> releasedEarly;
  uint32_t nextId = 0;
  uint64_t now = 0, lastComplete = 0;
  size_t pending = 0;
};

} // namespace snr::sim

#endif // SNR_SIM_DMAENGINE_H

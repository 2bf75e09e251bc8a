//===- TimingRecorder.h - A run's events, kept ------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A listener that keeps what a run computed in arrays indexed by instruction
// and by DMA id: what the annotation pass writes as attributes and what the
// analyses that need the whole run (dependencies, suggestions) read after it.
// For a model whose busy time its instruction table does not say
// (ModelDescription::busyFromDescriptions), every resource interval too.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_TIMINGRECORDER_H
#define SNR_SIM_TIMINGRECORDER_H

#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace snr::sim {

class TimingRecorder : public SimListener {
public:
  struct Instruction {
    uint64_t issue = 0, ready = 0, stall = 0;
    uint64_t cause = kNoIndex;
    StallKind kind = kNoStall;
    bool executed = true;
  };
  struct Dma {
    DmaIssueEvent issue;
    uint64_t startCycle = 0, completeCycle = 0;
    /// The wait that covered it, if any.
    uint64_t waitIndex = kNoIndex;
  };
  struct Wait {
    uint64_t index = 0;
    /// The sync object it waited on (snr: its DMA flag).
    target::SyncId flag = 0;
    uint64_t readyCycle = 0, issueCycle = 0;
    uint64_t baseStall = 0, transferStall = 0, slack = 0;
    llvm::SmallVector<uint32_t, 2> dmas;
    /// The DMA charged with the stall; kNoDma if the wait covered none.
    uint32_t charged = kNoDma;
  };
  static constexpr uint32_t kNoDma = ~uint32_t(0);
  /// One unit of a resource busy over [begin, end).
  struct Busy {
    ResourceId resource = kNoResource;
    unsigned unit = 0;
    uint64_t begin = 0, end = 0;
  };

  void onRunStart(const RunInfo &info) override;
  void onIssue(const IssueEvent &event) override;
  void onResourceBusy(const ResourceBusyEvent &event) override;
  void onDmaIssue(const DmaIssueEvent &event) override;
  void onDmaStart(const DmaProgressEvent &event) override;
  void onDmaComplete(const DmaProgressEvent &event) override;
  void onDmaWait(const DmaWaitEvent &event) override;
  void onRunEnd(const RunSummary &summary) override;

  std::vector<Instruction> instructions;
  std::vector<Dma> dmas;
  std::vector<Wait> waits;
  /// For each instruction, its index in `dmas` (it started a copy) or
  /// `waits` (it waited for copies); ~0 otherwise.
  std::vector<uint32_t> dmaOrWaitOf;
  std::vector<std::string> linkNames;
  RunSummary summary;

  /// Whether the run's busy intervals are kept (the model's instruction
  /// table does not say them).
  bool keepsBusy() const { return !busyOffsets.empty(); }
  /// The intervals instruction `index` held resources, in the order the
  /// model reported them; empty unless keepsBusy().
  llvm::ArrayRef<Busy> getBusy(uint64_t index) const {
    if (index + 1 >= busyOffsets.size())
      return {};
    return llvm::ArrayRef(busy).slice(
        busyOffsets[index], busyOffsets[index + 1] - busyOffsets[index]);
  }

private:
  /// Every interval, by instruction: those of instruction i are
  /// busy[busyOffsets[i], busyOffsets[i + 1]). A model reports them after
  /// the instruction's issue and before the next one's.
  std::vector<Busy> busy;
  std::vector<uint64_t> busyOffsets;
};

} // namespace snr::sim

#endif // SNR_SIM_TIMINGRECORDER_H

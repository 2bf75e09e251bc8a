//===- InOrderIssue.cpp - Issue in order, as llvm-mca's InOrderIssueStage -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// llvm-mca's InOrderIssueStage, one instruction at a time instead of one
// cycle at a time. An instruction reaches its in-order slot (the cycle the
// previous one issued in, if that cycle has issue bandwidth left for its
// micro-ops), then issues at the first cycle at which
//
//   - every register it reads is ready: the producer's issue + its write
//     latency - the read's ReadAdvance (RegisterFile::checkRAWHazards);
//   - its resources are free (ResourceManager::checkAvailability);
//   - its first write-back is not before the last write-back of an earlier
//     instruction (llvm-mca's in-order write-back, unless RetireOOO);
//   - (SnR's, off like llvm-mca) fetch has restarted after a taken branch.
//
// Each of these becomes true at one cycle and stays true (nothing else
// issues meanwhile), so the cycle is the latest of them, and the one that
// binds is the stall's kind. An instruction of more micro-ops than the
// issue width issues at once and takes the issue slots of the cycles after
// it (llvm-mca's carry-over); BeginGroup and EndGroup start and end a cycle.
//
//===----------------------------------------------------------------------===//

#include "InOrderResources.h"
#include "IssueModels.h"
#include "Scoreboard.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"

using namespace snr::target::riscv::timing;

namespace {
class InOrderIssue : public IssueModel {
public:
  InOrderIssue(const TimingModel &model, const TimingOptions &options,
               llvm::ArrayRef<TimingListener *> listeners)
      : model(model), options(options), listeners(listeners),
        width(std::max(1u, model.getIssueWidth())),
        registers(model.getNumRegUnits()), resources(model) {
    bandwidth = width;
    TimingRunInfo info{&model, &options};
    for (TimingListener *listener : listeners)
      listener->onRunStart(info);
  }

  void issue(uint64_t pc, const TimingDescriptor &desc, bool taken,
             bool shortVector) override;
  TimingSummary finish() override {
    summary.cycles = std::max(summary.cycles, lastCycle);
    for (TimingListener *listener : listeners)
      listener->onRunEnd(summary);
    return summary;
  }

private:
  const TimingModel &model;
  const TimingOptions &options;
  llvm::ArrayRef<TimingListener *> listeners;
  const unsigned width;
  Scoreboard registers;
  InOrderResources resources;
  llvm::SmallVector<ResourceBusyEvent, 8> busy;

  uint64_t index = 0;
  /// The cycle the next instruction may issue in, the micro-ops it has left,
  /// and the micro-ops issued in it (llvm-mca's Bandwidth and NumIssued).
  uint64_t cycle = 0;
  unsigned bandwidth = 0;
  unsigned issuedInCycle = 0;
  /// The instruction whose micro-ops took the issue slots up to `cycle`.
  uint64_t carried = kNoIndex;
  uint64_t lastIssue = 0;
  uint64_t lastIssueIndex = kNoIndex;
  /// The last in-order write-back, and whose.
  uint64_t lastWriteBack = 0;
  uint64_t lastWriteBackIndex = kNoIndex;
  /// After a taken branch: the first cycle its target may issue.
  uint64_t redirect = 0;
  uint64_t redirectIndex = kNoIndex;
  uint64_t lastRetire = 0;
  /// The last cycle anything happens in (a carried-over instruction's).
  uint64_t lastCycle = 0;
  TimingSummary summary;
};
} // namespace

void InOrderIssue::issue(uint64_t pc, const TimingDescriptor &desc, bool taken,
                         bool shortVector) {
  const uint64_t i = index++;
  const unsigned microOps = desc.numMicroOps;
  const bool carryOver = microOps > width;

  // The in-order slot (InOrderIssueStage::isAvailable): this cycle if its
  // bandwidth takes the micro-ops (a carried-over instruction needs none)
  // and a group it must begin is not begun; else the next cycle.
  uint64_t slot = cycle;
  bool fresh = false;
  if ((bandwidth < microOps && !carryOver) ||
      (desc.beginGroup && issuedInCycle != 0)) {
    slot = cycle + 1;
    fresh = true;
  }
  // Issuing in the next cycle (or in the same one) is not a stall.
  const uint64_t idleFrom = i == 0 ? 0 : lastIssue + 1;
  Binding binding;
  binding.cycle = slot;
  if (slot > idleFrom) {
    binding.kind = StallKind::IssueWidth;
    binding.cause = carried;
  }
  if (options.takenBranches)
    binding.consider(redirect, StallKind::TakenBranch, redirectIndex);
  for (const RegisterRead &read : desc.reads) {
    uint64_t producer;
    uint64_t ready = registers.readyCycle(read, producer);
    binding.consider(ready, StallKind::Register, producer);
  }
  const unsigned latency = getLatency(desc, options);
  if (!desc.retireOOO && lastWriteBack) {
    unsigned firstWriteBack = getFirstWriteBack(desc, options);
    if (lastWriteBack > firstWriteBack)
      binding.consider(lastWriteBack - firstWriteBack, StallKind::WriteOrder,
                       lastWriteBackIndex);
  }
  ResourceId blocking;
  uint64_t holder;
  uint64_t at = resources.earliestIssue(desc, binding.cycle, blocking, holder);
  binding.consider(at, StallKind::Resource, holder, blocking);
  const uint64_t t = binding.cycle;

  // A stalled instruction issues at the start of a cycle of its own.
  if (t > slot || fresh) {
    bandwidth = width;
    issuedInCycle = 0;
  }
  busy.clear();
  resources.issue(desc, t, i, listeners.empty() ? nullptr : &busy);

  if (carryOver && microOps > bandwidth) {
    // It issues now and its remaining micro-ops take the next cycles'
    // slots (InOrderIssueStage::updateCarriedOver).
    unsigned left = microOps - bandwidth;
    uint64_t c = t;
    for (;;) {
      ++c;
      if (left > width) {
        left -= width;
        continue;
      }
      bandwidth = desc.endGroup ? 0 : width - left;
      break;
    }
    cycle = c;
    issuedInCycle = 0;
    carried = i;
    lastCycle = std::max(lastCycle, c);
  } else {
    bandwidth -= microOps;
    issuedInCycle += microOps;
    if (desc.endGroup)
      bandwidth = 0;
    cycle = t;
  }
  lastIssue = t;
  lastIssueIndex = i;

  const uint64_t ready = t + latency;
  for (const RegisterWrite &write : desc.writes)
    registers.write(write, t, i);
  // A zero-latency instruction is done at once and does not hold the
  // write-back order (unless it is carried over).
  if (!desc.retireOOO && (latency || carryOver)) {
    lastWriteBack = ready;
    lastWriteBackIndex = i;
  }
  if (taken) {
    ++summary.takenBranches;
    if (options.takenBranches) {
      redirect = t + 1 + options.takenBranchPenalty;
      redirectIndex = i;
    }
  }

  ++summary.instructions;
  summary.microOps += microOps;
  summary.cycles = std::max(summary.cycles, ready);
  if (shortVector)
    ++summary.shortVectorInstructions;
  if (desc.untimed)
    ++summary.untimedInstructions;
  const uint64_t stall = t > idleFrom ? t - idleFrom : 0;
  if (stall)
    summary.stallCycles[unsigned(binding.kind)] += stall;
  lastRetire = std::max(lastRetire, ready);

  if (listeners.empty())
    return;
  TimingIssueEvent event =
      makeIssueEvent(i, pc, desc, t, t, ready, stall, binding, taken);
  for (TimingListener *listener : listeners)
    listener->onIssue(event);
  for (const ResourceBusyEvent &interval : busy)
    for (TimingListener *listener : listeners)
      listener->onResourceBusy(interval);
  TimingRetireEvent retire{i, lastRetire};
  for (TimingListener *listener : listeners)
    listener->onRetire(retire);
}

std::unique_ptr<IssueModel> snr::target::riscv::timing::createInOrderIssue(
    const TimingModel &model, const TimingOptions &options,
    llvm::ArrayRef<TimingListener *> listeners) {
  return std::make_unique<InOrderIssue>(model, options, listeners);
}

//===- IssueModels.h - In-order and out-of-order issue ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The two issue models behind TimingEngine, and what they share.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_TIMING_ISSUEMODELS_H
#define SNR_LIB_TARGET_RISCV_TIMING_ISSUEMODELS_H

#include "SnR/Target/RISCV/Timing/TimingEngine.h"

#include <algorithm>

namespace snr::target::riscv::timing {

/// As llvm-mca's InOrderIssueStage issues (TimingModel::isOutOfOrder false).
std::unique_ptr<IssueModel>
createInOrderIssue(const TimingModel &model, const TimingOptions &options,
                   llvm::ArrayRef<TimingListener *> listeners);
/// An approximation of llvm-mca's out-of-order pipeline.
std::unique_ptr<IssueModel>
createOutOfOrderIssue(const TimingModel &model, const TimingOptions &options,
                      llvm::ArrayRef<TimingListener *> listeners);

/// Cycles from issue until every result of `desc` is written.
inline unsigned getLatency(const TimingDescriptor &desc,
                           const TimingOptions &options) {
  return options.mcaCallLatency && desc.isCall ? options.callLatency
                                               : desc.maxLatency;
}

/// The earliest of its writes (its latency if it writes no register), as
/// llvm-mca's findFirstWriteBackCycle.
inline unsigned getFirstWriteBack(const TimingDescriptor &desc,
                                  const TimingOptions &options) {
  unsigned first = getLatency(desc, options);
  for (const RegisterWrite &write : desc.writes)
    first = std::min(first, write.latency);
  return first;
}

/// The binding constraint of an issue: the latest cycle, with its reason.
struct Binding {
  uint64_t cycle = 0;
  StallKind kind = StallKind::None;
  uint64_t cause = kNoIndex;
  ResourceId resource = 0;
  void consider(uint64_t at, StallKind why, uint64_t who, ResourceId what = 0) {
    if (at > cycle) {
      cycle = at;
      kind = why;
      cause = who;
      resource = what;
    }
  }
};

/// The issue event of instruction `index` (both issue models notify the
/// same): the binding constraint is its stall's reason when it stalled.
inline TimingIssueEvent makeIssueEvent(uint64_t index, uint64_t pc,
                                       const TimingDescriptor &desc,
                                       uint64_t dispatch, uint64_t cycle,
                                       uint64_t ready, uint64_t stall,
                                       const Binding &binding, bool taken) {
  TimingIssueEvent event;
  event.index = index;
  event.pc = pc;
  event.desc = &desc;
  event.dispatch = dispatch;
  event.cycle = cycle;
  event.ready = ready;
  event.stall = stall;
  event.kind = stall ? binding.kind : StallKind::None;
  event.cause = stall ? binding.cause : kNoIndex;
  event.causeResource = stall ? binding.resource : 0;
  event.taken = taken;
  return event;
}

} // namespace snr::target::riscv::timing

#endif // SNR_LIB_TARGET_RISCV_TIMING_ISSUEMODELS_H

//===- TimingEngine.h - Issue RISC-V instructions by a model ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The issue model: given the dynamic instructions of a trace in order, each
// with its TimingDescriptor, it computes when each issues and when its
// results are ready, and tells its listeners (TimingEvents.h). It follows
// the model: in order (a micro-op buffer of at most one entry, like
// sifive-x280), as llvm-mca's InOrderIssueStage issues; out of order
// otherwise, an approximation of llvm-mca's dispatch/scheduler/retire
// pipeline. It advances per instruction, not per cycle, and allocates
// nothing per instruction.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_TIMINGENGINE_H
#define SNR_TARGET_RISCV_TIMING_TIMINGENGINE_H

#include "SnR/Target/RISCV/Timing/TimingEvents.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace snr::target::riscv::timing {

class TimingModel;

/// What SnR models beyond llvm-mca, each switchable. likeMca() turns them
/// all off, for a like-for-like comparison with llvm-mca on the same
/// instruction stream.
struct TimingOptions {
  /// A taken branch or jump ends its issue group, and its target issues
  /// `takenBranchPenalty` cycles later still (fetch restarting at the
  /// target). LLVM's models have no such cost (only MispredictPenalty, for
  /// mispredictions, which a trace cannot know), so the default penalty,
  /// one cycle, is SnR's.
  bool takenBranches = true;
  unsigned takenBranchPenalty = 1;
  /// A vector instruction whose vl is below VLMAX is timed with the
  /// model's class for the smallest LMUL that holds vl elements (no smaller
  /// than SEW/ELEN allows, no larger than its own), when the model has
  /// classes per LMUL: the elements processed, not the register group,
  /// set its cost.
  bool scaleWithVL = true;
  /// Calls take llvm-mca's call latency (its -call-latency, default 100)
  /// instead of the model's latency. Off by default: SnR times a call as
  /// the jump it is.
  bool mcaCallLatency = false;
  unsigned callLatency = 100;

  static TimingOptions likeMca() {
    TimingOptions options;
    options.takenBranches = false;
    options.scaleWithVL = false;
    options.mcaCallLatency = true;
    return options;
  }
};

/// One issue model (in order or out of order), behind the engine.
class IssueModel {
public:
  virtual ~IssueModel();
  virtual void issue(uint64_t pc, const TimingDescriptor &desc, bool taken,
                     bool shortVector) = 0;
  virtual TimingSummary finish() = 0;
};

class TimingEngine {
public:
  /// An engine for `model`'s core (in order or out of order as the model
  /// says). `listeners` are told everything; they must outlive the engine.
  TimingEngine(const TimingModel &model, const TimingOptions &options,
               llvm::ArrayRef<TimingListener *> listeners = {});
  ~TimingEngine();

  /// Times the next instruction of the trace: `desc` its descriptor (for the
  /// vector configuration it runs under), `taken` whether control did not
  /// fall through to the next instruction, `shortVector` whether `desc` is
  /// the class of a smaller LMUL because vl was short (counted only).
  void issue(uint64_t pc, const TimingDescriptor &desc, bool taken,
             bool shortVector = false) {
    impl->issue(pc, desc, taken, shortVector);
  }
  /// Ends the run: the summary, also told to the listeners.
  TimingSummary finish() { return impl->finish(); }

private:
  TimingOptions options;
  llvm::SmallVector<TimingListener *, 4> listeners;
  std::unique_ptr<IssueModel> impl;
};

} // namespace snr::target::riscv::timing

#endif // SNR_TARGET_RISCV_TIMING_TIMINGENGINE_H

//===- TimingEvents.h - What the RISC-V issue model notifies ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The RISC-V issue model (TimingEngine) never knows who is listening: it
// notifies events, shaped like the snr simulator's (SnR/Sim/SimEvents.h)
// so that one adapter can forward them to SnR's SimListeners: an issue with
// its stall kind and cause, a resource busy over an interval, a retire, a
// summary. Resources are small integer ids named by the model
// (TimingModel::getResource).
//
// Ordering: instruction events come in trace order. In order, issue cycles
// do not decrease; out of order they may.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_TIMINGEVENTS_H
#define SNR_TARGET_RISCV_TIMING_TIMINGEVENTS_H

#include "SnR/Target/RISCV/Timing/TimingDescriptor.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>

namespace snr::target::riscv::timing {

class TimingModel;
struct TimingOptions;

/// Why an instruction issued later than it could have. When several
/// reasons hold, the one that binds longest is reported.
enum class StallKind : uint8_t {
  None,
  /// A source register's value is not ready: the cause wrote it.
  Register,
  /// A processor resource it needs is busy: the cause holds it.
  Resource,
  /// Fetch restarts after a taken branch or jump (SnR's, not llvm-mca's):
  /// the cause is the branch.
  TakenBranch,
  /// Results are written back in program order (llvm-mca's in-order issue
  /// stage): the cause writes back last before it.
  WriteOrder,
  /// The issue slots of the cycle are taken by an earlier instruction's
  /// micro-ops (or it must start or end an issue group): the cause.
  IssueWidth,
  /// Out of order: the micro-op buffer (reorder buffer) is full; the cause
  /// must retire first.
  Window,
};
inline constexpr unsigned kNumStallKinds = 7;
llvm::StringRef getStallKindName(StallKind kind);

/// Sentinel for "no instruction".
inline constexpr uint64_t kNoIndex = ~uint64_t(0);

/// Once per run, before anything else.
struct TimingRunInfo {
  const TimingModel *model = nullptr;
  const TimingOptions *options = nullptr;
};

/// An instruction issued. Every instruction issues exactly once.
struct TimingIssueEvent {
  uint64_t index = 0;
  uint64_t pc = 0;
  const TimingDescriptor *desc = nullptr;
  /// Out of order: the cycle it entered the micro-op buffer; in order, its
  /// issue cycle.
  uint64_t dispatch = 0;
  uint64_t cycle = 0; ///< issue cycle
  uint64_t ready = 0; ///< cycle its last result is written
  /// In order: cycles in which nothing issued before it, issue - (previous
  /// issue + 1) when positive, as the snr simulator counts them. Out of
  /// order: cycles from the earliest it could have entered the buffer to its
  /// issue.
  uint64_t stall = 0;
  StallKind kind = StallKind::None;
  uint64_t cause = kNoIndex;    ///< the instruction that caused the stall
  ResourceId causeResource = 0; ///< for a Resource stall, the resource
  bool taken = false;           ///< it is a taken branch or jump
};

/// An instruction retired (in trace order).
struct TimingRetireEvent {
  uint64_t index = 0;
  uint64_t cycle = 0;
};

/// A unit of a resource was occupied by an instruction over [begin, end).
/// A reserved group is reported as its own resource, unit 0.
struct ResourceBusyEvent {
  ResourceId resource = 0;
  unsigned unit = 0;
  uint64_t index = 0;
  uint64_t begin = 0, end = 0;
};

/// Once per run, after everything else.
struct TimingSummary {
  uint64_t instructions = 0;
  /// Cycle at which the last result is written (the snr simulator's
  /// totalCycles). llvm-mca's "Total Cycles" counts cycles 0 to that one:
  /// one more.
  uint64_t cycles = 0;
  uint64_t microOps = 0;
  /// Stall cycles by StallKind.
  std::array<uint64_t, kNumStallKinds> stallCycles{};
  uint64_t takenBranches = 0;
  /// Vector instructions timed at a smaller LMUL than their own because vl
  /// was short (TimingOptions::scaleWithVL), and how many.
  uint64_t shortVectorInstructions = 0;
  /// Instructions the model has no timing for (TimingDescriptor::untimed).
  uint64_t untimedInstructions = 0;
};

/// Receives the issue model's events. Override what you need.
class TimingListener {
public:
  virtual ~TimingListener();
  virtual void onRunStart(const TimingRunInfo &info) {}
  virtual void onIssue(const TimingIssueEvent &event) {}
  virtual void onResourceBusy(const ResourceBusyEvent &event) {}
  virtual void onRetire(const TimingRetireEvent &event) {}
  virtual void onRunEnd(const TimingSummary &summary) {}
};

} // namespace snr::target::riscv::timing

#endif // SNR_TARGET_RISCV_TIMING_TIMINGEVENTS_H

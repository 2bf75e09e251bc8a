//===- TraceTimer.h - Time a recorded RISC-V trace --------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Timing-only replay of a recorded RISC-V trace: each dynamic instruction
// decoded once per PC, its descriptor looked up for the vtype and vl in
// force (TimingModel::getDescriptor), and issued by a TimingEngine.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_TRACETIMER_H
#define SNR_TARGET_RISCV_TIMING_TRACETIMER_H

#include "SnR/Target/RISCV/Timing/RecordedTrace.h"
#include "SnR/Target/RISCV/Timing/TimingEngine.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <vector>

namespace snr::target::riscv {
class RISCVInstruction;
class RISCVTarget;
} // namespace snr::target::riscv

namespace snr::target::riscv::timing {

class TimingModel;

/// What each of SnR's effects adds to a run: its cycles minus the cycles of
/// the same run without that one effect (negative when it saves cycles, as
/// a short vl does).
struct EffectCosts {
  int64_t takenBranches = 0;
  int64_t actualVL = 0;
  /// Calls at the model's latency rather than llvm-mca's (or the reverse,
  /// if the run gives them llvm-mca's).
  int64_t calls = 0;
  /// The cycles with every effect off (TimingOptions::likeMca()).
  uint64_t likeMcaCycles = 0;
};

class TraceTimer {
public:
  /// A timer for traces of `model`'s target.
  explicit TraceTimer(TimingModel &model);
  ~TraceTimer();

  /// Decodes the first `count` instructions of `trace` (all if 0), each PC
  /// once, and follows vtype and vl through them. An error names the PC of
  /// an instruction that cannot be decoded.
  llvm::Error prepare(const RecordedTrace &trace, size_t count = 0);

  /// Times the prepared instructions.
  llvm::Expected<TimingSummary>
  run(const TimingOptions &options,
      llvm::ArrayRef<TimingListener *> listeners = {});

  /// What each effect of `options` adds to `summary`, the run with them:
  /// times the instructions again without each (and without all).
  llvm::Expected<EffectCosts> measureEffects(const TimingOptions &options,
                                             const TimingSummary &summary);

  size_t size() const { return steps.size(); }
  /// The i-th dynamic instruction, and the vtype in force when it runs
  /// (none before the first vsetvli unless the snapshot has it).
  const RISCVInstruction &getInstruction(size_t i) const;
  std::optional<VectorType> getVectorType(size_t i) const;
  uint64_t getVL(size_t i) const { return steps[i].vl; }

  /// The vtype `vtype` is timed at with `vl` elements: the smallest LMUL at
  /// which VLMAX holds `vl` (no smaller than SEW/ELEN allows for ELEN 64, no
  /// larger than its own) on a machine of `vlenb` bytes per register.
  static VectorType getTimedVectorType(VectorType vtype, uint64_t vl,
                                       unsigned vlenb);

private:
  struct StaticInstruction;
  struct Step {
    StaticInstruction *inst = nullptr;
    /// vl in force (kUnknownVL when unknown).
    uint32_t vl = 0;
    /// vtype in force: vsew and vlmul bits, or kNoVType.
    uint8_t vtype = 0;
    bool taken = false;
  };
  llvm::Expected<const TimingDescriptor *>
  getDescriptor(StaticInstruction &inst, const Step &step, bool scaleWithVL,
                bool &shortVector);

  TimingModel &model;
  unsigned vlenb = 0;
  std::vector<std::unique_ptr<StaticInstruction>> statics;
  std::vector<Step> steps;
};

} // namespace snr::target::riscv::timing

#endif // SNR_TARGET_RISCV_TIMING_TRACETIMER_H

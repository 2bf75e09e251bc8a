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
// RecordedTrace is an interim reader of the JSONL trace's few fields the
// timing needs (docs/trace-format.md, "Other ISAs"): the header's isa_string
// and vlenb; the snapshot's vl and vtype; each instruction's pc, enc,
// next_pc and the vl and vtype recorded after it. SnR's reader of RISC-V
// traces (lib/Trace) will replace it.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_TRACETIMER_H
#define SNR_TARGET_RISCV_TIMING_TRACETIMER_H

#include "SnR/Target/RISCV/Timing/TimingEngine.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace snr::target::riscv {
class RISCVInstruction;
class RISCVTarget;
} // namespace snr::target::riscv

namespace snr::target::riscv::timing {

class TimingModel;

struct RecordedInstruction {
  uint64_t pc = 0;
  /// The instruction word (2 or 4 bytes: `size`).
  uint32_t encoding = 0;
  uint8_t size = 4;
  /// Control did not fall through (the trace has a next_pc).
  bool taken = false;
  /// vl and vtype as recorded after it (after a vsetvli, a fault-only-first
  /// load), when recorded.
  std::optional<uint64_t> vlAfter;
  std::optional<uint64_t> vtypeAfter;
};

struct RecordedTrace {
  std::string isaString;
  unsigned vlenb = 0;
  /// The header's hlo_map: the functions the window went through.
  struct Function {
    std::string name;
    uint64_t begin = 0, end = 0;
  };
  std::vector<Function> functions;
  /// vl and vtype in the snapshot, when the window reads them first.
  std::optional<uint64_t> vl;
  std::optional<uint64_t> vtype;
  std::vector<RecordedInstruction> instructions;

  /// Reads an uncompressed JSONL RISC-V trace; an error says
  /// `file:line: message`.
  static llvm::Expected<RecordedTrace> read(llvm::StringRef path);

  /// How many instructions the window starts with that are in function
  /// `name` (its first visit: up to its return); an error if the trace
  /// names no such function.
  llvm::Expected<size_t> countInFunction(llvm::StringRef name) const;
};

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

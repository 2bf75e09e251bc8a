//===- RISCVRun.h - A RISC-V trace replayed and timed -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What snr-replay knows of a RISC-V run once the trace has replayed
// functionally and been timed with an LLVM scheduling model: the totals, what
// each of SnR's extra effects adds, and the figures folded per static
// instruction, per resource, per function and per source line. Every output
// of the run directory (summary, metrics.json, remarks, timeline, report) is
// written from this one structure, so they agree.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPLAY_RISCV_RISCVRUN_H
#define SNR_REPLAY_RISCV_RISCVRUN_H

#include "SnR/Target/RISCV/Timing/TimingEngine.h"
#include "SnR/Target/RISCV/Timing/TimingEvents.h"
#include "SnR/Target/RISCV/Timing/TraceTimer.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace snr::target {
class ElfImage;
} // namespace snr::target

namespace snr::replay::riscv {

using StallCycles =
    std::array<uint64_t, target::riscv::timing::kNumStallKinds>;

/// Where a PC is in the source: DWARF's line (with --elf), and the function.
struct SourcePlace {
  std::string function; ///< "" when neither the trace nor the ELF names it
  std::string file;     ///< "" without a line table
  unsigned line = 0, column = 0;
  bool hasLine() const { return !file.empty() && line; }
  /// "gemv_i8.c:12:5" (the file's base name), or "" without a line.
  std::string getShortText() const;
};

/// One static instruction (a PC), over its executions.
struct StaticInstruction {
  uint64_t pc = 0;
  std::string text;     ///< as LLVM prints it ("vle8.v v8, (a0)")
  std::string mnemonic; ///< "vle8.v"
  SourcePlace place;
  bool mayLoad = false;
  uint64_t executions = 0;
  /// Its own cycles: from each execution's issue to the next instruction's
  /// (the last one's to the end of the run). They add up to the run.
  uint64_t cycles = 0;
  /// Cycles in which nothing issued before it, by the constraint that bound.
  uint64_t stallCycles = 0;
  StallCycles stallByKind{};
  /// The stall cycles of the instructions it held up (it is their cause).
  uint64_t causedStallCycles = 0;
  StallCycles causedByKind{};
  /// For a load: the register stalls of the instructions that waited for its
  /// value (its latency exposed to its uses), by the consumer's PC.
  uint64_t loadUseStallCycles = 0, loadUseStalls = 0;
  std::map<uint64_t, uint64_t> loadUseConsumers;
  /// For a vsetvli/vsetivli/vsetvl: executions that changed SEW or LMUL
  /// (or set the first vtype), and executions that left vl, SEW and LMUL as
  /// they were (the tail and mask policies are not followed).
  bool setsVectorConfig = false;
  uint64_t vtypeChanges = 0, unchangedConfigs = 0;
};

/// A processor resource of the model, over the run.
struct ResourceUsage {
  std::string name;
  unsigned units = 1;
  uint64_t uses = 0;
  /// Unit-cycles it was held (a resource of two units busy together for one
  /// cycle counts two).
  uint64_t busyCycles = 0;
  double getBusyFraction(uint64_t cycles) const {
    return cycles ? double(busyCycles) / (double(cycles) * units) : 0.0;
  }
};

/// Figures of a set of instructions: a function, or a source line.
struct GroupFigures {
  std::string name; ///< the function, or "file:line"
  std::string function, file;
  unsigned line = 0;
  uint64_t instructions = 0;
  uint64_t cycles = 0; ///< own cycles (they add up to the run)
  uint64_t firstCycle = UINT64_MAX, lastCycle = 0; ///< issue, ready
  uint64_t stallCycles = 0;
  StallCycles stallByKind{};
};

/// One interval a resource unit was held, for the timeline.
struct BusyInterval {
  target::riscv::timing::ResourceId resource = 0;
  unsigned unit = 0;
  uint32_t staticIndex = 0; ///< into RISCVRun::statics
  uint64_t begin = 0, end = 0;
};

/// Everything of a RISC-V run.
struct RISCVRun {
  std::string traceFile, elfFile;
  std::string isaString;
  unsigned vlenb = 0;
  /// The functional replay: instructions checked, whether the program ended.
  uint64_t replayedInstructions = 0;
  bool programEnded = false;

  /// The model.
  std::string cpu;
  bool outOfOrder = false;
  unsigned issueWidth = 0, microOpBufferSize = 0, vlen = 0, loadLatency = 0;
  /// Non-empty when the trace's VLEN is not the model's.
  std::string vlenWarning;

  target::riscv::timing::TimingOptions options;
  bool likeMca = false;
  target::riscv::timing::TimingSummary summary;
  /// What each effect adds (none with --like-mca: they are off).
  std::optional<target::riscv::timing::EffectCosts> effects;

  /// vsetvli/vsetivli/vsetvl executed; those that changed SEW or LMUL;
  /// those that left vl, SEW and LMUL as they were.
  uint64_t vectorConfigs = 0, vtypeChanges = 0, unchangedConfigs = 0;

  /// By PC.
  std::vector<StaticInstruction> statics;
  /// By ResourceId; index 0 and groups are unused (empty name).
  std::vector<ResourceUsage> resources;
  /// In order of first execution.
  std::vector<GroupFigures> functions;
  /// By file and line (only with a line table).
  std::vector<GroupFigures> lines;
  /// The first intervals, for the timeline (at most kMaxTimelineIntervals).
  std::vector<BusyInterval> intervals;
  bool timelineTruncated = false;
  static constexpr size_t kMaxTimelineIntervals = 200000;

  double replaySeconds = 0, timingSeconds = 0;

  /// The static instruction of `pc` (which ran).
  const StaticInstruction &getStatic(uint64_t pc) const;
  double getIPC() const {
    return summary.cycles ? double(summary.instructions) / summary.cycles
                          : 0.0;
  }
};

/// Options of a run.
struct RISCVRunOptions {
  std::string cpu = "sifive-x280";
  bool likeMca = false;
};

/// Replays the RISC-V trace `input` (read from `traceFile`, "-" for standard
/// input) functionally (a divergence is a located error), times it with
/// `options.cpu`'s LLVM scheduling model and folds the figures; `elf` (may
/// be null) places the PCs in the source. `warn` is called with the warnings
/// (the VLEN mismatch, untimed instructions).
llvm::Expected<RISCVRun>
replayRISCVTrace(llvm::MemoryBufferRef input, llvm::StringRef traceFile,
                 const RISCVRunOptions &options,
                 target::ElfImage *elf,
                 llvm::function_ref<void(const llvm::Twine &)> warn);

} // namespace snr::replay::riscv

#endif // SNR_REPLAY_RISCV_RISCVRUN_H

//===- RISCVRun.h - A RISC-V trace replayed and timed -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A RISC-V trace replayed functionally (a divergence is a located error),
// then timed with an LLVM scheduling model while SnR's registered analyses
// listen (SnR/Analysis/ReplayAnalyses.h): the timing model's events are
// forwarded to them as the snr simulator's are, so the run directory is
// written by the same views as an snr trace's. Besides the analyses' results,
// what only this model knows: the model's parameters, what each of SnR's
// extra effects adds to llvm-mca's timing, and the vsetvl churn
// (RISCVModelView.cpp renders them).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPLAY_RISCV_RISCVRUN_H
#define SNR_REPLAY_RISCV_RISCVRUN_H

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Target/RISCV/Timing/TimingEngine.h"
#include "SnR/Target/RISCV/Timing/TimingEvents.h"
#include "SnR/Target/RISCV/Timing/TraceTimer.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace snr::target {
class ElfImage;
} // namespace snr::target

namespace snr::replay::riscv {

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

  /// The registered analyses' results over the timing, finished.
  std::unique_ptr<analysis::ReplayResults> results;
};

/// Options of a run.
struct RISCVRunOptions {
  std::string cpu = "sifive-x280";
  bool likeMca = false;
  /// The analyses to compute beside ReplayResults' own (the views'); a
  /// progress callback for them.
  analysis::AnalysisOptions analysis;
};

/// Replays the RISC-V trace `input` (read from `traceFile`, "-" for standard
/// input) functionally (a divergence is a located error), times it with
/// `options.cpu`'s LLVM scheduling model with the analyses listening;
/// `elf` (may be null) places the PCs in the source and names the
/// functions. `warn` is called with the warnings (the VLEN mismatch,
/// untimed instructions).
llvm::Expected<RISCVRun>
replayRISCVTrace(llvm::MemoryBufferRef input, llvm::StringRef traceFile,
                 const RISCVRunOptions &options, target::ElfImage *elf,
                 llvm::function_ref<void(const llvm::Twine &)> warn);

/// The views a RISC-V run adds to the built-in ones: the model and its
/// effects (after the run's figures), the costliest instructions, the
/// source lines, and the loads whose latency is exposed (its suggestions).
/// `run` must outlive them.
report::AnalysisViewList createRISCVViews(const RISCVRun &run);
/// The analyses those views render beside ReplayResults' own
/// (RISCVRunOptions::analysis.analyses).
std::vector<const analysis::AnalysisInfo *> getRISCVViewAnalyses();

} // namespace snr::replay::riscv

#endif // SNR_REPLAY_RISCV_RISCVRUN_H

//===- RISCVOutputs.h - The run directory of a RISC-V run -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The files snr-replay writes for a RISC-V trace (docs/replay.md, "RISC-V
// traces"), each from a RISCVRun and each in a file of its own: the
// one-screen summary, metrics.json (snr-metrics version 1, which snr-diff
// reads), the remarks as LLVM remark YAML, the Chrome-trace timeline and the
// self-contained HTML report. The analyses they share (the costliest
// instructions, the loads whose latency is exposed) are in
// RISCVBottlenecks.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPLAY_RISCV_RISCVOUTPUTS_H
#define SNR_REPLAY_RISCV_RISCVOUTPUTS_H

#include "SnR/Replay/RISCV/RISCVRun.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace snr::replay::riscv {

/// What the DMA sections say: why the DMA analysis does not apply here,
/// as its registration says it (it needs asynchronous copies, RISC-V has
/// none: SnR/Analysis/AnalysisSet.h).
std::string getNoDmaNote();

/// The static instructions that cost the most cycles (their own cycles),
/// costliest first, at most `limit`.
std::vector<const StaticInstruction *> getCostliest(const RISCVRun &run,
                                                    size_t limit);

/// A load whose latency is exposed to its first use: the instructions that
/// read its value stalled on it.
struct LoadUseSuggestion {
  const StaticInstruction *load = nullptr;
  /// The consumer that stalled the most on it.
  const StaticInstruction *firstUse = nullptr;
  uint64_t stallCycles = 0, stalls = 0;
  /// "schedule independent work between the load and its first use
  /// (unroll, or software-pipeline the loop)".
  std::string getAdvice() const;
};
/// Every load that held a register stall up, most stall cycles first.
std::vector<LoadUseSuggestion> getLoadUseSuggestions(const RISCVRun &run);

/// The figures, for metrics.json.
llvm::json::Value buildMetrics(const RISCVRun &run);
/// The one-screen summary; `outputDir` is where the files are.
void printSummary(const RISCVRun &run, llvm::StringRef outputDir,
                  llvm::raw_ostream &os);
/// The remarks (LLVM remark YAML, Pass snr): a stall remark per static
/// instruction that stalled, a load-use-latency remark per suggestion.
llvm::Error writeRemarks(const RISCVRun &run, llvm::raw_ostream &os);
/// The timeline in Chrome's trace event format: a track per resource unit.
void writeTimeline(const RISCVRun &run, llvm::raw_ostream &os);
/// The HTML report: the figures of metrics.json, self-contained.
void writeReportHtml(const RISCVRun &run, llvm::raw_ostream &os);

/// Names and a few words for the stall kinds.
llvm::StringRef getStallKindDescription(unsigned kind);

} // namespace snr::replay::riscv

#endif // SNR_REPLAY_RISCV_RISCVOUTPUTS_H

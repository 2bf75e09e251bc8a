//===- RISCVReplay.h - snr-replay on a RISC-V trace -------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What snr-replay does with a trace of another ISA than snr (a RISC-V trace
// recorded from QEMU by snr-record --remote): replay it functionally, time
// it with an LLVM scheduling model, print the summary and write the run
// directory (docs/replay.md, "RISC-V traces"). The tool only parses options.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPLAY_RISCV_RISCVREPLAY_H
#define SNR_REPLAY_RISCV_RISCVREPLAY_H

#include "SnR/Replay/RISCV/RISCVRun.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace snr::replay::riscv {

struct RISCVReplayOptions {
  /// The trace's name ("-" for standard input) and its bytes, read once by
  /// the caller (standard input cannot be read twice).
  std::string traceFile;
  llvm::MemoryBufferRef input;
  /// The program's ELF (its DWARF line table locates the remarks); "" for
  /// none.
  std::string elfFile;
  std::string outputDir;
  RISCVRunOptions run;
  /// Do not print the summary.
  bool quiet = false;
};

/// Replays, times, prints the summary on `os` and writes the run directory:
/// metrics.json, summary.txt, remarks.opt.yaml, timeline.json, report.html.
/// Nothing is written when the trace is bad, the model unknown or the
/// replay diverges. `warn` receives the warnings.
llvm::Error runRISCVReplay(const RISCVReplayOptions &options,
                           llvm::raw_ostream &os,
                           llvm::function_ref<void(const llvm::Twine &)> warn);

} // namespace snr::replay::riscv

#endif // SNR_REPLAY_RISCV_RISCVREPLAY_H

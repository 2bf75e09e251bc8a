//===- ReplayPipeline.h - Trace -> replay -> analyses -> outputs -*- C++
//-*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What snr-replay does, as a library: read a trace (and its program), replay
// it once with every analysis listening, render the analyses through their
// views (summary, metrics.json, report.html, remarks, exports), with --apply
// rewrite the trace and the program and prove both, and write the annotated
// trace last. The tool only parses its command line into these options.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_PIPELINE_REPLAYPIPELINE_H
#define SNR_PIPELINE_REPLAYPIPELINE_H

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Export/ChakraExport.h"
#include "SnR/Pipeline/Options.h"
#include "SnR/Report/FoldedStacks.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace snr::pipeline {

/// How the annotated trace is written.
enum class AnnotatedFormat { Bytecode, Text, None };

/// Everything snr-replay is asked (docs/replay.md).
struct ReplayPipelineOptions {
  /// The name the pipeline's warnings and notes carry, and the run
  /// directory's marker: the driver's.
  std::string toolName = "snr-replay";
  std::string traceFile;
  std::string outputDir;
  /// The flags given on the command line (without "--"), for the check
  /// that each applies to the trace's ISA.
  std::vector<std::string> givenFlags;
  /// The options snr-replay shares with other tools and the passes
  /// (Options.def).
  MachineOptionValues machine;
  SchedModelOptionValues schedModel;
  AnalysisOptionValues analysis;
  RemarkOptionValues remarks;
  RewriteOptionValues rewrite;
  /// "begin:end", "begin:" or ":end": report only these PCs.
  std::string pcRange;
  /// Report only the instructions of this HLO.
  std::string hloFilter;
  AnnotatedFormat annotated = AnnotatedFormat::Bytecode;
  BytecodeWriterKind bytecodeWriter = BytecodeWriterKind::OnePass;
  uint64_t maxInstructionSlices = 50000;
  uint64_t mergeGapCycles = 16;
  bool noTimeline = false;
  /// The snr.program the trace was recorded from ("" for none).
  std::string programFile;
  /// RISC-V: the program's ELF, whose line table locates the remarks.
  std::string elfFile;
  bool quiet = false;
  /// Show progress on standard error.
  bool progress = false;
  /// Analysis plugins to load.
  std::vector<std::string> loadAnalyses;

  // Results in other tools' formats (docs/exports.md).
  std::string chakraDir;
  exporter::ChakraGranularity chakraGranularity =
      exporter::ChakraGranularity::Hlo;
  unsigned chakraNpu = 0;
  std::string xlaProfile;
  std::string xlaFingerprint;
  std::string foldedStacks;
  report::FoldedStacksMode foldedStacksMode = report::FoldedStacksMode::Stalls;

  /// Rewrite the trace (and the program) as `rewrite` says, and prove it
  /// (docs/rewrite.md).
  bool apply = false;
};

/// Runs the whole replay of a trace as `options` say, printing the summary
/// on standard output (unless quiet) and notes and warnings on standard
/// error. A trace of another ISA than snr (RISC-V) is replayed and timed by
/// that ISA's own (SnR/Replay/RISCV/RISCVRun.h), then reported by the same
/// views with those the target adds; a flag given for the other kind of
/// trace is an error. Every option is checked
/// before any work; nothing is written if the trace is bad or the replay
/// diverges. The error is the one-line message the tool prints.
llvm::Error runReplayPipeline(const ReplayPipelineOptions &options);

} // namespace snr::pipeline

#endif // SNR_PIPELINE_REPLAYPIPELINE_H

//===- snr-replay.cpp - Trace -> replay -> analyses -> report -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The end-to-end tool:
//
//   snr-replay trace.jsonl [--machine chip.json] -o out/
//
// reads a trace (plain, .gz or .zst), replays it functionally on the
// cycle-level model with every analysis listening, prints a one-screen
// summary, and writes into the output directory the metrics, the Perfetto
// timeline, the plots, the HTML report, the suggestions as remarks and the
// annotated trace. Nothing is written if the trace is bad or the replay
// diverges.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/Options.h"
#include "SnR/Pipeline/ReplayPipeline.h"
#include "SnR/Support/Arguments.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/Version.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

using namespace snr;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-replay options");
static cl::opt<std::string> traceFile(cl::Positional,
                                      cl::desc("<trace (.jsonl, .gz, .zst)>"),
                                      cl::Required, cl::cat(category));
// --machine, --window, --cache-windows, --max-slice, --per-instance:
// declared once for the tools and the passes (SnR/Pipeline/Options.def).
static pipeline::MachineCLOptions machineOptions(category);
static pipeline::AnalysisCLOptions analysisOptions(category);
static pipeline::RemarkCLOptions remarkOptions(category);
static cl::opt<std::string> outputDir("o", cl::desc("output directory"),
                                      cl::value_desc("dir"), cl::Required,
                                      cl::cat(category));
static cl::opt<std::string>
    pcRange("pc-range",
            cl::desc("report only instructions with begin <= pc < end "
                     "(either bound may be omitted: '100:', ':200')"),
            cl::value_desc("begin:end"), cl::cat(category));
static cl::opt<std::string>
    hloFilter("hlo", cl::desc("report only the instructions of this HLO"),
              cl::value_desc("name"), cl::cat(category));
using pipeline::AnnotatedFormat;
static cl::opt<AnnotatedFormat> annotated(
    "annotated-mlir", cl::desc("how to write the annotated trace"),
    cl::values(clEnumValN(AnnotatedFormat::Bytecode, "bytecode",
                          "annotated.mlirbc (fast; view with snr-opt)"),
               clEnumValN(AnnotatedFormat::Text, "text",
                          "annotated.mlir (slower on large traces)"),
               clEnumValN(AnnotatedFormat::None, "none", "do not write it")),
    cl::init(AnnotatedFormat::Bytecode), cl::cat(category));
static cl::opt<BytecodeWriterKind> bytecodeWriter(
    "snr-bytecode-writer",
    cl::desc("which writer writes annotated.mlirbc (docs/replay.md)"),
    getBytecodeWriterValues(), cl::init(BytecodeWriterKind::OnePass),
    cl::cat(category));
static cl::opt<uint64_t> maxInstructionSlices(
    "max-instruction-slices",
    cl::desc("beyond this many instructions, the timeline merges each unit's "
             "busy stretches within an HLO (docs/reports.md)"),
    cl::init(50000), cl::cat(category));
static cl::opt<uint64_t> mergeGapCycles(
    "merge-gap-cycles",
    cl::desc("when merging, instructions at most this many cycles apart on "
             "one unit belong to one stretch"),
    cl::init(16), cl::cat(category));
static cl::opt<bool> noTimeline("no-timeline",
                                cl::desc("do not write timeline.json"),
                                cl::init(false), cl::cat(category));
static cl::opt<std::string> programFile(
    "program",
    cl::desc("the snr.program file the trace was recorded from: remarks and "
             "reports locate instructions in it (traces recorded by "
             "snr-record carry its line table already); with --apply, its "
             "DMAs move too, proved by re-recording it (the trace must "
             "record the whole run)"),
    cl::value_desc("prog.mlir"), cl::init(""), cl::cat(category));
// RISC-V traces (docs/replay.md, "RISC-V traces").
static cl::opt<std::string>
    elfFile("elf",
            cl::desc("RISC-V: the program's ELF; its DWARF line table "
                     "locates the remarks and reports in the C source"),
            cl::value_desc("file"), cl::cat(category));
// --mcpu, --like-mca (SnR/Pipeline/Options.def).
static pipeline::SchedModelCLOptions schedModelOptions(category);
static cl::opt<bool> quiet("quiet", cl::desc("do not print the summary"),
                           cl::init(false), cl::cat(category));
static cl::list<std::string> loadAnalyses(
    "load-analysis",
    cl::desc("load an analysis plugin (a shared library, see "
             "SnR/Report/AnalysisPlugin.h): it replays with the others, "
             "prints after the summary and writes metrics.json's "
             "plugins.<name>"),
    cl::value_desc("lib.so"), cl::cat(category));

static cl::OptionCategory exportCategory(
    "snr-replay: results in other tools' formats (docs/exports.md)");
static cl::opt<std::string>
    chakraDir("chakra",
              cl::desc("write the replay as a Chakra execution trace, "
                       "<dir>/<program>.<npu>.et"),
              cl::value_desc("dir"), cl::cat(exportCategory));
static cl::opt<exporter::ChakraGranularity> chakraGranularity(
    "chakra-granularity", cl::desc("one Chakra compute node per"),
    cl::values(clEnumValN(exporter::ChakraGranularity::Hlo, "hlo",
                          "run of instructions of one HLO (default)"),
               clEnumValN(exporter::ChakraGranularity::Instruction,
                          "instruction", "instruction")),
    cl::init(exporter::ChakraGranularity::Hlo), cl::cat(exportCategory));
static cl::opt<unsigned>
    chakraNpu("chakra-npu",
              cl::desc("the chip the trace ran on (Chakra's NPU id)"),
              cl::init(0), cl::cat(exportCategory));
static cl::opt<std::string>
    xlaProfile("xla-profile",
               cl::desc("write XLA's ProfiledInstructionsProto (text) for "
                        "profile-guided latency-hiding scheduling"),
               cl::value_desc("file.pbtxt"), cl::cat(exportCategory));
static cl::opt<std::string> xlaFingerprint(
    "xla-fingerprint",
    cl::desc("prefix the profile's names as '<fingerprint>::<name>'"),
    cl::cat(exportCategory));
static cl::opt<std::string> foldedStacks(
    "folded-stacks",
    cl::desc("write the replay as folded stacks "
             "(hlo;pc:instruction@location;leaf cycles) for flamegraph tools"),
    cl::value_desc("file"), cl::cat(exportCategory));
static cl::opt<report::FoldedStacksMode> foldedStacksMode(
    "folded-stacks-mode", cl::desc("what the folded stacks count"),
    cl::values(clEnumValN(report::FoldedStacksMode::Stalls, "stalls",
                          "the stall cycles, by stall kind (default)"),
               clEnumValN(report::FoldedStacksMode::Cycles, "cycles",
                          "every cycle of the run: each instruction's stall "
                          "and issue cycles")),
    cl::init(report::FoldedStacksMode::Stalls), cl::cat(exportCategory));

static cl::OptionCategory rewriteCategory(
    "snr-replay --apply: rewrite the trace as suggested, prove it, report");
static cl::opt<bool> apply(
    "apply",
    cl::desc("hoist the suggested DMAs and issue parallel groups together "
             "(docs/rewrite.md), replay the rewritten trace and check that "
             "its final state is identical and it is not slower; writes "
             "the rewritten trace (rewritten.jsonl, compressed as the input) "
             "and rewrite.json"),
    cl::init(false), cl::cat(rewriteCategory));
// --hoist-model, --hoist-pcs, --rewrite-rounds, --no-hoist, ...
static pipeline::RewriteCLOptions rewriteOptions(rewriteCategory);
static cl::opt<bool> progressFlag(
    "progress",
    cl::desc("show progress (default: when standard error is a terminal)"),
    cl::init(false), cl::cat(category));

namespace {
int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-replay") << message << "\n";
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  if (llvm::Error error = snr::checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  cl::HideUnrelatedOptions(
      {&category, &exportCategory, &rewriteCategory, &getLimitsCategory()});
  cl::ParseCommandLineOptions(
      argc, argv,
      "SnR replay: trace -> cycle-level replay -> analyses -> report\n\n"
      "  snr-replay trace.jsonl -o out/\n\n"
      "reads a trace, replays it on the machine model, prints a summary and "
      "writes\nmetrics.json, timeline.json, the plots, report.html, "
      "remarks.opt.yaml and the\nannotated trace into the output directory.\n");
  pipeline::ReplayPipelineOptions options;
  // The flags given, for the check that each applies to the trace's ISA.
  for (const auto &entry : cl::getRegisteredOptions()) {
    const cl::Option *option = entry.second;
    if (option->getNumOccurrences() && !option->ArgStr.empty() &&
        llvm::any_of(option->Categories, [](cl::OptionCategory *c) {
          return c == &category || c == &exportCategory ||
                 c == &rewriteCategory;
        }))
      options.givenFlags.push_back(option->ArgStr.str());
  }
  options.traceFile = traceFile;
  options.outputDir = outputDir;
  options.machine = machineOptions.getValues();
  options.schedModel = schedModelOptions.getValues();
  options.analysis = analysisOptions.getValues();
  options.remarks = remarkOptions.getValues();
  options.rewrite = rewriteOptions.getValues();
  options.pcRange = pcRange;
  options.hloFilter = hloFilter;
  options.annotated = annotated;
  options.bytecodeWriter = bytecodeWriter;
  options.maxInstructionSlices = maxInstructionSlices;
  options.mergeGapCycles = mergeGapCycles;
  options.noTimeline = noTimeline;
  options.programFile = programFile;
  options.elfFile = elfFile;
  options.quiet = quiet;
  options.progress = progressFlag;
  options.loadAnalyses.assign(loadAnalyses.begin(), loadAnalyses.end());
  options.chakraDir = chakraDir;
  options.chakraGranularity = chakraGranularity;
  options.chakraNpu = chakraNpu;
  options.xlaProfile = xlaProfile;
  options.xlaFingerprint = xlaFingerprint;
  options.foldedStacks = foldedStacks;
  options.foldedStacksMode = foldedStacksMode;
  options.apply = apply;
  if (llvm::Error error = pipeline::runReplayPipeline(options))
    return fail(llvm::toString(std::move(error)));
  return 0;
}

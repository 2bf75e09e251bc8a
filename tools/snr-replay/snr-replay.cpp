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

#include "RewriteProgram.h"
#include "SnR/Analysis/AnalysisPlugin.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Analysis/StaticRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Export/ChakraExport.h"
#include "SnR/Export/XlaProfile.h"
#include "SnR/Record/ProgramMatch.h"
#include "SnR/Replay/RISCV/RISCVReplay.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/FoldedStacks.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/PluginView.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/RewriteHtml.h"
#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Report/RewriteReport.h"
#include "SnR/Report/RunDiff.h"
#include "SnR/Report/RunDirectory.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Summary.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Rewrite/TraceRewriteDriver.h"
#include "SnR/Support/Arguments.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/Printable.h"
#include "SnR/Support/ReturnMemory.h"
#include "SnR/Support/Version.h"
#include "SnR/Trace/Compression.h"
#include "SnR/Trace/Trace.h"
#include "SnR/Trace/TraceReader.h"
#include "SnR/Transforms/AnnotatedTraceWriter.h"
#include "SnR/Transforms/RewriteRemarks.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/WithColor.h"

#include <chrono>
#include <memory>
#include <optional>

using namespace mlir;
using namespace snr;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-replay options");
static cl::opt<std::string> traceFile(cl::Positional,
                                      cl::desc("<trace (.jsonl, .gz, .zst)>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> outputDir("o", cl::desc("output directory"),
                                      cl::value_desc("dir"), cl::Required,
                                      cl::cat(category));
static cl::opt<std::string>
    machineFile("machine",
                cl::desc("machine description JSON (default: the embedded "
                         "snr-ref, see docs/machine.md)"),
                cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string>
    pcRange("pc-range",
            cl::desc("report only instructions with begin <= pc < end "
                     "(either bound may be omitted: '100:', ':200')"),
            cl::value_desc("begin:end"), cl::cat(category));
static cl::opt<std::string>
    hloFilter("hlo", cl::desc("report only the instructions of this HLO"),
              cl::value_desc("name"), cl::cat(category));
enum class AnnotatedFormat { Bytecode, Text, None };
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
static cl::opt<uint64_t>
    windowCycles("window",
                 cl::desc("cycles per utilization window (0: about 200 "
                          "windows over the run)"),
                 cl::init(0), cl::cat(category));
static cl::opt<unsigned> cacheWindows(
    "cache-windows",
    cl::desc("windows the data-cache analysis cuts the run into"),
    cl::init(512), cl::cat(category));
static cl::opt<unsigned> maxSlice(
    "max-slice",
    cl::desc("lightweight producers a relaxed backtail may carry along"),
    cl::init(8), cl::cat(category));
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
static cl::opt<bool> perInstance(
    "per-instance",
    cl::desc("list suggestions and parallel groups one DMA instance at a "
             "time, not one row per static PC"),
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
static cl::opt<std::string>
    mcpu("mcpu",
         cl::desc("RISC-V: the LLVM CPU whose scheduling model times the "
                  "trace (default sifive-x280)"),
         cl::value_desc("name"), cl::init("sifive-x280"), cl::cat(category));
static cl::opt<bool>
    likeMca("like-mca",
            cl::desc("RISC-V: time as llvm-mca does, without SnR's extra "
                     "effects (taken branches, the actual vl)"),
            cl::init(false), cl::cat(category));
static cl::opt<bool> quiet("quiet", cl::desc("do not print the summary"),
                           cl::init(false), cl::cat(category));
static cl::list<std::string> loadAnalyses(
    "load-analysis",
    cl::desc("load an analysis plugin (a shared library, see "
             "SnR/Analysis/AnalysisPlugin.h): it replays with the others, "
             "prints after the summary and writes metrics.json's "
             "plugins.<name>"),
    cl::value_desc("lib.so"), cl::cat(category));

static cl::OptionCategory exportCategory(
    "snr-replay: results in other tools' formats (docs/exports.md)");
static cl::opt<std::string> chakraDir(
    "chakra",
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
static cl::opt<std::string> xlaProfile(
    "xla-profile",
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
static cl::opt<std::string> hoistModel(
    "hoist-model",
    cl::desc("dependence model of the rewrite: relaxed (the address "
             "arithmetic moves with the DMA) or conservative"),
    cl::init("relaxed"), cl::cat(rewriteCategory));
static cl::opt<uint64_t> hoistMaxDistance(
    "hoist-max-distance",
    cl::desc("move a DMA at most this many instructions earlier (0: no "
             "limit)"),
    cl::init(0), cl::cat(rewriteCategory));
static cl::list<uint64_t>
    hoistPcs("hoist-pcs", cl::desc("rewrite only the DMAs issued at these PCs"),
             cl::CommaSeparated, cl::cat(rewriteCategory));
static cl::opt<std::string>
    hoistHlo("hoist-hlo", cl::desc("rewrite only the DMAs issued in this HLO"),
             cl::cat(rewriteCategory));
static cl::opt<bool> hoistIgnoreLinkOrder(
    "hoist-ignore-link-order",
    cl::desc("let a DMA move across another on its link that is waited for "
             "first (the proof then measures and drops what that costs)"),
    cl::init(false), cl::cat(rewriteCategory));
static cl::opt<unsigned> rewriteRounds(
    "rewrite-rounds",
    cl::desc("rounds of the rewrite, each planned on the previous one's "
             "trace and kept only if proved and faster (docs/rewrite.md)"),
    cl::init(4), cl::cat(rewriteCategory));
static cl::opt<bool> noHoist("no-hoist",
                             cl::desc("do not hoist, only parallelize"),
                             cl::init(false), cl::cat(rewriteCategory));
static cl::opt<bool> noParallelize(
    "no-parallelize", cl::desc("do not issue parallel DMA groups together"),
    cl::init(false), cl::cat(rewriteCategory));
static cl::opt<bool> progressFlag(
    "progress",
    cl::desc("show progress (default: when standard error is a terminal)"),
    cl::init(false), cl::cat(category));

namespace {
int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-replay") << message << "\n";
  return 1;
}

/// A progress line on standard error, redrawn in place.
class Progress {
public:
  explicit Progress(bool enabled) : enabled(enabled) {}
  void phase(llvm::StringRef name) {
    if (!enabled)
      return;
    clear();
    llvm::errs() << name << "...";
    width = name.size() + 3;
    current = name.str();
  }
  void update(uint64_t done, uint64_t total) {
    if (!enabled || total == 0)
      return;
    clear();
    std::string line = llvm::formatv("{0}: {1,3}% ({2}/{3} instructions)",
                                     current, done * 100 / total, done, total)
                           .str();
    llvm::errs() << line;
    width = line.size();
  }
  void done() {
    if (enabled)
      clear();
  }

private:
  void clear() {
    if (width)
      llvm::errs() << '\r' << std::string(width, ' ') << '\r';
    width = 0;
  }
  bool enabled;
  size_t width = 0;
  std::string current;
};

/// Says where an analysis used a coarser resolution than asked, to stay in
/// its budget.
void printBudgetNotes(const analysis::ReplayResults &results) {
  llvm::SmallVector<std::string> notes;
  for (const std::unique_ptr<report::AnalysisView> &view :
       report::createBuiltinViews())
    view->getNotes(results, notes);
  for (const std::string &note : notes)
    llvm::WithColor::note(llvm::errs(), "snr-replay") << note << "\n";
}

/// Parses "begin:end", "begin:" or ":end" (decimal or 0x hexadecimal).
bool parsePcRange(llvm::StringRef text, report::ReportOptions &options) {
  if (!text.contains(':'))
    return false;
  auto [first, second] = text.split(':');
  uint64_t value;
  if (!first.trim().empty()) {
    if (first.trim().getAsInteger(0, value))
      return false;
    options.pcBegin = value;
  }
  if (!second.trim().empty()) {
    if (second.trim().getAsInteger(0, value))
      return false;
    options.pcEnd = value;
  }
  return (options.pcBegin || options.pcEnd) &&
         (!options.pcBegin || !options.pcEnd ||
          *options.pcBegin < *options.pcEnd);
}

/// The suggestions as optimization remarks, located in the program (or
/// the trace).
llvm::Error writeRemarks(const analysis::ReplayResults &results,
                         llvm::StringRef path) {
  return writeRemarkFile(path, [&](MLIRContext &context) {
    auto locationOf = [&](uint64_t index) {
      return getInstructionLocation(context, results.info, index);
    };
    if (perInstance)
      emitSuggestionRemarks(results, locationOf);
    else
      emitStaticRemarks(results, locationOf);
  });
}

/// The outputs in other tools' formats that were asked for.
llvm::Error writeExports(const analysis::ReplayResults &results) {
  if (!chakraDir.empty()) {
    exporter::ChakraOptions options;
    options.granularity = chakraGranularity;
    options.npu = chakraNpu;
    if (llvm::Expected<std::string> path =
            exporter::writeChakraTrace(results, chakraDir, options);
        !path)
      return path.takeError();
  }
  if (!xlaProfile.empty()) {
    exporter::XlaProfileOptions options;
    options.fingerprint = xlaFingerprint;
    if (llvm::Error error = report::writeFileAtomically(
            xlaProfile, [&](llvm::raw_ostream &os) {
              exporter::writeXlaProfile(results, os, options);
              return llvm::Error::success();
            }))
      return error;
  }
  if (!foldedStacks.empty())
    return report::writeFileAtomically(foldedStacks,
                                       [&](llvm::raw_ostream &os) {
                                         report::writeFoldedStacks(
                                             report::computeFoldedStacks(
                                                 results, foldedStacksMode),
                                             os);
                                         return llvm::Error::success();
                                       });
  return llvm::Error::success();
}

/// snr-replay --apply: plans the rewrite on the replay, proves it by
/// replaying the result, and writes the rewritten trace (in the input's
/// compression), rewrite.json and the comparison (diff.json, diff.html).
/// Prints what it did unless --quiet. The bound runs on `helpers`.
llvm::Expected<std::unique_ptr<report::TraceRewriteOutcome>>
rewriteAndProve(const trace::Trace &trace,
                const analysis::ReplayResults &results,
                const sim::MachineModel &machine,
                llvm::function_ref<std::string(llvm::StringRef)> inDir,
                std::shared_ptr<const rewrite::TraceEvidence> evidence,
                llvm::ThreadPoolInterface &helpers) {
  auto makeError = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  rewrite::HoistOptions options;
  // main() checked it before any work.
  options.model = *rewrite::lookupDependenceModel(hoistModel);
  options.maxDistance = hoistMaxDistance;
  options.pcs.assign(hoistPcs.begin(), hoistPcs.end());
  options.hlo = hoistHlo;
  options.hoist = !noHoist;
  options.parallelize = !noParallelize;
  options.keepLinkOrder = !hoistIgnoreLinkOrder;

  // Proved move by move (the moves the replay does not prove are dropped),
  // in rounds while each is faster, and beside it the best any schedule of
  // these dependencies could do (lib/Rewrite/TraceRewriteDriver.h).
  rewrite::TraceRewriteOptions rewriteOptions;
  rewriteOptions.hoist = options;
  rewriteOptions.rounds = rewriteRounds;
  rewriteOptions.bound = true;
  rewriteOptions.analysis.dependencies.maxSlice = maxSlice;
  rewriteOptions.helpers = &helpers;
  llvm::Expected<rewrite::TraceRewrite> result = rewrite::rewriteTrace(
      trace, results, machine, rewriteOptions, std::move(evidence));
  if (!result)
    return makeError(traceFile + ": " + llvm::toString(result.takeError()));
  auto outcome = std::make_unique<report::TraceRewriteOutcome>();
  outcome->proved = std::move(result->proved);
  outcome->bound = *result->bound;
  outcome->selected = !options.pcs.empty() || !options.hlo.empty();
  const rewrite::HoistPlan &plan = outcome->proved.plan;

  // Proved: the rewritten trace (unless it is the original), compressed as
  // the input is, and every decision.
  if (plan.changed()) {
    trace::Compression compression = trace::compressionForFileName(traceFile);
    outcome->rewrittenFile = report::getRewrittenTraceFile(compression);
    if (llvm::Error error = report::writeFileAtomically(
            inDir(outcome->rewrittenFile), [&](llvm::raw_ostream &os) {
              return trace::writeCompressed(
                  os, compression, [&](llvm::raw_ostream &out) {
                    outcome->proved.rewritten.write(out);
                  });
            }))
      return std::move(error);
  }
  // The rewritten trace's replay, for the DMA timeline after it and the
  // comparison (diff.json, rewrite.json's after); these read no dependency
  // edge but those of its backtails.
  if (plan.changed()) {
    analysis::AnalysisOptions afterOptions;
    afterOptions.dependencies.backtailEdgesOnly = true;
    llvm::Expected<std::unique_ptr<analysis::ReplayResults>> replayed =
        analysis::analyzeTrace(outcome->proved.rewritten, results.machine,
                               afterOptions);
    if (!replayed)
      return makeError(traceFile + ": replaying the rewritten trace failed: " +
                       llvm::toString(replayed.takeError()));
    outcome->after = std::move(*replayed);
  }
  if (llvm::Error error = report::writeFileAtomically(
          inDir("rewrite.json"), [&](llvm::raw_ostream &os) {
            os << llvm::formatv("{0:2}",
                                report::buildRewriteJson(results, *outcome));
            os << "\n";
            return llvm::Error::success();
          }))
    return std::move(error);
  if (!quiet) {
    report::printTraceRewrite(results.info, *outcome, llvm::outs());
    if (plan.changed())
      llvm::outs() << "  rewritten trace: " << inDir(outcome->rewrittenFile)
                   << " (replay it with snr-replay for its full report)\n";
  }
  // Before and after, as snr-diff compares them.
  if (plan.changed())
    if (llvm::Error error = report::writeRewriteDiff(
            results, *outcome->after, outcome->rewrittenFile, outputDir,
            quiet ? nullptr : &llvm::outs()))
      return std::move(error);
  return std::move(outcome);
}

/// Once both rewrites are proved: report.html with them, the summary with
/// them, and their decisions as remarks.
llvm::Error writeRewriteOutputs(
    const analysis::ReplayResults &results,
    const report::ReportOptions &reportOptions,
    llvm::ArrayRef<const report::AnalysisView *> pluginViews,
    const report::RewriteOutcomes &outcomes,
    llvm::function_ref<std::string(llvm::StringRef)> inDir) {
  if (llvm::Error error = report::writeReportHtml(results, outputDir,
                                                  reportOptions, outcomes))
    return error;
  if (llvm::Error error = writeRemarkFile(
          inDir(report::kRewriteRemarksFile), [&](MLIRContext &context) {
            emitRewriteOutcomeRemarks(
                results.info, outcomes,
                [&](uint64_t index) {
                  return getInstructionLocation(context, results.info, index);
                },
                [&](size_t index) -> Location {
                  const report::ProgramRewriteOutcome &p = *outcomes.program;
                  if (!p.lines[index])
                    return UnknownLoc::get(&context);
                  return FileLineColLoc::get(&context, p.programFile,
                                             p.lines[index], p.columns[index]);
                });
          }))
    return error;
  return report::writeFileAtomically(
      inDir(report::kSummaryFile), [&](llvm::raw_ostream &os) -> llvm::Error {
        if (llvm::Error e = report::printSummary(results, os, reportOptions,
                                                 "", pluginViews))
          return e;
        if (outcomes.trace)
          report::printTraceRewrite(results.info, *outcomes.trace, os);
        if (outcomes.program)
          report::printProgramRewrite(*outcomes.program, "", os);
        return llvm::Error::success();
      });
}
} // namespace

/// `name` in the output directory (before the run directory is open).
static std::string inDirPath(llvm::StringRef name) {
  llvm::SmallString<256> path(outputDir.getValue());
  llvm::sys::path::append(path, name);
  return std::string(path);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  if (llvm::Error error = snr::checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  cl::HideUnrelatedOptions({&category, &exportCategory, &rewriteCategory,
                            &getLimitsCategory()});
  cl::ParseCommandLineOptions(
      argc, argv,
      "SnR replay: trace -> cycle-level replay -> analyses -> report\n\n"
      "  snr-replay trace.jsonl -o out/\n\n"
      "reads a trace, replays it on the machine model, prints a summary and "
      "writes\nmetrics.json, timeline.json, the plots, report.html, "
      "remarks.opt.yaml and the\nannotated trace into the output directory.\n");
  // A trace of another ISA (RISC-V) takes its own path.
  if (std::string isa = replay::riscv::peekTraceIsa(traceFile); isa != "snr") {
    // Every option of snr-replay's own but these is the snr ISA's.
    static const llvm::StringRef kRiscvOptions[] = {
        "o", "elf", "mcpu", "like-mca", "quiet", "progress"};
    for (const auto &entry : cl::getRegisteredOptions()) {
      const cl::Option *option = entry.second;
      if (!option->getNumOccurrences() || option->ArgStr.empty() ||
          llvm::is_contained(kRiscvOptions, option->ArgStr) ||
          llvm::none_of(option->Categories, [](cl::OptionCategory *c) {
            return c == &category || c == &exportCategory ||
                   c == &rewriteCategory;
          }))
        continue;
      return fail("--" + option->ArgStr + " applies to snr traces; " +
                  traceFile.getValue() + " is a " + isa + " trace");
    }
    replay::riscv::RISCVReplayOptions options;
    options.traceFile = traceFile;
    options.elfFile = elfFile;
    options.outputDir = outputDir;
    options.run.cpu = mcpu;
    options.run.likeMca = likeMca;
    options.quiet = quiet;
    if (llvm::Error error = replay::riscv::runRISCVReplay(
            options, llvm::outs(), [](const llvm::Twine &message) {
              llvm::WithColor::warning(llvm::errs(), "snr-replay")
                  << message << "\n";
            }))
      return fail(llvm::toString(std::move(error)));
    return 0;
  }
  for (const cl::Option *option :
       {static_cast<const cl::Option *>(&mcpu),
        static_cast<const cl::Option *>(&elfFile),
        static_cast<const cl::Option *>(&likeMca)})
    if (option->getNumOccurrences())
      return fail("--" + option->ArgStr + " applies to RISC-V traces; " +
                  traceFile.getValue() + " is an snr trace (its machine is --machine)");

  auto started = std::chrono::steady_clock::now();

  report::ReportOptions reportOptions;
  if (!pcRange.empty() && !parsePcRange(pcRange, reportOptions))
    return fail("--pc-range '" + pcRange +
                "' is not begin:end (begin < end; either may be omitted)");
  reportOptions.hlo = hloFilter;
  reportOptions.maxInstructionSlices = maxInstructionSlices;
  reportOptions.mergeGapCycles = mergeGapCycles;
  reportOptions.writeTimeline = !noTimeline;
  reportOptions.perInstance = perInstance;
  if (llvm::Error error =
          analysis::checkCacheWindows(cacheWindows, "--cache-windows"))
    return fail(llvm::toString(std::move(error)));
  // Every option is checked before any work and any output.
  if (!rewrite::lookupDependenceModel(hoistModel))
    return fail("--hoist-model '" + hoistModel +
                "' is not 'relaxed' or 'conservative'");
  if (llvm::Error error = report::RunDirectory::check(outputDir))
    return fail(llvm::toString(std::move(error)));

  llvm::Expected<analysis::LoadedAnalyses> plugins =
      analysis::LoadedAnalyses::load(loadAnalyses);
  if (!plugins)
    return fail(llvm::toString(plugins.takeError()));

  llvm::Expected<sim::MachineModel> loadedMachine =
      sim::loadMachineModelOrDefault(machineFile);
  if (!loadedMachine)
    return fail(llvm::toString(loadedMachine.takeError()));
  sim::MachineModel machine = std::move(*loadedMachine);

  Progress progress(progressFlag ||
                    llvm::sys::Process::StandardErrIsDisplayed());
  progress.phase("reading " + llvm::sys::path::filename(traceFile).str());
  llvm::Expected<trace::Trace> loaded = trace::loadTrace(traceFile);
  if (!loaded) {
    progress.done();
    return fail(llvm::toString(loaded.takeError()));
  }
  // The program must be the trace's (its name, the opcode at every PC the
  // trace executed), with or without --apply.
  if (!programFile.empty()) {
    llvm::Expected<trace::LineTable> table =
        record::loadMatchingLineTable(programFile, *loaded);
    if (!table) {
      progress.done();
      return fail("--program: " + llvm::toString(table.takeError()));
    }
    loaded->header.lineTable = std::move(*table);
  }
  const trace::Trace &trace = *loaded;
  // What else the run writes, for report.html's file list.
  auto otherFile = [&](llvm::StringRef path, llvm::StringRef what) {
    reportOptions.otherFiles.push_back(
        {report::getPathFromDir(outputDir, path), what.str()});
  };
  otherFile(inDirPath(report::kRemarksFile),
            "the suggestions and stalls as LLVM optimization remarks, "
            "located in the program (opt-viewer.py reads them).");
  if (annotated != AnnotatedFormat::None)
    otherFile(inDirPath(annotated == AnnotatedFormat::Bytecode
                            ? report::kAnnotatedBytecodeFile
                            : report::kAnnotatedMlirFile),
              "the trace as MLIR, each op annotated with its cycles and "
              "stalls (snr-opt prints it).");
  if (!chakraDir.empty())
    otherFile(exporter::getChakraTracePath(chakraDir, trace.header.program,
                                           chakraNpu),
              "the replay as a Chakra execution trace (docs/exports.md).");
  if (!xlaProfile.empty())
    otherFile(xlaProfile, "XLA's latency profile (docs/exports.md).");
  if (!foldedStacks.empty())
    otherFile(foldedStacks, "the replay as folded stacks for flamegraph "
                            "tools (docs/exports.md).");
  if (trace.instructions.empty()) {
    progress.done();
    return fail(traceFile + ": the trace records no instruction; there is "
                            "nothing to replay");
  }
  // Timing from another machine than the one recorded on is allowed (what
  // if?), but should not go unnoticed.
  if (!trace.header.machine.empty() && trace.header.machine != machine.name)
    llvm::WithColor::warning(llvm::errs(), "snr-replay")
        << traceFile << ": recorded on machine '"
        << printable(trace.header.machine) << "', replayed on '"
        << printable(machine.name) << "'\n";
  // A bad restriction fails now, not after the replay.
  if (!hloFilter.empty())
    if (llvm::Expected<analysis::HloId> id =
            analysis::TraceInfo::fromTrace(trace).lookupHlo(hloFilter);
        !id) {
      progress.done();
      return fail(llvm::toString(id.takeError()));
    }

  // So does a rewrite restricted to DMAs the trace does not have.
  if (apply) {
    rewrite::HoistOptions selection;
    selection.pcs.assign(hoistPcs.begin(), hoistPcs.end());
    selection.hlo = hoistHlo;
    if (llvm::Error error = rewrite::checkSelection(
            trace, selection, rewrite::getDefaultRewriteTarget())) {
      progress.done();
      return fail("--hoist-pcs/--hoist-hlo: " +
                  llvm::toString(std::move(error)));
    }
  }

  // The annotated trace's IR is built while the replay runs.
  std::optional<AnnotatedTraceWriter> annotatedWriter;
  if (annotated != AnnotatedFormat::None)
    annotatedWriter.emplace(trace);

  progress.phase("replaying");
  analysis::AnalysisOptions options;
  options.utilization.windowCycles = windowCycles;
  options.dataCache.windows = cacheWindows;
  options.dependencies.maxSlice = maxSlice;
  options.progress = [&](uint64_t done, uint64_t total) {
    progress.update(done, total);
  };
  options.extraListeners = plugins->getListeners();
  llvm::Expected<std::unique_ptr<analysis::ReplayResults>> replayed =
      analysis::analyzeTrace(trace, machine, options);
  if (!replayed) {
    progress.done();
    return fail(llvm::toString(replayed.takeError()));
  }
  const analysis::ReplayResults &results = **replayed;
  printBudgetNotes(results);

  // So does a plugin's result that is no JSON.
  llvm::Expected<report::AnalysisViewList> pluginViewList =
      report::createPluginViews(*plugins, results.info);
  if (!pluginViewList) {
    progress.done();
    return fail(llvm::toString(pluginViewList.takeError()));
  }
  llvm::SmallVector<const report::AnalysisView *> pluginViews;
  for (const std::unique_ptr<report::AnalysisView> &view : *pluginViewList)
    pluginViews.push_back(view.get());

  // A restriction that selects nothing fails before the directory is
  // touched (its earlier results stay as they were).
  if (llvm::Expected<report::Selection> selection =
          report::Selection::compute(results, reportOptions);
      !selection) {
    progress.done();
    return fail(llvm::toString(selection.takeError()));
  }

  progress.phase("writing the report");
  // The directory holds one run's results, written as a transaction (see
  // RunDirectory.h): every file an earlier run may have left goes first.
  llvm::Expected<report::RunDirectory> opened = report::RunDirectory::open(
      outputDir, "snr-replay", report::getRunResultFiles());
  if (!opened) {
    progress.done();
    return fail(llvm::toString(opened.takeError()));
  }
  report::RunDirectory &run = *opened;
  auto inDir = [&](llvm::StringRef name) { return run.path(name); };
  auto failRun = [&](llvm::Error error) {
    progress.done();
    std::string message = llvm::toString(std::move(error));
    run.fail(message);
    return fail(message);
  };
  if (llvm::Error error =
          report::writeReport(results, outputDir, reportOptions, pluginViews))
    return failRun(std::move(error));
  if (llvm::Error error = writeRemarks(results, inDir(report::kRemarksFile)))
    return failRun(std::move(error));
  if (llvm::Error error = writeExports(results))
    return failRun(std::move(error));
  progress.done();

  // The summary first: the annotated trace is the largest output.
  if (!quiet)
    if (llvm::Error error = report::printSummary(
            results, llvm::outs(), reportOptions, outputDir, pluginViews))
      return failRun(std::move(error));

  // The annotated trace is written from the IR imported during the replay
  // (a copy of the trace). The rewrite reads the trace and the replay, not
  // the IR: with --apply, it is written and the IR freed first.
  auto writeAnnotated = [&](const sim::TimingRecorder &timing) {
    progress.phase("writing the annotated trace");
    bool bytecode = annotated == AnnotatedFormat::Bytecode;
    llvm::Error error = annotatedWriter->write(
        timing, inDir(bytecode ? "annotated.mlirbc" : "annotated.mlir"),
        bytecode ? AnnotatedTraceWriter::Format::Bytecode
                 : AnnotatedTraceWriter::Format::Text,
        bytecodeWriter);
    progress.done();
    return error;
  };
  // The rewrite reads only the dependency edges its backtails read; the
  // report and the exports, written, read no other.
  if (apply)
    (*replayed)->dependencies.dropEdgesBeyondBacktails();
  if (apply && annotatedWriter) {
    annotatedWriter->waitForImport();
    if (llvm::Error error = writeAnnotated(results.timing))
      return failRun(std::move(error));
    annotatedWriter->release();
    annotatedWriter.reset();
    returnFreedMemory();
  }

  if (apply) {
    progress.phase("rewriting");
    // One pass over the trace serves both rewrites; with the program, its
    // DMAs move too, proved by re-recording it. The trace rewrite runs on
    // this thread; the program rewrite and then the trace rewrite's bound
    // on a second one (they are independent): both cores, and never more
    // than two of the three at once in memory.
    auto evidence = std::make_shared<const rewrite::TraceEvidence>(
        trace, rewrite::getDefaultRewriteTarget(), machine.memory);
    using ProgramResult =
        llvm::Expected<std::unique_ptr<report::ProgramRewriteOutcome>>;
    std::optional<ProgramResult> programResult;
    llvm::StdThreadPool helpers(llvm::hardware_concurrency(1));
    // The evidence goes once both rewrites are done with it.
    if (!programFile.empty())
      helpers.async([&, evidence] {
        programResult.emplace(rewriteProgram(programFile, trace, machine,
                                             &evidence->effects, inDir));
      });
    llvm::Expected<std::unique_ptr<report::TraceRewriteOutcome>> traceRewrite =
        rewriteAndProve(trace, results, machine, inDir, std::move(evidence),
                        helpers);
    helpers.wait();
    progress.done();
    if (!traceRewrite) {
      if (programResult)
        llvm::consumeError(programResult->takeError());
      fail(llvm::toString(traceRewrite.takeError()));
      run.fail("the rewrite failed or was rejected (see the run's error "
               "output)");
      return 1;
    }
    report::RewriteOutcomes outcomes;
    outcomes.trace = traceRewrite->get();
    std::unique_ptr<report::ProgramRewriteOutcome> programRewrite;
    if (programResult) {
      if (!*programResult)
        return failRun(programResult->takeError());
      programRewrite = std::move(**programResult);
      outcomes.program = programRewrite.get();
      if (!quiet)
        report::printProgramRewrite(*programRewrite, outputDir, llvm::outs());
    }
    if (llvm::Error error = writeRewriteOutputs(results, reportOptions,
                                                pluginViews, outcomes, inDir))
      return failRun(std::move(error));
  }

  // Without --apply, the annotated trace last, the largest output. What
  // only the report needed goes first: the analyses' state and, once the IR
  // holds its copy, the trace (at 10M instructions, about 3 GB of the
  // peak).
  if (annotatedWriter) {
    sim::TimingRecorder timing = std::move((*replayed)->timing);
    replayed->reset();
    annotatedWriter->waitForImport();
    *loaded = trace::Trace();
    if (llvm::Error error = writeAnnotated(timing))
      return failRun(std::move(error));
  }
  if (llvm::Error error = run.commit())
    return fail(llvm::toString(std::move(error)));

  if (!quiet) {
    llvm::outs() << llvm::formatv(
        "(replayed, analysed and reported in {0:f2} s)\n",
        std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                      started)
            .count());
  }
  return 0;
}

//===- ReplayPipeline.cpp - Trace -> replay -> analyses -> outputs --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/ReplayPipeline.h"
#include "Apply.h"
#include "Progress.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Analysis/StaticRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Export/ChakraExport.h"
#include "SnR/Export/XlaProfile.h"
#include "SnR/Pipeline/AnnotatedTraceWriter.h"
#include "SnR/Record/ProgramMatch.h"
#include "SnR/Replay/RISCV/RISCVRun.h"
#include "SnR/Report/AnalysisPlugin.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/FoldedStacks.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/RunDirectory.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Summary.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Rewrite/TraceRewriteDriver.h"
#include "SnR/Support/Printable.h"
#include "SnR/Support/ReturnMemory.h"
#include "SnR/Target/ElfImage.h"
#include "SnR/Trace/EncodedTrace.h"
#include "SnR/Trace/Trace.h"
#include "SnR/Trace/TraceReader.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"

#include <chrono>
#include <memory>
#include <optional>

using namespace mlir;
using namespace snr;
using namespace snr::pipeline;

static std::string inDirPath(const ReplayPipelineOptions &opts,
                             llvm::StringRef name);

namespace {
llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Opens the run directory, whose results are written as a transaction
/// (RunDirectory.h): every file an earlier run may have left goes first.
llvm::Expected<report::RunDirectory>
openRunDirectory(const ReplayPipelineOptions &opts, Progress &progress) {
  progress.phase("writing the report");
  llvm::Expected<report::RunDirectory> opened = report::RunDirectory::open(
      opts.outputDir, opts.toolName, report::getRunResultFiles());
  if (!opened) {
    progress.done();
    return fail(llvm::toString(opened.takeError()));
  }
  return opened;
}

/// A failure once the run directory is open: the directory says the run
/// failed, and so does the error.
llvm::Error failRun(report::RunDirectory &dir, Progress &progress,
                    llvm::Error error) {
  progress.done();
  std::string message = llvm::toString(std::move(error));
  dir.fail(message);
  return fail(message);
}

/// Says where an analysis used a coarser resolution than asked, to stay in
/// its budget.
void printBudgetNotes(const analysis::ReplayResults &results,
                      const report::AnalysisRegistry &registry,
                      llvm::StringRef toolName) {
  llvm::SmallVector<std::string> notes;
  for (const std::unique_ptr<report::AnalysisView> &view :
       report::createBuiltinViews())
    view->getNotes(results, notes);
  for (const report::AnalysisView *view : registry.getViews())
    view->getNotes(results, notes);
  for (const std::string &note : notes)
    llvm::WithColor::note(llvm::errs(), toolName) << note << "\n";
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
llvm::Error writeRemarks(const ReplayPipelineOptions &opts,
                         const analysis::ReplayResults &results,
                         llvm::StringRef path) {
  return writeRemarkFile(path, [&](MLIRContext &context) {
    auto locationOf = [&](uint64_t index) {
      return getInstructionLocation(context, results.info, index);
    };
    if (opts.remarks.perInstance)
      emitSuggestionRemarks(results, locationOf);
    else
      emitStaticRemarks(results, locationOf);
  });
}

/// The outputs in other tools' formats that were asked for.
llvm::Error writeExports(const ReplayPipelineOptions &opts,
                         const analysis::ReplayResults &results) {
  if (!opts.chakraDir.empty()) {
    exporter::ChakraOptions options;
    options.granularity = opts.chakraGranularity;
    options.npu = opts.chakraNpu;
    if (llvm::Expected<std::string> path =
            exporter::writeChakraTrace(results, opts.chakraDir, options);
        !path)
      return path.takeError();
  }
  if (!opts.xlaProfile.empty()) {
    exporter::XlaProfileOptions options;
    options.fingerprint = opts.xlaFingerprint;
    if (llvm::Error error = report::writeFileAtomically(
            opts.xlaProfile, [&](llvm::raw_ostream &os) {
              exporter::writeXlaProfile(results, os, options);
              return llvm::Error::success();
            }))
      return error;
  }
  if (!opts.foldedStacks.empty())
    return report::writeFileAtomically(
        opts.foldedStacks, [&](llvm::raw_ostream &os) {
          report::writeFoldedStacks(
              report::computeFoldedStacks(results, opts.foldedStacksMode), os);
          return llvm::Error::success();
        });
  return llvm::Error::success();
}

/// The remarks of `views` (AnalysisView::getRemarks) over the whole run.
void emitViewRemarks(const analysis::ReplayResults &results,
                     const report::ReportOptions &options,
                     llvm::ArrayRef<const report::AnalysisView *> views,
                     llvm::function_ref<Location(uint64_t)> locationOf) {
  if (views.empty())
    return;
  llvm::Expected<report::Selection> selection =
      report::Selection::compute(results, options);
  if (!selection) {
    llvm::consumeError(selection.takeError());
    return;
  }
  report::ReportFigures figures = report::computeFigures(results, *selection);
  report::ViewContext context{results, *selection, figures, options};
  std::vector<report::ViewRemark> remarks;
  for (const report::AnalysisView *view : views)
    view->getRemarks(context, remarks);
  using remark::detail::Remark;
  for (const report::ViewRemark &r : remarks) {
    auto opts = remark::RemarkOpts::name(r.name)
                    .category(r.category)
                    .function(r.function);
    Location loc = locationOf(r.index);
    remark::detail::InFlightRemark emitted =
        r.kind == report::ViewRemark::Kind::Missed ? remark::missed(loc, opts)
        : r.kind == report::ViewRemark::Kind::Passed
            ? remark::passed(loc, opts)
            : remark::analysis(loc, opts);
    if (!emitted)
      continue;
    for (const auto &[key, value] : r.args)
      emitted << Remark::Arg(key, value);
    emitted << Remark::Arg(kHotnessArg, r.hotness);
  }
}

/// A trace of another ISA than snr (RISC-V): its own replay and timing,
/// with the flags that apply to it; the run directory as an snr trace's,
/// with the views the target adds.
llvm::Error runOtherIsa(const ReplayPipelineOptions &opts, llvm::StringRef isa,
                        llvm::MemoryBufferRef input) {
  // Every flag of snr-replay's own but these is the snr ISA's.
  static const llvm::StringRef kRiscvFlags[] = {
      "o", "elf", "mcpu", "like-mca", "quiet", "progress", "no-timeline"};
  for (llvm::StringRef flag : opts.givenFlags)
    if (!llvm::is_contained(kRiscvFlags, flag))
      return fail("--" + flag + " applies to snr traces; " + opts.traceFile +
                  " is a " + isa + " trace");
  auto started = std::chrono::steady_clock::now();
  if (llvm::Error error = report::RunDirectory::check(opts.outputDir))
    return fail(llvm::toString(std::move(error)));
  auto warn = [&](const llvm::Twine &message) {
    llvm::WithColor::warning(llvm::errs(), opts.toolName) << message << "\n";
  };
  std::unique_ptr<target::ElfImage> elf;
  if (!opts.elfFile.empty()) {
    llvm::Expected<std::unique_ptr<target::ElfImage>> loaded =
        target::ElfImage::load(opts.elfFile);
    if (!loaded)
      return fail("--elf: " + llvm::toString(loaded.takeError()));
    elf = std::move(*loaded);
    if (!elf->hasLineTable())
      warn(opts.elfFile + ": no DWARF line table (build with -g): the "
                          "remarks are not located in the source");
  }

  report::ReportOptions reportOptions;
  reportOptions.writeTimeline = !opts.noTimeline;
  reportOptions.otherFiles.push_back(
      {report::getPathFromDir(opts.outputDir,
                              inDirPath(opts, report::kRemarksFile)),
       "the stalls and the exposed loads as LLVM optimization remarks, "
       "located in the C source with --elf (opt-viewer.py reads them)."});

  Progress progress(opts.progress ||
                    llvm::sys::Process::StandardErrIsDisplayed());
  progress.phase("replaying");
  replay::riscv::RISCVRunOptions options;
  options.cpu = opts.schedModel.mcpu;
  options.likeMca = opts.schedModel.likeMca;
  options.analysis.progress = [&](uint64_t done, uint64_t total) {
    progress.update(done, total);
  };
  options.analysis.analyses = replay::riscv::getRISCVViewAnalyses();
  llvm::Expected<replay::riscv::RISCVRun> run = replay::riscv::replayRISCVTrace(
      input, opts.traceFile, options, elf.get(), warn);
  if (!run) {
    progress.done();
    return run.takeError();
  }
  const analysis::ReplayResults &results = *run->results;
  report::AnalysisViewList owned = replay::riscv::createRISCVViews(*run);
  llvm::SmallVector<const report::AnalysisView *, 8> views;
  for (const std::unique_ptr<report::AnalysisView> &view : owned)
    views.push_back(view.get());

  llvm::Expected<report::RunDirectory> opened =
      openRunDirectory(opts, progress);
  if (!opened)
    return opened.takeError();
  report::RunDirectory &dir = *opened;
  auto failRun = [&](llvm::Error error) {
    return ::failRun(dir, progress, std::move(error));
  };
  if (llvm::Error error =
          report::writeReport(results, opts.outputDir, reportOptions, views))
    return failRun(std::move(error));
  if (llvm::Error error = writeRemarkFile(
          dir.path(report::kRemarksFile), [&](MLIRContext &context) {
            auto locationOf = [&](uint64_t index) {
              return getInstructionLocation(context, results.info, index);
            };
            emitStaticRemarks(results, locationOf);
            emitViewRemarks(results, reportOptions, views, locationOf);
          }))
    return failRun(std::move(error));
  progress.done();
  if (!opts.quiet)
    if (llvm::Error error = report::printSummary(
            results, llvm::outs(), reportOptions, opts.outputDir, views))
      return failRun(std::move(error));
  if (llvm::Error error = dir.commit())
    return fail(llvm::toString(std::move(error)));
  if (!opts.quiet)
    llvm::outs() << llvm::formatv(
        "(replayed, analysed and reported in {0:f2} s)\n",
        std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                      started)
            .count());
  return llvm::Error::success();
}
} // namespace

/// `name` in the output directory (before the run directory is open).
static std::string inDirPath(const ReplayPipelineOptions &opts,
                             llvm::StringRef name) {
  llvm::SmallString<256> path(opts.outputDir);
  llvm::sys::path::append(path, name);
  return std::string(path);
}

llvm::Error
snr::pipeline::runReplayPipeline(const ReplayPipelineOptions &opts) {
  // The trace's bytes, read once (standard input cannot be read twice:
  // once for the ISA its header names, once by that ISA's reader). A file
  // is mapped, not copied.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input =
      llvm::MemoryBuffer::getFileOrSTDIN(opts.traceFile, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!input)
    return fail(opts.traceFile +
                ": cannot open trace: " + input.getError().message());
  // A trace of another ISA (RISC-V) takes its own path. A header the peek
  // cannot read is left to the snr reader, whose error locates it.
  llvm::Expected<std::string> isa =
      trace::readTraceIsa((*input)->getMemBufferRef(), opts.traceFile);
  if (!isa)
    llvm::consumeError(isa.takeError());
  else if (*isa != "snr")
    return runOtherIsa(opts, *isa, (*input)->getMemBufferRef());
  for (llvm::StringRef flag : {"mcpu", "elf", "like-mca"})
    if (llvm::is_contained(opts.givenFlags, flag))
      return fail("--" + flag + " applies to RISC-V traces; " + opts.traceFile +
                  " is an snr trace (its machine is --machine)");

  auto started = std::chrono::steady_clock::now();

  report::ReportOptions reportOptions;
  if (!opts.pcRange.empty() && !parsePcRange(opts.pcRange, reportOptions))
    return fail("--pc-range '" + opts.pcRange +
                "' is not begin:end (begin < end; either may be omitted)");
  reportOptions.hlo = opts.hloFilter;
  reportOptions.maxInstructionSlices = opts.maxInstructionSlices;
  reportOptions.mergeGapCycles = opts.mergeGapCycles;
  reportOptions.writeTimeline = !opts.noTimeline;
  reportOptions.perInstance = opts.remarks.perInstance;
  // Every option is checked before any work and any output.
  llvm::Expected<analysis::AnalysisOptions> checkedOptions =
      opts.analysis.getAnalysisOptions(OptionSpelling::Tool);
  if (!checkedOptions)
    return checkedOptions.takeError();
  llvm::Expected<rewrite::HoistOptions> hoistOptions =
      opts.rewrite.getHoistOptions(OptionSpelling::Tool);
  if (!hoistOptions)
    return hoistOptions.takeError();
  if (llvm::Error error = report::RunDirectory::check(opts.outputDir))
    return fail(llvm::toString(std::move(error)));

  // The analyses plugins register, beside the built-in ones.
  report::AnalysisRegistry registry;
  for (const std::string &plugin : opts.loadAnalyses)
    if (llvm::Error error = report::loadAnalysisPlugin(plugin, registry))
      return error;

  llvm::Expected<sim::MachineModel> loadedMachine =
      sim::loadMachineModelOrDefault(opts.machine.machineFile);
  if (!loadedMachine)
    return fail(llvm::toString(loadedMachine.takeError()));
  sim::MachineModel machine = std::move(*loadedMachine);

  Progress progress(opts.progress ||
                    llvm::sys::Process::StandardErrIsDisplayed());
  progress.phase("reading " + llvm::sys::path::filename(opts.traceFile).str());
  llvm::Expected<trace::Trace> loaded =
      trace::loadTrace((*input)->getMemBufferRef(), opts.traceFile,
                       trace::ReaderOptions());
  if (!loaded) {
    progress.done();
    return fail(llvm::toString(loaded.takeError()));
  }
  // The program must be the trace's (its name, the opcode at every PC the
  // trace executed), with or without --apply.
  if (!opts.programFile.empty()) {
    llvm::Expected<trace::LineTable> table =
        record::loadMatchingLineTable(opts.programFile, *loaded);
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
        {report::getPathFromDir(opts.outputDir, path), what.str()});
  };
  otherFile(inDirPath(opts, report::kRemarksFile),
            "the suggestions and stalls as LLVM optimization remarks, "
            "located in the program (opt-viewer.py reads them).");
  if (opts.annotated != AnnotatedFormat::None)
    otherFile(inDirPath(opts, opts.annotated == AnnotatedFormat::Bytecode
                                  ? report::kAnnotatedBytecodeFile
                                  : report::kAnnotatedMlirFile),
              "the trace as MLIR, each op annotated with its cycles and "
              "stalls (snr-opt prints it).");
  if (!opts.chakraDir.empty())
    otherFile(exporter::getChakraTracePath(opts.chakraDir, trace.header.program,
                                           opts.chakraNpu),
              "the replay as a Chakra execution trace (docs/exports.md).");
  if (!opts.xlaProfile.empty())
    otherFile(opts.xlaProfile, "XLA's latency profile (docs/exports.md).");
  if (!opts.foldedStacks.empty())
    otherFile(opts.foldedStacks, "the replay as folded stacks for flamegraph "
                                 "tools (docs/exports.md).");
  if (trace.instructions.empty()) {
    progress.done();
    return fail(opts.traceFile + ": the trace records no instruction; there is "
                                 "nothing to replay");
  }
  // Timing from another machine than the one recorded on is allowed (what
  // if?), but should not go unnoticed.
  if (!trace.header.machine.empty() && trace.header.machine != machine.name)
    llvm::WithColor::warning(llvm::errs(), opts.toolName)
        << opts.traceFile << ": recorded on machine '"
        << printable(trace.header.machine) << "', replayed on '"
        << printable(machine.name) << "'\n";
  // A bad restriction fails now, not after the replay.
  if (!opts.hloFilter.empty())
    if (llvm::Expected<analysis::HloId> id =
            analysis::TraceInfo::fromTrace(trace).lookupHlo(opts.hloFilter);
        !id) {
      progress.done();
      return fail(llvm::toString(id.takeError()));
    }

  // So does a rewrite restricted to DMAs the trace does not have.
  if (opts.apply) {
    if (llvm::Error error = rewrite::checkSelection(
            trace, *hoistOptions, rewrite::getDefaultRewriteTarget())) {
      progress.done();
      return fail(optionNames::pcs.spell(OptionSpelling::Tool) + "/" +
                  optionNames::hlo.spell(OptionSpelling::Tool) + ": " +
                  llvm::toString(std::move(error)));
    }
  }

  // The annotated trace's IR is built while the replay runs.
  std::optional<AnnotatedTraceWriter> annotatedWriter;
  if (opts.annotated != AnnotatedFormat::None)
    annotatedWriter.emplace(trace);

  progress.phase("replaying");
  analysis::AnalysisOptions options = std::move(*checkedOptions);
  options.progress = [&](uint64_t done, uint64_t total) {
    progress.update(done, total);
  };
  options.analyses = registry.getAnalyses();
  llvm::Expected<std::unique_ptr<analysis::ReplayResults>> replayed =
      analysis::analyzeTrace(trace, machine, options);
  if (!replayed) {
    progress.done();
    return fail(llvm::toString(replayed.takeError()));
  }
  const analysis::ReplayResults &results = **replayed;
  printBudgetNotes(results, registry, opts.toolName);
  llvm::ArrayRef<const report::AnalysisView *> pluginViews =
      registry.getViews();

  // A restriction that selects nothing fails before the directory is
  // touched (its earlier results stay as they were).
  if (llvm::Expected<report::Selection> selection =
          report::Selection::compute(results, reportOptions);
      !selection) {
    progress.done();
    return fail(llvm::toString(selection.takeError()));
  }

  llvm::Expected<report::RunDirectory> opened =
      openRunDirectory(opts, progress);
  if (!opened)
    return opened.takeError();
  report::RunDirectory &run = *opened;
  auto inDir = [&](llvm::StringRef name) { return run.path(name); };
  auto failRun = [&](llvm::Error error) {
    return ::failRun(run, progress, std::move(error));
  };
  if (llvm::Error error = report::writeReport(results, opts.outputDir,
                                              reportOptions, pluginViews))
    return failRun(std::move(error));
  if (llvm::Error error =
          writeRemarks(opts, results, inDir(report::kRemarksFile)))
    return failRun(std::move(error));
  if (llvm::Error error = writeExports(opts, results))
    return failRun(std::move(error));
  progress.done();

  // The summary first: the annotated trace is the largest output.
  if (!opts.quiet)
    if (llvm::Error error = report::printSummary(
            results, llvm::outs(), reportOptions, opts.outputDir, pluginViews))
      return failRun(std::move(error));

  // The annotated trace is written from the IR imported during the replay
  // (a copy of the trace). The rewrite reads the trace and the replay, not
  // the IR: with --apply, it is written and the IR freed first.
  auto writeAnnotated = [&](const sim::TimingRecorder &timing) {
    progress.phase("writing the annotated trace");
    bool bytecode = opts.annotated == AnnotatedFormat::Bytecode;
    llvm::Error error = annotatedWriter->write(
        timing, inDir(bytecode ? "annotated.mlirbc" : "annotated.mlir"),
        bytecode ? AnnotatedTraceWriter::Format::Bytecode
                 : AnnotatedTraceWriter::Format::Text,
        opts.bytecodeWriter);
    progress.done();
    return error;
  };
  if (opts.apply) {
    // The rewrite reads only the dependency edges its backtails read; the
    // report and the exports, written, read no other.
    (*replayed)->dependencies.dropEdgesBeyondBacktails();
    if (annotatedWriter) {
      annotatedWriter->waitForImport();
      if (llvm::Error error = writeAnnotated(results.timing))
        return failRun(std::move(error));
      annotatedWriter->release();
      annotatedWriter.reset();
      returnFreedMemory();
    }
    if (llvm::Error error =
            applyRewrites(opts, trace, results, machine, reportOptions,
                          pluginViews, run, progress)) {
      progress.done();
      return error;
    }
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

  if (!opts.quiet) {
    llvm::outs() << llvm::formatv(
        "(replayed, analysed and reported in {0:f2} s)\n",
        std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                      started)
            .count());
  }
  return llvm::Error::success();
}

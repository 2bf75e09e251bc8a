//===- Apply.cpp - snr-replay --apply: both rewrites, proved --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "Apply.h"
#include "Progress.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Analysis/StaticRemarks.h"
#include "SnR/Pipeline/RewriteProgram.h"
#include "SnR/Pipeline/RewriteRemarks.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/RewriteHtml.h"
#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Report/RewriteReport.h"
#include "SnR/Report/RunDiff.h"
#include "SnR/Report/RunDirectory.h"
#include "SnR/Report/Summary.h"
#include "SnR/Rewrite/TraceRewriteDriver.h"
#include "SnR/Trace/Compression.h"
#include "SnR/Trace/Trace.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ThreadPool.h"

#include <future>
#include <memory>
#include <optional>

using namespace mlir;
using namespace snr;
using namespace snr::pipeline;

namespace {
/// snr-replay --apply: plans the rewrite on the replay, proves it by
/// replaying the result, and writes the rewritten trace (in the input's
/// compression), rewrite.json and the comparison (diff.json, diff.html).
/// Prints what it did unless --quiet. The bound runs on `helpers`;
/// `onRewritten` is called once the rewrite is planned and proved, before
/// its trace is replayed for the reports.
llvm::Expected<std::unique_ptr<report::TraceRewriteOutcome>>
rewriteAndProve(const ReplayPipelineOptions &opts, const trace::Trace &trace,
                const analysis::ReplayResults &results,
                const sim::MachineModel &machine,
                llvm::function_ref<std::string(llvm::StringRef)> inDir,
                llvm::ThreadPoolInterface &helpers,
                llvm::function_ref<void()> onRewritten) {
  auto makeError = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  // runReplayPipeline checked them before any work.
  rewrite::HoistOptions options =
      llvm::cantFail(opts.rewrite.getHoistOptions(OptionSpelling::Tool));

  // Proved move by move (the moves the replay does not prove are dropped),
  // in rounds while each is faster, and beside it the best any schedule of
  // these dependencies could do (lib/Rewrite/TraceRewriteDriver.h).
  rewrite::TraceRewriteOptions rewriteOptions;
  rewriteOptions.hoist = options;
  rewriteOptions.rounds = opts.rewrite.rounds;
  rewriteOptions.bound = true;
  rewriteOptions.analysis.dependencies.maxSlice = opts.analysis.maxSlice;
  rewriteOptions.helpers = &helpers;
  llvm::Expected<rewrite::TraceRewrite> result =
      rewrite::rewriteTrace(trace, results, machine, rewriteOptions);
  if (!result)
    return makeError(opts.traceFile + ": " +
                     llvm::toString(result.takeError()));
  onRewritten();
  auto outcome = std::make_unique<report::TraceRewriteOutcome>();
  outcome->proved = std::move(result->proved);
  // The rewritten trace is made: what follows reads the plan's decisions,
  // not its order (a copy of every instruction, ~50 MB at 600k).
  std::vector<rewrite::PlannedInstruction>().swap(outcome->proved.plan.order);
  outcome->bound = *result->bound;
  outcome->selected = !options.pcs.empty() || !options.hlo.empty();
  const rewrite::HoistPlan &plan = outcome->proved.plan;

  // Proved: the rewritten trace (unless it is the original), compressed as
  // the input is, and every decision. It is written on a thread of its own
  // (the helper rewrites the program) while this one replays it.
  std::optional<llvm::Error> written;
  std::shared_future<void> writing;
  auto waitForWriting = [&]() -> llvm::Error {
    if (writing.valid())
      writing.wait();
    return written ? std::move(*written) : llvm::Error::success();
  };
  if (plan.changed()) {
    trace::Compression compression =
        trace::compressionForFileName(opts.traceFile);
    outcome->rewrittenFile = report::getRewrittenTraceFile(compression);
    writing = std::async(std::launch::async, [&, compression] {
      written.emplace(report::writeFileAtomically(
          inDir(outcome->rewrittenFile), [&](llvm::raw_ostream &os) {
            return trace::writeCompressed(
                os, compression, [&](llvm::raw_ostream &out) {
                  outcome->proved.rewritten.write(out);
                });
          }));
    });
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
    if (!replayed) {
      llvm::consumeError(waitForWriting());
      return makeError(opts.traceFile +
                       ": replaying the rewritten trace failed: " +
                       llvm::toString(replayed.takeError()));
    }
    outcome->after = std::move(*replayed);
  }
  if (llvm::Error error = waitForWriting())
    return std::move(error);
  if (llvm::Error error = report::writeFileAtomically(
          inDir("rewrite.json"), [&](llvm::raw_ostream &os) {
            os << llvm::formatv("{0:2}",
                                report::buildRewriteJson(results, *outcome));
            os << "\n";
            return llvm::Error::success();
          }))
    return std::move(error);
  if (!opts.quiet) {
    report::printTraceRewrite(results.info, *outcome, llvm::outs());
    if (plan.changed())
      llvm::outs() << "  rewritten trace: " << inDir(outcome->rewrittenFile)
                   << " (replay it with snr-replay for its full report)\n";
  }
  // Before and after, as snr-diff compares them.
  if (plan.changed())
    if (llvm::Error error = report::writeRewriteDiff(
            results, *outcome->after, outcome->rewrittenFile, opts.outputDir,
            opts.quiet ? nullptr : &llvm::outs()))
      return std::move(error);
  return std::move(outcome);
}

/// Once both rewrites are proved: report.html with them, the summary with
/// them, and their decisions as remarks.
llvm::Error
writeRewriteOutputs(const ReplayPipelineOptions &opts,
                    const analysis::ReplayResults &results,
                    const report::ReportOptions &reportOptions,
                    llvm::ArrayRef<const report::AnalysisView *> pluginViews,
                    const report::RewriteOutcomes &outcomes,
                    llvm::function_ref<std::string(llvm::StringRef)> inDir) {
  if (llvm::Error error = report::writeReportHtml(
          results, opts.outputDir, reportOptions, outcomes, pluginViews))
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
        if (llvm::Error e = report::printSummary(results, os, reportOptions, "",
                                                 pluginViews))
          return e;
        if (outcomes.trace)
          report::printTraceRewrite(results.info, *outcomes.trace, os);
        if (outcomes.program)
          report::printProgramRewrite(*outcomes.program, "", os);
        return llvm::Error::success();
      });
}
} // namespace

llvm::Error snr::pipeline::applyRewrites(
    const ReplayPipelineOptions &opts, const trace::Trace &trace,
    const analysis::ReplayResults &results, const sim::MachineModel &machine,
    const report::ReportOptions &reportOptions,
    llvm::ArrayRef<const report::AnalysisView *> pluginViews,
    report::RunDirectory &run, Progress &progress) {
  auto inDir = [&](llvm::StringRef name) { return run.path(name); };
  auto failRun = [&](llvm::Error error) -> llvm::Error {
    std::string message = llvm::toString(std::move(error));
    run.fail(message);
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  progress.phase("rewriting");
  // With the program, its DMAs move too, proved by re-recording it. The
  // trace rewrite runs on this thread and its bound beside it on a second
  // one; the program rewrite (independent of both) runs there once the
  // trace rewrite's rounds are done, while this thread replays and compares
  // their result: both cores, and the program rewrite's memory is never
  // added to the rounds'. It finds its trace's effects itself (a pass of
  // 0.07 s at 600k instructions) rather than holding the trace rewrite's
  // through the rounds (41 MB).
  using ProgramResult =
      llvm::Expected<std::unique_ptr<report::ProgramRewriteOutcome>>;
  std::optional<ProgramResult> programResult;
  llvm::StdThreadPool helpers(llvm::hardware_concurrency(1));
  auto rewriteTheProgram = [&] {
    if (!opts.programFile.empty())
      helpers.async([&] {
        programResult.emplace(rewriteProgram(opts.programFile, trace, machine,
                                             inDir, opts.toolName));
      });
  };
  llvm::Expected<std::unique_ptr<report::TraceRewriteOutcome>> traceRewrite =
      rewriteAndProve(opts, trace, results, machine, inDir, helpers,
                      rewriteTheProgram);
  helpers.wait();
  progress.done();
  if (!traceRewrite) {
    if (programResult)
      llvm::consumeError(programResult->takeError());
    run.fail("the rewrite failed or was rejected (see the run's error "
             "output)");
    return traceRewrite.takeError();
  }
  report::RewriteOutcomes outcomes;
  outcomes.trace = traceRewrite->get();
  std::unique_ptr<report::ProgramRewriteOutcome> programRewrite;
  if (programResult) {
    if (!*programResult)
      return failRun(programResult->takeError());
    programRewrite = std::move(**programResult);
    outcomes.program = programRewrite.get();
    if (!opts.quiet)
      report::printProgramRewrite(*programRewrite, opts.outputDir,
                                  llvm::outs());
  }
  if (llvm::Error error = writeRewriteOutputs(opts, results, reportOptions,
                                              pluginViews, outcomes, inDir))
    return failRun(std::move(error));
  return llvm::Error::success();
}

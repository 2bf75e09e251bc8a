//===- snr-report-test.cpp - Replay a trace and write its report ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The test driver of lib/Report: replays a trace file with every analysis
// (analysis::analyzeTrace) and writes the report directory (writeReport),
// printing the summary. The report's lit tests run it on recorded traces;
// snr-replay is the user-facing tool that does this and more.
//
//   snr-report-test trace.jsonl -o out/ [--hlo=NAME] [--pc-begin=N]
//                   [--pc-end=N] [--max-instruction-slices=N]
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/Summary.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

using namespace snr;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-report-test options");
static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<trace file>"),
                                      cl::cat(category));
static cl::opt<std::string> outputDir("o", cl::Required,
                                      cl::desc("the report directory"),
                                      cl::value_desc("dir"),
                                      cl::cat(category));
static cl::opt<std::string>
    machineFile("machine",
                cl::desc("machine description (default: the embedded "
                         "snr-ref)"),
                cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string> hlo("hlo",
                                cl::desc("restrict the report to this HLO"),
                                cl::cat(category));
static cl::opt<int64_t>
    pcBegin("pc-begin", cl::init(-1),
            cl::desc("restrict the report to PCs from this one"),
            cl::cat(category));
static cl::opt<int64_t>
    pcEnd("pc-end", cl::init(-1),
          cl::desc("restrict the report to PCs below this one"),
          cl::cat(category));
static cl::opt<uint64_t> maxInstructionSlices(
    "max-instruction-slices", cl::init(report::ReportOptions().
                                        maxInstructionSlices),
    cl::desc("beyond this many instructions, the timeline merges each "
             "unit's busy stretches per HLO"),
    cl::cat(category));
static cl::opt<uint64_t> mergeGapCycles(
    "merge-gap-cycles", cl::init(report::ReportOptions().mergeGapCycles),
    cl::desc("when merging, instructions at most this many cycles apart on "
             "one unit belong to one stretch"),
    cl::cat(category));
static cl::opt<unsigned>
    plotDmaRows("plot-dma-rows", cl::init(report::ReportOptions().plotDmaRows),
                cl::desc("rows of the DMA timeline plot"), cl::cat(category));
static cl::opt<bool> noTimeline("no-timeline",
                                cl::desc("do not write timeline.json"),
                                cl::cat(category));

static int fail(llvm::Error error) {
  llvm::WithColor::error(llvm::errs(), "snr-report-test")
      << llvm::toString(std::move(error)) << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "replay a trace and write its report\n");

  sim::MachineModel machine = sim::getDefaultMachineModel();
  if (!machineFile.empty()) {
    llvm::Expected<sim::MachineModel> loaded =
        sim::loadMachineModel(machineFile);
    if (!loaded)
      return fail(loaded.takeError());
    machine = std::move(*loaded);
  }
  llvm::Expected<trace::Trace> trace = trace::loadTrace(inputFile);
  if (!trace)
    return fail(trace.takeError());
  llvm::Expected<std::unique_ptr<analysis::ReplayResults>> results =
      analysis::analyzeTrace(*trace, machine);
  if (!results)
    return fail(results.takeError());

  report::ReportOptions options;
  options.hlo = hlo;
  if (pcBegin >= 0)
    options.pcBegin = uint64_t(pcBegin);
  if (pcEnd >= 0)
    options.pcEnd = uint64_t(pcEnd);
  options.maxInstructionSlices = maxInstructionSlices;
  options.mergeGapCycles = mergeGapCycles;
  options.plotDmaRows = plotDmaRows;
  options.writeTimeline = !noTimeline;
  if (llvm::Error error = report::writeReport(**results, outputDir, options))
    return fail(std::move(error));
  if (llvm::Error error =
          report::printSummary(**results, llvm::outs(), options, outputDir))
    return fail(std::move(error));
  return 0;
}

//===- snr-diff.cpp - Compare replays -------------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
//   snr-diff BEFORE AFTER [-o dir]     the differences, largest first
//   snr-diff --summary RUN...          one table of many runs
//
// A run is an snr-replay output directory (its metrics.json), a metrics.json,
// or a trace, which is replayed. Prints the comparison and writes diff.json
// and diff.html into the output directory. A program and its rewrite are
// matched instruction by instruction through the rewrite's pc_map
// (--pc-map, or the first run directory's program-rewrite.json).
// docs/diff.md.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Pipeline/Options.h"
#include "SnR/Report/RunDiff.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Support/Arguments.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/Version.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace snr;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-diff options");
static cl::list<std::string>
    runs(cl::Positional,
         cl::desc("<run (output directory, metrics.json or "
                  "trace)>..."),
         cl::OneOrMore, cl::cat(category));
static cl::opt<std::string>
    outputDir("o", cl::desc("where to write diff.json and diff.html"),
              cl::value_desc("dir"), cl::init("."), cl::cat(category));
static cl::opt<bool> summary("summary",
                             cl::desc("summarise every run in one table"),
                             cl::init(false), cl::cat(category));
static cl::opt<unsigned>
    maxRows("max-rows", cl::desc("changes printed per section (0: all)"),
            cl::init(10), cl::cat(category));
static cl::opt<std::string> pcMapFile(
    "pc-map",
    cl::desc("match the static instructions of a program and its rewrite "
             "through this pc_map (a program-rewrite.json, or its run "
             "directory); by default the first run's directory's "
             "program-rewrite.json, when the PCs do not match"),
    cl::value_desc("file"), cl::cat(category));
/// --machine, to replay traces on (SnR/Pipeline/Options.def).
static pipeline::MachineCLOptions machineOptions(category);

namespace {
int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-diff") << message << "\n";
  return 1;
}

/// A run's metrics: read from a directory or metrics.json, or computed by
/// replaying a trace.
llvm::Expected<report::NamedMetrics> loadRun(llvm::StringRef path,
                                             const sim::MachineModel &machine) {
  if (llvm::sys::fs::is_directory(path) ||
      llvm::sys::path::extension(path) == ".json")
    return report::readMetricsFile(path);
  llvm::Expected<trace::Trace> trace = trace::loadTrace(path);
  if (!trace)
    return trace.takeError();
  llvm::Expected<std::unique_ptr<analysis::ReplayResults>> results =
      analysis::analyzeTrace(*trace, machine);
  if (!results)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        path + ": the replay fails: " + llvm::toString(results.takeError()));
  return report::NamedMetrics{path.str(), report::metricsOf(**results)};
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  if (llvm::Error error = snr::checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  cl::HideUnrelatedOptions({&category, &getLimitsCategory()});
  cl::ParseCommandLineOptions(
      argc, argv,
      "SnR diff: compare replays\n\n"
      "  snr-diff before/ after/ [-o dir]   what changed, largest first; "
      "writes diff.json, diff.html\n"
      "  snr-diff --summary run/...         one table of many runs\n\n"
      "A run is an snr-replay output directory, a metrics.json or a trace "
      "(replayed).\n");

  llvm::Expected<sim::MachineModel> loadedMachine =
      sim::loadMachineModelOrDefault(machineOptions.getValues().machineFile);
  if (!loadedMachine)
    return fail(llvm::toString(loadedMachine.takeError()));
  sim::MachineModel machine = std::move(*loadedMachine);
  if (!summary && runs.size() != 2)
    return fail("expected two runs to compare (or --summary and any number)");

  std::vector<report::NamedMetrics> loaded;
  for (const std::string &run : runs) {
    llvm::Expected<report::NamedMetrics> metrics = loadRun(run, machine);
    if (!metrics)
      return fail(llvm::toString(metrics.takeError()));
    loaded.push_back(std::move(*metrics));
  }

  if (summary) {
    report::printRunSummary(loaded, llvm::outs());
    return 0;
  }
  // A program and its rewrite: the pc_map given, or the one the first
  // run's directory holds (snr-replay --program --apply wrote it there).
  std::optional<report::PcMap> pcMap;
  llvm::SmallString<128> besideBefore(runs[0]);
  llvm::sys::path::append(besideBefore, "program-rewrite.json");
  std::string mapPath = !pcMapFile.empty() ? pcMapFile.getValue()
                        : llvm::sys::fs::is_directory(runs[0]) &&
                                llvm::sys::fs::exists(besideBefore)
                            ? std::string(besideBefore)
                            : std::string();
  if (!mapPath.empty()) {
    llvm::Expected<report::PcMap> map = report::readPcMap(mapPath);
    if (!map)
      return fail(llvm::toString(map.takeError()));
    pcMap = std::move(*map);
  }
  report::RunDiff diff =
      report::diffRuns(loaded[0], loaded[1], pcMap ? &*pcMap : nullptr);
  report::printRunDiff(diff, llvm::outs(), maxRows);
  if (llvm::Error error = report::writeRunDiffFiles(diff, outputDir))
    return fail(llvm::toString(std::move(error)));
  return 0;
}

//===- snr-sim-bench.cpp - How fast traces replay -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Replays one trace's flat table several ways and prints, as JSON, the
// median of --runs runs of each:
//   timing-only            the timing model alone, no listener
//   timing+recorder        timing with the TimingRecorder and the
//                          PerformanceTracker (what --snr-simulate needs)
//   functional+listeners   values executed alongside, every listener
// plus the peak resident memory after each mode.
//
//===----------------------------------------------------------------------===//

#include "BenchUtil.h"

#include "SnR/Sim/PerformanceTracker.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Sim/TimingRecorder.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
using namespace snr;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<trace>"),
                                      cl::Required);
static cl::opt<unsigned> runs("runs", cl::desc("runs of each mode"),
                              cl::init(5));

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "SnR replay benchmark\n");
  llvm::Expected<trace::Trace> loaded = trace::loadTrace(inputFile);
  if (!loaded) {
    llvm::errs() << llvm::toString(loaded.takeError()) << "\n";
    return 1;
  }
  const trace::Trace &trace = *loaded;
  const sim::MachineModel &machine = sim::getDefaultMachineModel();
  sim::SimInput input{trace.instructions, trace.outcomes};
  uint64_t count = trace.instructions.size();
  uint64_t rssAfterLoad = bench::peakRssBytes();

  struct Result {
    const char *mode;
    double seconds;
    uint64_t peakRss;
  };
  std::vector<Result> results;
  bool failed = false;
  auto check = [&](llvm::Expected<sim::RunSummary> summary) {
    if (!summary) {
      llvm::errs() << llvm::toString(summary.takeError()) << "\n";
      failed = true;
    }
  };

  results.push_back({"timing-only", bench::medianSeconds(runs, [&] {
                       sim::Simulator simulator(machine);
                       check(simulator.run(input));
                     }),
                     bench::peakRssBytes()});
  results.push_back({"timing+recorder", bench::medianSeconds(runs, [&] {
                       sim::Simulator simulator(machine);
                       sim::TimingRecorder recorder;
                       sim::PerformanceTracker tracker;
                       simulator.addListener(&recorder);
                       simulator.addListener(&tracker);
                       check(simulator.run(input));
                     }),
                     bench::peakRssBytes()});
  results.push_back({"functional+listeners", bench::medianSeconds(runs, [&] {
                       sim::Simulator simulator(machine);
                       sim::TimingRecorder recorder;
                       sim::PerformanceTracker tracker;
                       simulator.addListener(&recorder);
                       simulator.addListener(&tracker);
                       sim::ArchState state(machine.memory);
                       trace.applySnapshot(state);
                       check(simulator.run(input, &state));
                     }),
                     bench::peakRssBytes()});
  if (failed)
    return 1;

  llvm::outs() << "{\n  \"trace\": \"" << inputFile << "\",\n"
               << "  \"instructions\": " << count << ",\n"
               << "  \"runs\": " << runs << ",\n"
               << "  \"peak_rss_after_load_bytes\": " << rssAfterLoad << ",\n"
               << "  \"modes\": [\n";
  for (size_t i = 0; i < results.size(); ++i) {
    const Result &r = results[i];
    llvm::outs() << llvm::format(
        "    {\"mode\": \"%s\", \"median_s\": %.4f, \"instructions_per_s\": "
        "%.0f, \"peak_rss_bytes\": %llu, \"peak_rss_bytes_per_instruction\": "
        "%.1f}%s\n",
        r.mode, r.seconds, count / r.seconds, (unsigned long long)r.peakRss,
        double(r.peakRss) / double(count), i + 1 < results.size() ? "," : "");
  }
  llvm::outs() << "  ]\n}\n";
  return 0;
}

//===- snr-sim-bench.cpp - How fast traces replay -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Replays one trace's flat table several ways and prints, as JSON, the
// median of --runs runs of each (more on small traces: --min-seconds):
//   timing-only            the timing model alone, no listener
//   timing+recorder        timing with the TimingRecorder and the
//                          PerformanceTracker (what --snr-simulate needs)
//   functional+listeners   values executed alongside, every listener
// plus the peak resident memory of a process that loaded the trace and ran
// the mode once (a child process per mode).
//
//===----------------------------------------------------------------------===//

#include "BenchUtil.h"

#include "SnR/Replay/Replay.h"
#include "SnR/Sim/PerformanceTracker.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Sim/TimingRecorder.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
using namespace snr;

static cl::OptionCategory category("snr-sim-bench options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<trace>"),
                                      cl::Required, cl::cat(category));
static cl::opt<unsigned> runs("runs", cl::desc("runs of each mode"),
                              cl::init(5), cl::cat(category));
static cl::opt<double> minSeconds(
    "min-seconds",
    cl::desc("run a mode more than --runs times until its runs take this "
             "long"),
    cl::init(1.0), cl::cat(category));

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(category);
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
  uint64_t rssAfterLoad = bench::peakRssInChild([] {});

  bool failed = false;
  auto check = [&](llvm::Expected<sim::RunSummary> summary) {
    if (!summary) {
      llvm::errs() << llvm::toString(summary.takeError()) << "\n";
      failed = true;
    }
  };

  struct Mode {
    const char *name;
    std::function<void()> body;
  };
  const Mode modes[] = {
      {"timing-only",
       [&] {
         sim::Simulator simulator(machine);
         check(simulator.run(input));
       }},
      {"timing+recorder",
       [&] {
         sim::Simulator simulator(machine);
         sim::TimingRecorder recorder;
         sim::PerformanceTracker tracker;
         simulator.addListener(&recorder);
         simulator.addListener(&tracker);
         check(simulator.run(input));
       }},
      {"functional+listeners",
       [&] {
         sim::Simulator simulator(machine);
         sim::TimingRecorder recorder;
         sim::PerformanceTracker tracker;
         simulator.addListener(&recorder);
         simulator.addListener(&tracker);
         sim::ArchState state(machine.memory);
         replay::applySnapshot(trace, state);
         check(simulator.run(input, &state));
       }},
  };

  // Memory first, each mode in a child process that holds the trace.
  struct Result {
    const char *mode;
    double seconds;
    uint64_t peakRss;
  };
  std::vector<Result> results;
  for (const Mode &mode : modes)
    results.push_back({mode.name, 0, bench::peakRssInChild(mode.body)});
  for (Result &result : results)
    for (const Mode &mode : modes)
      if (mode.name == result.mode)
        result.seconds = bench::medianSeconds(runs, mode.body, minSeconds);
  if (failed)
    return 1;

  llvm::outs() << "{\n  \"trace\": \"" << inputFile << "\",\n"
               << "  \"instructions\": " << count << ",\n"
               << "  \"runs\": " << runs << ",\n"
               << "  \"rss_with_trace_loaded_bytes\": " << rssAfterLoad
               << ",\n"
               << "  \"modes\": [\n";
  for (size_t i = 0; i < results.size(); ++i) {
    const Result &r = results[i];
    llvm::outs() << llvm::format(
        "    {\"mode\": \"%s\", \"median_s\": %.4f, \"instructions_per_s\": "
        "%.0f, \"peak_rss_bytes\": %llu, \"peak_rss_bytes_per_instruction\": "
        "%.1f, \"added_rss_bytes_per_instruction\": %.1f}%s\n",
        r.mode, r.seconds, count / r.seconds, (unsigned long long)r.peakRss,
        double(r.peakRss) / double(count),
        (double(r.peakRss) - double(rssAfterLoad)) / double(count),
        i + 1 < results.size() ? "," : "");
  }
  llvm::outs() << "  ]\n}\n";
  return 0;
}

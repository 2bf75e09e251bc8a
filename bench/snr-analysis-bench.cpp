//===- snr-analysis-bench.cpp - What each analysis costs ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Replays one trace's flat table with one analysis at a time and prints, as
// JSON, the median time of each mode and the peak resident memory of a
// process that ran it once. The modes run in rounds (each mode once per
// round; at least --runs rounds and --min-seconds in all), and an analysis's
// cost is the median over rounds of its difference to its baseline in the
// same round, so load from other processes falls on both alike:
//   timing-only          the timing model alone, no listener (the unit the
//                        costs below are also expressed in)
//   functional+recorder  values executed alongside, with the TimingRecorder:
//                        the replay every analysis rides on (they need the
//                        memory accesses only a functional run reports)
//   dma-stalls, utilization, data-cache, dependencies
//                        functional+recorder plus that one listener; its
//                        cost is the difference to functional+recorder
//   suggestions          Suggestions::compute alone (Algorithm 2), on the
//                        results of a replay with the listeners it reads
//   all                  analysis::analyzeTrace: the trace info, a
//                        functional replay with the recorder, the
//                        performance tracker and every analysis, then the
//                        suggestions; what snr-replay runs before reporting
//
//===----------------------------------------------------------------------===//

#include "BenchUtil.h"

#include "SnR/Replay/Replay.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Sim/Simulator.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <memory>

namespace cl = llvm::cl;
using namespace snr;

static cl::OptionCategory category("snr-analysis-bench options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<trace>"),
                                      cl::Required, cl::cat(category));
static cl::opt<unsigned> runs("runs", cl::desc("runs of each mode"),
                              cl::init(5), cl::cat(category));
static cl::opt<double> minSeconds(
    "min-seconds",
    cl::desc("run more rounds than --runs until the rounds take this long"),
    cl::init(2.0), cl::cat(category));
static cl::opt<bool> noMemory(
    "no-memory",
    cl::desc("do not measure each mode's peak memory (one extra run each)"),
    cl::init(false), cl::cat(category));

namespace {
/// One way of replaying the trace, run once per call.
struct Mode {
  const char *name;
  std::function<void()> body;
  /// The mode the cost is measured against (for the analyses).
  const char *baseline = nullptr;
};

[[noreturn]] void fail(llvm::Error error) {
  llvm::errs() << llvm::toString(std::move(error)) << "\n";
  std::exit(1);
}

void check(llvm::Expected<sim::RunSummary> summary) {
  if (!summary)
    fail(summary.takeError());
}
} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "SnR analysis benchmark\n");
  if (runs == 0)
    runs = 1;
  llvm::Expected<trace::Trace> loaded = trace::loadTrace(inputFile);
  if (!loaded)
    fail(loaded.takeError());
  const trace::Trace &trace = *loaded;
  const sim::MachineModel &machine = sim::getDefaultMachineModel();
  const sim::SimInput input{trace.instructions, trace.outcomes,
                            !trace.header.reordered};
  const analysis::TraceInfo info = analysis::TraceInfo::fromTrace(trace);
  const uint64_t count = trace.instructions.size();

  /// Runs a functional replay with the TimingRecorder and `extra`.
  auto functional = [&](llvm::ArrayRef<sim::SimListener *> extra) {
    sim::Simulator simulator(machine);
    sim::TimingRecorder recorder;
    simulator.addListener(&recorder);
    for (sim::SimListener *listener : extra)
      simulator.addListener(listener);
    sim::ArchState state(machine.memory);
    replay::applySnapshot(trace, state);
    check(simulator.run(input, &state));
  };

  // The listeners Suggestions::compute reads, filled once (before timing).
  analysis::DmaStallAnalysis stallsForSuggestions(info);
  analysis::DataCacheAnalysis cacheForSuggestions(info);
  analysis::DependencyAnalysis depsForSuggestions(info);
  auto prepareSuggestions = [&] {
    functional({&stallsForSuggestions, &cacheForSuggestions,
                &depsForSuggestions});
  };
  uint64_t suggestedDmas = 0, parallelGroups = 0;

  std::vector<Mode> modes = {
      {"timing-only",
       [&] {
         sim::Simulator simulator(machine);
         check(simulator.run(input));
       }},
      {"functional+recorder", [&] { functional({}); }},
      {"dma-stalls",
       [&] {
         analysis::DmaStallAnalysis analysis(info);
         functional({&analysis});
       },
       "functional+recorder"},
      {"utilization",
       [&] {
         analysis::UtilizationAnalysis analysis(info);
         functional({&analysis});
       },
       "functional+recorder"},
      {"data-cache",
       [&] {
         analysis::DataCacheAnalysis analysis(info);
         functional({&analysis});
       },
       "functional+recorder"},
      {"dependencies",
       [&] {
         analysis::DependencyAnalysis analysis(info);
         functional({&analysis});
       },
       "functional+recorder"},
      {"suggestions",
       [&] {
         analysis::Suggestions suggestions;
         suggestions.compute(info, stallsForSuggestions, depsForSuggestions,
                             cacheForSuggestions);
         suggestedDmas = suggestions.dmas.size();
         parallelGroups = suggestions.parallelGroups.size();
       }},
      {"all",
       [&] {
         auto results = analysis::analyzeTrace(trace, machine);
         if (!results)
           fail(results.takeError());
       }},
  };

  // Memory first, in children, while this process holds only the trace.
  // The suggestions need their inputs: that child replays first.
  std::vector<uint64_t> peakRss(modes.size(), 0);
  const uint64_t rssBefore = bench::peakRssInChild([] {});
  if (!noMemory)
    for (size_t i = 0; i < modes.size(); ++i)
      peakRss[i] = bench::peakRssInChild([&] {
        if (llvm::StringRef(modes[i].name) == "suggestions")
          prepareSuggestions();
        modes[i].body();
      });
  prepareSuggestions();

  // Rounds: every mode once per round, so that load from other processes
  // falls on all modes alike; at least --runs rounds and --min-seconds.
  std::vector<std::vector<double>> samples(modes.size());
  auto timeOnce = [](const std::function<void()> &body) {
    auto start = std::chrono::steady_clock::now();
    body();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  };
  double roundSeconds = 0;
  for (const Mode &mode : modes) // warm-up, and the length of a round
    roundSeconds += timeOnce(mode.body);
  unsigned rounds = std::max<unsigned>(
      runs, std::min<unsigned>(1000, unsigned(std::ceil(
                                         minSeconds / roundSeconds))));
  for (unsigned r = 0; r < rounds; ++r)
    for (size_t i = 0; i < modes.size(); ++i)
      samples[i].push_back(timeOnce(modes[i].body));
  auto median = [](std::vector<double> values) {
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  };
  std::vector<double> seconds;
  for (const std::vector<double> &times : samples)
    seconds.push_back(median(times));
  auto indexOf = [&](llvm::StringRef name) {
    for (size_t i = 0; i < modes.size(); ++i)
      if (name == modes[i].name)
        return i;
    llvm_unreachable("no such mode");
  };
  auto secondsOf = [&](llvm::StringRef name) {
    return seconds[indexOf(name)];
  };
  /// The median over rounds of (mode - baseline) in the same round.
  auto pairedCost = [&](size_t i, llvm::StringRef baseline) {
    const std::vector<double> &base = samples[indexOf(baseline)];
    std::vector<double> differences;
    for (unsigned r = 0; r < rounds; ++r)
      differences.push_back(samples[i][r] - base[r]);
    return median(differences);
  };
  const double timingOnly = secondsOf("timing-only");

  llvm::json::OStream json(llvm::outs(), 2);
  json.object([&] {
    json.attribute("trace", inputFile);
    json.attribute("instructions", int64_t(count));
    json.attribute("dmas", int64_t(stallsForSuggestions.dmas.size()));
    json.attribute("stalled_dmas_considered", int64_t(suggestedDmas));
    json.attribute("parallel_groups", int64_t(parallelGroups));
    json.attribute("runs", int64_t(rounds));
    json.attribute("rss_with_trace_loaded_bytes", int64_t(rssBefore));
    json.attributeArray("modes", [&] {
      for (size_t i = 0; i < modes.size(); ++i) {
        json.object([&] {
          const Mode &mode = modes[i];
          json.attribute("mode", mode.name);
          json.attribute("median_s", seconds[i]);
          json.attribute("instructions_per_s", double(count) / seconds[i]);
          json.attribute("ns_per_instruction", seconds[i] * 1e9 / count);
          if (mode.baseline) {
            double cost = pairedCost(i, mode.baseline);
            json.attribute("baseline", mode.baseline);
            json.attribute("cost_s", cost);
            json.attribute("cost_ns_per_instruction", cost * 1e9 / count);
            json.attribute("cost_in_timing_only_replays", cost / timingOnly);
          } else if (llvm::StringRef(mode.name) == "suggestions") {
            // It is all cost: it runs after the replay.
            json.attribute("cost_s", seconds[i]);
            json.attribute("cost_ns_per_instruction", seconds[i] * 1e9 / count);
            json.attribute("cost_in_timing_only_replays",
                           seconds[i] / timingOnly);
          }
          if (peakRss[i]) {
            json.attribute("peak_rss_bytes", int64_t(peakRss[i]));
            json.attribute("peak_rss_bytes_per_instruction",
                           double(peakRss[i]) / double(count));
            json.attribute(
                "added_rss_bytes_per_instruction",
                (double(peakRss[i]) - double(rssBefore)) / double(count));
          }
        });
      }
    });
  });
  llvm::outs() << "\n";
  return 0;
}

//===- AnalysisSetTest.cpp - How analyses register and meet in a replay ---===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Three toy analyses with a chain of dependencies (Counter <- Doubler <-
// Reporter) show the order an AnalysisSet creates, notifies and finishes
// them; one that needs asynchronous copies shows what a target without them
// gets; and a real replay shows a registered analysis listening beside the
// ones every replay computes.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/SnRModel.h"
#include "SnR/Trace/Trace.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace snr;
using namespace snr::analysis;

namespace {

/// What happened, in order, across the toy analyses.
std::vector<std::string> journal;

/// Counts the instructions retired.
struct Counter : sim::SimListener {
  static const AnalysisInfo &getInfo() {
    static const AnalysisInfo info = AnalysisInfo::get<Counter>(
        "counter", TargetFeature::None, {}, [](const AnalysisContext &) {
          journal.push_back("create counter");
          return std::make_unique<Counter>();
        });
    return info;
  }
  void onRetire(const sim::RetireEvent &) override { ++retired; }
  uint64_t retired = 0;
};

/// Listens too; after the run, twice the counter's figure.
struct Doubler : sim::SimListener {
  static const AnalysisInfo &getInfo() {
    static const AnalysisInfo info = AnalysisInfo::get<Doubler>(
        "doubler", TargetFeature::None, {&Counter::getInfo()},
        [](const AnalysisContext &) {
          journal.push_back("create doubler");
          return std::make_unique<Doubler>();
        },
        [](Doubler &doubler, const AnalysisSet &set, const AnalysisContext &) {
          journal.push_back("finish doubler");
          doubler.doubled = 2 * set.get<Counter>().retired;
        });
    return info;
  }
  uint64_t doubled = 0;
};

/// No listener: only reads the doubler once it has finished.
struct Reporter {
  static const AnalysisInfo &getInfo() {
    static const AnalysisInfo info = AnalysisInfo::get<Reporter>(
        "reporter", TargetFeature::None, {&Doubler::getInfo()},
        [](const AnalysisContext &) {
          journal.push_back("create reporter");
          return std::make_unique<Reporter>();
        },
        [](Reporter &reporter, const AnalysisSet &set,
           const AnalysisContext &) {
          journal.push_back("finish reporter");
          reporter.line =
              "doubled " + std::to_string(set.get<Doubler>().doubled);
        });
    return info;
  }
  std::string line;
};

/// Needs asynchronous copies, and reads the reporter.
struct CopyCounter : sim::SimListener {
  static const AnalysisInfo &getInfo() {
    static const AnalysisInfo info = AnalysisInfo::get<CopyCounter>(
        "copies", TargetFeature::AsyncCopies, {&Reporter::getInfo()},
        [](const AnalysisContext &) {
          return std::make_unique<CopyCounter>();
        });
    return info;
  }
};

struct AnalysisSetTest : ::testing::Test {
  void SetUp() override { journal.clear(); }
  TraceInfo info;
  sim::ModelDescription model =
      sim::describeSnRModel(sim::getDefaultMachineModel());
  AnalysisOptions options;
  AnalysisContext context(TargetFeature target) {
    return {info, model, options, target};
  }
};

TEST_F(AnalysisSetTest, DependenciesComeFirstAndFinishFirst) {
  AnalysisSet set;
  AnalysisContext ctx = context(TargetFeature::None);
  Reporter *reporter = set.require<Reporter>(ctx);
  ASSERT_NE(reporter, nullptr);
  // Asked for the reporter, the set created what it reads first.
  EXPECT_EQ(journal,
            (std::vector<std::string>{"create counter", "create doubler",
                                      "create reporter"}));
  // Asked again, it hands back the same object.
  EXPECT_EQ(set.require<Reporter>(ctx), reporter);
  EXPECT_EQ(set.require<Counter>(ctx), &set.get<Counter>());
  // The listeners, dependencies first; the reporter does not listen.
  llvm::SmallVector<sim::SimListener *, 8> listeners = set.getListeners();
  ASSERT_EQ(listeners.size(), 2u);
  EXPECT_EQ(listeners[0], &set.get<Counter>());
  EXPECT_EQ(listeners[1], &set.get<Doubler>());

  // Three retirements, then the run ends: the doubler finishes before the
  // reporter reads it.
  for (sim::SimListener *listener : listeners)
    for (uint64_t i = 0; i < 3; ++i)
      listener->onRetire(sim::RetireEvent{});
  journal.clear();
  set.finish(ctx);
  EXPECT_EQ(journal,
            (std::vector<std::string>{"finish doubler", "finish reporter"}));
  EXPECT_EQ(set.get<Doubler>().doubled, 6u);
  EXPECT_EQ(reporter->line, "doubled 6");
}

TEST_F(AnalysisSetTest, WhatTheTargetLacksIsNotCreated) {
  AnalysisSet set;
  // On a target without asynchronous copies the copy counter does not
  // apply; nothing is created for it, not even what it would read.
  EXPECT_EQ(set.require<CopyCounter>(context(TargetFeature::None)), nullptr);
  EXPECT_TRUE(journal.empty());
  EXPECT_EQ(set.find<CopyCounter>(), nullptr);
  EXPECT_FALSE(set.contains(CopyCounter::getInfo()));
  EXPECT_EQ(describeMissing(CopyCounter::getInfo().needs),
            "the ISA has no asynchronous copies");
  // The snr reference model times them; a model without copies does not.
  EXPECT_EQ(getTargetFeatures(model), TargetFeature::AsyncCopies);
  sim::ModelDescription noCopies;
  EXPECT_EQ(getTargetFeatures(noCopies), TargetFeature::None);
  EXPECT_NE(set.require<CopyCounter>(context(getTargetFeatures(model))),
            nullptr);
}

/// A registered analysis asked for by the options listens to a real replay
/// beside the ones every replay computes: here three instructions, so the
/// counter sees three retirements, as the performance tracker does.
TEST_F(AnalysisSetTest, AReplayRunsTheAnalysesItIsAskedFor) {
  trace::Trace trace;
  for (uint64_t pc = 0; pc < 3; ++pc) {
    arch::Instruction inst;
    inst.opcode = arch::Opcode::MovI;
    inst.pc = pc;
    inst.rd = uint8_t(1 + pc);
    inst.imm = int64_t(pc);
    trace.instructions.push_back(inst);
    trace.outcomes.emplace_back();
    trace.lines.push_back(0);
  }
  AnalysisOptions withReporter;
  withReporter.analyses = {&Reporter::getInfo()};
  llvm::Expected<std::unique_ptr<ReplayResults>> replayed =
      analyzeTrace(trace, sim::getDefaultMachineModel(), withReporter);
  ASSERT_TRUE(bool(replayed)) << llvm::toString(replayed.takeError());
  const ReplayResults &results = **replayed;
  EXPECT_EQ(results.performance.instructions, 3u);
  EXPECT_EQ(results.get<Counter>().retired, 3u);
  EXPECT_EQ(results.get<Reporter>().line, "doubled 6");
  // The named analyses are the set's own.
  EXPECT_EQ(&results.get<DmaStallAnalysis>(), &results.dmas);
  // A replay not asked for them has none of them.
  llvm::Expected<std::unique_ptr<ReplayResults>> plain =
      analyzeTrace(trace, sim::getDefaultMachineModel());
  ASSERT_TRUE(bool(plain)) << llvm::toString(plain.takeError());
  EXPECT_EQ((*plain)->find<Counter>(), nullptr);
}

/// The results of a replay by a model without asynchronous copies (another
/// ISA's): the DMA analyses and the suggestions do not run, and the named
/// members are empty ones; the static view runs without its DMA rows.
TEST_F(AnalysisSetTest, AModelWithoutCopiesHasNoDmaAnalyses) {
  sim::ModelDescription noCopies;
  noCopies.name = "no-copies";
  noCopies.stallKinds = {{"none", "none", "", sim::StallRole::None}};
  ReplayResults results(TraceInfo(), noCopies);
  EXPECT_EQ(results.find<DmaStallAnalysis>(), nullptr);
  EXPECT_EQ(results.find<Suggestions>(), nullptr);
  EXPECT_FALSE(results.dmas.asyncCopies);
  EXPECT_TRUE(results.dmas.dmas.empty());
  EXPECT_TRUE(results.suggestions.dmas.empty());
  EXPECT_EQ(results.find<StaticInstructionAnalysis>(), &results.staticView);
  EXPECT_EQ(results.find<DependencyAnalysis>(), &results.dependencies);
  // Finishing leaves the static view without DMA rows.
  results.analyses.finish(results.getContext());
  EXPECT_TRUE(results.staticView.dmas.empty());
}

} // namespace

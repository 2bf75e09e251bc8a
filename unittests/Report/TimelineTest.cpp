//===- TimelineTest.cpp - timeline.json is a valid trace-event file -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The structure Perfetto and chrome://tracing rely on, checked on the
// sample replay: every track named, complete events on one track nested or
// disjoint, every flow start matched by a finish, counters written only on
// change. test/Report/check-timeline.py checks the same on real traces.
//
//===----------------------------------------------------------------------===//

#include "SampleReplay.h"

#include "SnR/Report/Selection.h"
#include "SnR/Report/Timeline.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

namespace {

struct Written {
  std::string text;
  TimelineStats stats;
  llvm::json::Value json = nullptr;
  const Array &events() const {
    return *json.getAsObject()->getArray("traceEvents");
  }
};

Written write(const analysis::ReplayResults &results,
              const ReportOptions &options = {}) {
  Written w;
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  EXPECT_TRUE(bool(selection));
  if (!selection) {
    llvm::consumeError(selection.takeError());
    return w;
  }
  llvm::raw_string_ostream os(w.text);
  w.stats = writeTimeline(os, results, *selection, options);
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(w.text);
  EXPECT_TRUE(bool(json)) << llvm::toString(json.takeError());
  if (json)
    w.json = std::move(*json);
  return w;
}

/// The structural rules; returns the first one broken, or "".
std::string checkStructure(const Array &events) {
  llvm::DenseMap<int64_t, std::string> threadNames;
  struct Slice {
    int64_t ts, dur;
  };
  std::map<int64_t, std::vector<Slice>> slices;
  std::map<int64_t, int> flows; // id -> starts - finishes
  // (cat, id) -> the names of the open async slices, innermost last.
  std::map<std::pair<std::string, int64_t>, std::vector<std::string>> async;
  llvm::StringMap<std::string> lastCounter;
  for (const llvm::json::Value &value : events) {
    const Object &e = *value.getAsObject();
    llvm::StringRef ph = *e.getString("ph");
    if (e.getInteger("pid") != 1)
      return "an event outside pid 1";
    if (ph == "M") {
      if (*e.getString("name") == "thread_name")
        threadNames[*e.getInteger("tid")] =
            e.getObject("args")->getString("name")->str();
      continue;
    }
    if (ph == "X") {
      // Microseconds with nanosecond digits: compare whole nanoseconds.
      int64_t ts = std::llround(*e.getNumber("ts") * 1000),
              dur = std::llround(*e.getNumber("dur") * 1000);
      if (ts < 0 || dur < 0)
        return "a negative ts or dur";
      slices[*e.getInteger("tid")].push_back({ts, dur});
      continue;
    }
    if (ph == "b" || ph == "e") {
      if (!threadNames.count(*e.getInteger("tid")))
        return "an async event on an unnamed track";
      std::vector<std::string> &open =
          async[{e.getString("cat")->str(), *e.getInteger("id")}];
      std::string name = e.getString("name")->str();
      if (ph == "b") {
        open.push_back(name);
      } else {
        if (open.empty() || open.back() != name)
          return "an async end that closes no open '" + name + "'";
        open.pop_back();
      }
      continue;
    }
    if (ph == "s" || ph == "f") {
      flows[*e.getInteger("id")] += ph == "s" ? 1 : -1;
      if (ph == "f" && e.getString("bp") != llvm::StringRef("e"))
        return "a flow finish without bp e";
      continue;
    }
    if (ph == "C") {
      std::string args;
      llvm::raw_string_ostream os(args);
      os << *e.get("args");
      std::string &last = lastCounter[*e.getString("name")];
      if (last == args)
        return "counter '" + e.getString("name")->str() +
               "' repeats its value";
      last = args;
      continue;
    }
    return "an unexpected phase " + ph.str();
  }
  for (auto &[tid, list] : slices) {
    if (!threadNames.count(tid))
      return "track " + std::to_string(tid) + " has no thread_name";
    std::stable_sort(list.begin(), list.end(),
                     [](const Slice &a, const Slice &b) {
                       return a.ts != b.ts ? a.ts < b.ts : a.dur > b.dur;
                     });
    std::vector<int64_t> ends; // the open slices' ends
    for (const Slice &s : list) {
      while (!ends.empty() && ends.back() <= s.ts)
        ends.pop_back();
      if (!ends.empty() && s.ts + s.dur > ends.back())
        return "slices overlap on track " + threadNames[tid] + " at " +
               std::to_string(s.ts);
      ends.push_back(s.ts + s.dur);
    }
  }
  for (auto &[key, open] : async)
    if (!open.empty())
      return "async '" + open.back() + "' never ends";
  for (auto [id, balance] : flows)
    if (balance)
      return "flow " + std::to_string(id) + " is unmatched";
  return "";
}

std::map<std::string, size_t> countByCategory(const Array &events) {
  std::map<std::string, size_t> counts;
  for (const llvm::json::Value &value : events) {
    const Object &e = *value.getAsObject();
    std::string key = e.getString("ph")->str();
    if (std::optional<llvm::StringRef> cat = e.getString("cat"))
      key += ":" + cat->str();
    ++counts[key];
  }
  return counts;
}

class TimelineTest : public ::testing::Test {
protected:
  void SetUp() override { sample = test::makeSampleReplay(); }
  analysis::ReplayResults &results() { return *sample->results; }
  std::unique_ptr<test::SampleReplay> sample;
};

TEST_F(TimelineTest, OneSlicePerInstruction) {
  Written w = write(results());
  ASSERT_TRUE(w.json.getAsObject());
  EXPECT_EQ(checkStructure(w.events()), "");
  EXPECT_FALSE(w.stats.merged);
  std::map<std::string, size_t> counts = countByCategory(w.events());
  // The 4 dma.issue and 3 dma.wait slices are in category dma, as the flows
  // that end on them.
  EXPECT_EQ(counts["X:instruction"], 5u);
  EXPECT_EQ(counts["X:stall"], 8u);
  // The 7 DMA-unit instructions; four DMAs as async slices, each with its
  // base latency and transfer nested inside.
  EXPECT_EQ(counts["X:dma"], 7u);
  EXPECT_EQ(counts["b:dma"], 12u);
  EXPECT_EQ(counts["e:dma"], 12u);
  EXPECT_EQ(counts["s:dma"], 3u);
  EXPECT_EQ(counts["f:dma"], 3u);
  // Units: scalar 1+1, loadstore 1+1, vector 1+1, matrix 0/1/0, links
  // hbm->vmem 5 values and vmem->hbm 0/4/0 (hbm->smem never moved), VMEM
  // occupancy 0/8/12/4 and free region 16/8/4/12.
  EXPECT_EQ(counts["C"], 25u);
  EXPECT_EQ(w.stats.events, w.events().size());

  // One track per link, though A and B overlap on hbm->vmem: they are async
  // slices of one name, each with its own id. Times are microseconds at
  // the 1 GHz clock (cycle 10 is 0.01 us), the cycles in the args.
  EXPECT_NE(w.text.find(R"x("tid":100,"args":{"name":"dma hbm->vmem"})x"),
            std::string::npos);
  EXPECT_EQ(w.text.find("#2"), std::string::npos);
  EXPECT_NE(
      w.text.find(R"({"name":"dma hbm->vmem","cat":"dma","ph":"b","id":0,)"
                  R"("pid":1,"tid":100,"ts":0.01,"args":{"dma":0,)"),
      std::string::npos);
  EXPECT_NE(
      w.text.find(R"({"name":"dma hbm->vmem","cat":"dma","ph":"b","id":1,)"
                  R"("pid":1,"tid":100,)"),
      std::string::npos);
  // The stall of the wait on A names its cause and the DMA charged.
  EXPECT_NE(w.text.find(R"({"name":"dma_wait","cat":"stall","ph":"X",)"
                        R"("pid":1,"tid":10,"ts":0.05,"dur":0.124,"args":)"
                        R"({"pc":4,"index":4,"hlo":"compute","stall":124,)"
                        R"("cause_pc":1,"base_stall":60,"transfer_stall":64,)"
                        R"("dma":0,"cycle":50,"cycles":124}})"),
            std::string::npos);
  // A's flow from its dma.issue to its dma.wait, both on the dma unit's
  // track (tid 5): thread slices, which every viewer binds flows to.
  EXPECT_NE(w.text.find(R"({"name":"dma.issue","cat":"dma","ph":"X",)"
                        R"("pid":1,"tid":5,"ts":0.01,)"),
            std::string::npos);
  EXPECT_NE(w.text.find(R"({"name":"dma 0","cat":"dma","ph":"s","id":0,)"
                        R"("pid":1,"tid":5,"ts":0.01})"),
            std::string::npos);
  EXPECT_NE(w.text.find(R"({"name":"dma 0","cat":"dma","ph":"f","id":0,)"
                        R"("bp":"e","pid":1,"tid":5,"ts":0.174})"),
            std::string::npos);
  const Object *other = w.json.getAsObject()->getObject("otherData");
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(other->getString("time_unit"), llvm::StringRef("us"));
  EXPECT_EQ(other->getInteger("version"), 2);
  EXPECT_EQ(other->getNumber("clock_ghz"), 1.0);
}

TEST_F(TimelineTest, MicrosecondsAtTheClock) {
  // At 1.5 GHz a cycle is 0.667 ns: cycle 50 is 33.333 ns, rounded to 33
  // (0.033 us); the wait's 124-cycle stall [50, 174) ends at 116 ns
  // (174 / 1.5), so it lasts 116 - 33 = 83 ns. The cycles stay in the args.
  results().model.clockGhz = 1.5;
  Written w = write(results());
  EXPECT_EQ(checkStructure(w.events()), "");
  EXPECT_NE(w.text.find(R"("tid":10,"ts":0.033,"dur":0.083,"args":{"pc":4,)"),
            std::string::npos)
      << w.text;
  EXPECT_NE(w.text.find(R"("dma":0,"cycle":50,"cycles":124}})"),
            std::string::npos);
  EXPECT_NE(w.text.find(R"("labels":"time at 1.5 GHz; each slice's cycles )"
                        R"(are in its args")"),
            std::string::npos);
}

TEST_F(TimelineTest, MergedStretches) {
  ReportOptions options;
  options.maxInstructionSlices = 0;
  Written w = write(results(), options);
  EXPECT_EQ(checkStructure(w.events()), "");
  EXPECT_TRUE(w.stats.merged);
  std::map<std::string, size_t> counts = countByCategory(w.events());
  // dma.issue and dma.wait stay single (in category dma); every other unit
  // has one instruction per HLO here.
  EXPECT_EQ(counts["X:instruction"], 0u);
  EXPECT_EQ(counts["X:dma"], 7u);
  EXPECT_EQ(counts["b:dma"], 12u);
  EXPECT_EQ(counts["X:stretch"], 5u);
  EXPECT_NE(w.text.find(R"({"name":"compute","cat":"stretch","ph":"X",)"
                        R"("pid":1,"tid":3,"ts":0.05,"dur":0.001,"args":)"
                        R"({"hlo":"compute","instructions":1,"busy_cycles":1,)"
                        R"("first_pc":3,"last_pc":3,"cycle":50,"cycles":1}})"),
            std::string::npos);
}

TEST_F(TimelineTest, MergingJoinsCloseInstructionsOfOneHlo) {
  // Turn the vadd (pc 3, at 50) and the vst (pc 8, moved to cycle 60 and
  // into HLO compute) into scalar adds: 10 cycles apart in one HLO, they
  // make one stretch (the gap allowed is 16); the movi at 0, in HLO load,
  // stays apart.
  sample->instructions[3].opcode = arch::Opcode::Add;
  sample->instructions[8].opcode = arch::Opcode::Add;
  results().timing.instructions[8].issue = 60;
  results().timing.instructions[8].stall = 0;
  results().info.hloOf[8] = 1;
  ReportOptions options;
  options.maxInstructionSlices = 0;
  Written w = write(results(), options);
  EXPECT_EQ(checkStructure(w.events()), "");
  EXPECT_NE(w.text.find(R"({"name":"compute","cat":"stretch","ph":"X",)"
                        R"("pid":1,"tid":1,"ts":0.05,"dur":0.011,"args":)"
                        R"({"hlo":"compute","instructions":2,"busy_cycles":2,)"
                        R"("first_pc":3,"last_pc":8,"cycle":50,"cycles":11}})"),
            std::string::npos);
}

TEST_F(TimelineTest, RestrictedToAnHlo) {
  ReportOptions options;
  options.hlo = "store";
  Written w = write(results(), options);
  EXPECT_EQ(checkStructure(w.events()), "");
  std::map<std::string, size_t> counts = countByCategory(w.events());
  // vst, the wait and D's issue, plus C's issue (the other end of the flow
  // to the wait in store); all but the vst in category dma.
  EXPECT_EQ(counts["X:instruction"], 1u);
  EXPECT_EQ(counts["s:dma"], 1u);
  EXPECT_EQ(counts["X:dma"], 3u); // C's and D's issues, the wait
  EXPECT_EQ(counts["b:dma"], 6u); // C and D
}

TEST_F(TimelineTest, Deterministic) {
  EXPECT_EQ(write(results()).text, write(results()).text);
}

} // namespace

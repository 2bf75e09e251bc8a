//===- MetricsTest.cpp - metrics.json, field by field ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The expected values are worked out from the table in SampleReplay.cpp.
//
//===----------------------------------------------------------------------===//

#include "SampleReplay.h"

#include "SnR/Report/Format.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Summary.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

/// metrics.json as written, parsed back: what a script reading it sees.
Value metricsOf(const analysis::ReplayResults &results,
                const ReportOptions &options = {}) {
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  EXPECT_TRUE(bool(selection));
  if (!selection) {
    llvm::consumeError(selection.takeError());
    return nullptr;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  writeMetrics(os, results, *selection, computeFigures(results, *selection));
  llvm::Expected<Value> value = llvm::json::parse(text);
  EXPECT_TRUE(bool(value));
  if (!value) {
    llvm::consumeError(value.takeError());
    return nullptr;
  }
  return std::move(*value);
}

int64_t integer(const Object &object, llvm::StringRef key) {
  std::optional<int64_t> value = object.getInteger(key);
  EXPECT_TRUE(value.has_value()) << "no integer '" << key.str() << "'";
  return value.value_or(-1);
}
double number(const Object &object, llvm::StringRef key) {
  std::optional<double> value = object.getNumber(key);
  EXPECT_TRUE(value.has_value()) << "no number '" << key.str() << "'";
  return value.value_or(-1);
}
std::string string(const Object &object, llvm::StringRef key) {
  std::optional<llvm::StringRef> value = object.getString(key);
  EXPECT_TRUE(value.has_value()) << "no string '" << key.str() << "'";
  return value.value_or("").str();
}
const Object &object(const Object &parent, llvm::StringRef key) {
  static const Object empty;
  const Object *value = parent.getObject(key);
  EXPECT_NE(value, nullptr) << "no object '" << key.str() << "'";
  return value ? *value : empty;
}
const Array &array(const Object &parent, llvm::StringRef key) {
  static const Array empty;
  const Array *value = parent.getArray(key);
  EXPECT_NE(value, nullptr) << "no array '" << key.str() << "'";
  return value ? *value : empty;
}
const Object &at(const Array &array, size_t index) {
  static const Object empty;
  EXPECT_LT(index, array.size());
  const Object *value =
      index < array.size() ? array[index].getAsObject() : nullptr;
  return value ? *value : empty;
}

class MetricsTest : public ::testing::Test {
protected:
  void SetUp() override { sample = test::makeSampleReplay(); }
  const analysis::ReplayResults &results() { return *sample->results; }
  std::unique_ptr<test::SampleReplay> sample;
};

TEST_F(MetricsTest, FormatVersionMachineAndTrace) {
  Value value = metricsOf(results());
  const Object &m = *value.getAsObject();
  EXPECT_EQ(string(m, "format"), "snr-metrics");
  EXPECT_EQ(integer(m, "version"), 1);
  const Object &machine = object(m, "machine");
  EXPECT_EQ(string(machine, "name"), "snr-ref");
  EXPECT_EQ(number(machine, "clock_ghz"), 1.0);
  EXPECT_EQ(integer(machine, "dma_base_latency"), 100);
  EXPECT_EQ(integer(object(machine, "vmem"), "blocks"), 4);
  const Object &trace = object(m, "trace");
  EXPECT_EQ(string(trace, "program"), "sample");
  EXPECT_EQ(integer(trace, "instructions"), 12);
  EXPECT_EQ(array(trace, "hlos").size(), 3u);
  const Object &selection = object(m, "selection");
  EXPECT_EQ(selection.getBoolean("restricted"), false);
  EXPECT_EQ(integer(selection, "begin_cycle"), 0);
  EXPECT_EQ(integer(selection, "end_cycle"), 402);
}

TEST_F(MetricsTest, TotalsAndStalls) {
  Value value = metricsOf(results());
  const Object &m = *value.getAsObject();
  const Object &totals = object(m, "totals");
  EXPECT_EQ(integer(totals, "cycles"), 402);
  EXPECT_EQ(number(totals, "time_us"), 0.402);
  EXPECT_EQ(integer(totals, "instructions"), 12);
  EXPECT_EQ(integer(totals, "executed"), 12);
  EXPECT_EQ(number(totals, "ipc"), 0.029851); // 12 / 402, 6 decimals
  EXPECT_EQ(integer(totals, "last_dma_cycle"), 509);

  const Object &stalls = object(m, "stalls");
  EXPECT_EQ(integer(stalls, "total"), 399);
  const Object &kinds = object(stalls, "by_kind");
  EXPECT_EQ(integer(kinds, "scoreboard"), 25);
  EXPECT_EQ(integer(kinds, "unit_busy"), 12);
  EXPECT_EQ(integer(kinds, "branch"), 0);
  EXPECT_EQ(integer(kinds, "fence"), 136);
  EXPECT_EQ(integer(kinds, "dma_wait"), 226);
  EXPECT_EQ(kinds.size(), 5u); // "none" is not a stall
  // Every dma_wait cycle is DMA stall (base latency + transfer): 226.
  EXPECT_EQ(integer(stalls, "dma_wait_other"), 0);
}

TEST_F(MetricsTest, DmaWaitStallBeyondTheDmaStall) {
  // The wait at pc 7 held 8 more cycles by something else (a branch's
  // refill bound as well): 110 dma_wait cycles, its DMA stall still 102.
  sample->results->timing.instructions[7].stall = 110;
  Value value = metricsOf(results());
  const Object &m = *value.getAsObject();
  const Object &stalls = object(m, "stalls");
  EXPECT_EQ(integer(object(stalls, "by_kind"), "dma_wait"), 234);
  EXPECT_EQ(integer(object(object(m, "dma"), "totals"), "stall"), 226);
  EXPECT_EQ(integer(stalls, "dma_wait_other"), 8); // 234 - 226

  std::string text;
  llvm::raw_string_ostream os(text);
  ASSERT_FALSE(bool(printSummary(results(), os, {}, "")));
  EXPECT_NE(text.find("(base latency 60 + transfer 166 = DMA stall 226; 8 "
                      "also held by another constraint)"),
            std::string::npos)
      << text;
}

TEST_F(MetricsTest, Utilization) {
  Value value = metricsOf(results());
  const Object &util = object(*value.getAsObject(), "utilization");
  EXPECT_EQ(integer(util, "window_cycles"), 100);
  const Array &units = array(util, "units");
  ASSERT_EQ(units.size(), 6u);
  const Object &dma = at(units, 4);
  EXPECT_EQ(string(dma, "name"), "dma");
  EXPECT_EQ(integer(dma, "issued"), 7);
  EXPECT_EQ(integer(dma, "busy_cycles"), 7);
  EXPECT_EQ(number(dma, "busy_fraction"), 0.017413); // 7 / 402
  const Array &links = array(util, "links");
  ASSERT_EQ(links.size(), 3u);
  EXPECT_EQ(string(at(links, 0), "name"), "hbm->vmem");
  EXPECT_EQ(integer(at(links, 0), "busy_cycles"), 192); // 64 + 128
  EXPECT_EQ(integer(at(links, 0), "bytes"), 12288);
  const Object &idle = object(util, "matrix_idle_on_dma");
  EXPECT_EQ(integer(idle, "cycles"), 124);
  EXPECT_EQ(integer(at(array(idle, "stretches"), 0), "wait_pc"), 4);
}

TEST_F(MetricsTest, Hlos) {
  Value value = metricsOf(results());
  const Array &hlos = array(*value.getAsObject(), "hlos");
  ASSERT_EQ(hlos.size(), 4u);
  EXPECT_EQ(string(at(hlos, 0), "name"), "load");
  EXPECT_EQ(string(at(hlos, 3), "name"), "(no hlo)");
  const Object &compute = at(hlos, 1);
  EXPECT_EQ(string(compute, "name"), "compute");
  EXPECT_EQ(integer(compute, "instructions"), 5);
  EXPECT_EQ(integer(compute, "first_cycle"), 12); // vadd's slot: 50 - 38
  EXPECT_EQ(integer(compute, "last_cycle"), 303);
  EXPECT_EQ(integer(compute, "cycles"), 291);
  // Own cycles: each instruction's from its issue to the next one's. The
  // compute instructions issue at 50, 174, 190, 200, 302, the next (vst)
  // at 400: 400 - 50 = 350. The load HLO from cycle 0 to 50, the store HLO
  // 400 -> 401, the halt (no HLO) 401 -> 402 (the end): 50 + 350 + 1 + 1 =
  // 402, the run.
  EXPECT_EQ(integer(compute, "own_cycles"), 350);
  EXPECT_EQ(integer(at(hlos, 0), "own_cycles"), 50);
  EXPECT_EQ(integer(at(hlos, 2), "own_cycles"), 1);
  EXPECT_EQ(integer(at(hlos, 3), "own_cycles"), 1);
  EXPECT_EQ(integer(object(compute, "stalls"), "total"), 290);
  EXPECT_EQ(integer(object(object(compute, "stalls"), "by_kind"), "dma_wait"),
            226);
}

TEST_F(MetricsTest, DmaTotalsSplitsAndTable) {
  Value value = metricsOf(results());
  const Object &dma = object(*value.getAsObject(), "dma");
  const Object &totals = object(dma, "totals");
  EXPECT_EQ(integer(totals, "dmas"), 4);
  EXPECT_EQ(integer(totals, "bytes"), 12608);
  EXPECT_EQ(integer(totals, "base_stall"), 60);
  EXPECT_EQ(integer(totals, "transfer_stall"), 166);
  EXPECT_EQ(integer(totals, "stall"), 226);
  EXPECT_EQ(integer(totals, "slack"), 96);
  // C's wait covered C alone: its slack is the wait's.
  EXPECT_EQ(integer(totals, "wait_slack"), 96);
  EXPECT_EQ(integer(totals, "stalled_dmas"), 2);

  const Array &perLink = array(dma, "per_link");
  ASSERT_EQ(perLink.size(), 3u);
  EXPECT_EQ(string(at(perLink, 0), "link"), "hbm->vmem");
  EXPECT_EQ(integer(at(perLink, 0), "transfer_stall"), 166);
  EXPECT_EQ(integer(at(perLink, 1), "slack"), 96);

  // By the HLO of the wait (of the issue for D, never waited).
  const Array &perHlo = array(dma, "per_hlo");
  ASSERT_EQ(perHlo.size(), 2u);
  EXPECT_EQ(string(at(perHlo, 0), "hlo"), "compute");
  EXPECT_EQ(integer(at(perHlo, 0), "dmas"), 2);
  EXPECT_EQ(integer(at(perHlo, 0), "base_stall"), 60);
  EXPECT_EQ(string(at(perHlo, 1), "hlo"), "store");
  EXPECT_EQ(integer(at(perHlo, 1), "bytes"), 320);

  const Array &table = array(dma, "table");
  ASSERT_EQ(table.size(), 4u);
  const Object &a = at(table, 0);
  EXPECT_EQ(integer(a, "id"), 0);
  EXPECT_EQ(integer(a, "issue_pc"), 1);
  EXPECT_EQ(integer(a, "wait_pc"), 4);
  EXPECT_EQ(string(a, "link"), "hbm->vmem");
  EXPECT_EQ(integer(a, "bytes"), 4096);
  EXPECT_EQ(string(a, "src"), "hbm");
  EXPECT_EQ(string(a, "dst"), "vmem");
  EXPECT_EQ(integer(a, "issue_cycle"), 10);
  EXPECT_EQ(integer(a, "base_end_cycle"), 110);
  EXPECT_EQ(integer(a, "start_cycle"), 110);
  EXPECT_EQ(integer(a, "complete_cycle"), 174);
  EXPECT_EQ(integer(a, "wait_ready_cycle"), 50);
  EXPECT_EQ(integer(a, "wait_issue_cycle"), 174);
  EXPECT_EQ(integer(a, "base_stall"), 60);
  EXPECT_EQ(integer(a, "transfer_stall"), 64);
  EXPECT_EQ(integer(a, "stall"), 124);
  EXPECT_EQ(a.getBoolean("charged"), true);
  EXPECT_EQ(string(a, "issue_hlo"), "load");
  EXPECT_EQ(string(a, "wait_hlo"), "compute");
  EXPECT_EQ(a.getBoolean("crosses_hlo"), true);
  const Object &d = at(table, 3);
  EXPECT_EQ(string(d, "link"), "hbm->smem");
  EXPECT_TRUE(d.get("wait_pc")->getAsNull().has_value());
  EXPECT_TRUE(d.get("wait_ready_cycle")->getAsNull().has_value());
  EXPECT_EQ(d.getBoolean("crosses_hlo"), false);
}

TEST_F(MetricsTest, DataCache) {
  Value value = metricsOf(results());
  const Object &cache = object(*value.getAsObject(), "data_cache");
  EXPECT_EQ(cache.getBoolean("available"), true);
  EXPECT_EQ(integer(cache, "pages"), 16);
  EXPECT_EQ(number(cache, "median_free_pages"), 8);
  EXPECT_EQ(number(cache, "median_largest_free_run"), 8);
  EXPECT_EQ(integer(cache, "peak_occupied_pages"), 12);
  EXPECT_EQ(integer(cache, "wasted_transfers"), 1);
  EXPECT_EQ(integer(cache, "wasted_bytes"), 512);
  const Object &wasted = at(array(cache, "wasted"), 0);
  EXPECT_EQ(integer(wasted, "pc"), 8);
  EXPECT_EQ(integer(wasted, "first_page"), 3);
  EXPECT_EQ(wasted.getBoolean("dma"), false);
}

TEST_F(MetricsTest, SuggestionsAndGroups) {
  Value value = metricsOf(results());
  const Object &s = object(*value.getAsObject(), "suggestions");
  EXPECT_EQ(integer(s, "expected_saving"), 12);
  const Array &dmas = array(s, "dmas");
  ASSERT_EQ(dmas.size(), 2u);
  const Object &b = at(dmas, 1);
  EXPECT_EQ(integer(b, "dma"), 1);
  EXPECT_EQ(string(b, "verdict"), "hoist-partly");
  EXPECT_EQ(string(b, "reason"), "nothing it reads is produced in the trace");
  EXPECT_EQ(integer(b, "stall"), 102);
  EXPECT_EQ(integer(b, "push_limit"), 12);
  EXPECT_EQ(integer(b, "expected_saving"), 12);
  EXPECT_EQ(integer(b, "target_pc"), 0);
  EXPECT_EQ(integer(b, "issue_pc"), 2);
  EXPECT_EQ(integer(b, "wait_pc"), 7);
  EXPECT_EQ(b.getBoolean("memory_available"), true);
  const Object &relaxed = object(object(b, "backtail"), "relaxed");
  EXPECT_EQ(integer(relaxed, "cycles"), 12);
  EXPECT_TRUE(relaxed.get("blocker_pc")->getAsNull().has_value());
  const Object &conservative = object(object(b, "backtail"), "conservative");
  EXPECT_EQ(integer(conservative, "blocker_pc"), 0);
  EXPECT_EQ(string(conservative, "blocker_resource"), "register");
  EXPECT_EQ(string(at(dmas, 0), "verdict"), "blocked-by-dependency");

  const Array &groups = array(s, "parallel_groups");
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(integer(at(groups, 0), "expected_saving"), 100);
  EXPECT_EQ(string(at(groups, 0), "hlo"), "load");
  EXPECT_EQ(at(groups, 0).getArray("issue_pcs")->size(), 2u);
}

TEST_F(MetricsTest, StaticView) {
  Value value = metricsOf(results());
  const Object &m = *value.getAsObject();
  const Object &view = object(m, "static");
  // Twelve PCs, each executed once.
  const Array &instructions = array(view, "instructions");
  ASSERT_EQ(instructions.size(), 12u);
  // pc 4, the wait on A: issued at 174, after pc 3 at 50 (124 issue
  // cycles); its dma_wait stall of 124 is charged to the dma.issue at pc 1.
  const Object &wait = at(instructions, 4);
  EXPECT_EQ(integer(wait, "pc"), 4);
  EXPECT_EQ(string(wait, "opcode"), "dma.wait");
  EXPECT_EQ(string(wait, "hlo"), "compute");
  EXPECT_EQ(integer(wait, "executions"), 1);
  EXPECT_EQ(integer(wait, "issue_cycles"), 124);
  EXPECT_EQ(integer(wait, "stall_cycles"), 124);
  const Object &dmaWait = object(object(wait, "stalls"), "dma_wait");
  EXPECT_EQ(integer(dmaWait, "total"), 124);
  EXPECT_EQ(integer(dmaWait, "max"), 124);
  EXPECT_EQ(number(dmaWait, "mean"), 124.0);
  const Array &producers = array(dmaWait, "producers");
  ASSERT_EQ(producers.size(), 1u);
  EXPECT_EQ(integer(at(producers, 0), "pc"), 1);
  EXPECT_EQ(integer(at(producers, 0), "cycles"), 124);
  // The fence at pc 3 stalls 38 cycles with no producer: no list.
  EXPECT_EQ(array(object(object(at(instructions, 3), "stalls"), "fence"),
                  "producers")
                .size(),
            0u);

  // Static DMAs: one per issue PC (1, 2, 6, 10). pc 2 is B: 102 transfer
  // stall, hoist-partly, saving 12; its backtail (from its suggestion) is 2
  // instructions, 12 cycles.
  const Array &dmas = array(view, "dmas");
  ASSERT_EQ(dmas.size(), 4u);
  const Object &b = at(dmas, 1);
  EXPECT_EQ(integer(b, "pc"), 2);
  EXPECT_EQ(integer(b, "instances"), 1);
  EXPECT_EQ(integer(b, "transfer_stall"), 102);
  EXPECT_EQ(integer(b, "stall"), 102);
  EXPECT_EQ(integer(b, "expected_saving"), 12);
  EXPECT_EQ(integer(object(b, "verdicts"), "hoist-partly"), 1);
  EXPECT_EQ(integer(object(b, "backtail"), "median_instructions"), 2);
  EXPECT_EQ(integer(object(b, "backtail"), "min_cycles"), 12);
  // C at pc 6: 96 slack, no suggestion.
  EXPECT_EQ(integer(at(dmas, 2), "slack"), 96);
  const Array &groups = array(view, "parallel_groups");
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(integer(at(groups, 0), "instances"), 1);
  EXPECT_EQ(integer(at(groups, 0), "expected_saving"), 100);
}

TEST_F(MetricsTest, BottlenecksAddUpToTheStall) {
  Value value = metricsOf(results());
  const Object &m = *value.getAsObject();
  const Object &b = object(m, "bottlenecks");
  // 9 + 2 + 38 + 124 + 16 + 10 + 102 + 98 = 399, as stalls.total says.
  EXPECT_EQ(integer(b, "stall_cycles"), 399);
  EXPECT_EQ(integer(b, "stall_cycles"), integer(object(m, "stalls"), "total"));
  EXPECT_EQ(integer(b, "with_producer"), 263);
  EXPECT_EQ(integer(b, "without_producer"), 136);
  const Object &byReason = object(b, "by_reason");
  EXPECT_EQ(integer(byReason, "scoreboard"), 9 + 16);
  EXPECT_EQ(integer(byReason, "unit_busy"), 2 + 10);
  EXPECT_EQ(integer(byReason, "fence"), 38 + 98);
  EXPECT_EQ(integer(byReason, "dma_wait"), 124 + 102);
  const Array &top = array(b, "top");
  ASSERT_EQ(top.size(), 8u);
  int64_t sum = 0;
  for (const Value &chain : top)
    sum += chain.getAsObject()->getInteger("cycles").value_or(0);
  EXPECT_EQ(sum, 399);
  EXPECT_EQ(integer(at(top, 0), "producer_pc"), 1);
  EXPECT_EQ(integer(at(top, 0), "consumer_pc"), 4);
  EXPECT_EQ(string(at(top, 0), "reason"), "dma_wait");
  // Per HLO: compute 38 + 124 + 16 + 10 + 102 = 290 first.
  const Array &perHlo = array(b, "per_hlo");
  ASSERT_EQ(perHlo.size(), 3u);
  EXPECT_EQ(string(at(perHlo, 1), "hlo"), "compute");
  EXPECT_EQ(integer(at(perHlo, 1), "stall_cycles"), 290);
}

TEST_F(MetricsTest, RestrictedToAnHlo) {
  ReportOptions options;
  options.hlo = "compute";
  Value value = metricsOf(results(), options);
  const Object &m = *value.getAsObject();
  const Object &selection = object(m, "selection");
  EXPECT_EQ(selection.getBoolean("restricted"), true);
  EXPECT_EQ(string(selection, "description"), "HLO compute");
  EXPECT_EQ(integer(selection, "begin_cycle"), 12);
  EXPECT_EQ(integer(selection, "end_cycle"), 303);
  EXPECT_EQ(integer(object(m, "totals"), "cycles"), 291);
  EXPECT_EQ(integer(object(m, "totals"), "instructions"), 5);
  // A and B are waited for in it, C is issued in it; D is not.
  const Array &table = array(object(m, "dma"), "table");
  ASSERT_EQ(table.size(), 3u);
  EXPECT_EQ(integer(at(table, 2), "id"), 2);
  EXPECT_EQ(array(object(m, "suggestions"), "dmas").size(), 2u);
  // Windows 0 to 3 meet cycles [12, 303): free 16, 8, 4, 4.
  const Object &cache = object(m, "data_cache");
  EXPECT_EQ(number(cache, "median_free_pages"), 6);
  EXPECT_EQ(integer(cache, "wasted_transfers"), 0);
  EXPECT_EQ(array(m, "hlos").size(), 1u);
}

TEST_F(MetricsTest, RestrictedToAPcRange) {
  ReportOptions options;
  options.pcBegin = 8;
  Value value = metricsOf(results(), options);
  const Object &m = *value.getAsObject();
  EXPECT_EQ(string(object(m, "selection"), "description"), "pc [8, end)");
  EXPECT_EQ(integer(object(m, "totals"), "instructions"), 4);
  const Array &table = array(object(m, "dma"), "table");
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(integer(at(table, 0), "id"), 2);
  EXPECT_EQ(integer(at(table, 1), "id"), 3);
  EXPECT_EQ(array(object(m, "suggestions"), "dmas").size(), 0u);
}

TEST_F(MetricsTest, BadRestrictions) {
  ReportOptions options;
  options.hlo = "fusion.9";
  llvm::Expected<Selection> selection = Selection::compute(results(), options);
  ASSERT_FALSE(bool(selection));
  EXPECT_EQ(llvm::toString(selection.takeError()),
            "no HLO named 'fusion.9' in the trace; it has: load, compute, "
            "store");
  options.hlo.clear();
  options.pcBegin = 100;
  selection = Selection::compute(results(), options);
  ASSERT_FALSE(bool(selection));
  EXPECT_EQ(llvm::toString(selection.takeError()),
            "the report restriction (pc [100, end)) selects no instruction "
            "of the trace (its PCs are 0 to 11)");
}

TEST(JsonFormat, SortedKeysShortestNumbers) {
  std::string text;
  llvm::raw_string_ostream os(text);
  writeJson(os,
            Object{{"b", 0.1}, {"a", int64_t(3)}, {"c", Array{1.5, 2.0}},
                   {"d", 1e-7}},
            0);
  EXPECT_EQ(text, R"({"a":3,"b":0.1,"c":[1.5,2],"d":1e-07})");
  EXPECT_EQ(formatJsonNumber(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(formatJsonNumber(roundTo(0.1 + 0.2, 6)), "0.3");
  EXPECT_EQ(formatCount(1234567), "1,234,567");
  EXPECT_EQ(formatShort(1250000), "1.25M");
  EXPECT_EQ(formatPercent(0.4251), "42.5%");
}

} // namespace

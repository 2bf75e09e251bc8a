//===- RISCVOutputsTest.cpp - The analyses and files of a RISC-V run ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The analyses and outputs of lib/Replay/RISCV on a RISCVRun made by hand:
// the costliest instructions, the load-use suggestions (the consumer that
// stalled most is the first use), metrics.json's figures, the remarks'
// location, function and hotness.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVOutputs.h"

#include "gtest/gtest.h"

using namespace snr::replay::riscv;
using namespace snr::target::riscv::timing;
namespace json = llvm::json;

namespace {
StaticInstruction makeInstruction(uint64_t pc, const char *text,
                                  uint64_t cycles, uint64_t stall,
                                  const char *function, unsigned line = 0) {
  StaticInstruction inst;
  inst.pc = pc;
  inst.text = text;
  inst.mnemonic = llvm::StringRef(text).split(' ').first.str();
  inst.cycles = cycles;
  inst.executions = 1;
  inst.stallCycles = stall;
  inst.stallByKind[unsigned(StallKind::Register)] = stall;
  inst.place.function = function;
  if (line) {
    inst.place.file = "/src/kernel.c";
    inst.place.line = line;
    inst.place.column = 7;
  }
  return inst;
}

/// A load at 0x100 (line 10) feeding two consumers: 0x104 stalls 3 cycles on
/// it once, 0x108 5 cycles over two executions; an ALU op at 0x10c outside
/// every function.
RISCVRun makeRun() {
  RISCVRun run;
  run.cpu = "sifive-x280";
  run.summary.instructions = 5;
  run.summary.cycles = 20;
  run.summary.stallCycles[unsigned(StallKind::Register)] = 8;
  StaticInstruction load = makeInstruction(0x100, "vle8.v v8, (a0)", 4, 0,
                                           "kernel", 10);
  load.mayLoad = true;
  load.loadUseStallCycles = 8;
  load.loadUseStalls = 3;
  load.loadUseConsumers = {{0x104, 3}, {0x108, 5}};
  run.statics.push_back(load);
  run.statics.push_back(
      makeInstruction(0x104, "vsext.vf2 v9, v8", 6, 3, "kernel", 11));
  run.statics.push_back(
      makeInstruction(0x108, "vwmacc.vv v10, v9, v8", 9, 5, "kernel", 12));
  run.statics.push_back(makeInstruction(0x10c, "add a0, a0, a1", 1, 0, ""));
  return run;
}
} // namespace

TEST(RISCVOutputsTest, CostliestByOwnCycles) {
  RISCVRun run = makeRun();
  std::vector<const StaticInstruction *> top = getCostliest(run, 2);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0]->pc, 0x108u); // 9 cycles
  EXPECT_EQ(top[1]->pc, 0x104u); // 6 cycles
  EXPECT_EQ(getCostliest(run, 10).size(), 4u);
}

TEST(RISCVOutputsTest, LoadUseFirstUseIsTheConsumerThatStalledMost) {
  RISCVRun run = makeRun();
  std::vector<LoadUseSuggestion> suggestions = getLoadUseSuggestions(run);
  ASSERT_EQ(suggestions.size(), 1u);
  EXPECT_EQ(suggestions[0].load->pc, 0x100u);
  EXPECT_EQ(suggestions[0].firstUse->pc, 0x108u);
  EXPECT_EQ(suggestions[0].stallCycles, 8u);
  EXPECT_EQ(suggestions[0].stalls, 3u);
}

TEST(RISCVOutputsTest, MetricsKeepSnrDiffNames) {
  RISCVRun run = makeRun();
  json::Value value = buildMetrics(run);
  const json::Object &metrics = *value.getAsObject();
  EXPECT_EQ(metrics.getString("format"), "snr-metrics");
  EXPECT_EQ(metrics.getInteger("version"), 1);
  EXPECT_EQ(metrics.getObject("totals")->getInteger("cycles"), 20);
  EXPECT_EQ(metrics.getObject("stalls")->getInteger("total"), 8);
  const json::Array &statics =
      *metrics.getObject("static")->getArray("instructions");
  ASSERT_EQ(statics.size(), 4u);
  EXPECT_EQ(statics[0].getAsObject()->getString("opcode"), "vle8.v");
  EXPECT_EQ(statics[3].getAsObject()->getString("hlo"), "(no function)");
  EXPECT_EQ(metrics.getObject("dma")->getString("note"), getNoDmaNote());
  const json::Array &loadUse =
      *metrics.getObject("suggestions")->getArray("load_use");
  ASSERT_EQ(loadUse.size(), 1u);
  EXPECT_EQ(loadUse[0].getAsObject()->getInteger("first_use_pc"), 0x108);
}

TEST(RISCVOutputsTest, RemarksAtTheLineWithFunctionAndHotness) {
  RISCVRun run = makeRun();
  std::string text;
  llvm::raw_string_ostream os(text);
  ASSERT_FALSE(bool(writeRemarks(run, os)));
  // Two stall remarks (0x104, 0x108; 0x10c has no function and no stall),
  // then the load-use one at the load's line, Hotness its stall cycles.
  EXPECT_EQ(llvm::StringRef(text).count("--- !Analysis"), 2u);
  size_t missed = text.find("--- !Missed");
  ASSERT_NE(missed, std::string::npos);
  llvm::StringRef remark = llvm::StringRef(text).drop_front(missed);
  EXPECT_TRUE(remark.contains("Name:            load-use-latency"));
  EXPECT_TRUE(remark.contains("Line: 10, Column: 7"));
  EXPECT_TRUE(remark.contains("Function:        kernel"));
  EXPECT_TRUE(remark.contains("Hotness:         8"));
  size_t firstUse = remark.find("FirstUse:");
  ASSERT_NE(firstUse, llvm::StringRef::npos);
  EXPECT_TRUE(remark.drop_front(firstUse)
                  .split('\n')
                  .first.contains("vwmacc.vv v10, v9, v8"));
}

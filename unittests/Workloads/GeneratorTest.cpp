//===- GeneratorTest.cpp - Every workload and knob runs to its halt -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every workload, under every combination of the schedule knobs, runs on the
// functional core from its entry to its halt without a fault; generation is
// deterministic; the knobs change the schedule and not the work.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/FunctionalRun.h"
#include "SnR/Workloads/Presets.h"
#include "SnR/Workloads/Workload.h"

#include <gtest/gtest.h>

#include <optional>
#include <set>

using namespace snr;
using namespace snr::workloads;
using arch::Opcode;

namespace {

std::vector<WorkloadOptions> smallWorkloads() {
  std::vector<WorkloadOptions> all;
  WorkloadOptions prefill;
  prefill.decoder.hidden = 32;
  prefill.decoder.heads = 2;
  prefill.decoder.seq = 32;
  prefill.decoder.batch = 2;
  prefill.decoder.layers = 2;
  all.push_back(prefill);
  WorkloadOptions decode = prefill;
  decode.decoder.mode = DecoderMode::Decode;
  decode.decoder.batch = 3;
  all.push_back(decode);
  for (WorkloadKind kind :
       {WorkloadKind::AllGather, WorkloadKind::ReduceScatter,
        WorkloadKind::AllReduce}) {
    WorkloadOptions collective;
    collective.kind = kind;
    collective.collective.chips = 5;
    collective.collective.rank = 2;
    collective.collective.bytes = 5 * 2048;
    collective.collective.chunkBytes = 1024;
    all.push_back(collective);
  }
  return all;
}

ScheduleOptions knobs(unsigned bits) {
  ScheduleOptions s;
  s.lateDma = bits & 1;
  s.serialSetup = bits & 2;
  s.noPrefetch = bits & 4;
  s.fragmentingAllocator = bits & 8;
  return s;
}

std::string describe(const WorkloadOptions &options) {
  const ScheduleOptions &s = options.schedule;
  return (getWorkloadName(options.kind) +
          (options.decoder.mode == DecoderMode::Decode ? " decode" : "") +
          (s.lateDma ? " late" : "") + (s.serialSetup ? " serial" : "") +
          (s.noPrefetch ? " no-prefetch" : "") +
          (s.fragmentingAllocator ? " fragmenting" : ""))
      .str();
}

TEST(Generators, EveryKnobCombinationRunsToItsHalt) {
  for (WorkloadOptions options : smallWorkloads()) {
    std::optional<uint64_t> matmuls;
    for (unsigned bits = 0; bits < 16; ++bits) {
      options.schedule = knobs(bits);
      SCOPED_TRACE(describe(options));
      llvm::Expected<GeneratedProgram> program = generateWorkload(options);
      ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
      llvm::Expected<RunResult> run = runProgram(*program, 50000000);
      ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
      // The knobs move work around; they do not change it.
      uint64_t work = run->perOpcode[size_t(Opcode::MxuMatmul)] +
                      run->perOpcode[size_t(Opcode::VAdd)];
      if (!matmuls)
        matmuls = work;
      EXPECT_EQ(work, *matmuls);
    }
  }
}

TEST(Generators, Deterministic) {
  for (WorkloadOptions options : smallWorkloads()) {
    options.schedule = knobs(9);
    SCOPED_TRACE(describe(options));
    llvm::Expected<GeneratedProgram> a = generateWorkload(options);
    llvm::Expected<GeneratedProgram> b = generateWorkload(options);
    ASSERT_TRUE(a && b);
    ASSERT_EQ(a->instructions.size(), b->instructions.size());
    for (size_t i = 0; i < a->instructions.size(); ++i) {
      const arch::Instruction &x = a->instructions[i], &y = b->instructions[i];
      EXPECT_TRUE(x.opcode == y.opcode && x.rd == y.rd && x.rs1 == y.rs1 &&
                  x.rs2 == y.rs2 && x.imm == y.imm && x.src == y.src &&
                  x.dst == y.dst && x.flag == y.flag && x.guard == y.guard)
          << "instruction " << i;
    }
    EXPECT_EQ(a->hloOf, b->hloOf);
    EXPECT_EQ(a->hloNames, b->hloNames);
    ASSERT_EQ(a->memory.size(), b->memory.size());
    for (size_t i = 0; i < a->memory.size(); ++i) {
      EXPECT_EQ(a->memory[i].addr, b->memory[i].addr);
      EXPECT_EQ(a->memory[i].splat, b->memory[i].splat);
      EXPECT_EQ(a->memory[i].bytes, b->memory[i].bytes);
    }
  }
}

TEST(Generators, EveryInstructionHasAnHlo) {
  for (const WorkloadOptions &options : smallWorkloads()) {
    llvm::Expected<GeneratedProgram> program = generateWorkload(options);
    ASSERT_TRUE(bool(program));
    ASSERT_EQ(program->hloOf.size(), program->instructions.size());
    for (size_t i = 0; i < program->instructions.size(); ++i)
      EXPECT_FALSE(program->getHlo(i).empty());
  }
}

TEST(Generators, LateDmaWaitsRightAfterTheIssue) {
  // In the decoder's weight streams, the late schedule leaves only loop
  // control between a strip's DMA and its WAIT.
  WorkloadOptions options = smallWorkloads()[0];
  options.schedule.lateDma = true;
  llvm::Expected<GeneratedProgram> program = generateWorkload(options);
  ASSERT_TRUE(bool(program));
  unsigned late = 0;
  const auto &code = program->instructions;
  for (size_t i = 0; i + 4 < code.size(); ++i) {
    if (code[i].opcode != Opcode::DmaIssue || !code[i].guard.present ||
        code[i].guard.negated || code[i].flag != 1)
      continue;
    // issue; addi src; addi counter; cmpi; br -> the loop top's wait.
    ASSERT_EQ(code[i + 4].opcode, Opcode::Br);
    EXPECT_EQ(code[size_t(code[i + 4].imm)].opcode, Opcode::DmaWait);
    ++late;
  }
  EXPECT_EQ(late, 8u); // four matmuls per layer, two layers
}

TEST(Presets, AllGenerateAndNamesAreUnique) {
  std::set<std::string> names;
  for (const Preset &preset : getPresets()) {
    EXPECT_TRUE(names.insert(preset.name).second) << preset.name;
    WorkloadOptions options;
    options.kind = preset.kind;
    options.decoder = preset.decoder;
    options.collective = preset.collective;
    EXPECT_FALSE(bool(validateOptions(options))) << preset.name;
  }
  EXPECT_NE(lookupPreset("decoder-100k"), nullptr);
  EXPECT_EQ(lookupPreset("decoder-1t"), nullptr);
}

TEST(Options, DefaultsMatchTheHelpText) {
  // snr-gen --help states these defaults; change both together.
  DecoderOptions d;
  EXPECT_EQ(d.mode, DecoderMode::Prefill);
  EXPECT_EQ(d.hidden, 128u);
  EXPECT_EQ(d.heads, 2u);
  EXPECT_EQ(d.seq, 64u);
  EXPECT_EQ(d.batch, 1u);
  EXPECT_EQ(d.layers, 1u);
  EXPECT_EQ(d.ffnMultiplier, 4u);
  CollectiveOptions c;
  EXPECT_EQ(c.chips, 4u);
  EXPECT_EQ(c.rank, 0u);
  EXPECT_EQ(c.bytes, 65536u);
  EXPECT_EQ(c.chunkBytes, 4096u);
}

} // namespace

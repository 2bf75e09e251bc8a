//===- RecorderTest.cpp - Algorithm 1's minimal snapshot ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A read that covers bytes already saved and bytes around them saves only the
// gaps, and the snapshot holds each byte once. Saving a gap merges it into
// the saved set while the recorder walks that set: the gaps are collected
// first. Walking on was a use after free: the program rewrite's differential
// test crashed on it; here, with a small heap, the freed node still reads
// right, so this test fails on the old code only under the sanitizer build
// (dev.sh), and checks the saved bytes in every build.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/SnRRecording.h"
#include "SnR/Record/ReferenceTarget.h"

#include "gtest/gtest.h"

using namespace snr;
using arch::MemSpace;
using arch::Opcode;

namespace {
arch::Instruction dma(uint64_t pc, int64_t src, int64_t dst, int64_t bytes) {
  arch::Instruction inst;
  inst.opcode = Opcode::DmaIssue;
  inst.src.space = MemSpace::Hbm;
  inst.src.offset = src;
  inst.dst.space = MemSpace::VMem;
  inst.dst.offset = dst;
  inst.imm = bytes;
  inst.pc = pc;
  return inst;
}
} // namespace

TEST(Recorder, ReadAroundSavedBytesSavesOnlyTheGaps) {
  // hbm[64, 128) is read first, then hbm[32, 96) and hbm[0, 192): the last
  // read's first gap, [0, 32), touches the saved [32, 128) it is merged with.
  record::LoadedProgram program;
  program.instructions = {dma(0, 64, 0, 64), dma(1, 32, 4096, 64),
                          dma(2, 0, 8192, 192)};
  arch::Instruction halt;
  halt.opcode = Opcode::Halt;
  halt.pc = 3;
  program.instructions.push_back(halt);
  std::vector<uint8_t> bytes(256);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = uint8_t(i);
  program.initialState.memory(MemSpace::Hbm).write(0, bytes);
  record::ReferenceTarget target(program);
  llvm::Expected<trace::Trace> trace = record::recordTrace(target, program.instructions, 10);
  ASSERT_TRUE(bool(trace)) << llvm::toString(trace.takeError());
  // One region, hbm[0, 192), each byte once and as the device held it.
  ASSERT_EQ(trace->memory.size(), 1u);
  EXPECT_EQ(trace->memory[0].addr, 0u);
  ASSERT_EQ(trace->memory[0].bytes.size(), 192u);
  for (size_t i = 0; i < 192; ++i)
    EXPECT_EQ(trace->memory[0].bytes[i], uint8_t(i)) << "byte " << i;
}

//===- SpooledTraceWriterTest.cpp - A trace written before its header -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/SpooledTraceWriter.h"
#include "SnR/Trace/TraceReader.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace snr;
using namespace snr::trace;

namespace {

arch::Instruction nop(uint64_t pc) {
  arch::Instruction inst;
  inst.opcode = arch::Opcode::Nop;
  inst.pc = pc;
  return inst;
}

/// A header and snapshot as a recorder knows them at the end.
Trace snapshotOnly() {
  Trace snapshot;
  snapshot.header.machine = "snr-ref";
  snapshot.header.program = "spooled";
  snapshot.header.startPc = 0;
  snapshot.registers.push_back({{arch::RegClass::Scalar, 1}, 42, {}});
  snapshot.memory.push_back({arch::MemSpace::Hbm, 0, 64, {1, 2, 3, 4}});
  return snapshot;
}

class Spooling : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("snr-spool", dir));
    output = std::string(dir) + "/t.jsonl";
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }
  unsigned entries() {
    unsigned count = 0;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
         it.increment(ec))
      ++count;
    return count;
  }
  llvm::SmallString<128> dir;
  std::string output;
};

TEST_F(Spooling, WritesHeaderAndSnapshotBeforeTheSpooledLines) {
  llvm::Expected<std::unique_ptr<SpooledTraceWriter>> spool =
      SpooledTraceWriter::create(output);
  ASSERT_TRUE(bool(spool));
  // The spool is beside the output, on its file system.
  EXPECT_EQ(llvm::sys::path::parent_path((*spool)->getSpoolPath()),
            llvm::StringRef(dir));
  for (uint64_t pc = 0; pc < 3; ++pc)
    (*spool)->addInstruction(nop(pc), {});
  arch::Instruction halt = nop(3);
  halt.opcode = arch::Opcode::Halt;
  (*spool)->addInstruction(halt, {});
  EXPECT_EQ((*spool)->getNumInstructions(), 4u);
  std::string text;
  llvm::raw_string_ostream os(text);
  ASSERT_FALSE(bool((*spool)->finish(os, snapshotOnly(), Compression::None)));
  EXPECT_EQ(text,
            "{\"format\":\"snr-trace\",\"version\":1,\"machine\":\"snr-ref\","
            "\"program\":\"spooled\",\"start_pc\":0,\"instructions\":4,"
            "\"hlo_map\":[]}\n"
            "{\"reg\":\"s1\",\"value\":42}\n"
            "{\"mem\":\"hbm\",\"addr\":64,\"bytes\":\"01020304\"}\n"
            "{\"pc\":0,\"op\":\"nop\"}\n"
            "{\"pc\":1,\"op\":\"nop\"}\n"
            "{\"pc\":2,\"op\":\"nop\"}\n"
            "{\"pc\":3,\"op\":\"halt\"}\n");
  // The spool goes with the writer.
  spool->reset();
  EXPECT_EQ(entries(), 0u);
}

TEST_F(Spooling, CompressesAndReadsBack) {
  llvm::Expected<std::unique_ptr<SpooledTraceWriter>> spool =
      SpooledTraceWriter::create(output);
  ASSERT_TRUE(bool(spool));
  // More than the writer's 1 MiB buffer and read-back chunk.
  const uint64_t count = 100000;
  for (uint64_t pc = 0; pc < count; ++pc)
    (*spool)->addInstruction(nop(pc), {});
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ASSERT_FALSE(bool((*spool)->finish(os, snapshotOnly(), Compression::Zstd)));
  llvm::Expected<Trace> trace = loadTrace(
      llvm::MemoryBufferRef(bytes, "t.jsonl.zst"), "t.jsonl.zst", {});
  ASSERT_TRUE(bool(trace)) << llvm::toString(trace.takeError());
  ASSERT_EQ(trace->instructions.size(), count);
  EXPECT_EQ(trace->instructions.back().pc, count - 1);
  EXPECT_EQ(*trace->header.instructionCount, count);
  ASSERT_EQ(trace->memory.size(), 1u);
  EXPECT_EQ(trace->memory[0].bytes, (std::vector<uint8_t>{1, 2, 3, 4}));
}

TEST_F(Spooling, ToStandardOutputSpoolsInTheTemporaryDirectory) {
  llvm::Expected<std::unique_ptr<SpooledTraceWriter>> spool =
      SpooledTraceWriter::create("-");
  ASSERT_TRUE(bool(spool));
  std::string path = (*spool)->getSpoolPath();
  EXPECT_TRUE(llvm::sys::fs::exists(path));
  spool->reset();
  EXPECT_FALSE(llvm::sys::fs::exists(path));
}

TEST_F(Spooling, ACreateErrorNamesTheOutput) {
  llvm::Expected<std::unique_ptr<SpooledTraceWriter>> spool =
      SpooledTraceWriter::create(std::string(dir) + "/no/such/t.jsonl");
  ASSERT_FALSE(bool(spool));
  EXPECT_NE(llvm::toString(spool.takeError()).find("no/such/t.jsonl"),
            std::string::npos);
}

} // namespace

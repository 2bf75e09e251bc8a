//===- EncodedTraceTest.cpp - Traces of other ISAs, written and read ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the TraceWriter writes for an ISA with a binary encoding
// (writeRegisterBytes, writeMemoryBytes, writeEncodedInstruction) reads
// back with loadEncodedTrace field for field, plain, gzip and zstd; the
// records come out in file order with their lines; readTraceIsa tells the
// two kinds of trace apart from the header alone.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/EncodedTrace.h"
#include "SnR/Trace/Compression.h"
#include "SnR/Trace/TraceReader.h"
#include "SnR/Trace/TraceWriter.h"

#include "gtest/gtest.h"

using namespace snr;
using namespace snr::trace;

namespace {

/// A RISC-V-shaped trace: two registers, two regions, three instructions
/// (a compressed one, one with a next_pc, one with values after it).
std::string writeSample() {
  std::string text;
  llvm::raw_string_ostream os(text);
  TraceWriter writer(os);
  TraceHeader header;
  header.isa = "riscv64";
  header.isaString = "rv64i2p1_m2p0_v1p0";
  header.vlenb = 16;
  header.machine = "riscv:rv64";
  header.program = "k.elf";
  header.startPc = 0x10646;
  header.instructionCount = 3;
  header.hloMap = {{0x10646, 0x10666, "copy_bytes"}};
  writer.writeHeader(header);
  writer.writeRegisterBytes("a0", {0xe8, 0x03, 0, 0, 0, 0, 0, 0});
  std::vector<uint8_t> v8(16);
  for (unsigned i = 0; i < 16; ++i)
    v8[i] = uint8_t(0xf0 + i);
  writer.writeRegisterBytes("v8", v8);
  writer.writeMemoryBytes("ram", 0x77400, {0x16, 0x27});
  writer.writeMemoryBytes("ram", 0xffffffffffffffffull, {0xab});
  writer.writeEncodedInstruction(0x10646, {0x19, 0xcd}, std::nullopt, {});
  writer.writeEncodedInstruction(0x10648, {0xe3, 0x1f, 0xb5, 0xfe}, 0x10000,
                                 {});
  writer.writeEncodedInstruction(0x10000, {0x57, 0x77, 0x15, 0x0c},
                                 std::nullopt, {{"vl", 32}, {"vtype", 0xc1}});
  return text;
}

void expectSample(const EncodedTrace &trace) {
  EXPECT_EQ(trace.header.isa, "riscv64");
  EXPECT_EQ(trace.header.isaString, "rv64i2p1_m2p0_v1p0");
  EXPECT_EQ(trace.header.vlenb, std::optional<uint64_t>(16));
  EXPECT_EQ(trace.header.machine, "riscv:rv64");
  EXPECT_EQ(trace.header.program, "k.elf");
  EXPECT_EQ(trace.header.startPc, 0x10646u);
  EXPECT_EQ(trace.header.instructionCount, std::optional<uint64_t>(3));
  ASSERT_EQ(trace.header.hloMap.size(), 1u);
  EXPECT_EQ(trace.header.hloMap[0].name, "copy_bytes");

  ASSERT_EQ(trace.registers.size(), 2u);
  EXPECT_EQ(trace.registers[0].name, "a0");
  EXPECT_EQ(trace.registers[0].bytes,
            (std::vector<uint8_t>{0xe8, 0x03, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(trace.registers[0].pos.line, 2u);
  EXPECT_EQ(trace.registers[0].pos.column, 8u); // the name's
  EXPECT_EQ(trace.registers[1].name, "v8");
  ASSERT_EQ(trace.registers[1].bytes.size(), 16u);
  EXPECT_EQ(trace.registers[1].bytes[15], 0xff);

  ASSERT_EQ(trace.memory.size(), 2u);
  EXPECT_EQ(trace.memory[0].space, "ram");
  EXPECT_EQ(trace.memory[0].addr, 0x77400u);
  EXPECT_EQ(trace.memory[0].bytes, (std::vector<uint8_t>{0x16, 0x27}));
  EXPECT_EQ(trace.memory[1].addr, 0xffffffffffffffffull); // the last byte
  EXPECT_EQ(trace.memory[1].pos.line, 5u);

  ASSERT_EQ(trace.instructions.size(), 3u);
  const EncodedTrace::Instruction &c = trace.instructions[0];
  EXPECT_EQ(c.pc, 0x10646u);
  EXPECT_EQ(c.size, 2u);
  EXPECT_EQ(c.word, 0xcd19u); // written "0xcd19", the instruction word
  EXPECT_EQ(c.bytes(), (llvm::SmallVector<uint8_t, 8>{0x19, 0xcd}));
  EXPECT_EQ(c.nextPc, 0x10648u);
  EXPECT_TRUE(c.fallsThrough());
  EXPECT_EQ(c.line, 6u);
  const EncodedTrace::Instruction &b = trace.instructions[1];
  EXPECT_EQ(b.word, 0xfeb51fe3u);
  EXPECT_EQ(b.nextPc, 0x10000u);
  EXPECT_FALSE(b.fallsThrough());
  const EncodedTrace::Instruction &v = trace.instructions[2];
  llvm::ArrayRef<EncodedTrace::After> after = trace.getAfter(v);
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(trace.afterNames[after[0].name], "vl");
  EXPECT_EQ(after[0].value, 32u);
  EXPECT_EQ(trace.afterNames[after[1].name], "vtype");
  EXPECT_EQ(after[1].value, 0xc1u);
  EXPECT_TRUE(trace.getAfter(c).empty());
}

TEST(EncodedTrace, WrittenTraceReadsBackFieldForField) {
  std::string text = writeSample();
  // The line format of docs/trace-format.md.
  EXPECT_NE(text.find("{\"pc\":67142,\"enc\":\"0xcd19\"}\n"),
            std::string::npos);
  EXPECT_NE(
      text.find("{\"pc\":67144,\"enc\":\"0xfeb51fe3\",\"next_pc\":65536}"),
      std::string::npos);
  EXPECT_NE(text.find("\"after\":{\"vl\":32,\"vtype\":193}"),
            std::string::npos);
  llvm::Expected<EncodedTrace> trace =
      loadEncodedTrace(llvm::MemoryBufferRef(text, "t.jsonl"), "t.jsonl");
  ASSERT_TRUE(bool(trace)) << llvm::toString(trace.takeError());
  EXPECT_EQ(trace->fileName, "t.jsonl");
  expectSample(*trace);
}

TEST(EncodedTrace, CompressedTracesReadTheSame) {
  std::string text = writeSample();
  for (Compression compression : {Compression::Gzip, Compression::Zstd}) {
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    ASSERT_FALSE(bool(writeCompressed(
        os, compression, [&](llvm::raw_ostream &out) { out << text; })));
    EXPECT_NE(bytes, text);
    llvm::Expected<EncodedTrace> trace = loadEncodedTrace(
        llvm::MemoryBufferRef(bytes, "t.jsonl.z"), "t.jsonl.z");
    ASSERT_TRUE(bool(trace)) << llvm::toString(trace.takeError());
    expectSample(*trace);
  }
}

TEST(EncodedTrace, RecordsStreamInFileOrder) {
  struct Order : EncodedTraceConsumer {
    void onHeader(const TraceHeader &) override { events += "h"; }
    void onRegister(llvm::StringRef, llvm::ArrayRef<uint8_t>,
                    SourcePos) override {
      events += "r";
    }
    void onMemory(llvm::StringRef, uint64_t, llvm::ArrayRef<uint8_t>,
                  SourcePos) override {
      events += "m";
    }
    void onInstruction(const EncodedInstructionRecord &inst,
                       SourcePos pos) override {
      events += "i" + std::to_string(pos.line);
    }
    std::string events;
  } order;
  std::string text = writeSample();
  ASSERT_FALSE(bool(readEncodedTrace(llvm::MemoryBufferRef(text, "t.jsonl"),
                                     "t.jsonl", order)));
  EXPECT_EQ(order.events, "hrrmmi6i7i8");
}

TEST(EncodedTrace, TheHeaderSaysWhichReader) {
  std::string riscv = writeSample();
  llvm::Expected<std::string> isa =
      readTraceIsa(llvm::MemoryBufferRef(riscv, "t.jsonl"), "t.jsonl");
  ASSERT_TRUE(bool(isa)) << llvm::toString(isa.takeError());
  EXPECT_EQ(*isa, "riscv64");
  // No isa (and blank lines before the header): the snr ISA.
  std::string snr =
      "\n{\"format\":\"snr-trace\",\"version\":1,\"machine\":\"snr-ref\","
      "\"start_pc\":0}\n";
  isa = readTraceIsa(llvm::MemoryBufferRef(snr, "s.jsonl"), "s.jsonl");
  ASSERT_TRUE(bool(isa)) << llvm::toString(isa.takeError());
  EXPECT_EQ(*isa, "snr");
  // The reader of other ISAs refuses an snr trace, at its isa.
  std::string named = "{\"format\":\"snr-trace\",\"version\":1,\"isa\":\"snr\","
                      "\"machine\":\"snr-ref\",\"start_pc\":0}\n";
  llvm::Expected<EncodedTrace> trace =
      loadEncodedTrace(llvm::MemoryBufferRef(named, "s.jsonl"), "s.jsonl");
  ASSERT_FALSE(bool(trace));
  EXPECT_EQ(llvm::toString(trace.takeError()),
            "s.jsonl:1:41: the trace is of the snr ISA; this reader reads "
            "traces of ISAs with a binary encoding (read it with the snr "
            "reader)");
  // A first line that is not an object is an error of its own.
  std::string junk = "[1, 2]\n";
  isa = readTraceIsa(llvm::MemoryBufferRef(junk, "j.jsonl"), "j.jsonl");
  ASSERT_FALSE(bool(isa));
  EXPECT_EQ(llvm::toString(isa.takeError()),
            "j.jsonl:1:1: expected a JSON object on each line");
}

} // namespace

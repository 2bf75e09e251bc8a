//===- FloatSpellingTest.cpp - f32 values survive a trace file ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Whatever 32 bits a lane holds, the writer spells them so that the reader
// gets the same bits back: NaNs of either sign and any payload, signalling
// NaNs, infinities, signed zeros, subnormals, and a few thousand random
// patterns; in snapshot lanes and in vsplat's value alike.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/TraceReader.h"
#include "SnR/Trace/TraceWriter.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace snr;
using namespace snr::trace;

namespace {

/// Keeps what the reader hands over.
struct Collector : TraceConsumer {
  arch::Vector lanes{};
  float fimm = 0;
  void onVectorRegister(arch::Reg, const arch::Vector &v, SourcePos) override {
    lanes = v;
  }
  void onInstruction(const arch::Instruction &inst, const RecordedOutcome &,
                     SourcePos) override {
    fimm = inst.fimm;
  }
};

std::string headerLine() {
  std::string text;
  llvm::raw_string_ostream os(text);
  TraceHeader header;
  header.machine = "m";
  TraceWriter(os).writeHeader(header);
  return text;
}

/// Reads `text` (a whole trace), failing the test on an error.
Collector read(const std::string &text) {
  Collector collector;
  llvm::Error error =
      readTrace(llvm::MemoryBufferRef(text, "t.jsonl"), "t.jsonl", collector);
  EXPECT_FALSE(bool(error)) << llvm::toString(std::move(error)) << "\n" << text;
  return collector;
}

std::string hex(uint32_t bits) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("0x%08X", bits);
  return s;
}

/// Writes `patterns` as the lanes of v0, 16 at a time, reads them back and
/// expects the same bits.
void expectLanesRoundTrip(llvm::ArrayRef<uint32_t> patterns) {
  for (size_t begin = 0; begin < patterns.size(); begin += 16) {
    arch::Vector lanes{};
    for (size_t i = 0; i < 16 && begin + i < patterns.size(); ++i)
      lanes[i] = llvm::bit_cast<float>(patterns[begin + i]);
    std::string text = headerLine();
    llvm::raw_string_ostream os(text);
    TraceWriter(os).writeVectorRegister({arch::RegClass::Vector, 0}, lanes);
    Collector back = read(text);
    for (size_t i = 0; i < 16 && begin + i < patterns.size(); ++i)
      EXPECT_EQ(hex(llvm::bit_cast<uint32_t>(back.lanes[i])),
                hex(patterns[begin + i]))
          << text;
  }
}

/// Every class of f32, both signs: zeros, subnormals, normals, infinities,
/// signalling and quiet NaNs with small and full payloads.
std::vector<uint32_t> interestingPatterns() {
  const uint32_t magnitudes[] = {
      0x00000000, 0x00000001, 0x00000002, 0x007FFFFF, 0x00800000, 0x00800001,
      0x33800000, 0x3DCCCCCD, 0x3F7FFFFF, 0x3F800000, 0x3F800001, 0x4B800000,
      0x4B800001, 0x7F7FFFFF, 0x7F800000, 0x7F800001, 0x7F800002, 0x7FBFFFFF,
      0x7FC00000, 0x7FC00001, 0x7FD55555, 0x7FFFFFFF};
  std::vector<uint32_t> patterns;
  for (uint32_t sign : {0u, 0x80000000u})
    for (uint32_t magnitude : magnitudes)
      patterns.push_back(sign | magnitude);
  return patterns;
}

TEST(FloatSpelling, EveryClassOfFloatRoundTrips) {
  expectLanesRoundTrip(interestingPatterns());
}

TEST(FloatSpelling, RandomPatternsRoundTrip) {
  std::vector<uint32_t> patterns;
  uint32_t x = 0x2545F491;
  for (int i = 0; i < 4096; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    patterns.push_back(x);
    // The same payload as a NaN of either sign, so NaNs are not rare.
    patterns.push_back(x | 0x7F800000 | (x & 0x7FFFFF ? 0 : 1));
  }
  expectLanesRoundTrip(patterns);
}

TEST(FloatSpelling, VsplatValueRoundTrips) {
  for (uint32_t bits : interestingPatterns()) {
    arch::Instruction inst;
    inst.opcode = arch::Opcode::VSplat;
    inst.fimm = llvm::bit_cast<float>(bits);
    std::string text = headerLine();
    llvm::raw_string_ostream os(text);
    TraceWriter(os).writeInstruction(inst, {});
    EXPECT_EQ(hex(llvm::bit_cast<uint32_t>(read(text).fimm)), hex(bits))
        << text;
  }
}

std::string spell(uint32_t bits) {
  std::string s;
  llvm::raw_string_ostream os(s);
  writeJsonFloat(os, llvm::bit_cast<float>(bits));
  return s;
}

TEST(FloatSpelling, NaNsAreBitPatternsOthersAsBefore) {
  EXPECT_EQ(spell(0x7FC00000), "\"0x7FC00000\"");
  EXPECT_EQ(spell(0xFFC00000), "\"0xFFC00000\"");
  EXPECT_EQ(spell(0x7F800001), "\"0x7F800001\"");
  EXPECT_EQ(spell(0x7F800000), "\"inf\"");
  EXPECT_EQ(spell(0xFF800000), "\"-inf\"");
  EXPECT_EQ(spell(0x3FC00000), "1.5");
  EXPECT_EQ(spell(0x80000000), "-0");
}

/// Reads one lane spelled `spelling` (lane 0 of v0; the rest zero).
uint32_t readLane(const std::string &spelling) {
  std::string text = headerLine() + "{\"reg\":\"v0\",\"lanes\":[" + spelling +
                     ",0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}\n";
  return llvm::bit_cast<uint32_t>(read(text).lanes[0]);
}

TEST(FloatSpelling, ReaderAcceptsEverySpelling) {
  EXPECT_EQ(hex(readLane("\"nan\"")), "0x7FC00000"); // older traces
  EXPECT_EQ(hex(readLane("\"inf\"")), "0x7F800000");
  EXPECT_EQ(hex(readLane("\"-inf\"")), "0xFF800000");
  EXPECT_EQ(hex(readLane("\"0xffc00001\"")), "0xFFC00001");
  EXPECT_EQ(hex(readLane("\"0x3F800000\"")), "0x3F800000"); // finite, too
  EXPECT_EQ(hex(readLane("-0")), "0x80000000");
  EXPECT_EQ(hex(readLane("1e-45")), "0x00000001");
}

TEST(FloatSpelling, ReaderRejectsMalformedBitPatterns) {
  for (const char *spelling :
       {"\"0x7FC0000\"", "\"0x7FC000000\"", "\"0X7FC00000\"", "\"7FC00000\"",
        "\"0x7FC0000G\"", "\"0x+7FC0000\"", "\"NaN\"", "\"-nan\""}) {
    std::string text = headerLine() + "{\"reg\":\"v0\",\"lanes\":[" + spelling +
                       ",0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}\n";
    Collector collector;
    llvm::Error error =
        readTrace(llvm::MemoryBufferRef(text, "t.jsonl"), "t.jsonl", collector);
    ASSERT_TRUE(bool(error)) << spelling;
    EXPECT_NE(
        llvm::toString(std::move(error)).find("t.jsonl:2:22: 'lanes[0]' is '"),
        std::string::npos)
        << spelling;
  }
}

} // namespace

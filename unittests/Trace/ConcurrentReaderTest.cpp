//===- ConcurrentReaderTest.cpp - Reading a trace on a second thread ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// readTraceConcurrently makes the same calls as readTrace, in the same order,
// across many batches (more records than one batch holds, a snapshot region
// larger than one batch's bytes), and fails with the same error after the
// same calls.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/ConcurrentReader.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace snr;
using namespace snr::trace;

namespace {

/// Every call, spelled out.
class RecordingConsumer : public TraceConsumer {
public:
  std::vector<std::string> calls;

  void onHeader(const TraceHeader &header) override {
    calls.push_back("header " + header.program + " " +
                    std::to_string(header.startPc));
  }
  void onRegister(arch::Reg reg, int64_t value, SourcePos pos) override {
    calls.push_back("reg " + std::to_string(int(reg.cls)) + "." +
                    std::to_string(reg.index) + "=" + std::to_string(value) +
                    at(pos));
  }
  void onVectorRegister(arch::Reg reg, const arch::Vector &lanes,
                        SourcePos pos) override {
    std::string call = "vreg " + std::to_string(reg.index);
    for (float lane : lanes)
      call += " " + std::to_string(lane);
    calls.push_back(call + at(pos));
  }
  void onMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                llvm::ArrayRef<uint8_t> bytes, SourcePos pos) override {
    uint64_t sum = 0;
    for (uint8_t byte : bytes)
      sum = sum * 31 + byte;
    calls.push_back("mem " + std::to_string(int(space)) + " " +
                    std::to_string(chip) + " " + std::to_string(addr) + " " +
                    std::to_string(bytes.size()) + " " + std::to_string(sum) +
                    at(pos));
  }
  void onInstruction(const arch::Instruction &inst,
                     const RecordedOutcome &outcome, SourcePos pos) override {
    calls.push_back(
        "inst " + std::to_string(inst.pc) + " " +
        arch::getMnemonic(inst.opcode).str() + " " + std::to_string(inst.rd) +
        " " + std::to_string(inst.rs1) + " " + std::to_string(inst.imm) + " " +
        std::to_string(outcome.executed.value_or(true)) + at(pos));
  }

private:
  static std::string at(SourcePos pos) {
    return " @" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
  }
};

/// A trace of `count` instructions after a snapshot with a register, a
/// vector register and a 600 KB memory region; `badLine` (1-based, 0: none)
/// is replaced by a line the reader rejects.
std::string makeTrace(unsigned count, unsigned badLine = 0) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\"format\":\"snr-trace\",\"version\":1,\"machine\":\"snr-ref\","
        "\"program\":\"p\",\"start_pc\":0,\"instructions\":"
     << count << "}\n";
  os << "{\"reg\":\"s1\",\"value\":4096}\n";
  os << "{\"reg\":\"v2\",\"lanes\":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]}"
        "\n";
  os << "{\"mem\":\"hbm\",\"addr\":0,\"bytes\":\"";
  for (unsigned i = 0; i < 600 * 1024; ++i)
    os << llvm::format_hex_no_prefix(uint8_t(i * 7), 2);
  os << "\"}\n";
  unsigned line = 5;
  for (unsigned i = 0; i < count; ++i, ++line) {
    if (line == badLine) {
      os << "{\"pc\":" << i << ",\"op\":\"addi\",\"rd\":\"s1\"}\n";
      continue;
    }
    os << "{\"pc\":" << i << ",\"op\":\"addi\",\"rd\":\"s" << (1 + i % 7)
       << "\",\"rs1\":\"s1\",\"imm\":" << i << "}\n";
  }
  return text;
}

struct Read {
  std::vector<std::string> calls;
  std::string error;
};

template <typename ReadFn>
Read readWith(const std::string &text, ReadFn read) {
  Read result;
  RecordingConsumer consumer;
  llvm::MemoryBufferRef input(text, "t.jsonl");
  if (llvm::Error error = read(input, consumer))
    result.error = llvm::toString(std::move(error));
  result.calls = std::move(consumer.calls);
  return result;
}

void expectSameAsReadTrace(const std::string &text) {
  Read serial = readWith(text, [](llvm::MemoryBufferRef input,
                                  TraceConsumer &consumer) {
    return readTrace(input, "t.jsonl", consumer);
  });
  Read concurrent = readWith(text, [](llvm::MemoryBufferRef input,
                                      TraceConsumer &consumer) {
    return readTraceConcurrently(input, "t.jsonl", consumer);
  });
  EXPECT_EQ(serial.error, concurrent.error);
  ASSERT_EQ(serial.calls.size(), concurrent.calls.size());
  for (size_t i = 0; i < serial.calls.size(); ++i)
    ASSERT_EQ(serial.calls[i], concurrent.calls[i]) << "call " << i;
}

TEST(ConcurrentReaderTest, SameCallsAcrossManyBatches) {
  // 20,000 instructions: five batches and a part; the memory region alone
  // fills one batch's bytes.
  std::string text = makeTrace(20000);
  expectSameAsReadTrace(text);
  Read concurrent = readWith(text, [](llvm::MemoryBufferRef input,
                                      TraceConsumer &consumer) {
    return readTraceConcurrently(input, "t.jsonl", consumer);
  });
  EXPECT_EQ(concurrent.error, "");
  // The header, three snapshot records, every instruction.
  EXPECT_EQ(concurrent.calls.size(), 1u + 3u + 20000u);
}

TEST(ConcurrentReaderTest, SameErrorAfterTheSameCalls) {
  // An addi without its rs1 on line 9,000 (batch 3).
  std::string text = makeTrace(20000, 9000);
  Read concurrent = readWith(text, [](llvm::MemoryBufferRef input,
                                      TraceConsumer &consumer) {
    return readTraceConcurrently(input, "t.jsonl", consumer);
  });
  EXPECT_NE(concurrent.error.find("t.jsonl:9000:"), std::string::npos)
      << concurrent.error;
  expectSameAsReadTrace(text);
}

TEST(ConcurrentReaderTest, EmptyInput) {
  expectSameAsReadTrace("");
}

} // namespace

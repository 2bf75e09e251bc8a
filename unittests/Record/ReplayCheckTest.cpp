//===- ReplayCheckTest.cpp - --verify checks what the file holds ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// snr-record --verify reads the trace back from the bytes it will write: a
// file that lost a NaN's payload (as "nan" once did) fails the check even
// though the table it was written from would pass.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ReplayCheck.h"
#include "SnR/Trace/Compression.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace snr;

namespace {

/// The device after `vst v1, vmem[64]; halt` with v1 all ones (a NaN).
sim::ArchState allOnesDevice() {
  sim::ArchState device;
  sim::Vector ones;
  std::memset(ones.data(), 0xff, sizeof(ones));
  device.writeVectorLike({arch::RegClass::Vector, 1}, ones);
  std::vector<uint8_t> bytes(64, 0xff);
  device.memory(arch::MemSpace::VMem).write(64, bytes);
  device.pc = 2;
  device.halted = true;
  return device;
}

/// That trace, its 16 lanes spelled `lane`.
std::string traceText(const std::string &lane) {
  std::string text =
      "{\"format\":\"snr-trace\",\"version\":1,\"machine\":\"m\","
      "\"start_pc\":0,\"instructions\":2}\n{\"reg\":\"v1\",\"lanes\":[";
  for (int i = 0; i < 16; ++i)
    text += (i ? "," : "") + lane;
  return text + "]}\n"
                "{\"pc\":0,\"op\":\"vst\",\"rs1\":\"v1\",\"addr\":"
                "{\"space\":\"vmem\",\"offset\":64}}\n"
                "{\"pc\":1,\"op\":\"halt\"}\n";
}

TEST(CheckWrittenReplay, ExactBitsPass) {
  llvm::Error error = record::checkWrittenReplay(traceText("\"0xFFFFFFFF\""),
                                                 "t.jsonl", allOnesDevice());
  EXPECT_FALSE(bool(error)) << llvm::toString(std::move(error));
}

TEST(CheckWrittenReplay, LostNaNPayloadFails) {
  llvm::Error error = record::checkWrittenReplay(traceText("\"nan\""),
                                                 "t.jsonl", allOnesDevice());
  ASSERT_TRUE(bool(error));
  EXPECT_EQ(llvm::toString(std::move(error)),
            "replay does not reproduce the device: register v1 differs");
}

TEST(CheckWrittenReplay, ReadsCompressedBytes) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  llvm::Error written = trace::writeCompressed(
      os, trace::Compression::Zstd,
      [](llvm::raw_ostream &out) { out << traceText("\"0xFFFFFFFF\""); });
  ASSERT_FALSE(bool(written)) << llvm::toString(std::move(written));
  llvm::Error error =
      record::checkWrittenReplay(bytes, "t.jsonl.zst", allOnesDevice());
  EXPECT_FALSE(bool(error)) << llvm::toString(std::move(error));
}

TEST(CheckWrittenReplay, UnreadableBytesFailWithTheirLocation) {
  llvm::Error error = record::checkWrittenReplay(traceText("\"0xFFFFFFF\""),
                                                 "t.jsonl", allOnesDevice());
  ASSERT_TRUE(bool(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("the trace as written does not read back: "
                         "t.jsonl:2:22: 'lanes[0]' is '0xFFFFFFF'"),
            std::string::npos)
      << message;
}

} // namespace

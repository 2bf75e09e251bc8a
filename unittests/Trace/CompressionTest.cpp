//===- CompressionTest.cpp - Compressed trace output ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the writers compress, the reader gets back line for line: several
// megabytes (many compressor buffers), a line longer than a buffer, and an
// empty output.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/Compression.h"
#include "SnR/Trace/LineSource.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace snr::trace;

namespace {

/// Lines a trace might hold, deterministic and not too compressible.
std::vector<std::string> makeLines() {
  std::vector<std::string> lines;
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 60000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    lines.push_back("{\"pc\":" + std::to_string(i) + ",\"op\":\"addi\",\"v\":" +
                    std::to_string(x) + "}");
  }
  // Longer than the 1 MiB buffers on both sides.
  lines.push_back(std::string(3 << 20, 'x'));
  lines.push_back("last");
  return lines;
}

std::vector<std::string> readBack(const std::string &bytes,
                                  Compression expected) {
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      llvm::MemoryBuffer::getMemBufferCopy(bytes, "compressed");
  LineSource source(buffer->getMemBufferRef());
  EXPECT_EQ(source.getCompression(), expected);
  std::vector<std::string> lines;
  llvm::StringRef line;
  while (source.next(line))
    lines.push_back(line.str());
  llvm::Error error = source.takeError();
  EXPECT_FALSE(bool(error)) << llvm::toString(std::move(error));
  return lines;
}

class CompressionRoundTrip : public ::testing::TestWithParam<Compression> {};

TEST_P(CompressionRoundTrip, ReaderGetsBackEveryLine) {
  std::vector<std::string> lines = makeLines();
  std::string bytes;
  llvm::raw_string_ostream sink(bytes);
  llvm::Error error =
      writeCompressed(sink, GetParam(), [&](llvm::raw_ostream &os) {
        for (const std::string &line : lines)
          os << line << '\n';
      });
  ASSERT_FALSE(bool(error)) << llvm::toString(std::move(error));
  sink.flush();
  if (GetParam() != Compression::None) {
    EXPECT_LT(bytes.size(), size_t(4) << 20) << "nothing was compressed";
  }
  EXPECT_EQ(readBack(bytes, GetParam()), lines);
}

TEST_P(CompressionRoundTrip, EmptyOutputIsAValidStream) {
  std::string bytes;
  llvm::raw_string_ostream sink(bytes);
  llvm::Error error =
      writeCompressed(sink, GetParam(), [](llvm::raw_ostream &) {});
  ASSERT_FALSE(bool(error));
  sink.flush();
  if (GetParam() != Compression::None) {
    EXPECT_FALSE(bytes.empty()) << "a compressed stream has a header";
  }
  EXPECT_TRUE(readBack(bytes, GetParam()).empty());
}

INSTANTIATE_TEST_SUITE_P(AllFormats, CompressionRoundTrip,
                         ::testing::Values(Compression::None,
                                           Compression::Gzip,
                                           Compression::Zstd));

TEST(Compression, ChosenByFileName) {
  EXPECT_EQ(compressionForFileName("t.jsonl.gz"), Compression::Gzip);
  EXPECT_EQ(compressionForFileName("t.jsonl.zst"), Compression::Zstd);
  EXPECT_EQ(compressionForFileName("t.jsonl"), Compression::None);
  EXPECT_EQ(compressionForFileName("-"), Compression::None);
}

} // namespace

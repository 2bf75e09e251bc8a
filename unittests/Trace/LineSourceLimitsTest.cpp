//===- LineSourceLimitsTest.cpp - Lines and text of bounded length --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/LineSource.h"

#include "gtest/gtest.h"

using namespace snr::trace;

namespace {

std::vector<std::string> lines(llvm::StringRef text, uint64_t maxLine,
                               uint64_t maxTotal, std::string &error) {
  LineSource source(llvm::MemoryBufferRef(text, "t"), maxLine, maxTotal);
  std::vector<std::string> out;
  llvm::StringRef line;
  while (source.next(line))
    out.push_back(line.str());
  llvm::Error e = source.takeError();
  error = e ? llvm::toString(std::move(e)) : "";
  return out;
}

TEST(LineSourceLimits, LinesUpToTheLimitPass) {
  std::string error;
  EXPECT_EQ(lines("abcd\nefgh\nij", 4, 100, error),
            (std::vector<std::string>{"abcd", "efgh", "ij"}));
  EXPECT_EQ(error, "");
}

TEST(LineSourceLimits, ALongerLineStops) {
  std::string error;
  // The second line has 5 bytes: the first is served, then the error.
  EXPECT_EQ(lines("abcd\nefghi\nj", 4, 100, error),
            (std::vector<std::string>{"abcd"}));
  EXPECT_NE(error.find("the line is longer than 4 bytes"), std::string::npos);
  // A last line without a newline too.
  EXPECT_EQ(lines("abcd\nefghi", 4, 100, error),
            (std::vector<std::string>{"abcd"}));
  EXPECT_NE(error.find("longer than 4 bytes"), std::string::npos);
}

TEST(LineSourceLimits, ALineLongerThanAChunkStopsEarly) {
  // 3 MiB without a newline, 1 MiB allowed: the window stops growing.
  std::string text(3 << 20, 'a');
  std::string error;
  EXPECT_TRUE(lines(text, 1 << 20, UINT64_MAX, error).empty());
  EXPECT_NE(error.find("longer than 1048576 bytes"), std::string::npos);
}

TEST(LineSourceLimits, TheWholeTextIsBounded) {
  std::string text;
  for (int i = 0; i < 1000; ++i)
    text += "line\n";
  std::string error;
  // 5,000 bytes, 1,000 allowed: at most a chunk is read.
  lines(text, 100, 1000, error);
  EXPECT_NE(error.find("the text is longer than 1000 bytes, more than "
                       "--max-input-bytes=1000 allows"),
            std::string::npos);
}

} // namespace

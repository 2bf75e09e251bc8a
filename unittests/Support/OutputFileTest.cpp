//===- OutputFileTest.cpp - Where an output goes --------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace snr;

namespace {

class OutputFiles : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("snr-output", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }
  std::string path(llvm::StringRef name) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }
  std::string contents(llvm::StringRef name) {
    auto buffer = llvm::MemoryBuffer::getFile(path(name));
    return buffer ? (*buffer)->getBuffer().str() : "<missing>";
  }
  unsigned entries() {
    unsigned count = 0;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
         it.increment(ec))
      ++count;
    return count;
  }
  llvm::Error write(llvm::StringRef name, llvm::StringRef text) {
    return writeFileAtomically(path(name), [&](llvm::raw_ostream &os) {
      os << text;
      return llvm::Error::success();
    });
  }
  llvm::SmallString<128> dir;
};

TEST_F(OutputFiles, ReplacesARegularFileWhole) {
  ASSERT_FALSE(write("a.txt", "old"));
  ASSERT_FALSE(write("a.txt", "new"));
  EXPECT_EQ(contents("a.txt"), "new");
  EXPECT_EQ(entries(), 1u); // no temporary file left
}

TEST_F(OutputFiles, AFailedWriteLeavesTheOldFile) {
  ASSERT_FALSE(write("a.txt", "old"));
  llvm::Error error =
      writeFileAtomically(path("a.txt"), [](llvm::raw_ostream &os) {
        os << "half";
        return llvm::createStringError(llvm::inconvertibleErrorCode(), "no");
      });
  EXPECT_TRUE(bool(error));
  llvm::consumeError(std::move(error));
  EXPECT_EQ(contents("a.txt"), "old");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFiles, WritesASymbolicLinksTargetAndKeepsTheLink) {
  ASSERT_FALSE(write("target.txt", "old"));
  ASSERT_EQ(::symlink("target.txt", path("link.txt").c_str()), 0);
  ASSERT_FALSE(write("link.txt", "new"));
  EXPECT_EQ(contents("target.txt"), "new");
  struct stat status;
  ASSERT_EQ(::lstat(path("link.txt").c_str(), &status), 0);
  EXPECT_TRUE(S_ISLNK(status.st_mode));
  // A dangling link: its target is made.
  ASSERT_EQ(::symlink("made.txt", path("dangling.txt").c_str()), 0);
  ASSERT_FALSE(write("dangling.txt", "made"));
  EXPECT_EQ(contents("made.txt"), "made");
  EXPECT_EQ(entries(), 4u);
}

TEST_F(OutputFiles, ResolvesChainsAndLoops) {
  ASSERT_EQ(::symlink("b", path("a").c_str()), 0);
  ASSERT_EQ(::symlink("c", path("b").c_str()), 0);
  llvm::Expected<std::string> target = resolveOutputPath(path("a"));
  ASSERT_TRUE(bool(target));
  EXPECT_EQ(*target, path("c"));
  ASSERT_EQ(::symlink("loop", path("loop").c_str()), 0);
  llvm::Expected<std::string> loop = resolveOutputPath(path("loop"));
  EXPECT_FALSE(bool(loop));
  llvm::consumeError(loop.takeError());
}

TEST_F(OutputFiles, KeepsEveryCharacterOfThePath) {
  // LLVM's unique-file pattern would read each '%' as a random character.
  ASSERT_FALSE(write("100%%x %d.txt", "percent"));
  EXPECT_EQ(contents("100%%x %d.txt"), "percent");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFiles, WritesADeviceOrAFifoInPlace) {
  ASSERT_FALSE(writeFileAtomically("/dev/null", [](llvm::raw_ostream &os) {
    os << "nothing";
    return llvm::Error::success();
  }));
  struct stat status;
  ASSERT_EQ(::stat("/dev/null", &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  // Opened for reading too, so that opening it for writing does not block.
  int reader = ::open(path("fifo").c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  ASSERT_FALSE(write("fifo", "through"));
  char bytes[16] = {};
  EXPECT_EQ(::read(reader, bytes, sizeof(bytes)), 7);
  EXPECT_EQ(std::string(bytes), "through");
  ::close(reader);
  ASSERT_EQ(::lstat(path("fifo").c_str(), &status), 0);
  EXPECT_TRUE(S_ISFIFO(status.st_mode));
}

TEST_F(OutputFiles, ADirectoryIsAnError) {
  llvm::Error error = write("", "x");
  EXPECT_TRUE(bool(error));
  llvm::consumeError(std::move(error));
}

} // namespace

//===- ReportTest.cpp - writeReport, the summary and report.html ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SampleReplay.h"
#include "XmlChecker.h"

#include "SnR/Report/Report.h"
#include "SnR/Report/RunDirectory.h"
#include "SnR/Report/Summary.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <set>

using namespace snr;
using namespace snr::report;

namespace {

/// A fresh temporary directory, removed with everything in it at the end.
class TempDir {
public:
  TempDir() {
    std::error_code ec =
        llvm::sys::fs::createUniqueDirectory("snr-report-test", path);
    EXPECT_FALSE(ec) << ec.message();
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::string operator/(llvm::StringRef name) const {
    llvm::SmallString<256> result(path);
    llvm::sys::path::append(result, name);
    return std::string(result);
  }
  llvm::SmallString<256> path;
};

std::string readFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  EXPECT_TRUE(bool(buffer)) << path;
  return buffer ? (*buffer)->getBuffer().str() : "";
}

std::set<std::string> listDir(llvm::StringRef dir) {
  std::set<std::string> names;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec))
    names.insert(llvm::sys::path::filename(it->path()).str());
  return names;
}

const std::set<std::string> kAllFiles = {
    kReportHtmlFile,     kMetricsFile,          kTimelineFile,
    kSummaryFile,        kDmaTimelineSvgFile,   kUtilizationSvgFile,
    kDataCacheSvgFile,   kFragmentationSvgFile};

class ReportTest : public ::testing::Test {
protected:
  void SetUp() override { sample = test::makeSampleReplay(); }
  analysis::ReplayResults &results() { return *sample->results; }
  std::unique_ptr<test::SampleReplay> sample;
};

TEST_F(ReportTest, WritesEveryFileAndNothingElse) {
  TempDir dir;
  std::string out = dir / "out/nested";
  ASSERT_FALSE(bool(writeReport(results(), out, {})));
  EXPECT_EQ(listDir(out), kAllFiles);
  for (const char *svg : {kDmaTimelineSvgFile, kUtilizationSvgFile,
                          kDataCacheSvgFile, kFragmentationSvgFile})
    EXPECT_EQ(test::checkXml(readFile(out + "/" + svg)), "") << svg;
}

TEST_F(ReportTest, Deterministic) {
  TempDir first, second;
  ASSERT_FALSE(bool(writeReport(results(), first.path, {})));
  ASSERT_FALSE(bool(writeReport(results(), second.path, {})));
  for (const std::string &name : kAllFiles)
    EXPECT_EQ(readFile(first / name), readFile(second / name)) << name;
}

TEST_F(ReportTest, OverwritesAndCanSkipTheTimeline) {
  TempDir dir;
  ASSERT_FALSE(bool(writeReport(results(), dir.path, {})));
  ReportOptions options;
  options.hlo = "compute";
  options.writeTimeline = false;
  ASSERT_FALSE(bool(writeReport(results(), dir.path, options)));
  EXPECT_EQ(listDir(dir.path), kAllFiles); // the old timeline stays
  EXPECT_NE(readFile(dir / kMetricsFile).find("\"description\": \"HLO compute\""),
            std::string::npos);
}

TEST_F(ReportTest, FailuresNameTheFileAndLeaveNoPartialFile) {
  TempDir dir;
  // A file where the directory should be.
  std::string blocker = dir / "blocker";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(blocker, ec);
  }
  llvm::Error error = writeReport(results(), blocker, {});
  ASSERT_TRUE(bool(error));
  EXPECT_NE(llvm::toString(std::move(error)).find("blocker"),
            std::string::npos);

  // A write that fails half-way: nothing under the final name, no
  // temporary left behind.
  std::string target = dir / "partial.json";
  error = writeFileAtomically(target, [](llvm::raw_ostream &os) {
    os << "{\"half\":";
    os.flush();
    return llvm::errorCodeToError(
        std::make_error_code(std::errc::no_space_on_device));
  });
  ASSERT_TRUE(bool(error));
  EXPECT_NE(llvm::toString(std::move(error)).find("partial.json"),
            std::string::npos);
  EXPECT_EQ(listDir(dir.path), std::set<std::string>{"blocker"});

  // An invalid restriction writes nothing.
  ReportOptions options;
  options.hlo = "nope";
  std::string out = dir / "never";
  error = writeReport(results(), out, options);
  ASSERT_TRUE(bool(error));
  llvm::consumeError(std::move(error));
  EXPECT_FALSE(llvm::sys::fs::exists(out));
}

TEST_F(ReportTest, Summary) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ASSERT_FALSE(bool(printSummary(results(), os, {}, "out")));
  EXPECT_NE(text.find("SnR replay of sample (sample.trace.jsonl) on snr-ref"),
            std::string::npos);
  EXPECT_NE(text.find("402 cycles (0.402 us at 1 GHz), 12 instructions, "
                      "IPC 0.030"),
            std::string::npos);
  // The dma_wait stall kind is the DMA stall here: nothing else held the
  // waits.
  EXPECT_NE(text.find("    dma_wait              226   56.2%  (base latency "
                      "60 + transfer 166 = DMA stall 226)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    compute                           290   72.1%  "
                      "mostly dma_wait"),
            std::string::npos)
      << text;
  // One line per static DMA (here each has one instance); B, hoisted
  // partly, saves 12 cycles; A and B issued together would save 100.
  EXPECT_NE(text.find("1. DMA at pc 2 in load, 1 instance, saves 12 cycles "
                      "(hoist-partly 1; best: to before pc 0)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("the largest: 2 DMAs at pc 1, 2 in load, 1 instance, "
                      "issuing them together saves 100 cycles"),
            std::string::npos)
      << text;
  // 9 + 2 + 38 + 124 + 16 + 10 + 102 + 98 = 399 stall cycles; the fences'
  // 38 + 98 have no producing instruction.
  EXPECT_NE(text.find("top bottlenecks (399 stall cycles, 263 of them with a "
                      "producing instruction):\n"
                      "    dma.issue pc 1 -> dma.wait pc 4 (DMA wait): 124 "
                      "cycles over 1 execution\n"
                      "    dma.issue pc 2 -> dma.wait pc 7 (DMA wait): 102 "
                      "cycles over 1 execution\n"
                      "    vst pc 8 (fence, no producing instruction): 98 "
                      "cycles over 1 execution\n"),
            std::string::npos)
      << text;
  // Scoreboard (9 + 16 of 399) is under a tenth of the stall: no line of
  // its own.
  EXPECT_EQ(text.find("largest scoreboard"), std::string::npos);
  EXPECT_NE(text.find("report: out/report.html"), std::string::npos);
  // One screen.
  EXPECT_LE(std::count(text.begin(), text.end(), '\n'), 25);
}

TEST_F(ReportTest, SummaryPerInstance) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ReportOptions options;
  options.perInstance = true;
  ASSERT_FALSE(bool(printSummary(results(), os, options, "out")));
  EXPECT_NE(text.find("1. hoist-partly DMA 1 (pc 2) to before pc 0: saves 12 "
                      "of its 102 stall cycles"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("the largest: 2 DMAs in load, issuing them together "
                      "saves 100 cycles"),
            std::string::npos)
      << text;
}

TEST_F(ReportTest, HtmlTiesEverythingTogether) {
  TempDir dir;
  ASSERT_FALSE(bool(writeReport(results(), dir.path, {})));
  std::string html = readFile(dir / kReportHtmlFile);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  for (const char *id : {"plot-dma-timeline", "plot-utilization",
                         "plot-data-cache", "plot-fragmentation"})
    EXPECT_NE(html.find(std::string("<svg xmlns=\"http://www.w3.org/2000/"
                                    "svg\" id=\"") +
                        id + "\""),
              std::string::npos)
        << id;
  EXPECT_NE(html.find("<a href=\"timeline.json\">"), std::string::npos);
  // The static view: one row per dma.issue, the instances one click away,
  // and the bottleneck dependencies per HLO (compute: 290 stall cycles).
  EXPECT_NE(html.find("id=\"static-dma-table\""), std::string::npos);
  EXPECT_NE(html.find("<details><summary>1 instance</summary>DMA 1</details>"),
            std::string::npos);
  EXPECT_NE(html.find("id=\"bottleneck-table\""), std::string::npos);
  EXPECT_NE(html.find("dma.issue pc 1 -&gt; dma.wait pc 4 (DMA wait): 124 "
                      "cycles over 1 execution"),
            std::string::npos);
  EXPECT_NE(html.find("<details><summary>Each DMA instance"),
            std::string::npos);
  EXPECT_NE(html.find("<a href=\"metrics.json\">"), std::string::npos);
  EXPECT_NE(html.find("ui.perfetto.dev"), std::string::npos);
  EXPECT_NE(html.find("id=\"render-check\""), std::string::npos);
  EXPECT_NE(html.find("nothing it reads is produced in the trace"),
            std::string::npos);
  // Self-contained: nothing loaded from elsewhere.
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  EXPECT_EQ(html.find("<link "), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
}

TEST(RunDirectoryTest, PathsFromTheReportDirectory) {
  // Inside the directory: relative, whatever the spelling.
  EXPECT_EQ(getPathFromDir("/a/out", "/a/out/x.pbtxt"), "x.pbtxt");
  EXPECT_EQ(getPathFromDir("/a/out/", "/a/out/./d/x.et"), "d/x.et");
  EXPECT_EQ(getPathFromDir("/a/b/../out", "/a/out/x"), "x");
  // Outside it, a sibling whose name starts the same too: absolute.
  EXPECT_EQ(getPathFromDir("/a/out", "/a/out2/x"), "/a/out2/x");
  EXPECT_EQ(getPathFromDir("/a/out", "/tmp/x.folded"), "/tmp/x.folded");
}

} // namespace

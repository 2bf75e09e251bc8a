//===- PlotsTest.cpp - The SVG plots are well-formed and show the data ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SampleReplay.h"
#include "XmlChecker.h"

#include "SnR/Report/Format.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::report;

namespace {

size_t count(llvm::StringRef text, llvm::StringRef needle) {
  size_t n = 0;
  for (size_t pos = text.find(needle); pos != llvm::StringRef::npos;
       pos = text.find(needle, pos + needle.size()))
    ++n;
  return n;
}

enum class Plot { DmaTimeline, Utilization, DataCache, Fragmentation };

std::string render(Plot plot, const analysis::ReplayResults &results,
                   const ReportOptions &options = {},
                   const DmaTimelineFrame &frame = {}) {
  llvm::Expected<Selection> selection = Selection::compute(results, options);
  EXPECT_TRUE(bool(selection));
  if (!selection) {
    llvm::consumeError(selection.takeError());
    return "";
  }
  ReportFigures figures = computeFigures(results, *selection);
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (plot) {
  case Plot::DmaTimeline:
    writeDmaTimelinePlot(os, results, *selection, figures, options, frame);
    break;
  case Plot::Utilization:
    writeUtilizationPlot(os, results, *selection);
    break;
  case Plot::DataCache:
    writeDataCachePlot(os, results, *selection);
    break;
  case Plot::Fragmentation:
    writeFragmentationHeatmap(os, results, *selection);
    break;
  }
  return text;
}

class PlotsTest : public ::testing::Test {
protected:
  void SetUp() override { sample = test::makeSampleReplay(); }
  analysis::ReplayResults &results() { return *sample->results; }
  std::unique_ptr<test::SampleReplay> sample;
};

TEST_F(PlotsTest, EveryPlotIsWellFormedWithTitleAndData) {
  struct Expect {
    Plot plot;
    const char *id;
  };
  for (Expect e : {Expect{Plot::DmaTimeline, kDmaTimelinePlotId},
                   Expect{Plot::Utilization, kUtilizationPlotId},
                   Expect{Plot::DataCache, kDataCachePlotId},
                   Expect{Plot::Fragmentation, kFragmentationPlotId}}) {
    std::string svg = render(e.plot, results());
    SCOPED_TRACE(e.id);
    EXPECT_EQ(test::checkXml(svg), "");
    EXPECT_TRUE(llvm::StringRef(svg).starts_with(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + std::string(e.id) +
        "\" class=\"snr-plot\""));
    // A <title> for the document, axes, and data.
    EXPECT_NE(svg.find("<title>"), std::string::npos);
    EXPECT_NE(svg.find(">cycle</text>"), std::string::npos);
    EXPECT_GT(count(svg, "class=\"data"), 0u);
  }
}

TEST_F(PlotsTest, DmaTimelineRowsAndParts) {
  std::string svg = render(Plot::DmaTimeline, results());
  EXPECT_EQ(count(svg, "class=\"dma-row\""), 4u);
  // A, B, C, D each have base latency and transfer, but D's transfer
  // [501, 509) is after the run's end (402); only C has slack.
  EXPECT_EQ(count(svg, "class=\"data base\""), 4u);
  EXPECT_EQ(count(svg, "class=\"data transfer\""), 3u);
  EXPECT_EQ(count(svg, "class=\"data slack\""), 1u);
  // Three waits, two of which stalled.
  EXPECT_EQ(count(svg, "class=\"data wait\""), 3u);
  EXPECT_EQ(count(svg, "class=\"data stall\""), 2u);
  // Backtails of A and B (the stalled ones), with a tick each.
  EXPECT_EQ(count(svg, "class=\"data backtail\""), 4u);
  EXPECT_NE(svg.find("stall 124 (60 base, 64 transfer)"), std::string::npos);
  EXPECT_EQ(svg.find("showing the"), std::string::npos);
}

TEST_F(PlotsTest, DmaTimelineCapsRowsAndSaysSo) {
  ReportOptions options;
  options.plotDmaRows = 2;
  std::string svg = render(Plot::DmaTimeline, results(), options);
  EXPECT_EQ(test::checkXml(svg), "");
  EXPECT_EQ(count(svg, "class=\"dma-row\""), 2u);
  // The two with the largest stall: A (124) and B (102).
  EXPECT_NE(svg.find(">DMA 0 pc 1</text>"), std::string::npos);
  EXPECT_NE(svg.find(">DMA 1 pc 2</text>"), std::string::npos);
  EXPECT_NE(svg.find("showing the 2 static DMAs with the largest stall, of 4"),
            std::string::npos);
}

TEST_F(PlotsTest, DmaTimelineRowPerStaticDma) {
  // Make C (pc 6) a second instance of B's dma.issue (pc 2): three rows,
  // B and C on one, labelled with the PC and the count; with
  // --per-instance, four rows again.
  sample->instructions[6].pc = 2;
  std::string svg = render(Plot::DmaTimeline, results());
  EXPECT_EQ(test::checkXml(svg), "");
  EXPECT_NE(svg.find(">pc 2, 2 DMAs</text>"), std::string::npos);
  EXPECT_NE(svg.find(">DMA 0 pc 1</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">DMA 2 pc 2</text>"), std::string::npos);
  EXPECT_EQ(count(svg, "class=\"dma-row\""), 4u);
  ReportOptions perInstance;
  perInstance.perInstance = true;
  std::string each = render(Plot::DmaTimeline, results(), perInstance);
  EXPECT_NE(each.find(">DMA 2 pc 2</text>"), std::string::npos);
  EXPECT_EQ(each.find(">pc 2, 2 DMAs</text>"), std::string::npos);
}

TEST_F(PlotsTest, DmaTimelineMarksWaitsThatStalledOnAnotherDma) {
  // C's wait (reached at 400) issues at 402, the stall charged to another
  // DMA it covers: its diamond is hollow, not red, not black.
  results().dmas.dmas[2].waitIssueCycle = 402;
  std::string svg = render(Plot::DmaTimeline, results());
  EXPECT_EQ(count(svg, "class=\"data wait stalled-on-other\""), 1u);
  EXPECT_EQ(count(svg, "class=\"data stall\""), 2u);
}

TEST_F(PlotsTest, UtilizationShowsUnitsMovingLinksAndIdleStretches) {
  std::string svg = render(Plot::Utilization, results());
  // Four units and the two links that moved data (hbm->smem is idle).
  EXPECT_EQ(count(svg, "class=\"data series\""), 6u);
  EXPECT_EQ(count(svg, "class=\"data idle\""), 1u);
  EXPECT_NE(svg.find("hbm-&gt;vmem (link)"), std::string::npos);
  EXPECT_EQ(svg.find("hbm-&gt;smem (link)"), std::string::npos);
  EXPECT_NE(svg.find("while the dma.wait at pc 4 stalled on DMA 0"),
            std::string::npos);
}

TEST_F(PlotsTest, DataCacheAndHeatmap) {
  std::string cache = render(Plot::DataCache, results());
  EXPECT_EQ(count(cache, "class=\"data occupied\""), 2u);
  EXPECT_EQ(count(cache, "class=\"data free\""), 1u);
  EXPECT_EQ(count(cache, "class=\"data free-run\""), 1u);
  EXPECT_NE(cache.find("occupied pages: peak 12 of 16 (75.0%)"),
            std::string::npos);
  std::string heatmap = render(Plot::Fragmentation, results());
  EXPECT_NE(heatmap.find("live pages (of 4 per block):"), std::string::npos);
  // Block 0: full in windows 1-3 (one run), none in 4 → one cell.
  EXPECT_NE(heatmap.find("block 0, cycles 100-400: 4 live pages of 4"),
            std::string::npos);
  // Block 2: 3 and 2 pages (levels 6 and 4 of 8) are two cells; 2 and 2
  // in windows 3 and 4 merge.
  EXPECT_NE(heatmap.find("block 2, cycles 300-402: 2 live pages of 4"),
            std::string::npos);
}

/// The heatmap's height attribute.
static std::string svgHeight(const std::string &svg) {
  size_t at = svg.find("height=\"");
  return at == std::string::npos
             ? ""
             : svg.substr(at + 8, svg.find('"', at + 8) - at - 8);
}

TEST_F(PlotsTest, HeatmapCropsToTheBlocksUsed) {
  // Every block of the sample is live at some point: no crop, 4 rows of 18
  // px (the area's top at 60, 48 px of axis below): 60 + 72 + 48 = 180.
  std::string all = render(Plot::Fragmentation, results());
  EXPECT_EQ(all.find("blocks ever live"), std::string::npos);
  EXPECT_EQ(svgHeight(all), "180");
  // Only blocks 0 and 3 live (1 and 2 emptied): two rows, 0 and 3, with
  // nothing between (60 + 36 + 48 = 144).
  analysis::DataCacheAnalysis &cache = results().dataCache;
  std::vector<uint16_t> saved = cache.livePagesPerBlock;
  for (size_t w = 0; w < cache.numWindows; ++w) {
    cache.livePagesPerBlock[w * 4 + 1] = 0;
    cache.livePagesPerBlock[w * 4 + 2] = 0;
  }
  std::string apart = render(Plot::Fragmentation, results());
  EXPECT_EQ(test::checkXml(apart), "");
  EXPECT_NE(apart.find("the 2 of 4 blocks ever live"), std::string::npos);
  EXPECT_EQ(svgHeight(apart), "144");
  EXPECT_EQ(apart.find("block 1,"), std::string::npos);
  EXPECT_NE(apart.find("block 0, cycles 100-400: 4 live pages of 4"),
            std::string::npos);
  cache.livePagesPerBlock = saved;
  // Only blocks 1 and 2 live (block 0 and 3 emptied): rows 1-2 only.
  for (size_t w = 0; w < cache.numWindows; ++w) {
    cache.livePagesPerBlock[w * 4 + 0] = 0;
    cache.livePagesPerBlock[w * 4 + 3] = 0;
  }
  std::string cropped = render(Plot::Fragmentation, results());
  EXPECT_EQ(test::checkXml(cropped), "");
  EXPECT_NE(cropped.find("the 2 of 4 blocks ever live"), std::string::npos);
  EXPECT_EQ(cropped.find("block 0,"), std::string::npos);
  EXPECT_EQ(cropped.find("block 3,"), std::string::npos);
  EXPECT_NE(cropped.find("block 1, cycles 100-400: 4 live pages of 4"),
            std::string::npos);
  // Nothing live at all.
  std::fill(cache.livePagesPerBlock.begin(), cache.livePagesPerBlock.end(), 0);
  std::string none = render(Plot::Fragmentation, results());
  EXPECT_NE(none.find("no VMEM use: no page is live in the selection"),
            std::string::npos);
  EXPECT_EQ(count(none, "class=\"data"), 0u);
}

TEST_F(PlotsTest, TimingOnlyReplaysSayTheCacheIsUnavailable) {
  results().dataCache.available = false;
  for (Plot plot : {Plot::DataCache, Plot::Fragmentation}) {
    std::string svg = render(plot, results());
    EXPECT_EQ(test::checkXml(svg), "");
    EXPECT_NE(svg.find("not available: the replay was timing-only"),
              std::string::npos);
    EXPECT_EQ(count(svg, "class=\"data"), 0u);
  }
}

TEST_F(PlotsTest, TextIsEscaped) {
  results().info.hloNames[0] = "fusion<&\"'>";
  std::string svg = render(Plot::DmaTimeline, results());
  EXPECT_EQ(test::checkXml(svg), "");
  EXPECT_NE(svg.find("fusion&lt;&amp;&quot;&#39;&gt;"), std::string::npos);
}

TEST(XmlChecker, RejectsWhatIsNotXml) {
  EXPECT_EQ(test::checkXml("<svg><g/></svg>"), "");
  EXPECT_NE(test::checkXml("<svg><g></svg>"), "");
  EXPECT_NE(test::checkXml("<svg a=1/>"), "");
  EXPECT_NE(test::checkXml("<svg a=\"1\" a=\"2\"/>"), "");
  EXPECT_NE(test::checkXml("<svg>&nbsp;</svg>"), "");
  EXPECT_NE(test::checkXml("<svg>a & b</svg>"), "");
  EXPECT_NE(test::checkXml("<svg/><svg/>"), "");
  EXPECT_NE(test::checkXml("<svg>"), "");
}

TEST_F(PlotsTest, DmaTimelinePage) {
  // A page of cycles [250, 402): only the DMAs in flight or awaited in it,
  // on an axis of those cycles, with its own id and title.
  DmaTimelineFrame frame;
  frame.windowBegin = 250;
  frame.windowEnd = 402;
  frame.id = "plot-dma-timeline-page4";
  frame.title = "DMA timeline, page 4 of 4";
  std::string svg = render(Plot::DmaTimeline, results(), {}, frame);
  EXPECT_EQ(test::checkXml(svg), "");
  EXPECT_NE(svg.find("id=\"plot-dma-timeline-page4\""), std::string::npos);
  EXPECT_NE(svg.find(">DMA timeline, page 4 of 4</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">DMA 0 pc 1</text>"), std::string::npos);
  EXPECT_NE(svg.find(">DMA 2 pc 6</text>"), std::string::npos);
  EXPECT_NE(svg.find(">300</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">200</text>"), std::string::npos);
}

TEST(Svg, TickLabelsAreDistinct) {
  // Two decimals would make 1.21M twice.
  EXPECT_EQ(formatTickLabels({1200000, 1205000, 1210000, 1215000}),
            (std::vector<std::string>{"1.2M", "1.205M", "1.21M", "1.215M"}));
  EXPECT_EQ(formatTickLabels({0, 5000, 10000}),
            (std::vector<std::string>{"0", "5k", "10k"}));
}

TEST(Svg, NiceTicks) {
  EXPECT_EQ(getNiceTicks(0, 402, 8),
            (std::vector<double>{0, 100, 200, 300, 400}));
  EXPECT_EQ(getNiceTicks(12, 303, 5), (std::vector<double>{100, 200, 300}));
  EXPECT_EQ(getNiceTicks(0, 1, 5).size(), 6u);
}

} // namespace

//===- AnalysisViewTest.cpp - The analyses' views and who renders what ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SampleReplay.h"

#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/HtmlReport.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Summary.h"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>

using namespace snr;
using namespace snr::report;

namespace {

class AnalysisViewTest : public ::testing::Test {
protected:
  void SetUp() override {
    sample = test::makeSampleReplay();
    llvm::Expected<Selection> computed = Selection::compute(results(), options);
    ASSERT_TRUE(bool(computed));
    selection.emplace(std::move(*computed));
    figures = computeFigures(results(), *selection);
  }
  analysis::ReplayResults &results() { return *sample->results; }
  ViewContext context() {
    return ViewContext{results(), *selection, figures, options};
  }

  std::unique_ptr<test::SampleReplay> sample;
  ReportOptions options;
  std::optional<Selection> selection;
  ReportFigures figures;
};

/// An analysis outside the built-in list, as a plugin's would be.
class ExtraView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "extra"; }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override {
    os << "extra: " << context.figures.dma.dmas << " DMAs\n";
  }
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override {
    metrics["extra"] = int64_t(context.figures.dma.dmas);
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override {
    if (part == HtmlPart::Tables)
      html.os << "<section id=\"extra\"></section>\n";
  }
};

TEST_F(AnalysisViewTest, NamesAreDistinct) {
  std::set<std::string> names;
  for (const std::unique_ptr<AnalysisView> &view : createBuiltinViews()) {
    EXPECT_FALSE(view->getName().empty());
    EXPECT_TRUE(names.insert(view->getName().str()).second)
        << view->getName().str();
  }
  EXPECT_EQ(names.size(), 7u);
}

// Every member of metrics.json after the document's own is written by
// exactly one view: none overwrites another's.
TEST_F(AnalysisViewTest, EachMetricsMemberHasOneView) {
  std::map<std::string, std::string> owner;
  for (const std::unique_ptr<AnalysisView> &view : createBuiltinViews()) {
    llvm::json::Object members;
    view->addMetrics(context(), members);
    for (const auto &member : members)
      EXPECT_TRUE(
          owner.emplace(member.first.str(), view->getName().str()).second)
          << member.first.str() << " is written by "
          << owner[member.first.str()] << " and " << view->getName().str();
  }
  std::map<std::string, std::string> expected = {
      {"totals", "run"},
      {"stalls", "run"},
      {"hlos", "hlos"},
      {"dma", "dma"},
      {"utilization", "utilization"},
      {"data_cache", "data_cache"},
      {"suggestions", "suggestions"},
      {"static", "suggestions"},
      {"bottlenecks", "suggestions"}};
  EXPECT_EQ(owner, expected);

  // The document is its own members and the views'.
  llvm::json::Value metrics =
      buildMetrics(results(), *selection, figures, options);
  std::set<std::string> keys;
  for (const auto &member : *metrics.getAsObject())
    keys.insert(member.first.str());
  std::set<std::string> all = {"format", "version", "machine", "trace",
                               "selection"};
  for (const auto &[key, view] : expected)
    all.insert(key);
  EXPECT_EQ(keys, all);
}

// Each navigation link points at exactly one section of the report.
TEST_F(AnalysisViewTest, NavigationLinksHaveTheirSections) {
  std::string html;
  llvm::raw_string_ostream os(html);
  writeHtmlReport(os, results(), *selection, figures, options);
  llvm::SmallVector<HtmlNavEntry> entries;
  for (const std::unique_ptr<AnalysisView> &view : createBuiltinViews())
    view->getHtmlNav(context(), entries);
  EXPECT_EQ(entries.size(), 8u);
  for (const HtmlNavEntry &entry : entries) {
    std::string link = ("<a href=\"#" + entry.id + "\">").str();
    std::string target = ("id=\"" + entry.id + "\"").str();
    size_t at = html.find(target);
    EXPECT_NE(html.find(link), std::string::npos) << link;
    ASSERT_NE(at, std::string::npos) << target;
    EXPECT_EQ(html.find(target, at + 1), std::string::npos) << target;
  }
}

// A view outside the list renders in the summary (after the report line)
// and in metrics.json, as a plugin's does.
TEST_F(AnalysisViewTest, ExtraViewsRenderAfterTheBuiltinOnes) {
  ExtraView extra;
  const AnalysisView *extraViews[] = {&extra};
  std::string summary;
  llvm::raw_string_ostream os(summary);
  printSummary(results(), *selection, figures, os, options, "out", extraViews);
  // The sample has four DMAs (SampleReplay.cpp).
  size_t report = summary.find("  report: out");
  size_t line = summary.find("extra: 4 DMAs\n");
  ASSERT_NE(report, std::string::npos);
  ASSERT_NE(line, std::string::npos);
  EXPECT_GT(line, report);
  EXPECT_EQ(summary.size(), line + llvm::StringRef("extra: 4 DMAs\n").size());

  llvm::json::Value metrics =
      buildMetrics(results(), *selection, figures, options, extraViews);
  EXPECT_EQ(metrics.getAsObject()->getInteger("extra"), 4);
  EXPECT_FALSE(buildMetrics(results(), *selection, figures, options)
                   .getAsObject()
                   ->get("extra"));

  // It writes its HTML sections after the built-in views' too.
  std::string page;
  llvm::raw_string_ostream html(page);
  writeHtmlReport(html, results(), *selection, figures, options, nullptr,
                  extraViews);
  size_t section = page.find("<section id=\"extra\">");
  ASSERT_NE(section, std::string::npos);
  EXPECT_GT(section, page.find("id=\"dmas\""));
}

/// An analysis outside those every replay computes, and a view that
/// renders it, as a plugin registers them.
struct Extra {
  static const analysis::AnalysisInfo &getInfo() {
    static const analysis::AnalysisInfo info =
        analysis::AnalysisInfo::get<Extra>(
            "extra", analysis::TargetFeature::None, {},
            [](const analysis::AnalysisContext &) {
              return std::make_unique<Extra>();
            });
    return info;
  }
};
class ExtraAnalysisView : public ExtraView {
public:
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&Extra::getInfo());
    analyses.push_back(&analysis::DmaStallAnalysis::getInfo());
  }
};

// A registry's analyses are those of the built-in views, each once, then
// the registered views' own: what a replay computes for them.
TEST_F(AnalysisViewTest, TheRegistryNamesWhatAReplayComputes) {
  AnalysisRegistry registry;
  std::vector<const analysis::AnalysisInfo *> builtin = registry.getAnalyses();
  // Every analysis the built-in views render is one a replay computes.
  for (const analysis::AnalysisInfo *info : builtin)
    EXPECT_TRUE(results().analyses.contains(*info)) << info->name;
  EXPECT_TRUE(llvm::is_contained(
      builtin, &analysis::StaticInstructionAnalysis::getInfo()));
  EXPECT_EQ(
      std::set<const analysis::AnalysisInfo *>(builtin.begin(), builtin.end())
          .size(),
      builtin.size());

  registry.add(std::make_unique<ExtraAnalysisView>());
  ASSERT_EQ(registry.getViews().size(), 1u);
  EXPECT_EQ(registry.getViews()[0]->getName(), "extra");
  std::vector<const analysis::AnalysisInfo *> all = registry.getAnalyses();
  // The DMA analysis once (a built-in view renders it too), the extra last.
  ASSERT_EQ(all.size(), builtin.size() + 1);
  EXPECT_EQ(all.back(), &Extra::getInfo());
}

// A model without asynchronous copies or a scratchpad: the DMA and the
// data-cache views each say so in one line, and only then.
TEST_F(AnalysisViewTest, AnalysesThatDoNotApplySaySoInOneLine) {
  auto summarize = [&] {
    std::string summary;
    llvm::raw_string_ostream os(summary);
    printSummary(results(), *selection, figures, os, options, "out");
    return summary;
  };
  std::string withCopies = summarize();
  EXPECT_EQ(withCopies.find("asynchronous copies"), std::string::npos);
  EXPECT_EQ(withCopies.find("scratchpad"), std::string::npos);

  results().dmas.asyncCopies = false;
  results().dataCache.hasScratchpad = false;
  results().dataCache.available = false;
  std::string without = summarize();
  EXPECT_NE(without.find("  DMAs: none; the ISA has no asynchronous copies\n"),
            std::string::npos)
      << without;
  EXPECT_NE(without.find("  data cache: none; the ISA has no scratchpad\n"),
            std::string::npos)
      << without;
  EXPECT_EQ(without.find("  DMAs: 4"), std::string::npos);
}

} // namespace

//===- StallStacksView.cpp - Where the stall cycles went, as a flamegraph -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The stall cycles folded by HLO, static instruction and stall kind
// (FoldedStacks.h), drawn as a flamegraph: the last plot of the report.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/ReportFigures.h"

using namespace snr;
using namespace snr::report;

namespace {
class StallStacksView : public AnalysisView {
public:
  llvm::StringRef getName() const override { return "stall-stacks"; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&analysis::AnalysisInfoOf<sim::TimingRecorder>::get());
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override {
    if (part != HtmlPart::Plots)
      return;
    // Nothing stalled: no flamegraph, a sentence.
    if (!context.figures.stallCycles) {
      html.os << "<p class=\"note\" id=\"" << kStallFlamegraphId
              << "-none\">No stall flamegraph: nothing in the selection "
                 "stalled.</p>\n";
      return;
    }
    html.os << "<figure>\n";
    writeStallFlamegraph(html.os, context.results, context.selection);
    html.os << "<figcaption>Where the stall cycles went: every stall (top), "
               "by HLO, static instruction and stall kind, each as wide as "
               "its cycles. Hover for the cycles; <code>snr-replay "
               "--folded-stacks</code> writes the same stacks for speedscope "
               "or flamegraph.pl.</figcaption>\n</figure>\n";
  }
};
} // namespace

std::unique_ptr<AnalysisView> snr::report::createStallStacksView() {
  return std::make_unique<StallStacksView>();
}

//===- RISCVModelView.cpp - What only an LLVM scheduling model's run has --===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The view a RISC-V run adds after the run's figures: the trace (its VLEN,
// the functional replay), the model (in or out of order, issue width,
// VLEN), what each of SnR's extra effects adds to llvm-mca's timing (with
// the cycles of a run like llvm-mca's), and the vsetvl churn; as summary
// lines, metrics.json's `riscv`, `timing`, `effects` and `vector_config`,
// and a findings section of report.html. With the views the report layer
// offers a target (the costliest instructions, the source lines, the loads
// whose latency is exposed), createRISCVViews.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVRun.h"

#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::replay::riscv;
using namespace snr::report;
using llvm::json::Object;
using llvm::json::Value;

namespace {
std::string signedText(int64_t value) {
  return (value >= 0 ? "+" : "") + std::to_string(value);
}

class RISCVModelView : public AnalysisView {
public:
  explicit RISCVModelView(const RISCVRun &run) : run(run) {}
  llvm::StringRef getName() const override { return "riscv"; }
  llvm::StringRef getPlacement() const override { return "run"; }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override;
  void addMetrics(const ViewContext &context, Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    entries.push_back({HtmlPart::Findings, "model", "Model and effects"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;

private:
  std::string describeModel() const {
    return llvm::formatv("{0} (LLVM's scheduling model), {1}, issue width "
                         "{2}, VLEN {3}",
                         run.cpu, run.outOfOrder ? "out of order" : "in order",
                         run.issueWidth, run.vlen);
  }
  std::string describeEffects() const {
    const target::riscv::timing::TimingSummary &s = run.summary;
    return llvm::formatv(
        "taken branches {0} ({1} taken, penalty {2}), actual vl {3} ({4} "
        "short-vl vector instruction(s)), calls at the model's latency {5}; "
        "like llvm-mca: {6} cycles",
        signedText(run.effects->takenBranches), s.takenBranches,
        run.options.takenBranchPenalty, signedText(run.effects->actualVL),
        s.shortVectorInstructions, signedText(run.effects->calls),
        run.effects->likeMcaCycles);
  }
  std::string describeVectorConfigs() const {
    return llvm::formatv("{0} executed: {1} changed SEW or LMUL, {2} left "
                         "vl, SEW and LMUL as they were",
                         run.vectorConfigs, run.vtypeChanges,
                         run.unchangedConfigs);
  }

  const RISCVRun &run;
};
} // namespace

void RISCVModelView::printSummary(const ViewContext &context,
                                  llvm::raw_ostream &os) const {
  os << llvm::formatv("  trace: {0} (riscv64, VLEN {1}): {2} instruction(s) "
                      "replayed, no divergence{3}\n",
                      run.traceFile, run.vlenb * 8, run.replayedInstructions,
                      run.programEnded ? "; the program ended" : "");
  os << "  model: " << describeModel()
     << (run.likeMca ? "; --like-mca: SnR's extra effects off" : "") << "\n";
  os << llvm::formatv("  llvm-mca's Total Cycles: {0}\n",
                      run.summary.cycles + 1);
  if (run.effects)
    os << "  causes (cycles with it - cycles without it): " << describeEffects()
       << "\n";
  else
    os << "  causes: none measured (--like-mca times as llvm-mca does)\n";
  if (run.vectorConfigs)
    os << "  vsetvl: " << describeVectorConfigs() << "\n";
}

void RISCVModelView::addMetrics(const ViewContext &context,
                                Object &metrics) const {
  const target::riscv::timing::TimingSummary &s = run.summary;
  metrics["riscv"] =
      Object{{"elf", run.elfFile.empty() ? Value(nullptr) : Value(run.elfFile)},
             {"isa_string", run.isaString},
             {"vlenb", run.vlenb},
             {"replayed_instructions", int64_t(run.replayedInstructions)},
             {"program_ended", run.programEnded},
             {"micro_ops", int64_t(s.microOps)},
             {"llvm_mca_total_cycles", int64_t(s.cycles + 1)},
             {"taken_branches", int64_t(s.takenBranches)},
             {"short_vl_instructions", int64_t(s.shortVectorInstructions)},
             {"untimed_instructions", int64_t(s.untimedInstructions)}};
  metrics["timing"] = Object{
      {"like_mca", run.likeMca},
      {"taken_branches", run.options.takenBranches},
      {"taken_branch_penalty", run.options.takenBranchPenalty},
      {"vl_scaling", run.options.scaleWithVL},
      {"mca_call_latency", run.options.mcaCallLatency},
      {"vlen_warning",
       run.vlenWarning.empty() ? Value(nullptr) : Value(run.vlenWarning)}};
  if (run.effects)
    metrics["effects"] =
        Object{{"taken_branches", run.effects->takenBranches},
               {"actual_vl", run.effects->actualVL},
               {"calls", run.effects->calls},
               {"like_mca_cycles", int64_t(run.effects->likeMcaCycles)}};
  else
    metrics["effects"] = nullptr;
  metrics["vector_config"] =
      Object{{"executions", int64_t(run.vectorConfigs)},
             {"vtype_changes", int64_t(run.vtypeChanges)},
             {"unchanged", int64_t(run.unchangedConfigs)}};
}

void RISCVModelView::writeHtml(const ViewContext &context, HtmlPart part,
                               HtmlWriter &html) const {
  if (part != HtmlPart::Findings)
    return;
  llvm::raw_ostream &os = html.os;
  os << "<h2 id=\"model\">Model and effects</h2>\n<p>The trace (riscv64, "
        "VLEN "
     << run.vlenb * 8 << ", "
     << formatCount(run.replayedInstructions)
     << " instructions replayed without divergence"
     << (run.programEnded ? "; the program ended" : "") << ") timed by "
     << escapeXml(describeModel()) << ".";
  if (!run.vlenWarning.empty())
    os << " <b>" << escapeXml(run.vlenWarning) << ".</b>";
  os << " llvm-mca counts cycles 0 to the last result: "
     << formatCount(run.summary.cycles + 1) << " Total Cycles.</p>\n";
  if (run.effects) {
    os << "<p>What SnR models beyond llvm-mca, each as the cycles of the run "
          "with it minus the cycles without it (--like-mca turns them all "
          "off):</p>\n<table class=\"fit\" id=\"effects\"><thead><tr>";
    html.th("effect");
    html.th("cycles it adds", true);
    html.th("what", false);
    os << "</tr></thead><tbody>\n";
    auto row = [&](llvm::StringRef name, int64_t cycles, std::string what) {
      os << "<tr>";
      html.td(name);
      os << "<td class=\"num\" data-v=\"" << cycles << "\">"
         << signedText(cycles) << "</td>";
      html.tdText(what);
      os << "</tr>\n";
    };
    row("taken branches", run.effects->takenBranches,
        llvm::formatv("{0} taken, fetch restarts {1} cycle(s) later",
                      run.summary.takenBranches,
                      run.options.takenBranchPenalty));
    row("actual vl", run.effects->actualVL,
        llvm::formatv("{0} vector instruction(s) timed at the LMUL their "
                      "vl needs",
                      run.summary.shortVectorInstructions));
    row("calls at the model's latency", run.effects->calls,
        "llvm-mca gives a call its -call-latency");
    os << "</tbody></table>\n<p>Like llvm-mca: "
       << formatCount(run.effects->likeMcaCycles) << " cycles.</p>\n";
  } else {
    os << "<p>--like-mca: SnR's extra effects are off; the run times as "
          "llvm-mca does.</p>\n";
  }
  if (run.vectorConfigs)
    os << "<p>vsetvl: " << escapeXml(describeVectorConfigs()) << ".</p>\n";
}

/// The report layer's views a RISC-V run enables.
static report::AnalysisViewList createEnabledViews() {
  report::AnalysisViewList views;
  views.push_back(createLoadUseView("suggestions"));
  views.push_back(createSourceLineView("hlos"));
  views.push_back(createInstructionCostView("stall-stacks"));
  return views;
}

report::AnalysisViewList
snr::replay::riscv::createRISCVViews(const RISCVRun &run) {
  report::AnalysisViewList views;
  views.push_back(std::make_unique<RISCVModelView>(run));
  for (std::unique_ptr<AnalysisView> &view : createEnabledViews())
    views.push_back(std::move(view));
  return views;
}

std::vector<const analysis::AnalysisInfo *>
snr::replay::riscv::getRISCVViewAnalyses() {
  report::AnalysisViewList views = createEnabledViews();
  llvm::SmallVector<const AnalysisView *, 4> pointers;
  for (const std::unique_ptr<AnalysisView> &view : views)
    pointers.push_back(view.get());
  return report::getViewAnalyses(pointers);
}

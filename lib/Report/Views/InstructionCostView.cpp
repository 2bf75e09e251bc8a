//===- InstructionCostView.cpp - What each static instruction costs -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Per static instruction of the selection: its own cycles (from each
// execution's issue to the next instruction's: they add up to the run,
// getOwnCycles), its stall cycles by kind, and the stall cycles of the
// instructions it held up (it was their stall's cause), from the timing
// recorder; its text and its source line. The costliest as summary lines
// and a table of report.html, all of them in metrics.json's
// `instruction_costs`. A view a target enables (RISC-V does).
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/HtmlWriter.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;

namespace {
constexpr size_t kSummaryRows = 5;
constexpr size_t kHtmlRows = 40;

/// One static instruction's costs.
struct InstructionCost {
  uint64_t pc = 0;
  uint64_t firstIndex = 0;
  uint64_t executions = 0;
  uint64_t ownCycles = 0;
  uint64_t stallCycles = 0;
  StallArray stallByKind{};
  /// The stall cycles of the instructions it held up, by kind.
  uint64_t causedCycles = 0;
  StallArray causedByKind{};
};

/// The selected static instructions' costs, by PC.
std::vector<InstructionCost> computeCosts(const ViewContext &context) {
  const analysis::ReplayResults &results = context.results;
  const analysis::TraceInfo &info = results.info;
  const auto &timing = results.timing.instructions;
  std::vector<InstructionCost> costs;
  llvm::DenseMap<uint64_t, uint32_t> slotOfPc;
  auto slot = [&](uint64_t index) -> InstructionCost & {
    uint64_t pc = info.getPc(index);
    auto [it, inserted] = slotOfPc.try_emplace(pc, uint32_t(costs.size()));
    if (inserted) {
      costs.emplace_back();
      costs.back().pc = pc;
      costs.back().firstIndex = index;
    }
    return costs[it->second];
  };
  OwnCycleCounter own(results);
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i) {
    uint64_t ownCycles = own.next(i);
    if (!context.selection.containsInstruction(i))
      continue;
    InstructionCost &cost = slot(i);
    ++cost.executions;
    cost.ownCycles += ownCycles;
    const auto &t = timing[i];
    if (!t.stall)
      continue;
    cost.stallCycles += t.stall;
    cost.stallByKind[t.kind] += t.stall;
    if (t.cause < e) {
      InstructionCost &cause = slot(t.cause);
      cause.causedCycles += t.stall;
      cause.causedByKind[t.kind] += t.stall;
    }
  }
  llvm::sort(costs, [](const InstructionCost &a, const InstructionCost &b) {
    return a.pc < b.pc;
  });
  return costs;
}

/// The costliest first (own cycles, then PC), those that cost nothing left
/// out.
std::vector<const InstructionCost *>
getCostliest(const std::vector<InstructionCost> &costs) {
  std::vector<const InstructionCost *> order;
  for (const InstructionCost &cost : costs)
    if (cost.ownCycles || cost.stallCycles || cost.causedCycles)
      order.push_back(&cost);
  std::stable_sort(order.begin(), order.end(),
                   [](const InstructionCost *a, const InstructionCost *b) {
                     return a->ownCycles > b->ownCycles;
                   });
  return order;
}

/// "register 64, resource 2", or "-".
std::string kindsText(const sim::ModelDescription &model,
                      const StallArray &byKind) {
  std::string text;
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    if (byKind[k])
      text += (text.empty() ? "" : ", ") + model.getStallKindName(k).str() +
              " " + formatCount(byKind[k]);
  return text.empty() ? "-" : text;
}

class InstructionCostView : public AnalysisView {
public:
  explicit InstructionCostView(llvm::StringRef placement)
      : placement(placement) {}
  llvm::StringRef getName() const override { return "instruction-costs"; }
  llvm::StringRef getPlacement() const override { return placement; }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    analyses.push_back(&analysis::AnalysisInfoOf<sim::TimingRecorder>::get());
  }
  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override;
  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override;
  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    entries.push_back({HtmlPart::Tables, "instructions", "Instructions"});
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override;

private:
  std::string placement;
};
} // namespace

void InstructionCostView::printSummary(const ViewContext &context,
                                       llvm::raw_ostream &os) const {
  const analysis::TraceInfo &info = context.results.info;
  std::vector<InstructionCost> costs = computeCosts(context);
  std::vector<const InstructionCost *> costliest = getCostliest(costs);
  if (costliest.empty())
    return;
  os << "  costliest instructions (own cycles, stall cycles):\n";
  for (size_t i = 0; i < costliest.size() && i < kSummaryRows; ++i) {
    const InstructionCost &cost = *costliest[i];
    std::string where = info.locatePc(cost.pc);
    if (where.empty())
      where = info.getHloName(info.hloOf[cost.firstIndex]).str();
    os << llvm::formatv("    {0,8} {1,6} {2,6}  {3,-28} {4}\n",
                        info.formatPc(cost.pc), formatCount(cost.ownCycles),
                        formatCount(cost.stallCycles),
                        info.getText(cost.firstIndex), where);
  }
}

void InstructionCostView::addMetrics(const ViewContext &context,
                                     Object &metrics) const {
  const analysis::TraceInfo &info = context.results.info;
  const sim::ModelDescription &model = context.results.model;
  auto byKind = [&](const StallArray &cycles) {
    Object object;
    for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
      object[model.getStallKindName(k)] = int64_t(cycles[k]);
    return object;
  };
  Array rows;
  for (const InstructionCost &cost : computeCosts(context))
    rows.push_back(compactObject(
        Object{{"pc", int64_t(cost.pc)},
               {"text", info.getText(cost.firstIndex)},
               {"source", getMetricsSource(info, cost.pc)},
               {"hlo", info.getHloName(info.hloOf[cost.firstIndex])},
               {"executions", int64_t(cost.executions)},
               {"own_cycles", int64_t(cost.ownCycles)},
               {"stall_cycles", int64_t(cost.stallCycles)},
               {"stalls_by_kind", byKind(cost.stallByKind)},
               {"caused_stall_cycles", int64_t(cost.causedCycles)},
               {"caused_by_kind", byKind(cost.causedByKind)}}));
  metrics["instruction_costs"] = std::move(rows);
}

void InstructionCostView::writeHtml(const ViewContext &context, HtmlPart part,
                                    HtmlWriter &html) const {
  if (part != HtmlPart::Tables)
    return;
  const analysis::TraceInfo &info = context.results.info;
  const sim::ModelDescription &model = context.results.model;
  llvm::raw_ostream &os = html.os;
  std::vector<InstructionCost> costs = computeCosts(context);
  std::vector<const InstructionCost *> costliest = getCostliest(costs);
  os << "<h2 id=\"instructions\">Instructions</h2>\n<p>Per static "
        "instruction: its <b>own cycles</b>, from each execution's issue to "
        "the next instruction's (they add up to the run), its stall cycles "
        "by kind, and the stall cycles of the instructions it held up (it "
        "caused their stall: the value they read, the resource they "
        "needed). Costliest first.</p>\n";
  if (costliest.empty()) {
    os << "<p class=\"note\">No instruction in the selection.</p>\n";
    return;
  }
  if (costliest.size() > kHtmlRows)
    os << "<p class=\"note\">The " << kHtmlRows << " costliest, of "
       << costliest.size() << "; metrics.json has them all.</p>\n";
  os << "<table class=\"sortable fit\" id=\"instruction-table\"><thead><tr>";
  html.th("instruction (pc)");
  html.th("source");
  html.th(capitalize(info.hloNoun));
  html.th("executions", true);
  html.th("own cycles", true);
  html.th("stall cycles", true);
  html.th("stall cycles it caused", true);
  os << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < costliest.size() && r < kHtmlRows; ++r) {
    const InstructionCost &cost = *costliest[r];
    std::string place = info.locatePc(cost.pc);
    os << "<tr>";
    html.tdSub(info.getText(cost.firstIndex), "pc " + info.formatPc(cost.pc),
               cost.pc);
    os << "<td class=\"loc\">"
       << (place.empty() ? std::string("-") : escapeLocation(place)) << "</td>";
    html.td(info.getHloName(info.hloOf[cost.firstIndex]));
    html.tdNum(cost.executions);
    html.tdNum(cost.ownCycles);
    html.tdNumSub(cost.stallCycles,
                  cost.stallCycles ? kindsText(model, cost.stallByKind) : "");
    html.tdNumSub(cost.causedCycles,
                  cost.causedCycles ? kindsText(model, cost.causedByKind) : "");
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

std::unique_ptr<AnalysisView>
snr::report::createInstructionCostView(llvm::StringRef placement) {
  return std::make_unique<InstructionCostView>(placement);
}

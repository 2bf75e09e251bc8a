//===- Metrics.cpp - metrics.json -----------------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Metrics.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/AnalysisView.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Report/Selection.h"

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {
/// Builds the document's own members; the views add theirs.
class MetricsBuilder {
public:
  MetricsBuilder(const analysis::ReplayResults &results,
                 const Selection &selection)
      : results(results), info(results.info), selection(selection) {}

  Object machine() const;
  Object trace() const;
  Object selectionObject() const;

private:
  static Value cycles(uint64_t value) { return int64_t(value); }

  const analysis::ReplayResults &results;
  const analysis::TraceInfo &info;
  const Selection &selection;
};
} // namespace

Object MetricsBuilder::machine() const { return results.model.parameters; }

Object MetricsBuilder::trace() const {
  Array hlos;
  for (const std::string &name : info.hloNames)
    hlos.push_back(name);
  Object trace{{"file", info.fileName},
               {"program", info.program},
               {"machine", info.machine},
               {"instructions", int64_t(info.getNumInstructions())},
               {"hlos", std::move(hlos)}};
  // What the trace calls its HLOs when it is not "HLO" (a RISC-V trace's
  // functions), for a reader such as snr-diff to say it too.
  if (info.hloNoun != "HLO")
    trace["hlo_noun"] = info.hloNoun;
  return trace;
}

Object MetricsBuilder::selectionObject() const {
  return Object{{"restricted", selection.isRestricted()},
                {"description", selection.description},
                {"begin_cycle", cycles(selection.beginCycle)},
                {"end_cycle", cycles(selection.endCycle)},
                {"instructions", int64_t(selection.numInstructions)},
                {"dmas", int64_t(selection.dmas.size())}};
}

Value snr::report::getMetricsPc(const analysis::TraceInfo &info,
                                uint64_t index) {
  if (index == sim::kNoIndex || index >= info.getNumInstructions())
    return nullptr;
  return int64_t(info.getPc(index));
}

Value snr::report::getMetricsSource(const analysis::TraceInfo &info,
                                    uint64_t pc) {
  const analysis::SourceTable::Entry *entry = info.lineTable.lookup(pc);
  if (!entry)
    return nullptr;
  return Object{{"file", info.lineTable.getFile(*entry)},
                {"line", int64_t(entry->line)},
                {"column", int64_t(entry->column)}};
}

Object snr::report::buildStallMetrics(const sim::ModelDescription &model,
                                      const StallArray &byKind,
                                      uint64_t total) {
  Object kinds;
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    kinds[model.getStallKindName(k)] = int64_t(byKind[k]);
  return Object{{"total", int64_t(total)}, {"by_kind", std::move(kinds)}};
}

Value snr::report::buildMetrics(
    const analysis::ReplayResults &results, const Selection &selection,
    const ReportFigures &figures, const ReportOptions &options,
    llvm::ArrayRef<const AnalysisView *> extraViews) {
  MetricsBuilder builder(results, selection);
  Object metrics{{"format", kMetricsFormat},
                 {"version", int64_t(kMetricsVersion)},
                 {"machine", builder.machine()},
                 {"trace", builder.trace()},
                 {"selection", builder.selectionObject()}};
  ViewContext context{results, selection, figures, options};
  AnalysisViewList builtin = createBuiltinViews();
  for (const AnalysisView *view : orderViews(builtin, extraViews))
    view->addMetrics(context, metrics);
  return metrics;
}

void snr::report::writeMetrics(
    llvm::raw_ostream &os, const analysis::ReplayResults &results,
    const Selection &selection, const ReportFigures &figures,
    const ReportOptions &options,
    llvm::ArrayRef<const AnalysisView *> extraViews) {
  writeJson(os, buildMetrics(results, selection, figures, options, extraViews),
            2);
  os << '\n';
}

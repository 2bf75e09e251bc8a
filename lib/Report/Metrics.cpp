//===- Metrics.cpp - metrics.json -----------------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Metrics.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/StaticView.h"

#include <algorithm>

using namespace snr;
using namespace snr::report;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {
/// Builds the document; holds what every part needs.
class MetricsBuilder {
public:
  MetricsBuilder(const analysis::ReplayResults &results,
                 const Selection &selection, const ReportFigures &figures)
      : results(results), info(results.info), selection(selection),
        figures(figures) {}

  Value build();

private:
  Value pcOf(uint64_t index) const {
    if (index == sim::kNoIndex || index >= info.instructions.size())
      return nullptr;
    return int64_t(info.instructions[index].pc);
  }
  static Value cycles(uint64_t value) { return int64_t(value); }
  static Value fraction(double value) { return roundTo(value, 6); }
  double busyFraction(uint64_t busy) const {
    return figures.cycles ? double(busy) / double(figures.cycles) : 0;
  }

  Object machine() const;
  Object trace() const;
  Object selectionObject() const;
  Object totals() const;
  Object stalls(const StallArray &byKind, uint64_t total) const;
  Object utilization() const;
  Array hlos() const;
  Object dmaTotals(const analysis::DmaTotals &totals) const;
  Object dma() const;
  Object dmaRecord(const analysis::DmaRecord &record) const;
  Object dataCache() const;
  Object backtail(const analysis::Backtail &backtail) const;
  Object suggestions() const;

  const analysis::ReplayResults &results;
  const analysis::TraceInfo &info;
  const Selection &selection;
  const ReportFigures &figures;
};
} // namespace

static llvm::StringRef getResourceName(analysis::DepResource resource) {
  switch (resource) {
  case analysis::DepResource::Register:
    return "register";
  case analysis::DepResource::Flag:
    return "flag";
  case analysis::DepResource::Memory:
    return "memory";
  }
  return "register";
}

Object MetricsBuilder::machine() const {
  const sim::MachineModel &m = results.machine;
  Array links;
  for (const sim::LinkSpec &link : m.links)
    links.push_back(Object{{"name", link.name},
                           {"src", arch::getMemSpaceName(link.src)},
                           {"dst", arch::getMemSpaceName(link.dst)},
                           {"bytes_per_cycle", link.bytesPerCycle},
                           {"per_chip", link.perChip}});
  return Object{{"name", m.name},
                {"clock_ghz", m.clockGhz},
                {"issue_width", int64_t(m.issueWidth)},
                {"dma_base_latency", int64_t(m.dmaBaseLatency)},
                {"links", std::move(links)},
                {"vmem", Object{{"blocks", int64_t(m.vmemBlocks)},
                                {"pages_per_block",
                                 int64_t(m.vmemPagesPerBlock)},
                                {"page_bytes", int64_t(m.vmemPageBytes)}}}};
}

Object MetricsBuilder::trace() const {
  Array hlos;
  for (const std::string &name : info.hloNames)
    hlos.push_back(name);
  return Object{{"file", info.fileName},
                {"program", info.program},
                {"machine", info.machine},
                {"instructions", int64_t(info.instructions.size())},
                {"hlos", std::move(hlos)}};
}

Object MetricsBuilder::selectionObject() const {
  return Object{{"restricted", selection.isRestricted()},
                {"description", selection.description},
                {"begin_cycle", cycles(selection.beginCycle)},
                {"end_cycle", cycles(selection.endCycle)},
                {"instructions", int64_t(selection.numInstructions)},
                {"dmas", int64_t(selection.dmas.size())}};
}

Object MetricsBuilder::totals() const {
  return Object{
      {"cycles", cycles(figures.cycles)},
      {"time_us", roundTo(figures.timeUs, 6)},
      {"instructions", int64_t(figures.instructions)},
      {"executed", int64_t(figures.executed)},
      {"ipc", roundTo(figures.ipc, 6)},
      {"run_cycles", cycles(results.summary.totalCycles)},
      {"last_dma_cycle", cycles(results.summary.lastDmaCycle)}};
}

Object MetricsBuilder::stalls(const StallArray &byKind, uint64_t total) const {
  Object kinds;
  for (unsigned k = 1; k < sim::kNumStallKinds; ++k)
    kinds[sim::getStallKindName(sim::StallKind(k))] = int64_t(byKind[k]);
  return Object{{"total", int64_t(total)}, {"by_kind", std::move(kinds)}};
}

Object MetricsBuilder::utilization() const {
  const analysis::UtilizationAnalysis &util = results.utilization;
  Array units;
  for (unsigned u = 0; u < arch::kNumUnits; ++u) {
    const UnitFigures &unit = figures.units[u];
    units.push_back(Object{{"name", arch::getUnitName(arch::Unit(u))},
                           {"issued", int64_t(unit.issued)},
                           {"executed", int64_t(unit.executed)},
                           {"busy_cycles", cycles(unit.busyCycles)},
                           {"busy_fraction",
                            fraction(busyFraction(unit.busyCycles))}});
  }
  Array links;
  for (const LinkFigures &link : figures.links)
    links.push_back(Object{{"name", link.name},
                           {"dmas", int64_t(link.dma.dmas)},
                           {"bytes", int64_t(link.dma.bytes)},
                           {"busy_cycles", cycles(link.busyCycles)},
                           {"busy_fraction",
                            fraction(busyFraction(link.busyCycles))}});
  Array stretches;
  uint64_t idleCycles = 0;
  for (const analysis::MatrixIdleOnDma &idle : util.matrixIdleOnDma) {
    if (!selection.overlaps(idle.begin, idle.end) ||
        !selection.containsDma(idle.dma))
      continue;
    idleCycles += idle.end - idle.begin;
    stretches.push_back(Object{{"begin", cycles(idle.begin)},
                               {"end", cycles(idle.end)},
                               {"wait_pc", pcOf(idle.waitIndex)},
                               {"dma", int64_t(idle.dma)}});
  }
  return Object{
      {"window_cycles", cycles(util.windowCycles)},
      {"units", std::move(units)},
      {"links", std::move(links)},
      {"matrix_idle_on_dma", Object{{"cycles", cycles(idleCycles)},
                                    {"stretches", std::move(stretches)}}}};
}

Array MetricsBuilder::hlos() const {
  Array result;
  for (const HloFigures &hlo : figures.hlos) {
    if (!hlo.instructions)
      continue;
    Object busy;
    for (unsigned u = 0; u < arch::kNumUnits; ++u)
      busy[arch::getUnitName(arch::Unit(u))] = fraction(
          hlo.getSpan() ? double(hlo.busyCycles[u]) / double(hlo.getSpan())
                        : 0);
    result.push_back(Object{
        {"name", hlo.name},
        {"instructions", int64_t(hlo.instructions)},
        {"executed", int64_t(hlo.executed)},
        {"first_cycle", cycles(hlo.firstCycle)},
        {"last_cycle", cycles(hlo.lastCycle)},
        {"cycles", cycles(hlo.getSpan())},
        {"stalls", stalls(hlo.stallByKind, hlo.stallCycles)},
        {"busy_fraction", std::move(busy)}});
  }
  return result;
}

Object MetricsBuilder::dmaTotals(const analysis::DmaTotals &totals) const {
  return Object{{"dmas", int64_t(totals.dmas)},
                {"bytes", int64_t(totals.bytes)},
                {"base_stall", cycles(totals.baseStall)},
                {"transfer_stall", cycles(totals.transferStall)},
                {"stall", cycles(totals.baseStall + totals.transferStall)},
                {"slack", cycles(totals.slack)},
                {"stalled_dmas", int64_t(totals.stalledDmas)}};
}

Object MetricsBuilder::dmaRecord(const analysis::DmaRecord &dma) const {
  bool waited = dma.waitIndex != sim::kNoIndex;
  const auto &links = results.dmas.linkNames;
  return Object{
      {"id", int64_t(dma.id)},
      {"issue_index", int64_t(dma.issueIndex)},
      {"issue_pc", pcOf(dma.issueIndex)},
      {"wait_index", waited ? Value(int64_t(dma.waitIndex)) : nullptr},
      {"wait_pc", pcOf(dma.waitIndex)},
      {"flag", int64_t(dma.flag)},
      {"link", dma.link < links.size() ? Value(links[dma.link]) : nullptr},
      {"bytes", int64_t(dma.bytes)},
      {"src", arch::getMemSpaceName(dma.srcSpace)},
      {"src_chip", int64_t(dma.srcChip)},
      {"src_addr", int64_t(dma.srcAddr)},
      {"dst", arch::getMemSpaceName(dma.dstSpace)},
      {"dst_chip", int64_t(dma.dstChip)},
      {"dst_addr", int64_t(dma.dstAddr)},
      {"issue_cycle", cycles(dma.issueCycle)},
      {"base_end_cycle", cycles(dma.baseEndCycle)},
      {"start_cycle", cycles(dma.startCycle)},
      {"complete_cycle", cycles(dma.completeCycle)},
      {"wait_ready_cycle", waited ? cycles(dma.waitReadyCycle) : nullptr},
      {"wait_issue_cycle", waited ? cycles(dma.waitIssueCycle) : nullptr},
      {"base_stall", cycles(dma.baseStall)},
      {"transfer_stall", cycles(dma.transferStall)},
      {"stall", cycles(dma.stall())},
      {"slack", cycles(dma.slack)},
      {"charged", dma.charged},
      {"issue_hlo", info.getHloName(dma.issueHlo)},
      {"wait_hlo", waited ? Value(info.getHloName(dma.waitHlo)) : nullptr},
      {"crosses_hlo", dma.crossesHlo()}};
}

Object MetricsBuilder::dma() const {
  Array perLink;
  for (const LinkFigures &link : figures.links)
    if (link.dma.dmas) {
      Object entry = dmaTotals(link.dma);
      entry["link"] = link.name;
      perLink.push_back(std::move(entry));
    }
  Array perHlo;
  for (const HloFigures &hlo : figures.hlos)
    if (hlo.dma.dmas) {
      Object entry = dmaTotals(hlo.dma);
      entry["hlo"] = hlo.name;
      perHlo.push_back(std::move(entry));
    }
  Array table;
  for (uint32_t id : selection.dmas)
    table.push_back(dmaRecord(results.dmas.dmas[id]));
  return Object{{"totals", dmaTotals(figures.dma)},
                {"per_link", std::move(perLink)},
                {"per_hlo", std::move(perHlo)},
                {"table", std::move(table)}};
}

Object MetricsBuilder::dataCache() const {
  const analysis::DataCacheAnalysis &cache = results.dataCache;
  Object result{{"available", cache.available}};
  if (!cache.available)
    return result;
  const DataCacheFigures &fig = figures.dataCache;
  Array wasted;
  for (uint32_t i : fig.wasted) {
    const analysis::WastedTransfer &w = cache.wasted[i];
    wasted.push_back(Object{{"index", int64_t(w.index)},
                            {"pc", pcOf(w.index)},
                            {"first_page", int64_t(w.firstPage)},
                            {"bytes", int64_t(w.bytes)},
                            {"dma", w.isDma}});
  }
  result["unread_at_end_bytes"] = int64_t(cache.unreadAtEndBytes);
  result["pages"] = int64_t(cache.numPages);
  result["blocks"] = int64_t(cache.numBlocks);
  result["pages_per_block"] = int64_t(cache.pagesPerBlock);
  result["page_bytes"] = int64_t(cache.pageBytes);
  result["window_cycles"] = cycles(cache.windowCycles);
  result["windows"] = int64_t(cache.numWindows);
  result["median_free_pages"] = roundTo(fig.medianFreePages, 3);
  result["median_largest_free_run"] = roundTo(fig.medianLargestFreeRun, 3);
  result["peak_occupied_pages"] = int64_t(fig.peakOccupiedPages);
  result["pages_ever_used"] = int64_t(cache.pagesEverUsed);
  result["wasted_transfers"] = int64_t(fig.wasted.size());
  result["wasted_bytes"] = int64_t(fig.wastedBytes);
  result["wasted"] = std::move(wasted);
  return result;
}

Object MetricsBuilder::backtail(const analysis::Backtail &b) const {
  Array slice;
  for (uint64_t index : b.slice)
    slice.push_back(pcOf(index));
  return Object{{"earliest_index", int64_t(b.earliest)},
                {"earliest_pc", pcOf(b.earliest)},
                {"instructions", int64_t(b.instructions)},
                {"cycles", cycles(b.cycles)},
                {"blocker_pc", pcOf(b.blocker)},
                {"blocker_resource", b.blocker == sim::kNoIndex
                                         ? Value(nullptr)
                                         : Value(getResourceName(
                                               b.blockerResource))},
                {"slice_pcs", std::move(slice)}};
}

Object MetricsBuilder::suggestions() const {
  const analysis::Suggestions &s = results.suggestions;
  Array dmas;
  for (uint32_t i : selection.suggestions) {
    const analysis::DmaSuggestion &d = s.dmas[i];
    analysis::HloId hlo = d.issueIndex < info.hloOf.size()
                              ? info.hloOf[d.issueIndex]
                              : analysis::kNoHlo;
    dmas.push_back(Object{
        {"dma", int64_t(d.dma)},
        {"issue_pc", pcOf(d.issueIndex)},
        {"wait_pc", pcOf(d.waitIndex)},
        {"hlo", info.getHloName(hlo)},
        {"verdict", analysis::getVerdictName(d.verdict)},
        {"reason", d.reason},
        {"stall", cycles(d.stall)},
        {"push_limit", cycles(d.pushLimit)},
        {"push_limit_instructions", int64_t(d.pushLimitInstructions)},
        {"expected_saving", cycles(d.expectedSaving)},
        {"target_index", int64_t(d.target)},
        {"target_pc", pcOf(d.target)},
        {"hoist_cycles", cycles(d.hoistCycles)},
        {"hoist_instructions", int64_t(d.hoistInstructions)},
        {"pages_needed", int64_t(d.pagesNeeded)},
        {"free_run_pages", int64_t(d.freeRunPages)},
        {"memory_available", d.memoryAvailable},
        {"backtail", Object{{"relaxed", backtail(d.relaxed)},
                            {"conservative", backtail(d.conservative)}}}});
  }
  Array groups;
  for (uint32_t i : selection.parallelGroups) {
    const analysis::ParallelDmaGroup &g = s.parallelGroups[i];
    Array ids, pcs;
    for (uint32_t id : g.dmas) {
      ids.push_back(int64_t(id));
      pcs.push_back(id < results.dmas.dmas.size()
                        ? pcOf(results.dmas.dmas[id].issueIndex)
                        : Value(nullptr));
    }
    groups.push_back(Object{{"dmas", std::move(ids)},
                            {"issue_pcs", std::move(pcs)},
                            {"hlo", info.getHloName(g.hlo)},
                            {"expected_saving", cycles(g.expectedSaving)}});
  }
  return Object{{"expected_saving", cycles(figures.expectedSaving)},
                {"dmas", std::move(dmas)},
                {"parallel_groups", std::move(groups)}};
}

Value MetricsBuilder::build() {
  return Object{{"format", kMetricsFormat},
                {"version", int64_t(kMetricsVersion)},
                {"machine", machine()},
                {"trace", trace()},
                {"selection", selectionObject()},
                {"totals", totals()},
                {"stalls", stalls(figures.stallByKind, figures.stallCycles)},
                {"utilization", utilization()},
                {"hlos", hlos()},
                {"dma", dma()},
                {"data_cache", dataCache()},
                {"suggestions", suggestions()},
                {"static", buildStaticMetrics(results, selection)},
                {"bottlenecks", buildBottleneckMetrics(results)}};
}

Value snr::report::buildMetrics(const analysis::ReplayResults &results,
                                const Selection &selection,
                                const ReportFigures &figures) {
  return MetricsBuilder(results, selection, figures).build();
}

void snr::report::writeMetrics(llvm::raw_ostream &os,
                               const analysis::ReplayResults &results,
                               const Selection &selection,
                               const ReportFigures &figures) {
  writeJson(os, buildMetrics(results, selection, figures), 2);
  os << '\n';
}

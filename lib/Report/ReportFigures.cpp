//===- ReportFigures.cpp - The numbers every report shows -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/ReportFigures.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Selection.h"

#include <algorithm>

using namespace snr;
using namespace snr::report;

unsigned snr::report::getOccupancy(const analysis::ReplayResults &results,
                                   uint64_t index) {
  return results.info.getDesc(index).occupancy;
}

uint64_t snr::report::getOwnCycles(const analysis::ReplayResults &results,
                                   uint64_t index) {
  const auto &timing = results.timing.instructions;
  uint64_t from = index == 0 ? 0 : timing[index].issue;
  uint64_t to = index + 1 < timing.size() ? timing[index + 1].issue
                                          : results.summary.totalCycles;
  return to - std::min(from, to);
}

uint64_t OwnCycleCounter::next(uint64_t index) {
  const auto &timing = results.timing.instructions;
  frontier = std::max(frontier, timing[index].issue);
  uint64_t from = index == 0 ? 0 : frontier;
  uint64_t to = index + 1 < timing.size()
                    ? std::max(frontier, timing[index + 1].issue)
                    : results.summary.totalCycles;
  return to - std::min(from, to);
}

static DataCacheFigures
computeDataCacheFigures(const analysis::DataCacheAnalysis &cache,
                        const Selection &selection) {
  DataCacheFigures fig;
  for (uint32_t i = 0, e = cache.wasted.size(); i < e; ++i)
    if (selection.containsInstruction(cache.wasted[i].index)) {
      fig.wasted.push_back(i);
      fig.wastedBytes += cache.wasted[i].bytes;
    }
  if (!selection.isRestricted()) {
    fig.medianFreePages = cache.medianFreePages;
    fig.medianLargestFreeRun = cache.medianLargestFreeRun;
    fig.peakOccupiedPages = cache.peakOccupiedPages;
    fig.wastedBytes = cache.wastedBytes;
    return fig;
  }
  std::vector<double> free, runs;
  uint64_t windowCycles = std::max<uint64_t>(cache.windowCycles, 1);
  size_t windows = std::min<size_t>(
      cache.numWindows,
      std::min(cache.occupiedPages.size(), cache.largestFreeRun.size()));
  for (size_t w = 0; w < windows; ++w) {
    if (!selection.overlaps(w * windowCycles, (w + 1) * windowCycles))
      continue;
    free.push_back(double(cache.numPages) - cache.occupiedPages[w]);
    runs.push_back(cache.largestFreeRun[w]);
    fig.peakOccupiedPages =
        std::max(fig.peakOccupiedPages, cache.occupiedPages[w]);
  }
  fig.medianFreePages = analysis::DataCacheAnalysis::median(std::move(free));
  fig.medianLargestFreeRun = analysis::DataCacheAnalysis::median(std::move(runs));
  return fig;
}

ReportFigures snr::report::computeFigures(
    const analysis::ReplayResults &results, const Selection &selection) {
  const analysis::TraceInfo &info = results.info;
  const auto &timing = results.timing.instructions;
  ReportFigures fig;
  fig.clockGhz = results.model.clockGhz;

  // Instructions, by HLO and resource.
  size_t numHlos = info.hloNames.size();
  size_t numResources = results.model.resources.size();
  fig.units.resize(numResources);
  std::vector<HloFigures> hlos(numHlos + 1); // the last: no HLO
  for (HloFigures &hlo : hlos)
    hlo.busyCycles.assign(numResources, 0);
  const sim::TimingRecorder &recorder = results.timing;
  OwnCycleCounter ownCycles(results);
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i) {
    uint64_t own = ownCycles.next(i);
    if (!selection.containsInstruction(i))
      continue;
    const auto &t = timing[i];
    analysis::HloId hloId = i < info.hloOf.size() ? info.hloOf[i]
                                                  : analysis::kNoHlo;
    HloFigures &hlo = hlos[hloId == analysis::kNoHlo ? numHlos : hloId];
    uint64_t slot = t.issue - std::min(t.stall, t.issue);
    uint64_t ready = std::max(t.ready, t.issue + 1);
    if (!hlo.instructions) {
      hlo.firstCycle = slot;
      hlo.lastCycle = ready;
    }
    hlo.firstCycle = std::min(hlo.firstCycle, slot);
    hlo.lastCycle = std::max(hlo.lastCycle, ready);
    ++hlo.instructions;
    ++fig.instructions;
    hlo.ownCycles += own;
    hlo.stallCycles += t.stall;
    hlo.stallByKind[t.kind] += t.stall;
    fig.stallCycles += t.stall;
    fig.stallByKind[t.kind] += t.stall;

    if (recorder.keepsBusy()) {
      // The intervals the model reported.
      if (t.executed) {
        ++hlo.executed;
        ++fig.executed;
      }
      for (const sim::TimingRecorder::Busy &busy : recorder.getBusy(i)) {
        if (busy.resource >= numResources)
          continue;
        UnitFigures &unit = fig.units[busy.resource];
        ++unit.issued;
        ++unit.executed;
        unit.busyCycles += busy.end - busy.begin;
        hlo.busyCycles[busy.resource] += busy.end - busy.begin;
      }
      continue;
    }
    const sim::InstructionDesc &desc = info.getDesc(i);
    bool hasUnit = desc.resource < numResources;
    if (hasUnit)
      ++fig.units[desc.resource].issued;
    if (t.executed) {
      ++hlo.executed;
      ++fig.executed;
      if (hasUnit) {
        ++fig.units[desc.resource].executed;
        fig.units[desc.resource].busyCycles += desc.occupancy;
        hlo.busyCycles[desc.resource] += desc.occupancy;
      }
    }
  }

  // The dma_wait stall of the selected waits that their DMA stall does not
  // count (another constraint held the wait too).
  sim::StallKind copyWait =
      results.model.findStallKind(sim::StallRole::CopyWait);
  for (const sim::TimingRecorder::Wait &wait : recorder.waits) {
    if (!selection.containsInstruction(wait.index))
      continue;
    const auto &t = timing[wait.index];
    uint64_t dmaStall = wait.baseStall + wait.transferStall;
    if (copyWait && t.kind == copyWait && t.stall > dmaStall)
      fig.dmaWaitOtherStall += t.stall - dmaStall;
  }

  // DMAs, by link and HLO.
  const analysis::DmaStallAnalysis &dmas = results.dmas;
  fig.links.resize(dmas.linkNames.size());
  for (size_t l = 0; l < dmas.linkNames.size(); ++l)
    fig.links[l].name = dmas.linkNames[l];
  for (uint32_t id : selection.dmas) {
    const analysis::DmaRecord &dma = dmas.dmas[id];
    fig.dma.add(dma);
    if (dma.link < fig.links.size()) {
      fig.links[dma.link].dma.add(dma);
      fig.links[dma.link].busyCycles +=
          dma.completeCycle - std::min(dma.startCycle, dma.completeCycle);
    }
    analysis::HloId hloId =
        dma.waitIndex != sim::kNoIndex ? dma.waitHlo : dma.issueHlo;
    hlos[hloId == analysis::kNoHlo ? numHlos : hloId].dma.add(dma);
  }

  for (size_t h = 0; h <= numHlos; ++h) {
    HloFigures &hlo = hlos[h];
    if (!hlo.instructions && !hlo.dma.dmas)
      continue;
    hlo.hlo = h == numHlos ? analysis::kNoHlo : analysis::HloId(h);
    hlo.name = info.getHloName(hlo.hlo).str();
    fig.hlos.push_back(std::move(hlo));
  }

  fig.cycles = selection.getSpan();
  fig.timeUs = double(fig.cycles) / (fig.clockGhz * 1000.0);
  fig.ipc = fig.cycles ? double(fig.instructions) / double(fig.cycles) : 0;

  fig.dmasByStall = selection.dmas;
  llvm::stable_sort(fig.dmasByStall, [&](uint32_t a, uint32_t b) {
    return dmas.dmas[a].stall() > dmas.dmas[b].stall();
  });

  const analysis::Suggestions &suggestions = results.suggestions;
  fig.suggestionsBySaving = selection.suggestions;
  llvm::stable_sort(fig.suggestionsBySaving, [&](uint32_t a, uint32_t b) {
    const analysis::DmaSuggestion &x = suggestions.dmas[a];
    const analysis::DmaSuggestion &y = suggestions.dmas[b];
    if (x.expectedSaving != y.expectedSaving)
      return x.expectedSaving > y.expectedSaving;
    return x.stall > y.stall;
  });
  for (uint32_t i : selection.suggestions)
    fig.expectedSaving += suggestions.dmas[i].expectedSaving;
  if (results.dataCache.available)
    fig.dataCache = computeDataCacheFigures(results.dataCache, selection);

  fig.groupsBySaving = selection.parallelGroups;
  llvm::stable_sort(fig.groupsBySaving, [&](uint32_t a, uint32_t b) {
    return suggestions.parallelGroups[a].expectedSaving >
           suggestions.parallelGroups[b].expectedSaving;
  });
  return fig;
}

void ReportFigures::printNoUsefulSuggestion(const sim::ModelDescription &model,
                                            llvm::raw_ostream &os) const {
  if (!model.asyncCopies)
    os << "  DMA suggestions: none; the ISA has no asynchronous copies\n";
  else if (!suggestionsBySaving.empty())
    os << "  suggestions: none saves cycles; the " << suggestionsBySaving.size()
       << " stalled DMAs cannot be hoisted (see the report)\n";
  else
    os << "  suggestions: none (no DMA wait stalled)\n";
}

//===- UtilizationAnalysis.cpp - How busy each unit and link was ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Busy intervals are collected as they are reported and binned into windows
// at the end, when the run's length is known: linear in intervals plus
// windows. A resource is busy over the intervals the model reports (snr: an
// instruction's occupancy [issue, issue + interval)); a link while it moves
// a DMA [start, complete).
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/UtilizationAnalysis.h"
#include "SnR/Analysis/AnalysisOptions.h"

#include <algorithm>
#include <cassert>

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &UtilizationAnalysis::getInfo() {
  static const AnalysisInfo info = AnalysisInfo::get<UtilizationAnalysis>(
      "utilization", TargetFeature::None, {},
      [](const AnalysisContext &context) {
        return std::make_unique<UtilizationAnalysis>(
            context.info, context.options.utilization);
      });
  return info;
}

double UtilizationAnalysis::HloUtilization::fraction(unsigned resource) const {
  uint64_t span = lastReady > firstIssue ? lastReady - firstIssue : 0;
  return span ? double(busyCycles[resource]) / double(span) : 0.0;
}

void UtilizationAnalysis::onRunStart(const sim::RunInfo &run) {
  const sim::ModelDescription &model = *run.model;
  resources.clear();
  indexOfResource.assign(model.resources.size(), -1);
  for (size_t r = 0; r < model.resources.size(); ++r)
    if (model.resources[r].measured) {
      indexOfResource[r] = int(resources.size());
      resources.push_back(model.resources[r].name);
    }
  numUnitResources = resources.size();
  primaryCompute = model.primaryCompute;
  primaryIndex = primaryCompute < indexOfResource.size()
                     ? indexOfResource[primaryCompute]
                     : -1;
  resources.insert(resources.end(), run.linkNames.begin(),
                   run.linkNames.end());
  intervals.assign(resources.size(), {});
  perHlo.assign(info.hloNames.size(), {});
  for (HloUtilization &hlo : perHlo)
    hlo.busyCycles.assign(numUnitResources, 0);
  matrixInFlight.clear();
  stalledWaits.clear();
  linkOfDma.clear();
  startOfDma.clear();
  matrixIdleOnDma.clear();
  matrixIdleOnDmaCycles = 0;
}

void UtilizationAnalysis::onIssue(const sim::IssueEvent &event) {
  HloId hlo = info.hloOf[event.index];
  if (hlo != kNoHlo) {
    HloUtilization &span = perHlo[hlo];
    if (span.instructions++ == 0)
      span.firstIssue = event.cycle;
    span.lastReady = std::max(span.lastReady, event.ready);
  }
  if (event.executed && primaryCompute != sim::kNoResource &&
      event.resource == primaryCompute)
    matrixInFlight.push_back({event.cycle, event.ready});
}

void UtilizationAnalysis::onResourceBusy(const sim::ResourceBusyEvent &event) {
  assert(event.resource < indexOfResource.size() && "not the model's");
  int resource = indexOfResource[event.resource];
  if (resource < 0)
    return;
  intervals[resource].push_back({event.begin, event.end});
  HloId hlo = info.hloOf[event.index];
  if (hlo != kNoHlo)
    perHlo[hlo].busyCycles[resource] += event.end - event.begin;
}

void UtilizationAnalysis::onDmaIssue(const sim::DmaIssueEvent &event) {
  if (linkOfDma.size() <= event.id) {
    linkOfDma.resize(event.id + 1);
    startOfDma.resize(event.id + 1);
  }
  linkOfDma[event.id] = event.link;
}

void UtilizationAnalysis::onDmaStart(const sim::DmaProgressEvent &event) {
  startOfDma[event.id] = event.cycle;
}

void UtilizationAnalysis::onDmaComplete(const sim::DmaProgressEvent &event) {
  intervals[numUnitResources + linkOfDma[event.id]].push_back(
      {startOfDma[event.id], event.cycle});
}

void UtilizationAnalysis::onDmaWait(const sim::DmaWaitEvent &event) {
  if (event.issueCycle > event.readyCycle && !event.dmas.empty())
    stalledWaits.push_back(
        {event.readyCycle, event.issueCycle, event.index, event.charged});
}

void UtilizationAnalysis::onRunEnd(const sim::RunSummary &summary) {
  totalCycles = std::max<uint64_t>(
      1, std::max(summary.totalCycles, summary.lastDmaCycle));
  windowCycles = options.windowCycles
                     ? options.windowCycles
                     : std::max<uint64_t>(1, (totalCycles + options.targetWindows -
                                              1) /
                                                 options.targetWindows);
  requestedWindowCycles = 0;
  uint64_t widest = (totalCycles + kMaxUtilizationWindows - 1) /
                    kMaxUtilizationWindows;
  if (windowCycles < widest) {
    requestedWindowCycles = windowCycles;
    windowCycles = widest;
  }
  size_t windows = (totalCycles + windowCycles - 1) / windowCycles;
  busy.assign(resources.size(), std::vector<double>(windows, 0.0));
  overall.assign(resources.size(), 0.0);
  for (size_t r = 0; r < resources.size(); ++r) {
    std::vector<double> &bins = busy[r];
    uint64_t sum = 0;
    for (const Interval &interval : intervals[r]) {
      sum += interval.end - interval.begin;
      // Spread the interval over the windows it overlaps.
      for (uint64_t at = interval.begin; at < interval.end;) {
        size_t w = at / windowCycles;
        uint64_t windowEnd = (w + 1) * windowCycles;
        uint64_t until = std::min(interval.end, windowEnd);
        if (w < bins.size())
          bins[w] += double(until - at);
        at = until;
      }
    }
    for (double &bin : bins)
      bin = std::min(1.0, bin / double(windowCycles));
    overall[r] = std::min(1.0, double(sum) / double(totalCycles));
  }

  // The matrix unit's in-flight time as disjoint, sorted intervals.
  std::vector<Interval> inFlight;
  for (const Interval &interval : matrixInFlight) {
    if (!inFlight.empty() && interval.begin <= inFlight.back().end)
      inFlight.back().end = std::max(inFlight.back().end, interval.end);
    else
      inFlight.push_back(interval);
  }
  // Subtract it from each stalled wait; both lists are in cycle order.
  // Only waits in HLOs that use the primary compute resource count: a
  // collective with no matmul does not leave the matrix unit "waiting".
  auto usesMatrix = [&](uint64_t index) {
    HloId hlo = info.hloOf[index];
    if (hlo == kNoHlo)
      return !inFlight.empty();
    return primaryIndex >= 0 && perHlo[hlo].busyCycles[primaryIndex] > 0;
  };
  size_t next = 0;
  for (const StalledWait &wait : stalledWaits) {
    if (!usesMatrix(wait.index))
      continue;
    while (next < inFlight.size() && inFlight[next].end <= wait.begin)
      ++next;
    uint64_t at = wait.begin;
    for (size_t i = next; i < inFlight.size() && inFlight[i].begin < wait.end;
         ++i) {
      if (inFlight[i].begin > at)
        matrixIdleOnDma.push_back({at, inFlight[i].begin, wait.index, wait.dma});
      at = std::max(at, inFlight[i].end);
    }
    if (at < wait.end)
      matrixIdleOnDma.push_back({at, wait.end, wait.index, wait.dma});
  }
  for (const MatrixIdleOnDma &idle : matrixIdleOnDma)
    matrixIdleOnDmaCycles += idle.end - idle.begin;
}

//===- PerformanceTracker.cpp - Whole-run metrics -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/PerformanceTracker.h"

#include "llvm/Support/Format.h"

using namespace snr;
using namespace snr::sim;

void PerformanceTracker::onRunStart(const RunInfo &info) {
  *this = PerformanceTracker();
  const ModelDescription &model = *info.model;
  clockGhz = model.clockGhz;
  for (const StallKindInfo &kind : model.stallKinds)
    stallKindNames.push_back(kind.name);
  for (const ResourceInfo &resource : model.resources)
    resourceNames.push_back(resource.name);
  resourceIssued.assign(resourceNames.size(), 0);
  resourceBusy.assign(resourceNames.size(), 0);
  for (const std::string &name : info.linkNames)
    links.push_back({name});
}

void PerformanceTracker::onIssue(const IssueEvent &event) {
  ++instructions;
  executed += event.executed;
  stallCycles[event.kind] += event.stall;
  if (event.resource < resourceIssued.size())
    ++resourceIssued[event.resource];
}

void PerformanceTracker::onResourceBusy(const ResourceBusyEvent &event) {
  if (event.resource < resourceBusy.size())
    resourceBusy[event.resource] += event.end - event.begin;
}

void PerformanceTracker::onDmaIssue(const DmaIssueEvent &event) {
  LinkStats &link = links[event.link];
  ++link.dmas;
  link.bytes += event.bytes;
  if (linkOfDma.size() <= event.id) {
    linkOfDma.resize(event.id + 1);
    startOfDma.resize(event.id + 1);
  }
  linkOfDma[event.id] = event.link;
}

void PerformanceTracker::onDmaStart(const DmaProgressEvent &event) {
  startOfDma[event.id] = event.cycle;
}

void PerformanceTracker::onDmaComplete(const DmaProgressEvent &event) {
  links[linkOfDma[event.id]].busyCycles += event.cycle - startOfDma[event.id];
}

void PerformanceTracker::onDmaWait(const DmaWaitEvent &event) {
  ++waits;
  stalledWaits += event.baseStall + event.transferStall > 0;
  waitBaseStall += event.baseStall;
  waitTransferStall += event.transferStall;
  waitSlack += event.slack;
}

void PerformanceTracker::onRunEnd(const RunSummary &summary) {
  totalCycles = summary.totalCycles;
}

void PerformanceTracker::print(llvm::raw_ostream &os) const {
  double ipc = totalCycles ? double(instructions) / double(totalCycles) : 0;
  os << llvm::format("%llu instructions in %llu cycles (%.3f us at %.2f GHz), "
                     "IPC %.3f\n",
                     (unsigned long long)instructions,
                     (unsigned long long)totalCycles,
                     double(totalCycles) / (clockGhz * 1000.0), clockGhz, ipc);
  os << "stall cycles:";
  for (unsigned k = 1; k < stallKindNames.size(); ++k)
    os << ' ' << stallKindNames[k] << ' ' << stallCycles[k];
  os << '\n';
  os << llvm::format("dma waits: %llu (%llu stalled): base-latency stall %llu, "
                     "transfer stall %llu, slack %llu\n",
                     (unsigned long long)waits,
                     (unsigned long long)stalledWaits,
                     (unsigned long long)waitBaseStall,
                     (unsigned long long)waitTransferStall,
                     (unsigned long long)waitSlack);
  for (const LinkStats &link : links)
    if (link.dmas)
      os << llvm::format("link %-14s %6llu dmas %12llu bytes, busy %llu "
                         "cycles\n",
                         link.name.c_str(), (unsigned long long)link.dmas,
                         (unsigned long long)link.bytes,
                         (unsigned long long)link.busyCycles);
}

llvm::json::Object PerformanceTracker::toJSON() const {
  llvm::json::Object stalls;
  for (unsigned k = 1; k < stallKindNames.size(); ++k)
    stalls[stallKindNames[k]] = int64_t(stallCycles[k]);
  llvm::json::Object units;
  for (size_t r = 0; r < resourceNames.size(); ++r)
    units[resourceNames[r]] =
        llvm::json::Object{{"issued", int64_t(resourceIssued[r])},
                           {"busy_cycles", int64_t(resourceBusy[r])}};
  llvm::json::Array linkArray;
  for (const LinkStats &link : links)
    linkArray.push_back(llvm::json::Object{{"name", link.name},
                                           {"dmas", int64_t(link.dmas)},
                                           {"bytes", int64_t(link.bytes)},
                                           {"busy_cycles",
                                            int64_t(link.busyCycles)}});
  return llvm::json::Object{
      {"instructions", int64_t(instructions)},
      {"executed", int64_t(executed)},
      {"total_cycles", int64_t(totalCycles)},
      {"clock_ghz", clockGhz},
      {"stall_cycles", std::move(stalls)},
      {"units", std::move(units)},
      {"links", std::move(linkArray)},
      {"dma_waits",
       llvm::json::Object{{"count", int64_t(waits)},
                          {"stalled", int64_t(stalledWaits)},
                          {"base_latency_stall", int64_t(waitBaseStall)},
                          {"transfer_stall", int64_t(waitTransferStall)},
                          {"slack", int64_t(waitSlack)}}}};
}

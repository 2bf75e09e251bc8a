//===- DmaEngine.cpp - Timing of asynchronous DMAs ------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An event-driven fluid model: between two events (a transfer starting or
// completing) every active transfer moves at a constant rate, so the engine
// jumps from event to event instead of ticking cycles. Event times are whole
// cycles; bytes in flight are tracked as real numbers so that shared
// bandwidth (64 B/cycle over 3 links) loses nothing to rounding.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/DmaEngine.h"

#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

using namespace snr;
using namespace snr::sim;

DmaEngine::Observer::~Observer() = default;

DmaEngine::DmaEngine(const MachineModel &machine)
    : machine(machine), groupsOfLink(machine.links.size()) {
  for (unsigned g = 0; g < machine.groups.size(); ++g)
    for (unsigned link : machine.groups[g].links)
      groupsOfLink[link].push_back(g);
}

int DmaEngine::getLinkInstance(arch::MemSpace src, arch::MemSpace dst,
                               unsigned chip) {
  int spec = machine.findLink(src, dst);
  if (spec < 0)
    return -1;
  unsigned instanceChip = machine.links[spec].perChip ? chip : 0;
  uint64_t key = uint64_t(spec) << 32 | instanceChip;
  auto [it, inserted] = instanceOf.try_emplace(key, instances.size());
  if (inserted)
    instances.push_back({unsigned(spec), instanceChip, {}, 0});
  return int(it->second);
}

std::string DmaEngine::getLinkInstanceName(unsigned instance) const {
  const LinkInstance &link = instances[instance];
  const LinkSpec &spec = machine.links[link.spec];
  if (!spec.perChip)
    return spec.name;
  // Name the chip on the remote side: hbm->rhbm<2>, rhbm<2>->vmem.
  std::string chip = "<" + std::to_string(link.chip) + ">";
  std::string src = arch::getMemSpaceName(spec.src).str();
  std::string dst = arch::getMemSpaceName(spec.dst).str();
  if (spec.src == arch::MemSpace::RemoteHbm)
    src += chip;
  if (spec.dst == arch::MemSpace::RemoteHbm)
    dst += chip;
  return src + "->" + dst;
}

uint32_t DmaEngine::issue(unsigned link, uint64_t bytes, uint64_t cycle) {
  assert(cycle >= now && "a DMA issued before the engine's present");
  assert(bytes > 0 && "DMAs move at least one granule");
  DmaTransfer transfer;
  transfer.id = nextId++;
  transfer.link = link;
  transfer.bytes = bytes;
  transfer.issueCycle = cycle;
  transfer.baseEndCycle = cycle + machine.dmaBaseLatency;
  transfers.try_emplace(transfer.id, transfer);
  instances[link].queue.push_back(transfer.id);
  ++pending;
  return transfer.id;
}

double DmaEngine::rateOf(const LinkInstance &instance,
                         llvm::ArrayRef<unsigned> activePerGroup) const {
  double rate = machine.links[instance.spec].bytesPerCycle;
  for (unsigned g : groupsOfLink[instance.spec])
    rate = std::min(rate,
                    machine.groups[g].bytesPerCycle / double(activePerGroup[g]));
  return rate;
}

/// Whole cycles to move `bytes` at `rate`; a hair of tolerance absorbs the
/// rounding of earlier partial progress.
static uint64_t cyclesFor(double bytes, double rate) {
  double cycles = std::ceil(bytes / rate - 1e-6);
  // The machine reader bounds rates; clamp anyway rather than overflow.
  constexpr double kMaxCycles = double(uint64_t(1) << 62);
  return cycles < 1 ? 1 : uint64_t(std::min(cycles, kMaxCycles));
}

bool DmaEngine::step() {
  if (pending == 0)
    return false;
  // Transfers whose base latency is over start when their link is free.
  for (LinkInstance &instance : instances) {
    if (instance.queue.empty())
      continue;
    DmaTransfer &head = transfers.find(instance.queue.front())->second;
    if (head.started || head.baseEndCycle > now)
      continue;
    head.started = true;
    head.startCycle = now;
    instance.remaining = double(head.bytes);
    if (observer)
      observer->onStart(head);
  }

  llvm::SmallVector<unsigned, 4> activePerGroup(machine.groups.size(), 0);
  for (const LinkInstance &instance : instances)
    if (!instance.queue.empty() && get(instance.queue.front()).started)
      for (unsigned g : groupsOfLink[instance.spec])
        ++activePerGroup[g];

  // The next event: a completion, or a base latency running out.
  uint64_t next = std::numeric_limits<uint64_t>::max();
  llvm::SmallVector<double, 16> rates(instances.size(), 0);
  for (unsigned i = 0; i < instances.size(); ++i) {
    const LinkInstance &instance = instances[i];
    if (instance.queue.empty())
      continue;
    const DmaTransfer &head = get(instance.queue.front());
    if (head.started) {
      rates[i] = rateOf(instance, activePerGroup);
      next = std::min(next, now + cyclesFor(instance.remaining, rates[i]));
    } else {
      next = std::min(next, head.baseEndCycle);
    }
  }
  assert(next != std::numeric_limits<uint64_t>::max() && next >= now);

  uint64_t elapsed = next - now;
  for (unsigned i = 0; i < instances.size(); ++i) {
    LinkInstance &instance = instances[i];
    if (instance.queue.empty() || !get(instance.queue.front()).started)
      continue;
    auto it = transfers.find(instance.queue.front());
    DmaTransfer &head = it->second;
    if (now + cyclesFor(instance.remaining, rates[i]) == next) {
      head.completed = true;
      head.completeCycle = next;
      lastComplete = std::max(lastComplete, next);
      instance.queue.pop_front();
      instance.remaining = 0;
      --pending;
      if (observer)
        observer->onComplete(head);
      if (releasedEarly.erase(head.id))
        transfers.erase(it);
    } else {
      instance.remaining -= rates[i] * double(elapsed);
    }
  }
  now = next;
  return true;
}

const DmaTransfer &DmaEngine::get(uint32_t id) const {
  auto it = transfers.find(id);
  assert(it != transfers.end() && "a DMA whose record was released");
  return it->second;
}

uint64_t DmaEngine::waitFor(uint32_t id) {
  while (!get(id).completed) {
    bool progressed = step();
    (void)progressed;
    assert(progressed && "a DMA that never completes");
  }
  return get(id).completeCycle;
}

void DmaEngine::release(uint32_t id) {
  auto it = transfers.find(id);
  if (it == transfers.end())
    return;
  if (it->second.completed)
    transfers.erase(it);
  else
    releasedEarly.insert(id);
}

void DmaEngine::drain() {
  while (step()) {
  }
}

DmaEngine::Snapshot DmaEngine::save() const {
  return {instances, transfers,    releasedEarly, nextId,
          now,       lastComplete, pending};
}

void DmaEngine::restore(const Snapshot &snapshot) {
  assert(snapshot.instances.size() == instances.size() &&
         "a snapshot of an engine with other link instances");
  instances = snapshot.instances;
  transfers = snapshot.transfers;
  releasedEarly = snapshot.releasedEarly;
  nextId = snapshot.nextId;
  now = snapshot.now;
  lastComplete = snapshot.lastComplete;
  pending = snapshot.pending;
}

bool DmaEngine::sameShifted(const Snapshot &a, uint64_t aPresent,
                            const Snapshot &b, uint64_t bPresent,
                            int64_t delta) {
  auto shifted = [&](uint64_t x, uint64_t y) {
    return int64_t(x - y) == delta;
  };
  if (a.nextId != b.nextId || a.pending != b.pending ||
      a.instances.size() != b.instances.size() ||
      a.transfers.size() != b.transfers.size() ||
      a.releasedEarly != b.releasedEarly)
    return false;
  // With nothing pending the engine's present is never read again: the
  // next DMA is issued at or after it and starts its own events.
  if (a.pending && !shifted(a.now, b.now))
    return false;
  for (size_t i = 0; i < a.instances.size(); ++i) {
    const LinkInstance &x = a.instances[i], &y = b.instances[i];
    // Bytes left compare exactly: both move the same bytes from here on.
    if (x.queue != y.queue ||
        std::memcmp(&x.remaining, &y.remaining, sizeof(double)) != 0)
      return false;
  }
  for (const auto &[id, x] : a.transfers) {
    auto it = b.transfers.find(id);
    if (it == b.transfers.end())
      return false;
    const DmaTransfer &y = it->second;
    if (x.link != y.link || x.bytes != y.bytes || x.started != y.started ||
        x.completed != y.completed)
      return false;
    if (x.completed) {
      // Waited for from here on: only a completion after the present can
      // make a wait stall.
      uint64_t xLate =
          x.completeCycle > aPresent ? x.completeCycle - aPresent : 0;
      uint64_t yLate =
          y.completeCycle > bPresent ? y.completeCycle - bPresent : 0;
      if (xLate != yLate)
        return false;
      continue;
    }
    if (!shifted(x.issueCycle, y.issueCycle) ||
        !shifted(x.baseEndCycle, y.baseEndCycle) ||
        (x.started && !shifted(x.startCycle, y.startCycle)))
      return false;
  }
  return true;
}

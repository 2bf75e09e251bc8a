//===- OutOfOrderIssue.cpp - Issue out of order, approximately ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// For cores LLVM models as out of order (a micro-op buffer of more than one
// entry: sifive-p670, tt-ascalon-d8), an approximation of llvm-mca's
// dispatch, scheduler and retire stages, one instruction at a time:
//
//   - dispatch in order, `IssueWidth` micro-ops per cycle, into a window of
//     `MicroOpBufferSize` micro-ops (the reorder buffer's size when the
//     model declares one) that only retiring instructions free;
//   - issue at the first cycle from dispatch at which its registers are
//     ready (renamed: only true dependencies, with ReadAdvance) and each
//     resource it uses has a unit free for its cycles; units are booked on
//     a calendar, so a later instruction may take a gap an earlier one left
//     (out of order);
//   - a store issues no earlier than the stores and loads before it; loads
//     pass stores (llvm-mca's default -noalias);
//   - retire in order, when done, `MaxRetirePerCycle` per cycle if the model
//     says so.
//
// Not modelled: reservation-station sizes (resource BufferSize), the
// dispatch stage's register-file limits and move elimination. The calendar
// looks 16384 cycles past dispatch; a resource booked further away is taken
// as free.
//
//===----------------------------------------------------------------------===//

#include "IssueModels.h"
#include "Scoreboard.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"

#include "llvm/Support/MathExtras.h"

using namespace snr::target::riscv::timing;

namespace {
/// A FIFO that grows, and then only reuses its storage.
template <typename T> class Ring {
public:
  bool empty() const { return count == 0; }
  const T &front() const { return items[head]; }
  void pop_front() {
    head = (head + 1) % items.size();
    --count;
  }
  void push_back(const T &item) {
    if (count == items.size()) {
      std::vector<T> grown(std::max<size_t>(16, items.size() * 2));
      for (size_t k = 0; k < count; ++k)
        grown[k] = items[(head + k) % items.size()];
      items.swap(grown);
      head = 0;
    }
    items[(head + count) % items.size()] = item;
    ++count;
  }

private:
  std::vector<T> items;
  size_t head = 0, count = 0;
};

/// For each unit of each resource, which cycles it is booked in: a bitmap
/// over a window of kHorizon cycles that slides with dispatch.
class ResourceCalendar {
public:
  static constexpr uint64_t kHorizon = 16384;
  static constexpr uint64_t kWords = kHorizon / 64;

  explicit ResourceCalendar(const TimingModel &model) : model(model) {
    firstUnit.assign(model.getNumResources() + 1, 0);
    unsigned units = 0;
    for (unsigned id = 0; id < model.getNumResources(); ++id) {
      firstUnit[id] = units;
      if (id && !model.getResource(ResourceId(id)).isGroup)
        units += model.getResource(ResourceId(id)).numUnits;
    }
    firstUnit[model.getNumResources()] = units;
    bits.assign(size_t(units) * kWords, 0);
  }

  /// Nothing will be booked before `cycle` again: recycle the words before.
  void advance(uint64_t cycle) {
    uint64_t word = cycle / 64;
    if (word <= baseWord)
      return;
    uint64_t units = bits.size() / kWords;
    for (uint64_t w = baseWord; w < word && w < baseWord + kWords; ++w)
      for (uint64_t unit = 0; unit < units; ++unit)
        bits[unit * kWords + w % kWords] = 0;
    baseWord = word;
  }

  bool isFree(unsigned unit, uint64_t begin, uint64_t cycles) const {
    for (uint64_t c = begin; c < begin + cycles; ++c) {
      if (c / 64 >= baseWord + kWords)
        return true; // past the horizon
      uint64_t word = bits[unit * kWords + (c / 64) % kWords];
      if (word & (uint64_t(1) << (c % 64)))
        return false;
    }
    return true;
  }

  void book(unsigned unit, uint64_t begin, uint64_t cycles) {
    for (uint64_t c = begin; c < begin + cycles; ++c) {
      if (c / 64 >= baseWord + kWords)
        return;
      bits[unit * kWords + (c / 64) % kWords] |= uint64_t(1) << (c % 64);
    }
  }

  /// The units a use may take: a resource's, or its members' for a group.
  template <typename Fn> void forEachUnit(ResourceId id, Fn fn) const {
    const ResourceInfo &info = model.getResource(id);
    if (!info.isGroup) {
      for (unsigned unit = firstUnit[id]; unit < firstUnit[id + 1]; ++unit)
        if (!fn(id, unit - firstUnit[id], unit))
          return;
      return;
    }
    for (ResourceId member : info.members)
      for (unsigned unit = firstUnit[member]; unit < firstUnit[member + 1];
           ++unit)
        if (!fn(member, unit - firstUnit[member], unit))
          return;
  }

private:
  const TimingModel &model;
  std::vector<unsigned> firstUnit;
  std::vector<uint64_t> bits;
  uint64_t baseWord = 0;
};

class OutOfOrderIssue : public IssueModel {
public:
  OutOfOrderIssue(const TimingModel &model, const TimingOptions &options,
                  llvm::ArrayRef<TimingListener *> listeners)
      : model(model), options(options), listeners(listeners),
        width(std::max(1u, model.getIssueWidth())),
        window(model.getReorderBufferSize() ? model.getReorderBufferSize()
                                            : model.getMicroOpBufferSize()),
        registers(model.getNumRegUnits()), calendar(model) {
    bandwidth = width;
    TimingRunInfo info{&model, &options};
    for (TimingListener *listener : listeners)
      listener->onRunStart(info);
  }

  void issue(uint64_t pc, const TimingDescriptor &desc, bool taken,
             bool shortVector) override;
  TimingSummary finish() override {
    for (TimingListener *listener : listeners)
      listener->onRunEnd(summary);
    return summary;
  }

private:
  struct InFlight {
    uint64_t index;
    uint64_t retire;
    unsigned microOps;
  };
  struct Booking {
    ResourceId resource;
    unsigned unit;
    unsigned flatUnit;
    unsigned cycles;
  };
  /// Books units for `desc` at `cycle` if every use finds one free.
  bool tryBook(const TimingDescriptor &desc, uint64_t cycle);

  const TimingModel &model;
  const TimingOptions &options;
  llvm::ArrayRef<TimingListener *> listeners;
  const unsigned width;
  const unsigned window;
  Scoreboard registers;
  ResourceCalendar calendar;
  llvm::SmallVector<Booking, 8> bookings;

  uint64_t index = 0;
  uint64_t cycle = 0; ///< dispatch cycle
  unsigned bandwidth = 0;
  Ring<InFlight> inFlight;
  unsigned inFlightMicroOps = 0;
  uint64_t lastRetire = 0;
  unsigned retiredInCycle = 0;
  uint64_t redirect = 0;
  uint64_t redirectIndex = kNoIndex;
  uint64_t lastMemoryIssue = 0; ///< of loads and stores, for stores
  uint64_t lastMemoryIndex = kNoIndex;
  TimingSummary summary;
};
} // namespace

bool OutOfOrderIssue::tryBook(const TimingDescriptor &desc, uint64_t at) {
  bookings.clear();
  for (const ResourceUse &use : desc.resources) {
    if (use.reserved)
      continue; // a group reserved as a whole: not modelled
    for (unsigned n = 0; n < use.numUnits; ++n) {
      bool found = false;
      calendar.forEachUnit(use.resource,
                           [&](ResourceId id, unsigned unit, unsigned flat) {
                             for (const Booking &booked : bookings)
                               if (booked.flatUnit == flat)
                                 return true;
                             if (!calendar.isFree(flat, at, use.cycles))
                               return true;
                             bookings.push_back({id, unit, flat, use.cycles});
                             found = true;
                             return false;
                           });
      if (!found)
        return false;
    }
  }
  for (const Booking &booked : bookings)
    calendar.book(booked.flatUnit, at, booked.cycles);
  return true;
}

void OutOfOrderIssue::issue(uint64_t pc, const TimingDescriptor &desc,
                            bool taken, bool shortVector) {
  const uint64_t i = index++;
  const unsigned microOps = desc.numMicroOps;

  // Dispatch, in order.
  uint64_t slot = cycle;
  if (bandwidth < microOps && microOps <= width) {
    slot = cycle + 1;
    bandwidth = width;
  }
  Binding dispatch;
  dispatch.cycle = slot;
  if (options.takenBranches)
    dispatch.consider(redirect, StallKind::TakenBranch, redirectIndex);
  // Instructions retired by now have left the window.
  while (!inFlight.empty() && inFlight.front().retire <= slot) {
    inFlightMicroOps -= inFlight.front().microOps;
    inFlight.pop_front();
  }
  while (window && !inFlight.empty() && inFlightMicroOps + microOps > window) {
    const InFlight &oldest = inFlight.front();
    dispatch.consider(oldest.retire, StallKind::Window, oldest.index);
    inFlightMicroOps -= oldest.microOps;
    inFlight.pop_front();
  }
  if (dispatch.cycle > slot)
    bandwidth = width;
  const uint64_t d = dispatch.cycle;
  if (microOps > bandwidth) {
    cycle = d + (microOps - bandwidth + width - 1) / width;
    bandwidth = width - (microOps - bandwidth) % width;
    if (bandwidth == width)
      bandwidth = 0;
  } else {
    bandwidth -= microOps;
    cycle = d;
  }
  calendar.advance(d);

  // Issue, when the operands and a unit of each resource are there.
  Binding binding = dispatch;
  for (const RegisterRead &read : desc.reads) {
    uint64_t producer;
    uint64_t ready = registers.readyCycle(read, producer);
    binding.consider(ready, StallKind::Register, producer);
  }
  if (desc.mayStore)
    binding.consider(lastMemoryIssue, StallKind::Resource, lastMemoryIndex);
  uint64_t t = binding.cycle;
  // (A use no unit can ever take, more units than the resource has, would
  // search forever: past the calendar's horizon it is given up.)
  for (uint64_t tries = 0;
       !tryBook(desc, t) && tries < ResourceCalendar::kHorizon; ++tries)
    ++t;
  if (t > binding.cycle) {
    binding.kind = StallKind::Resource;
    binding.cycle = t;
    binding.cause = kNoIndex;
    binding.resource = desc.resources.empty() ? 0 : desc.resources[0].resource;
  }
  if (desc.mayLoad || desc.mayStore) {
    if (t >= lastMemoryIssue) {
      lastMemoryIssue = t;
      lastMemoryIndex = i;
    }
  }

  const unsigned latency = getLatency(desc, options);
  const uint64_t ready = t + latency;
  for (const RegisterWrite &write : desc.writes)
    registers.write(write, t, i);
  // Retire in order, when done.
  uint64_t retire = std::max(lastRetire, ready);
  if (retire == lastRetire) {
    if (model.getMaxRetirePerCycle() &&
        retiredInCycle >= model.getMaxRetirePerCycle()) {
      ++retire;
      retiredInCycle = 0;
    }
  } else {
    retiredInCycle = 0;
  }
  ++retiredInCycle;
  lastRetire = retire;
  inFlight.push_back({i, retire, microOps});
  inFlightMicroOps += microOps;
  if (taken) {
    ++summary.takenBranches;
    if (options.takenBranches) {
      redirect = d + 1 + options.takenBranchPenalty;
      redirectIndex = i;
    }
  }

  const uint64_t stall = t - slot;
  ++summary.instructions;
  summary.microOps += microOps;
  summary.cycles = std::max(summary.cycles, ready);
  if (stall)
    summary.stallCycles[unsigned(binding.kind)] += stall;
  if (shortVector)
    ++summary.shortVectorInstructions;
  if (desc.untimed)
    ++summary.untimedInstructions;

  if (listeners.empty())
    return;
  TimingIssueEvent event =
      makeIssueEvent(i, pc, desc, d, t, ready, stall, binding, taken);
  for (TimingListener *listener : listeners)
    listener->onIssue(event);
  for (const Booking &booked : bookings) {
    ResourceBusyEvent interval{booked.resource, booked.unit, i, t,
                               t + booked.cycles};
    for (TimingListener *listener : listeners)
      listener->onResourceBusy(interval);
  }
  TimingRetireEvent retired{i, retire};
  for (TimingListener *listener : listeners)
    listener->onRetire(retired);
}

std::unique_ptr<IssueModel> snr::target::riscv::timing::createOutOfOrderIssue(
    const TimingModel &model, const TimingOptions &options,
    llvm::ArrayRef<TimingListener *> listeners) {
  return std::make_unique<OutOfOrderIssue>(model, options, listeners);
}

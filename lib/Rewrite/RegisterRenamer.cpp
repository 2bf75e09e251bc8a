//===- RegisterRenamer.cpp - Registers free to copy a slice into ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/RegisterRenamer.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::rewrite;

LivenessScan::LivenessScan(llvm::ArrayRef<RegId> candidates, size_t numRegs)
    : state(numRegs, kOther), unknown(0) {
  for (RegId reg : candidates)
    if (state[reg] == kOther) {
      state[reg] = kUnknown;
      ++unknown;
    }
}

bool LivenessScan::add(llvm::ArrayRef<RegId> reads,
                       llvm::ArrayRef<RegId> writes) {
  for (RegId reg : reads)
    if (state[reg] == kUnknown) {
      state[reg] = kLive;
      --unknown;
    }
  for (RegId reg : writes)
    if (state[reg] == kUnknown) {
      state[reg] = kDead;
      --unknown;
    }
  return unknown != 0;
}

RegisterTimeline::RegisterTimeline(const EffectsTable &effects,
                                   llvm::ArrayRef<size_t> staticIndex)
    : staticIndex(staticIndex) {
  // Counted first, so that each list takes no more than it holds.
  llvm::DenseMap<RegId, size_t> counts;
  auto forEachEvent = [&](auto fn) {
    for (size_t k = 0; k < effects.size(); ++k) {
      llvm::ArrayRef<RegId> reads = effects.reads(k);
      for (RegId reg : reads)
        fn(reg, Event(k) << 1);
      for (RegId reg : effects.writes(k))
        if (!llvm::is_contained(reads, reg))
          fn(reg, Event(k) << 1 | 1);
    }
  };
  forEachEvent([&](RegId reg, Event) { ++counts[reg]; });
  for (const auto &[reg, count] : counts)
    events[reg].reserve(count);
  forEachEvent([&](RegId reg, Event event) { events[reg].push_back(event); });
}

bool RegisterTimeline::isDeadAt(RegId reg, llvm::ArrayRef<size_t> at,
                                const llvm::DenseSet<size_t> &ignored) const {
  auto found = events.find(reg);
  if (found == events.end())
    return false; // never written again: its final value would change
  const std::vector<Event> &list = found->second;
  for (size_t k : at) {
    auto it = llvm::lower_bound(
        list, k, [](Event e, size_t k) { return getIndex(e) < k; });
    while (it != list.end() && ignored.contains(staticIndex[getIndex(*it)]))
      ++it;
    if (it == list.end() || !isWrite(*it))
      return false;
  }
  return true;
}

std::optional<RegId>
rewrite::pickRegister(llvm::ArrayRef<RegId> candidates,
                      std::optional<RegId> preferred,
                      llvm::function_ref<bool(RegId)> usable) {
  if (preferred && usable(*preferred))
    return preferred;
  for (RegId reg : candidates)
    if (usable(reg))
      return reg;
  return std::nullopt;
}

Instruction BlockRenamer::rename(Instruction inst, llvm::ArrayRef<RegId> writes,
                                 std::optional<RegId> copyTo) {
  target.renameRegisters(
      inst, [&](RegId reg) { return lookup(reg); },
      [&](RegId reg) { return copyTo ? *copyTo : reg; });
  if (copyTo) {
    for (RegId reg : writes)
      active[reg] = *copyTo;
  } else {
    for (RegId reg : writes)
      active.erase(reg);
  }
  return inst;
}

Instruction BlockRenamer::renameReads(Instruction inst) const {
  target.renameRegisters(
      inst, [&](RegId reg) { return lookup(reg); },
      [](RegId reg) { return reg; });
  return inst;
}

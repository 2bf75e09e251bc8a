//===- TraceWaits.cpp - Merge a trace's waits on one sync object ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A wait blocks until every copy started earlier on its sync object has
// completed. When a later wait on the same object follows, that one would
// wait for the first one's copies too: the first can be dropped, and the
// two merge, if nothing in between needs those copies complete. Between the
// two waits, no instruction may read or write a byte they write, nor
// overwrite a byte they read (Hazards.h, findInFlightConflict), and none may
// order everything around it (a fence, a halt). Copies started on the same
// object in between are allowed: the later wait covered them already.
//
// The waits are taken in trace order, each with the copies of the waits
// merged into it before, so a chain of copies each waited for in turn (a
// serial setup, a loop that waits for every iteration's sends) becomes a
// group issued before one wait. The merges are planned before any DMA
// moves, which then see the wait each copy is now waited for at.
//
// The flag a wait clears ends as before: the later wait clears it, and
// nothing in between waits on it. The first wait on a sync object that
// copies started before the trace may be in flight on is never merged: the
// trace does not know their bytes.
//
//===----------------------------------------------------------------------===//

#include "TracePlanner.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::rewrite;
using namespace snr::rewrite::detail;

namespace {
/// How far a merge looks for the next wait on the same sync object: a wait
/// further away is not merged into (its copies' bytes would be checked
/// against every instruction in between).
constexpr uint64_t kWaitMergeLimit = 20000;
} // namespace

uint64_t Planner::currentWait(uint64_t wait) const {
  for (auto it = mergedInto.find(wait); it != mergedInto.end();
       it = mergedInto.find(wait))
    wait = it->second;
  return wait;
}

unsigned Planner::coverCount(uint64_t wait, unsigned own) const {
  auto it = merged.find(wait);
  return it == merged.end() ? own : unsigned(it->second.copies.size());
}

llvm::ArrayRef<MemoryRange> Planner::madeAvailable(uint64_t wait) const {
  auto it = merged.find(wait);
  return it == merged.end() ? evidence.sync.madeAvailable(wait)
                            : llvm::ArrayRef(it->second.available);
}

llvm::ArrayRef<MemoryRange> Planner::released(uint64_t wait) const {
  auto it = merged.find(wait);
  return it == merged.end() ? evidence.sync.released(wait)
                            : llvm::ArrayRef(it->second.released);
}

void Planner::mergeWaits() {
  // Every wait that a later wait on its sync object follows, in order.
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 64> pairs;
  for (SyncId sync = 0; sync < target.getNumSyncObjects(); ++sync) {
    llvm::ArrayRef<size_t> waits = evidence.sync.waitsOn(sync);
    for (size_t i = 0; i + 1 < waits.size(); ++i)
      pairs.push_back({waits[i], waits[i + 1]});
  }
  llvm::sort(pairs);
  for (auto [wait, next] : pairs) {
    // A selection of DMAs (by PC) moves those only; one by HLO, the waits
    // of that HLO too.
    if (!options.pcs.empty() ||
        (!options.hlo.empty() &&
         results.info.getHloName(results.info.hloOf[wait]) != options.hlo))
      continue;
    WaitDecision decision;
    decision.index = wait;
    decision.sync = *evidence.effects.waitsForCopies(wait);
    decision.into = next;
    const sim::TimingRecorder &timing = results.timing;
    if (wait < timing.dmaOrWaitOf.size() &&
        timing.dmaOrWaitOf[wait] < timing.waits.size()) {
      const sim::TimingRecorder::Wait &w =
          timing.waits[timing.dmaOrWaitOf[wait]];
      decision.stall = w.baseStall + w.transferStall;
    }
    if (auto it = options.leaveInPlace.find(wait);
        it != options.leaveInPlace.end()) {
      decision.dropped = true;
      decision.stop = StopKind::Proof;
      decision.reason = "dropped by the proof: " + it->second;
      decideWait(std::move(decision), false);
      continue;
    }
    if (evidence.inFlightAtStart.test(decision.sync) &&
        evidence.sync.waitsOn(decision.sync).front() == wait) {
      decision.reason =
          llvm::formatv("stays: copies started before the trace may be in "
                        "flight on {0}, and it waits for them",
                        target.formatSyncObject(decision.sync))
              .str();
      decideWait(std::move(decision), false);
      continue;
    }
    if (options.moveLimit && moves >= *options.moveLimit) {
      decision.reason = "not tried (beyond the move limit)";
      decideWait(std::move(decision), true);
      continue;
    }
    mergeWait(decision);
    decideWait(std::move(decision), true);
  }
}

void Planner::mergeWait(WaitDecision &decision) {
  const uint64_t wait = decision.index, next = decision.into;
  // The copies it covers now: its own, and those of the waits merged into
  // it.
  llvm::SmallVector<uint64_t, 8> copies;
  if (auto it = merged.find(wait); it != merged.end())
    copies = it->second.copies;
  else
    llvm::append_range(copies, evidence.sync.coveredBy(wait));
  decision.copies = unsigned(copies.size());
  std::optional<SpaceId> scratchpad = target.getScratchpadSpace();
  // The dependency bound: a copy's VMEM could be anywhere, so only reading
  // what it brings needs it complete.
  auto relaxed = [&](Conflict kind, const MemoryRange &range) {
    return options.unlimitedVmem && kind != Conflict::MemoryRAW &&
           scratchpad && range.space == *scratchpad;
  };

  uint64_t crossed = 0;
  std::string why;
  Footprint storage;
  InstructionDesc desc;
  order.forEachBetween(wait, next, [&](const Item &item) {
    if (++crossed > kWaitMergeLimit) {
      why = llvm::formatv("{0} is more than {1} instructions later",
                          describe(next), kWaitMergeLimit)
                .str();
      return false;
    }
    uint64_t original = item.original();
    const Instruction &inst =
        item.inserted ? item.inserted->inst : order.current(item.key);
    target.describe(inst, executed(original), desc);
    if (desc.orderingBarrier && executed(original)) {
      decision.blocker = original;
      why = describe(original) + " orders everything around it";
      return false;
    }
    FootprintRef other = footprintOf(item, storage);
    if (other.loads.empty() && other.stores.empty() &&
        other.madeAvailable.empty() && other.released.empty())
      return true;
    for (uint64_t copy : copies) {
      Hazard h = findInFlightConflict(other, evidence.effects.loads(copy),
                                      evidence.effects.stores(copy), relaxed);
      if (!h)
        continue;
      decision.blocker = original;
      decision.stop = getStopKind(h.kind);
      why = describeInFlightHazard(h, describe(original),
                                   describe(copy),
                                   target);
      return false;
    }
    return true;
  });
  if (!why.empty()) {
    decision.reason = "stays: " + why;
    return;
  }

  beginMove();
  order.remove(wait);
  mergedInto[wait] = next;
  auto [it, fresh] = merged.try_emplace(next);
  Coverage &into = it->second;
  if (fresh) {
    llvm::append_range(into.copies, evidence.sync.coveredBy(next));
    llvm::append_range(into.available, evidence.sync.madeAvailable(next));
    llvm::append_range(into.released, evidence.sync.released(next));
  }
  for (uint64_t copy : copies) {
    into.copies.push_back(copy);
    llvm::append_range(into.available, evidence.effects.stores(copy));
    llvm::append_range(into.released, evidence.effects.loads(copy));
  }
  llvm::sort(into.copies);
  ++moves;
  decision.applied = true;
  decision.instructionsLater = crossed;
  decision.reason =
      copies.empty()
          ? llvm::formatv("merged into {0}, {1} later: it waits for no copy",
                          describe(next), instructions(crossed))
                .str()
          : llvm::formatv("merged into {0}, {1} later, which now also "
                          "waits for the {2} cop{3} it waited for",
                          describe(next), instructions(crossed), copies.size(),
                          copies.size() == 1 ? "y" : "ies")
                .str();
}

void snr::rewrite::composeWaitDecisions(
    std::vector<WaitDecision> &into, llvm::ArrayRef<WaitDecision> later,
    llvm::function_ref<uint64_t(uint64_t)> map,
    llvm::function_ref<std::string(const std::string &)> label) {
  llvm::DenseMap<uint64_t, size_t> position;
  for (size_t i = 0; i < into.size(); ++i)
    position[into[i].index] = i;
  for (const WaitDecision &w : later) {
    WaitDecision m = w;
    m.index = map(w.index);
    m.into = map(w.into);
    if (m.blocker)
      m.blocker = map(*m.blocker);
    auto it = position.find(m.index);
    if (it != position.end() && !m.applied)
      continue;
    m.reason = label(m.reason);
    if (it != position.end()) {
      into[it->second] = std::move(m);
      continue;
    }
    position[m.index] = into.size();
    into.push_back(std::move(m));
  }
}

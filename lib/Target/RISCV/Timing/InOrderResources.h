//===- InOrderResources.h - Processor resources, as llvm-mca holds them ---===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The processor resources of an in-order core, held and chosen as llvm-mca's
// ResourceManager does for its InOrderIssueStage: an instruction can issue
// when each resource it uses has enough ready units (a group enough ready
// members) and no group it uses is reserved; issuing picks units with
// llvm-mca's round-robin strategy (DefaultResourceStrategy) and holds each for
// its ResourceUsage's cycles. Instead of counting cycles down, each unit
// remembers the cycle it is free again, so the earliest cycle an
// instruction can issue is computed, not searched cycle by cycle (in order,
// nothing else issues while an instruction waits, so every condition only
// becomes true and stays true).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_TIMING_INORDERRESOURCES_H
#define SNR_LIB_TARGET_RISCV_TIMING_INORDERRESOURCES_H

#include "SnR/Target/RISCV/Timing/TimingEvents.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace snr::target::riscv::timing {

class TimingModel;

class InOrderResources {
public:
  explicit InOrderResources(const TimingModel &model);

  /// The earliest cycle from `from` at which `desc` finds its resources,
  /// as llvm-mca's ResourceManager::checkAvailability decides it. When that
  /// is later than `from`, `blocking` is the resource it waited for last and
  /// `who` the instruction holding it.
  uint64_t earliestIssue(const TimingDescriptor &desc, uint64_t from,
                         ResourceId &blocking, uint64_t &who) const {
    if (!desc.oneUnitResources || anyReserved)
      return earliestIssueGeneral(desc, from, blocking, who);
    // Each use needs one unit of a one-unit resource, or of a group of them:
    // its earliest free unit.
    uint64_t at = from;
    blocking = 0;
    who = kNoIndex;
    for (const ResourceUse &use : desc.resources) {
      const Resource &resource = resources[use.resource];
      if (!resource.isGroup) {
        if (freeAt[resource.firstUnit] > at) {
          at = freeAt[resource.firstUnit];
          blocking = use.resource;
          who = holder[resource.firstUnit];
        }
        continue;
      }
      uint64_t earliest = ~uint64_t(0);
      ResourceId first = 0;
      for (unsigned m = 0; m < resource.numMembers; ++m) {
        ResourceId member = links[resource.firstMember + m];
        if (freeAt[resources[member].firstUnit] < earliest) {
          earliest = freeAt[resources[member].firstUnit];
          first = member;
        }
      }
      if (earliest > at) {
        at = earliest;
        blocking = first;
        who = holder[resources[first].firstUnit];
      }
    }
    return at;
  }
  /// Whether `desc` finds its resources at `cycle` (checkAvailability).
  bool isAvailable(const TimingDescriptor &desc, uint64_t cycle) const;

  /// Issues instruction `index` at `cycle` (which must be available):
  /// picks the units it occupies and appends them to `busy` if not null.
  void issue(const TimingDescriptor &desc, uint64_t cycle, uint64_t index,
             llvm::SmallVectorImpl<ResourceBusyEvent> *busy) {
    if (!desc.oneUnitResources)
      return issueGeneral(desc, cycle, index, busy);
    for (const ResourceUse &use : desc.resources) {
      Resource &resource = resources[use.resource];
      if (!resource.isGroup) {
        useUnit(use.resource, cycle, use.cycles, index, busy);
        continue;
      }
      // The strategy picks among the free members.
      uint64_t ready = 0;
      for (unsigned m = 0; m < resource.numMembers; ++m) {
        const Resource &member = resources[links[resource.firstMember + m]];
        if (freeAt[member.firstUnit] <= cycle)
          ready |= member.mask;
      }
      useUnit(model.getResourceOfMask(resource.strategy.select(ready)), cycle,
              use.cycles, index, busy);
    }
  }

private:
  /// llvm-mca's DefaultResourceStrategy: round robin over the ready units
  /// (or members), highest bit first.
  struct Strategy {
    uint64_t unitMask = 0;
    uint64_t next = 0;
    uint64_t removed = 0;
    uint64_t select(uint64_t readyMask) {
      uint64_t candidates = readyMask & next;
      if (candidates)
        return selectHighest(candidates);
      next = unitMask ^ removed;
      removed = 0;
      candidates = readyMask & next;
      if (candidates)
        return selectHighest(candidates);
      next = unitMask;
      return selectHighest(readyMask & next);
    }
    void used(uint64_t mask) {
      if (mask > next) {
        removed |= mask;
        return;
      }
      next &= ~mask;
      if (next)
        return;
      next = unitMask ^ removed;
      removed = 0;
    }
    uint64_t selectHighest(uint64_t candidates) {
      uint64_t candidate = uint64_t(1) << (63 - __builtin_clzll(candidates));
      next &= (candidate | (candidate - 1));
      return candidate;
    }
  };
  /// A resource, flat: its units' slots in `freeAt` and `holder`, a group's
  /// members (units) and a unit's groups in `links`.
  struct Resource {
    uint64_t mask = 0;
    uint32_t firstUnit = 0;
    uint16_t numUnits = 0;
    uint16_t firstMember = 0, numMembers = 0;
    uint16_t firstGroup = 0, numGroups = 0;
    bool isGroup = false;
    bool dispatchHazard = false; ///< BufferSize 0
    /// A unit resource of one unit, or a group of them: the fast paths.
    bool simple = false;
    /// A group reserved as a whole, until this cycle.
    uint64_t reservedUntil = 0;
    uint64_t reservedHolder = kNoIndex;
    Strategy strategy;
  };

  /// The ready units of a resource (bits by unit), or the ready members of a
  /// group (their masks), at `cycle`, as ResourceState::getReadyMask.
  uint64_t readyMask(ResourceId id, uint64_t cycle) const;
  /// The free units of a unit resource at `cycle`, by bit.
  uint64_t unitMask(const Resource &unit, uint64_t cycle) const;
  bool isReady(ResourceId id, unsigned numUnits, uint64_t cycle) const;
  /// The earliest cycle from `from` at which isReady(id, numUnits) holds,
  /// with the resource and instruction it waits for.
  uint64_t readyFrom(ResourceId id, unsigned numUnits, uint64_t from,
                     ResourceId &blocking, uint64_t &holder) const;
  /// The first cycle after `cycle` at which a unit `desc` uses is freed.
  uint64_t nextRelease(const TimingDescriptor &desc, uint64_t cycle) const;
  /// The cycle the first unit of a resource is free, and which.
  uint64_t earliestFree(ResourceId id, unsigned &unit) const;
  bool isGroupReserved(ResourceId id, uint64_t cycle) const {
    return resources[id].reservedUntil > cycle;
  }

  /// ResourceManager::selectPipe: a resource and unit (bit) for a use.
  std::pair<ResourceId, unsigned> selectPipe(uint64_t mask, uint64_t cycle);
  void use(ResourceId id, unsigned unit, uint64_t cycle, unsigned cycles,
           uint64_t index, llvm::SmallVectorImpl<ResourceBusyEvent> *busy);
  /// use() of a one-unit resource: held, and its groups told it is.
  void useUnit(ResourceId id, uint64_t cycle, unsigned cycles, uint64_t index,
               llvm::SmallVectorImpl<ResourceBusyEvent> *busy) {
    Resource &resource = resources[id];
    freeAt[resource.firstUnit] = cycle + cycles;
    holder[resource.firstUnit] = index;
    if (busy)
      busy->push_back({id, 0, index, cycle, cycle + cycles});
    for (unsigned g = 0; g < resource.numGroups; ++g)
      resources[links[resource.firstGroup + g]].strategy.used(resource.mask);
  }
  uint64_t earliestIssueGeneral(const TimingDescriptor &desc, uint64_t from,
                                ResourceId &blocking, uint64_t &who) const;
  void issueGeneral(const TimingDescriptor &desc, uint64_t cycle,
                    uint64_t index,
                    llvm::SmallVectorImpl<ResourceBusyEvent> *busy);

  const TimingModel &model;
  std::vector<Resource> resources;
  std::vector<ResourceId> links;
  std::vector<uint64_t> freeAt;
  std::vector<uint64_t> holder;
  /// Whether a group was ever reserved as a whole.
  bool anyReserved = false;
};

} // namespace snr::target::riscv::timing

#endif // SNR_LIB_TARGET_RISCV_TIMING_INORDERRESOURCES_H

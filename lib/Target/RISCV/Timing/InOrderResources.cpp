//===- InOrderResources.cpp - Processor resources, as llvm-mca holds them -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "InOrderResources.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace snr::target::riscv::timing;

//===----------------------------------------------------------------------===//
// Availability
//===----------------------------------------------------------------------===//

InOrderResources::InOrderResources(const TimingModel &model) : model(model) {
  resources.resize(model.getNumResources());
  for (unsigned id = 1; id < model.getNumResources(); ++id) {
    const ResourceInfo &info = model.getResource(ResourceId(id));
    Resource &resource = resources[id];
    resource.mask = info.mask;
    resource.isGroup = info.isGroup;
    resource.dispatchHazard = info.bufferSize == 0;
    if (info.isGroup) {
      // Its members' masks: the mask without its own leading bit.
      resource.strategy.unitMask =
          info.mask ^ (uint64_t(1) << llvm::Log2_64(info.mask));
    } else {
      resource.firstUnit = uint32_t(freeAt.size());
      resource.numUnits = uint16_t(info.numUnits);
      freeAt.resize(freeAt.size() + info.numUnits, 0);
      holder.resize(holder.size() + info.numUnits, kNoIndex);
      resource.strategy.unitMask = info.numUnits >= 64
                                       ? ~uint64_t(0)
                                       : (uint64_t(1) << info.numUnits) - 1;
    }
    resource.strategy.next = resource.strategy.unitMask;
  }
  // A group's members are the units whose masks it contains, as llvm-mca's
  // ResourceState sees them (a group of groups is a group of their units);
  // a unit's groups, the groups that contain it.
  for (unsigned id = 1; id < model.getNumResources(); ++id) {
    Resource &resource = resources[id];
    if (!resource.isGroup)
      continue;
    resource.firstMember = uint16_t(links.size());
    for (unsigned member = 1; member < model.getNumResources(); ++member)
      if (!resources[member].isGroup &&
          (resources[member].mask & resource.strategy.unitMask))
        links.push_back(ResourceId(member));
    resource.numMembers = uint16_t(links.size() - resource.firstMember);
  }
  for (unsigned id = 1; id < model.getNumResources(); ++id) {
    Resource &resource = resources[id];
    if (resource.isGroup)
      continue;
    resource.firstGroup = uint16_t(links.size());
    for (const ResourceId group : model.getResource(ResourceId(id)).groups)
      links.push_back(group);
    resource.numGroups = uint16_t(links.size() - resource.firstGroup);
  }
  for (unsigned id = 1; id < model.getNumResources(); ++id) {
    Resource &resource = resources[id];
    resource.simple = !resource.isGroup && resource.numUnits == 1;
    if (resource.isGroup) {
      resource.simple = true;
      for (unsigned m = 0; m < resource.numMembers; ++m)
        resource.simple &=
            resources[links[resource.firstMember + m]].numUnits == 1;
    }
  }
}

uint64_t InOrderResources::unitMask(const Resource &unit,
                                    uint64_t cycle) const {
  uint64_t mask = 0;
  const uint64_t *free = &freeAt[unit.firstUnit];
  for (unsigned u = 0; u < unit.numUnits; ++u)
    if (free[u] <= cycle)
      mask |= uint64_t(1) << u;
  return mask;
}

uint64_t InOrderResources::readyMask(ResourceId id, uint64_t cycle) const {
  const Resource &resource = resources[id];
  if (!resource.isGroup)
    return unitMask(resource, cycle);
  uint64_t mask = 0;
  for (unsigned m = 0; m < resource.numMembers; ++m) {
    const Resource &member = resources[links[resource.firstMember + m]];
    if (unitMask(member, cycle))
      mask |= member.mask;
  }
  return mask;
}

bool InOrderResources::isReady(ResourceId id, unsigned numUnits,
                               uint64_t cycle) const {
  const Resource &resource = resources[id];
  // A reserved group is not ready, unless it is a dispatch hazard
  // (ResourceState::isReady).
  if (resource.isGroup && isGroupReserved(id, cycle) &&
      !resource.dispatchHazard)
    return false;
  return unsigned(llvm::popcount(readyMask(id, cycle))) >= numUnits;
}

uint64_t InOrderResources::earliestFree(ResourceId id, unsigned &unit) const {
  const Resource &resource = resources[id];
  uint64_t earliest = ~uint64_t(0);
  auto scan = [&](const Resource &leaf) {
    for (unsigned u = 0; u < leaf.numUnits; ++u)
      if (freeAt[leaf.firstUnit + u] < earliest) {
        earliest = freeAt[leaf.firstUnit + u];
        unit = leaf.firstUnit + u;
      }
  };
  if (!resource.isGroup) {
    scan(resource);
    return earliest;
  }
  for (unsigned m = 0; m < resource.numMembers; ++m)
    scan(resources[links[resource.firstMember + m]]);
  return earliest;
}

uint64_t InOrderResources::readyFrom(ResourceId id, unsigned numUnits,
                                     uint64_t from, ResourceId &blocking,
                                     uint64_t &who) const {
  const Resource &resource = resources[id];
  uint64_t at = from;
  blocking = 0;
  who = kNoIndex;
  if (resource.isGroup && !resource.dispatchHazard &&
      resource.reservedUntil > at) {
    at = resource.reservedUntil;
    blocking = id;
    who = resource.reservedHolder;
  }
  if (!numUnits)
    return at;
  // The numUnits-th earliest of the units' (the members') free cycles, and
  // the unit (a flat index) that frees then.
  uint64_t cycle;
  unsigned unit = 0;
  if (numUnits == 1) {
    cycle = earliestFree(id, unit);
  } else {
    llvm::SmallVector<std::pair<uint64_t, unsigned>, 8> free;
    if (!resource.isGroup) {
      for (unsigned u = 0; u < resource.numUnits; ++u)
        free.push_back(
            {freeAt[resource.firstUnit + u], resource.firstUnit + u});
    } else {
      for (unsigned m = 0; m < resource.numMembers; ++m) {
        unsigned memberUnit = 0;
        uint64_t at = earliestFree(links[resource.firstMember + m], memberUnit);
        free.push_back({at, memberUnit});
      }
    }
    if (numUnits > free.size())
      return ~uint64_t(0); // never: the model asks more than there is
    std::nth_element(free.begin(), free.begin() + (numUnits - 1), free.end());
    cycle = free[numUnits - 1].first;
    unit = free[numUnits - 1].second;
  }
  if (cycle > at) {
    at = cycle;
    who = holder[unit];
    // The resource the unit belongs to.
    blocking = id;
    if (resource.isGroup)
      for (unsigned m = 0; m < resource.numMembers; ++m) {
        const Resource &member = resources[links[resource.firstMember + m]];
        if (unit >= member.firstUnit &&
            unit < member.firstUnit + member.numUnits)
          blocking = links[resource.firstMember + m];
      }
  }
  return at;
}

bool InOrderResources::isAvailable(const TimingDescriptor &desc,
                                   uint64_t cycle) const {
  // ResourceManager::checkAvailability, step by step.
  llvm::SmallVector<std::pair<uint64_t, unsigned>, 4> availableUnits;
  uint64_t consumed = 0;
  bool busy = false;
  for (const ResourceUse &use : desc.resources) {
    unsigned numUnits = use.reserved ? 0 : use.numUnits;
    if (!isReady(use.resource, numUnits, cycle)) {
      busy = true;
      continue;
    }
    if (desc.hasPartiallyOverlappingGroups &&
        !resources[use.resource].isGroup) {
      unsigned available =
          llvm::popcount(readyMask(use.resource, cycle)) - numUnits;
      availableUnits.push_back({use.mask, available});
      if (!available)
        consumed |= use.mask;
    }
  }
  if (busy)
    return false;
  for (uint64_t groups = desc.usedGroups; groups; groups &= groups - 1) {
    ResourceId group = model.getResourceOfMask(groups & -groups);
    if (isGroupReserved(group, cycle))
      return false;
  }
  if (!desc.hasPartiallyOverlappingGroups)
    return true;
  // At least one unit per group, the units of overlapping groups shared.
  for (const ResourceUse &use : desc.resources) {
    if (use.reserved || !resources[use.resource].isGroup)
      continue;
    uint64_t ready = readyMask(use.resource, cycle) & ~consumed;
    if (!ready) {
      busy = true;
      continue;
    }
    uint64_t member = llvm::bit_floor(ready);
    auto found = llvm::find_if(availableUnits, [&](const auto &entry) {
      return entry.first == member;
    });
    if (found == availableUnits.end()) {
      availableUnits.push_back(
          {member, unsigned(llvm::popcount(
                       readyMask(model.getResourceOfMask(member), cycle)))});
      found = availableUnits.end() - 1;
    }
    if (!found->second) {
      busy = true;
      continue;
    }
    if (!--found->second)
      consumed |= member;
  }
  return !busy;
}

uint64_t InOrderResources::nextRelease(const TimingDescriptor &desc,
                                       uint64_t cycle) const {
  uint64_t next = ~uint64_t(0);
  auto consider = [&](ResourceId id) {
    const Resource &resource = resources[id];
    for (unsigned u = 0; u < resource.numUnits; ++u)
      if (freeAt[resource.firstUnit + u] > cycle)
        next = std::min(next, freeAt[resource.firstUnit + u]);
    if (resource.reservedUntil > cycle)
      next = std::min(next, resource.reservedUntil);
  };
  for (const ResourceUse &use : desc.resources) {
    consider(use.resource);
    const Resource &resource = resources[use.resource];
    for (unsigned m = 0; m < resource.numMembers; ++m)
      consider(links[resource.firstMember + m]);
  }
  for (uint64_t groups = desc.usedGroups; groups; groups &= groups - 1)
    consider(model.getResourceOfMask(groups & -groups));
  return next == ~uint64_t(0) ? cycle + 1 : next;
}

uint64_t InOrderResources::earliestIssueGeneral(const TimingDescriptor &desc,
                                                uint64_t from,
                                                ResourceId &blocking,
                                                uint64_t &who) const {
  uint64_t at = from;
  blocking = 0;
  who = kNoIndex;
  // Each condition becomes true at some cycle and stays true: the earliest
  // cycle they all hold is the latest of those.
  for (const ResourceUse &use : desc.resources) {
    const Resource &resource = resources[use.resource];
    if (resource.simple && !use.reserved && use.numUnits == 1 &&
        (!resource.isGroup || resource.dispatchHazard ||
         resource.reservedUntil <= at)) {
      // One unit, or a group of one-unit resources: its earliest unit.
      if (!resource.isGroup) {
        if (freeAt[resource.firstUnit] > at) {
          at = freeAt[resource.firstUnit];
          blocking = use.resource;
          who = holder[resource.firstUnit];
        }
        continue;
      }
      uint64_t earliest = ~uint64_t(0);
      unsigned first = 0;
      for (unsigned m = 0; m < resource.numMembers; ++m) {
        unsigned unit = resources[links[resource.firstMember + m]].firstUnit;
        if (freeAt[unit] < earliest) {
          earliest = freeAt[unit];
          first = m;
        }
      }
      if (earliest > at) {
        ResourceId member = links[resource.firstMember + first];
        at = earliest;
        blocking = member;
        who = holder[resources[member].firstUnit];
      }
      continue;
    }
    ResourceId why;
    uint64_t whoElse;
    uint64_t ready = readyFrom(use.resource, use.reserved ? 0 : use.numUnits,
                               at, why, whoElse);
    if (ready > at) {
      at = ready;
      blocking = why;
      who = whoElse;
    }
  }
  if (anyReserved)
    for (uint64_t groups = desc.usedGroups; groups; groups &= groups - 1) {
      ResourceId group = model.getResourceOfMask(groups & -groups);
      if (resources[group].reservedUntil > at) {
        at = resources[group].reservedUntil;
        blocking = group;
        who = resources[group].reservedHolder;
      }
    }
  // Overlapping groups share units: step from release to release.
  if (desc.hasPartiallyOverlappingGroups)
    for (unsigned step = 0; step < (1u << 20) && !isAvailable(desc, at); ++step)
      at = nextRelease(desc, at);
  return at;
}

//===----------------------------------------------------------------------===//
// Issue
//===----------------------------------------------------------------------===//

std::pair<ResourceId, unsigned> InOrderResources::selectPipe(uint64_t mask,
                                                             uint64_t cycle) {
  ResourceId id = model.getResourceOfMask(mask);
  Resource &resource = resources[id];
  if (!resource.isGroup && resource.numUnits == 1)
    return {id, 0};
  uint64_t chosen = resource.strategy.select(readyMask(id, cycle));
  if (resource.isGroup)
    return selectPipe(chosen, cycle);
  return {id, unsigned(llvm::Log2_64(chosen))};
}

void InOrderResources::use(ResourceId id, unsigned unit, uint64_t cycle,
                           unsigned cycles, uint64_t index,
                           llvm::SmallVectorImpl<ResourceBusyEvent> *busy) {
  Resource &resource = resources[id];
  freeAt[resource.firstUnit + unit] = cycle + cycles;
  holder[resource.firstUnit + unit] = index;
  if (busy)
    busy->push_back({id, unit, index, cycle, cycle + cycles});
  if (resource.numUnits > 1) {
    resource.strategy.used(uint64_t(1) << unit);
    if (readyMask(id, cycle))
      return;
  }
  // Fully used: the groups that contain it learn it (ResourceManager::use).
  for (unsigned g = 0; g < resource.numGroups; ++g)
    resources[links[resource.firstGroup + g]].strategy.used(resource.mask);
}

void InOrderResources::issueGeneral(
    const TimingDescriptor &desc, uint64_t cycle, uint64_t index,
    llvm::SmallVectorImpl<ResourceBusyEvent> *busy) {
  auto reserve = [&](const ResourceUse &use) {
    Resource &resource = resources[use.resource];
    resource.reservedUntil = cycle + use.cycles;
    resource.reservedHolder = index;
    anyReserved = true;
    if (busy)
      busy->push_back({use.resource, 0, index, cycle, cycle + use.cycles});
  };
  auto issueOne = [&](const ResourceUse &use) {
    auto [id, unit] = selectPipe(use.mask, cycle);
    this->use(id, unit, cycle, use.cycles, index, busy);
  };
  if (!desc.hasPartiallyOverlappingGroups) {
    // ResourceManager::fastIssueInstruction.
    for (const ResourceUse &use : desc.resources) {
      if (use.reserved) {
        reserve(use);
        continue;
      }
      Resource &resource = resources[use.resource];
      if (!resource.simple) {
        issueOne(use);
        continue;
      }
      if (!resource.isGroup) {
        useUnit(use.resource, cycle, use.cycles, index, busy);
        continue;
      }
      // A group of one-unit resources: the strategy picks among the free.
      uint64_t ready = 0;
      for (unsigned m = 0; m < resource.numMembers; ++m) {
        const Resource &member = resources[links[resource.firstMember + m]];
        if (freeAt[member.firstUnit] <= cycle)
          ready |= member.mask;
      }
      useUnit(model.getResourceOfMask(resource.strategy.select(ready)), cycle,
              use.cycles, index, busy);
    }
    return;
  }
  // ResourceManager::issueInstructionImpl: units and groups with one ready
  // member first, then the groups with the fewest ready members.
  llvm::SmallVector<const ResourceUse *, 4> worklist;
  for (const ResourceUse &use : desc.resources) {
    if (use.reserved) {
      reserve(use);
      continue;
    }
    if (resources[use.resource].isGroup &&
        llvm::popcount(readyMask(use.resource, cycle)) > 1) {
      worklist.push_back(&use);
      continue;
    }
    issueOne(use);
  }
  while (!worklist.empty()) {
    auto readyUnits = [&](const ResourceUse *use) {
      return llvm::popcount(readyMask(use->resource, cycle));
    };
    llvm::sort(worklist, [&](const ResourceUse *lhs, const ResourceUse *rhs) {
      int left = readyUnits(lhs), right = readyUnits(rhs);
      if (left == right)
        return lhs->mask < rhs->mask;
      return left < right;
    });
    llvm::SmallVector<const ResourceUse *, 4> next;
    for (unsigned i = 0; i < worklist.size(); ++i) {
      if (i == 0 || readyUnits(worklist[i]) == 1) {
        issueOne(*worklist[i]);
        continue;
      }
      next.push_back(worklist[i]);
    }
    worklist.swap(next);
  }
}

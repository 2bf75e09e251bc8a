//===- VmemAllocator.cpp - Page allocator for the data cache --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/VmemAllocator.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>

using namespace snr;
using namespace snr::workloads;

VmemAllocator::VmemAllocator(AllocPolicy policy, uint64_t capacity,
                             uint64_t pageBytes)
    : policy(policy), capacity(capacity), pageBytes(pageBytes),
      minLargestFree(capacity) {
  assert(pageBytes > 0 && capacity % pageBytes == 0 && "whole pages");
  freeRegions[0] = capacity;
}

uint64_t VmemAllocator::largestFreeRegion() const {
  uint64_t largest = 0;
  for (const auto &[addr, size] : freeRegions)
    largest = std::max(largest, size);
  return largest;
}

llvm::Expected<VmemBuffer> VmemAllocator::allocate(uint64_t bytes,
                                                   llvm::StringRef what,
                                                   Placement placement) {
  uint64_t size =
      std::max<uint64_t>(1, (bytes + pageBytes - 1) / pageBytes) * pageBytes;
  // Pick a free region and where in it to cut.
  auto chosen = freeRegions.end();
  uint64_t at = 0;
  if (policy == AllocPolicy::Fragmenting) {
    // First fit from the rover (where the previous allocation ended),
    // wrapping around once: buffers spread over all of VMEM and every one
    // that outlives its neighbours splits the free space.
    for (int pass = 0; pass < 2 && chosen == freeRegions.end(); ++pass) {
      uint64_t from = pass == 0 ? rover : 0;
      for (auto it = freeRegions.begin(); it != freeRegions.end(); ++it) {
        uint64_t begin = std::max(it->first, from);
        uint64_t end = it->first + it->second;
        if (begin < end && end - begin >= size) {
          chosen = it;
          at = begin;
          break;
        }
      }
    }
  } else {
    // Best fit; persistent buffers from the top of their region (the
    // highest among equals), scratch from the bottom (the lowest).
    bool fromTop = placement == Placement::Persistent;
    for (auto it = freeRegions.begin(); it != freeRegions.end(); ++it) {
      if (it->second < size)
        continue;
      if (chosen == freeRegions.end() || it->second < chosen->second ||
          (it->second == chosen->second && fromTop))
        chosen = it;
    }
    if (chosen != freeRegions.end())
      at = fromTop ? chosen->first + chosen->second - size : chosen->first;
  }
  if (chosen == freeRegions.end())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("VMEM is full: {0} needs {1} bytes but the largest free "
                      "region is {2} bytes ({3} of {4} bytes in use)",
                      what, size, largestFreeRegion(), inUse, capacity));

  // Cut [at, at + size) out of the region, keeping what is left on either
  // side.
  uint64_t regionAddr = chosen->first, regionSize = chosen->second;
  freeRegions.erase(chosen);
  if (at > regionAddr)
    freeRegions[regionAddr] = at - regionAddr;
  if (at + size < regionAddr + regionSize)
    freeRegions[at + size] = regionAddr + regionSize - (at + size);
  VmemBuffer buffer{at, size};
  rover = at + size;
  highWater = std::max(highWater, at + size);
  live[buffer.addr] = size;
  inUse += size;
  peak = std::max(peak, inUse);
  uint64_t largest = largestFreeRegion();
  minLargestFree = std::min(minLargestFree, largest);
  maxStranded = std::max(maxStranded, capacity - inUse - largest);
  return buffer;
}

void VmemAllocator::free(const VmemBuffer &buffer) {
  auto it = live.find(buffer.addr);
  assert(it != live.end() && it->second == buffer.bytes &&
         "freeing a buffer that is not allocated");
  live.erase(it);
  inUse -= buffer.bytes;
  uint64_t addr = buffer.addr, size = buffer.bytes;
  // Merge with the free neighbours on either side.
  auto next = freeRegions.lower_bound(addr);
  if (next != freeRegions.end() && next->first == addr + size) {
    size += next->second;
    next = freeRegions.erase(next);
  }
  if (next != freeRegions.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == addr) {
      addr = prev->first;
      size += prev->second;
      freeRegions.erase(prev);
    }
  }
  freeRegions[addr] = size;
}

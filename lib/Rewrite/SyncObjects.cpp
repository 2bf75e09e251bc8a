//===- SyncObjects.cpp - Copies, the waits that cover them ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/SyncObjects.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::rewrite;

SyncTimeline::SyncTimeline(const EffectsTable &effects, unsigned numSyncObjects)
    : waits(numSyncObjects), used(numSyncObjects) {
  std::vector<std::vector<size_t>> pending(numSyncObjects);
  for (size_t k = 0; k < effects.size(); ++k) {
    if (std::optional<SyncId> sync = effects.startsCopy(k)) {
      pending[*sync].push_back(k);
      used.set(*sync);
    } else if (std::optional<SyncId> sync = effects.waitsForCopies(k)) {
      used.set(*sync);
      waits[*sync].push_back(k);
      if (pending[*sync].empty())
        continue;
      Coverage &c = coverage[k];
      c.copies = std::move(pending[*sync]);
      pending[*sync].clear();
      for (size_t copy : c.copies) {
        waitOfCopy[copy] = k;
        llvm::append_range(c.available, effects.stores(copy));
        llvm::append_range(c.released, effects.loads(copy));
      }
    }
  }
}

llvm::ArrayRef<size_t> SyncTimeline::coveredBy(size_t wait) const {
  auto it = coverage.find(wait);
  return it == coverage.end() ? llvm::ArrayRef<size_t>()
                              : llvm::ArrayRef(it->second.copies);
}

llvm::ArrayRef<MemoryRange> SyncTimeline::madeAvailable(size_t wait) const {
  auto it = coverage.find(wait);
  return it == coverage.end() ? llvm::ArrayRef<MemoryRange>()
                              : llvm::ArrayRef(it->second.available);
}

llvm::ArrayRef<MemoryRange> SyncTimeline::released(size_t wait) const {
  auto it = coverage.find(wait);
  return it == coverage.end() ? llvm::ArrayRef<MemoryRange>()
                              : llvm::ArrayRef(it->second.released);
}

std::optional<size_t> SyncTimeline::coveringWait(size_t copy) const {
  auto it = waitOfCopy.find(copy);
  if (it == waitOfCopy.end())
    return std::nullopt;
  return it->second;
}

bool SyncTimeline::waitFollows(SyncId sync, size_t k) const {
  return llvm::upper_bound(waits[sync], k) != waits[sync].end();
}

std::optional<SyncId> SyncAllocator::find(uint64_t from, uint64_t to) const {
  for (const auto &[sync, taken] : spans)
    if (llvm::all_of(taken, [&](const std::pair<uint64_t, uint64_t> &span) {
          return span.second < from || to < span.first;
        }))
      return sync;
  for (unsigned sync = 0; sync < used.size(); ++sync)
    if (!used.test(sync))
      return sync;
  return std::nullopt;
}

void SyncAllocator::reserve(SyncId sync, uint64_t from, uint64_t to) {
  used.set(sync);
  spans[sync].push_back({from, to});
}

//===- SyncObjects.h - Copies, the waits that cover them --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The sync-object semantics both rewrites respect: a wait on a sync object
// blocks until every copy started earlier on it completed, so each wait of a
// run covers the copies started on its sync object since the wait before it,
// makes the bytes they write available and releases the bytes they read. A
// SyncTimeline answers that for one run;
// a SyncAllocator finds a sync object a moved copy may use instead of its
// own (so that a wait it now crosses does not wait for it too).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_SYNCOBJECTS_H
#define SNR_REWRITE_SYNCOBJECTS_H

#include "SnR/Rewrite/Footprint.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace snr::rewrite {

/// The copies and waits of one run, by index.
class SyncTimeline {
public:
  SyncTimeline(const EffectsTable &effects, unsigned numSyncObjects);

  /// The copies wait `wait` covers (started on its sync object since the
  /// wait before it), in order.
  llvm::ArrayRef<size_t> coveredBy(size_t wait) const;
  /// The bytes those copies write: the wait makes them available.
  llvm::ArrayRef<MemoryRange> madeAvailable(size_t wait) const;
  /// The bytes those copies read: the wait releases them.
  llvm::ArrayRef<MemoryRange> released(size_t wait) const;
  /// The wait that covers copy `copy`, if one does.
  std::optional<size_t> coveringWait(size_t copy) const;
  /// The waits on `sync`, in order.
  llvm::ArrayRef<size_t> waitsOn(SyncId sync) const { return waits[sync]; }
  /// Whether a wait on `sync` comes after index `k`.
  bool waitFollows(SyncId sync, size_t k) const;
  /// Whether a copy or a wait of the run uses `sync`.
  bool isUsed(SyncId sync) const { return used.test(sync); }

private:
  struct Coverage {
    std::vector<size_t> copies;
    llvm::SmallVector<MemoryRange, 2> available, released;
  };
  llvm::DenseMap<size_t, Coverage> coverage;
  llvm::DenseMap<size_t, size_t> waitOfCopy;
  std::vector<std::vector<size_t>> waits;
  llvm::BitVector used;
};

/// Sync objects for copies the rewrite moves onto another one: an object
/// the run never uses, or one already given to a moved copy whose span
/// (from where it lands to its wait) is disjoint from the new one's.
class SyncAllocator {
public:
  /// `used`: the sync objects the run uses (they are never handed out).
  explicit SyncAllocator(llvm::BitVector used) : used(std::move(used)) {}

  /// A sync object for a copy landing at `from` and waited for at `to`; not
  /// reserved (see reserve).
  std::optional<SyncId> find(uint64_t from, uint64_t to) const;
  void reserve(SyncId sync, uint64_t from, uint64_t to);

private:
  llvm::BitVector used;
  /// The objects handed out, with their spans.
  std::map<SyncId, std::vector<std::pair<uint64_t, uint64_t>>> spans;
};

} // namespace snr::rewrite

#endif // SNR_REWRITE_SYNCOBJECTS_H

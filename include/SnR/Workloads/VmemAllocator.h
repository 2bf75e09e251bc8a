//===- VmemAllocator.h - Page allocator for the data cache ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Where a generator puts its VMEM buffers. VMEM is allocated in whole pages
// (512 B by default) from a free list that coalesces neighbours. Two
// policies model two compilers:
//
//  * Compact (the good one): buffers that live across HLO boundaries
//    (Placement::Persistent) are placed from the top of VMEM down, per-HLO
//    scratch (Placement::Scratch) from the bottom up, each best-fit. The two
//    kinds never interleave, so freeing scratch leaves one contiguous hole.
//  * Fragmenting: first fit for everything, searching from where the
//    previous allocation ended (a roving pointer, wrapping around), the
//    allocator of a compiler that knows no lifetimes. Buffers spread over
//    all of VMEM; long-lived ones land between short-lived ones, and every
//    free leaves a hole between them.
//
// The allocator also keeps the numbers SnR's data-cache analysis will show:
// the peak of pages in use and the smallest largest-free-region seen.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_VMEMALLOCATOR_H
#define SNR_WORKLOADS_VMEMALLOCATOR_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>

namespace snr::workloads {

enum class AllocPolicy { Compact, Fragmenting };

/// How long a buffer lives, which is all the compact policy needs to know.
enum class Placement { Scratch, Persistent };

/// A VMEM buffer: [addr, addr + bytes), page aligned.
struct VmemBuffer {
  uint64_t addr = 0;
  uint64_t bytes = 0; ///< rounded up to whole pages
};

class VmemAllocator {
public:
  static constexpr uint64_t kDefaultCapacity = 128ull * 256 * 512;
  static constexpr uint64_t kDefaultPageBytes = 512;

  explicit VmemAllocator(AllocPolicy policy,
                         uint64_t capacity = kDefaultCapacity,
                         uint64_t pageBytes = kDefaultPageBytes);

  /// Allocates `bytes` (rounded up to pages). Fails, naming `what` and what
  /// is in use, if no free region is large enough.
  llvm::Expected<VmemBuffer> allocate(uint64_t bytes, llvm::StringRef what,
                                      Placement placement = Placement::Scratch);
  /// Returns a buffer; neighbouring free regions merge.
  void free(const VmemBuffer &buffer);

  AllocPolicy getPolicy() const { return policy; }
  uint64_t getCapacity() const { return capacity; }
  uint64_t getPageBytes() const { return pageBytes; }
  uint64_t bytesInUse() const { return inUse; }
  uint64_t peakBytesInUse() const { return peak; }
  /// The largest contiguous free region now.
  uint64_t largestFreeRegion() const;
  /// The smallest value largestFreeRegion() had right after any allocation.
  uint64_t minLargestFreeRegion() const { return minLargestFree; }
  /// The most free bytes ever outside the largest free region, right after
  /// an allocation: free space a large buffer could not use.
  uint64_t maxStrandedBytes() const { return maxStranded; }
  /// Number of separate free regions now.
  size_t numFreeRegions() const { return freeRegions.size(); }
  /// One past the highest byte ever allocated.
  uint64_t highWaterMark() const { return highWater; }

private:
  AllocPolicy policy;
  uint64_t capacity, pageBytes;
  /// Free regions by start address -> size; never adjacent (coalesced).
  std::map<uint64_t, uint64_t> freeRegions;
  /// Live buffers by start address -> size, to check frees.
  std::map<uint64_t, uint64_t> live;
  uint64_t inUse = 0, peak = 0, minLargestFree;
  uint64_t rover = 0, highWater = 0, maxStranded = 0;
};

} // namespace snr::workloads

#endif // SNR_WORKLOADS_VMEMALLOCATOR_H

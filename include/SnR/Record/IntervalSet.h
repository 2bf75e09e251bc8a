//===- IntervalSet.h - Disjoint byte ranges ---------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_INTERVALSET_H
#define SNR_RECORD_INTERVALSET_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <map>

namespace snr::record {

/// A set of half-open ranges [begin, end), kept disjoint and coalesced.
class IntervalSet {
public:
  void insert(uint64_t begin, uint64_t end);
  /// Calls `fn` for each maximal sub-range of [begin, end) not in the set,
  /// in increasing order.
  void forEachGap(uint64_t begin, uint64_t end,
                  llvm::function_ref<void(uint64_t, uint64_t)> fn) const;
  bool contains(uint64_t begin, uint64_t end) const;
  /// Calls `fn` for each range of the set, in increasing order.
  void forEach(llvm::function_ref<void(uint64_t, uint64_t)> fn) const {
    for (const auto &[begin, end] : ranges)
      fn(begin, end);
  }
  size_t size() const { return ranges.size(); }

private:
  std::map<uint64_t, uint64_t> ranges; ///< begin -> end
};

} // namespace snr::record

#endif // SNR_RECORD_INTERVALSET_H

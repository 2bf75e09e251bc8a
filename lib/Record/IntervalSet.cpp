//===- IntervalSet.cpp - Disjoint byte ranges -----------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/IntervalSet.h"

#include <algorithm>

using namespace snr::record;

void IntervalSet::insert(uint64_t begin, uint64_t end) {
  if (begin >= end)
    return;
  // Merge with every range that overlaps or touches [begin, end).
  auto it = ranges.upper_bound(begin);
  if (it != ranges.begin() && std::prev(it)->second >= begin)
    --it;
  while (it != ranges.end() && it->first <= end) {
    begin = std::min(begin, it->first);
    end = std::max(end, it->second);
    it = ranges.erase(it);
  }
  ranges.emplace(begin, end);
}

void IntervalSet::forEachGap(
    uint64_t begin, uint64_t end,
    llvm::function_ref<void(uint64_t, uint64_t)> fn) const {
  auto it = ranges.upper_bound(begin);
  if (it != ranges.begin() && std::prev(it)->second > begin)
    --it;
  uint64_t cursor = begin;
  for (; it != ranges.end() && it->first < end; ++it) {
    if (it->first > cursor)
      fn(cursor, it->first);
    cursor = std::max(cursor, it->second);
  }
  if (cursor < end)
    fn(cursor, end);
}

bool IntervalSet::contains(uint64_t begin, uint64_t end) const {
  bool gap = false;
  forEachGap(begin, end, [&](uint64_t, uint64_t) { gap = true; });
  return !gap;
}

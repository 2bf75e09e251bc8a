//===- PlannedOrder.h - A trace's order while moves are planned -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The order being planned is kept as the original trace plus edits: for
// each original instruction, whether it moved away, what it was replaced by,
// and what was inserted in front of it. A move lands "in front of original
// T, after whatever was already inserted there"; the instructions it crosses
// are enumerated from that point to the moving instruction, so each check
// costs the distance moved, not the trace length. Private to lib/Rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_REWRITE_PLANNEDORDER_H
#define SNR_LIB_REWRITE_PLANNEDORDER_H

#include "SnR/Rewrite/HoistPlanner.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace snr::rewrite {

/// An instruction of the order being planned.
struct Item {
  /// The inserted instruction; null for an original in its place.
  const PlannedInstruction *inserted;
  /// The original it sits in front of (or is).
  uint64_t key;
  /// The original instruction it is or copies.
  uint64_t original() const { return inserted ? inserted->original : key; }
};

class PlannedOrder {
public:
  explicit PlannedOrder(const trace::Trace &trace)
      : trace(trace), removed(trace.instructions.size()) {}

  size_t size() const { return trace.instructions.size(); }
  /// Original `i` as it runs now (a wait may have moved to another sync
  /// object).
  const Instruction &current(uint64_t i) const {
    auto it = replaced.find(i);
    return it == replaced.end() ? trace.instructions[i] : it->second;
  }
  bool isReplaced(uint64_t i) const { return replaced.count(i); }
  bool isRemoved(uint64_t i) const { return removed.test(i); }
  void remove(uint64_t i) { removed.set(i); }
  void replace(uint64_t i, const Instruction &inst) { replaced[i] = inst; }
  /// What is inserted in front of original `i`, in order.
  std::vector<PlannedInstruction> &insertedBefore(uint64_t i) {
    return inserted[i];
  }

  /// Calls `fn(item)` for every instruction from the landing point in front
  /// of original `target` (after what is already inserted there) up to
  /// original `end` (exclusive; what is inserted in front of it included),
  /// while `fn` returns true.
  template <typename Fn>
  void forEachFrom(uint64_t target, uint64_t end, Fn fn) const {
    for (uint64_t i = target; i <= end; ++i) {
      // In front of the target, only what is inserted after the landing
      // point would be crossed, and a block is appended last: nothing.
      if (i != target)
        if (auto it = inserted.find(i); it != inserted.end())
          for (const PlannedInstruction &p : it->second)
            if (!fn(Item{&p, i}))
              return;
      if (i != end && !removed.test(i))
        if (!fn(Item{nullptr, i}))
          return;
    }
  }

  /// The planned order, from the first instruction to the last.
  std::vector<PlannedInstruction> finish() const {
    std::vector<PlannedInstruction> order;
    size_t count = size();
    order.reserve(count + 16);
    for (uint64_t i = 0; i < count; ++i) {
      if (auto it = inserted.find(i); it != inserted.end())
        order.insert(order.end(), it->second.begin(), it->second.end());
      if (!removed.test(i))
        order.push_back({i, current(i), false});
    }
    return order;
  }

private:
  const trace::Trace &trace;
  llvm::BitVector removed;
  llvm::DenseMap<uint64_t, Instruction> replaced;
  llvm::DenseMap<uint64_t, std::vector<PlannedInstruction>> inserted;
};

} // namespace snr::rewrite

#endif // SNR_LIB_REWRITE_PLANNEDORDER_H

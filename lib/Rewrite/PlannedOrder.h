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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

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
  /// With `journal`, every edit is recorded there too.
  explicit PlannedOrder(const trace::Trace &trace,
                        PlanJournal *journal = nullptr)
      : trace(trace), journal(journal), removed(trace.instructions.size()),
        replacedBits(trace.instructions.size()) {}

  size_t size() const { return trace.instructions.size(); }
  /// Original `i` as it runs now (a wait may have moved to another sync
  /// object).
  const Instruction &current(uint64_t i) const {
    if (!replacedBits.test(i))
      return trace.instructions[i];
    return replaced.find(i)->second;
  }
  bool isReplaced(uint64_t i) const { return replacedBits.test(i); }
  bool isRemoved(uint64_t i) const { return removed.test(i); }
  void remove(uint64_t i) {
    removed.set(i);
    if (journal)
      journal->edits.push_back({PlanJournal::Edit::Kind::Remove, i, {}});
  }
  void replace(uint64_t i, const Instruction &inst) {
    replaced[i] = inst;
    replacedBits.set(i);
    if (journal)
      journal->edits.push_back(
          {PlanJournal::Edit::Kind::Replace, i, {i, inst, false}});
  }
  /// Inserts `p` in front of original `i`, after what is there already.
  void insert(uint64_t i, const PlannedInstruction &p) {
    inserted[i].push_back(p);
    if (journal)
      journal->edits.push_back({PlanJournal::Edit::Kind::Insert, i, p});
  }
  /// Applies an edit another plan made.
  void apply(const PlanJournal::Edit &edit) {
    switch (edit.kind) {
    case PlanJournal::Edit::Kind::Insert:
      inserted[edit.at].push_back(edit.inst);
      break;
    case PlanJournal::Edit::Kind::Remove:
      removed.set(edit.at);
      break;
    case PlanJournal::Edit::Kind::Replace:
      replaced[edit.at] = edit.inst.inst;
      replacedBits.set(edit.at);
      break;
    }
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

  /// Calls `fn(item)` for every instruction after original `after` and in
  /// front of original `before` (what is inserted in front of it included),
  /// in order, while `fn` returns true.
  template <typename Fn>
  void forEachBetween(uint64_t after, uint64_t before, Fn fn) const {
    for (uint64_t i = after + 1; i <= before; ++i) {
      if (auto it = inserted.find(i); it != inserted.end())
        for (const PlannedInstruction &p : it->second)
          if (!fn(Item{&p, i}))
            return;
      if (i != before && !removed.test(i))
        if (!fn(Item{nullptr, i}))
          return;
    }
  }

  /// The same instructions as forEachFrom, from the last to the first.
  template <typename Fn>
  void forEachBackFrom(uint64_t target, uint64_t end, Fn fn) const {
    for (uint64_t i = end + 1; i-- > target;) {
      if (i != end && !removed.test(i))
        if (!fn(Item{nullptr, i}))
          return;
      if (i != target)
        if (auto it = inserted.find(i); it != inserted.end())
          for (size_t k = it->second.size(); k-- > 0;)
            if (!fn(Item{&it->second[k], i}))
              return;
    }
  }

  /// How many instructions the planned order has.
  size_t getPlannedSize() const {
    size_t added = 0;
    for (const auto &[i, list] : inserted)
      added += list.size();
    return size() - removed.count() + added;
  }

  /// Calls `fn(planned)` for every instruction of the planned order, from
  /// the first to the last.
  template <typename Fn> void forEachPlanned(Fn fn) const {
    // The originals with something inserted in front of them, in order:
    // not a lookup per instruction.
    llvm::SmallVector<uint64_t> keys;
    for (const auto &[i, list] : inserted)
      keys.push_back(i);
    llvm::sort(keys);
    const uint64_t *next = keys.begin();
    for (uint64_t i = 0, count = size(); i < count; ++i) {
      if (next != keys.end() && *next == i) {
        for (const PlannedInstruction &p : inserted.find(i)->second)
          fn(p);
        ++next;
      }
      if (!removed.test(i))
        fn(PlannedInstruction{i, current(i), false});
    }
  }

  /// The same for the instructions of the planned order that sit in front
  /// of originals `first` to `last` or are them (what is inserted in front
  /// of `first` included).
  /// Stops at the first `fn` that returns false, and returns false then.
  template <typename Fn>
  bool forEachPlannedIn(uint64_t first, uint64_t last, Fn fn) const {
    llvm::SmallVector<uint64_t> keys;
    for (const auto &[i, list] : inserted)
      if (i >= first && i <= last)
        keys.push_back(i);
    llvm::sort(keys);
    const uint64_t *next = keys.begin();
    for (uint64_t i = first; i <= last; ++i) {
      if (next != keys.end() && *next == i) {
        for (const PlannedInstruction &p : inserted.find(i)->second)
          if (!fn(p.original, p.inst))
            return false;
        ++next;
      }
      if (!removed.test(i) && !fn(i, current(i)))
        return false;
    }
    return true;
  }

  /// The planned order, from the first instruction to the last, into
  /// `order` (its capacity reused).
  void finish(std::vector<PlannedInstruction> &order) const {
    order.clear();
    order.reserve(getPlannedSize());
    forEachPlanned([&](const PlannedInstruction &p) { order.push_back(p); });
  }

private:
  const trace::Trace &trace;
  PlanJournal *journal;
  llvm::BitVector removed;
  llvm::BitVector replacedBits;
  llvm::DenseMap<uint64_t, Instruction> replaced;
  llvm::DenseMap<uint64_t, std::vector<PlannedInstruction>> inserted;
};

} // namespace snr::rewrite

#endif // SNR_LIB_REWRITE_PLANNEDORDER_H

//===- TraceRenaming.cpp - Registers for a moving block's copies ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The trace rewrite's register search: which registers are dead where a
// block lands (a forward scan of the planned order), which clashing slice
// members are copied into them, and, under register pressure, where the
// block may land instead: a little earlier, between two uses of enough
// registers (tried once), or later, after the last use of the clashing one,
// or as soon as enough are free.
//
//===----------------------------------------------------------------------===//

#include "TracePlanner.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::rewrite;
using namespace snr::rewrite::detail;

LivenessScan Planner::scanLiveness(RegId like, uint64_t landing) const {
  // One scan from the landing point: a register is free if its first access
  // there is a write (it is dead where the block lands, and its final value
  // does not change); untouched within the scan, it is presumed live.
  llvm::ArrayRef<RegId> candidates = target.getRenameCandidates(like);
  LivenessScan scan(candidates, target.getTarget().getRegisters().size());
  // A register nothing from here on touches would stay undecided to the
  // end of the scan: decide it now, so the scan ends when the others are.
  for (RegId reg : candidates)
    if (evidence.lastAccessEnd[reg] <= landing && !insertedRegs.test(reg))
      scan.presumeLive(reg);
  if (scan.done())
    return scan;
  uint64_t scanned = 0;
  uint64_t end =
      std::min<uint64_t>(trace.instructions.size(), landing + kRenameScanLimit);
  Footprint storage;
  order.forEachFrom(landing, end, [&](const Item &item) {
    if (++scanned > kRenameScanLimit)
      return false;
    // An original in its place runs with its own registers (a wait moved
    // to another flag has none).
    if (!item.inserted)
      return scan.add(evidence.effects.reads(item.key),
                      evidence.effects.writes(item.key));
    FootprintRef f = footprintOf(item, storage);
    return scan.add(f.reads, f.writes);
  });
  return scan;
}

std::optional<Renaming>
Planner::renameClashes(const Block &block, const Crossing &crossing,
                       uint64_t landing, uint64_t issue, Stop &stop,
                       uint64_t &raised,
                       std::optional<uint64_t> &lowered) const {
  Renaming renaming;
  llvm::SmallVector<RegId, 16> avoid;
  for (uint64_t member : block.members) {
    const Footprint &f = block.prints.find(member)->second;
    avoid.append(f.reads.begin(), f.reads.end());
    avoid.append(f.writes.begin(), f.writes.end());
  }
  // One scan per register file: the order does not change in between.
  llvm::DenseMap<const RegId *, LivenessScan> scans;
  for (auto [member, reg] : crossing.clashes) {
    if (renaming.fresh.count(reg))
      continue;
    llvm::ArrayRef<RegId> candidates = target.getRenameCandidates(reg);
    auto scan = scans.find(candidates.data());
    if (scan == scans.end())
      scan = scans.try_emplace(candidates.data(), scanLiveness(reg, landing))
                 .first;
    std::optional<RegId> fresh =
        pickRegister(candidates, std::nullopt, [&](RegId r) {
          return scan->second.isDead(r) && !llvm::is_contained(avoid, r);
        });
    if (!fresh) {
      // Register pressure: land after the last instruction that uses it,
      // or sooner, where enough registers of its file are free.
      unsigned needed = 0;
      llvm::SmallVector<RegId, 4> counted;
      for (auto [m, r] : crossing.clashes)
        if (target.getRenameCandidates(r).data() == candidates.data() &&
            !renaming.fresh.count(r) && !llvm::is_contained(counted, r)) {
          counted.push_back(r);
          ++needed;
        }
      std::optional<Item> freed =
          findFreedLanding(candidates, landing, issue, avoid, needed);
      lowered = findFreedLandingBefore(candidates, landing, avoid, needed);
      std::optional<Item> clashItem;
      // A named copy: lambdas capture structured bindings only from C++20.
      RegId clashReg = reg;
      Footprint storage;
      // The last one that reads or writes it.
      order.forEachBackFrom(landing, issue, [&](const Item &item) {
        if (!item.inserted && llvm::is_contained(block.members, item.key))
          return true;
        FootprintRef other = footprintOf(item, storage);
        if (llvm::is_contained(other.reads, clashReg) ||
            llvm::is_contained(other.writes, clashReg)) {
          clashItem = item;
          return false;
        }
        return true;
      });
      bool reads =
          llvm::is_contained(footprintOf(*clashItem, storage).reads, reg);
      stop.blocker = clashItem->key;
      stop.kind = StopKind::Registers;
      stop.reason =
          llvm::formatv("no {0} register is free to rename {1}, which {2} "
                        "writes, past {3}, which {4} it (register pressure)",
                        target.getRegisterFileName(reg),
                        target.formatRegister(reg), describe(member),
                        describe(clashItem->key), reads ? "reads" : "writes")
              .str();
      raised = clashItem->inserted ? clashItem->key : clashItem->key + 1;
      if (freed && freed->key > landing && freed->key < raised) {
        stop.blocker = freed->original();
        stop.reason =
            llvm::formatv("no {0} register is free to rename {1}, which {2} "
                          "writes, in front of {3}, and the first are free "
                          "in front of {4} (register pressure)",
                          target.getRegisterFileName(reg),
                          target.formatRegister(reg), describe(member),
                          describe(landing), describe(freed->original()))
                .str();
        raised = freed->key;
      }
      return std::nullopt;
    }
    renaming.fresh[reg] = *fresh;
    avoid.push_back(*fresh);
    renaming.copied.push_back(member);
  }
  return renaming;
}

std::optional<Item>
Planner::findFreedLanding(llvm::ArrayRef<RegId> candidates, uint64_t landing,
                          uint64_t issue, llvm::ArrayRef<RegId> avoid,
                          unsigned needed) const {
  // For each candidate, the first stretch after the landing point where it
  // is dead: from after its last read to its next write (positions counted
  // from the landing point). The block may land at the first position that
  // `needed` stretches hold.
  struct Stretch {
    size_t begin = 0;
    std::optional<size_t> end;
  };
  llvm::DenseMap<RegId, Stretch> stretches;
  for (RegId reg : candidates)
    if (!llvm::is_contained(avoid, reg))
      stretches[reg] = {};
  llvm::SmallVector<Item, 64> items;
  unsigned open = stretches.size();
  Footprint storage;
  order.forEachFrom(landing, trace.instructions.size(), [&](const Item &item) {
    if (items.size() >= kRenameScanLimit || !open)
      return false;
    size_t pos = items.size();
    items.push_back(item);
    FootprintRef f = footprintOf(item, storage);
    for (RegId reg : f.reads)
      if (auto it = stretches.find(reg); it != stretches.end() && !it->second.end)
        it->second.begin = pos + 1;
    for (RegId reg : f.writes)
      if (auto it = stretches.find(reg);
          it != stretches.end() && !it->second.end &&
          !llvm::is_contained(f.reads, reg)) {
        it->second.end = pos;
        --open;
      }
    return true;
  });
  // Positions up to the DMA's place only.
  size_t limit = items.size();
  for (size_t i = 0; i < items.size(); ++i)
    if (!items[i].inserted && items[i].key == issue) {
      limit = i;
      break;
    }
  std::optional<size_t> best;
  for (const auto &[reg, s] : stretches) {
    if (!s.end || s.begin >= limit)
      continue;
    unsigned holding = 0;
    for (const auto &[other, t] : stretches)
      holding += t.end && t.begin <= s.begin && s.begin <= *t.end;
    if (holding >= needed && (!best || s.begin < *best))
      best = s.begin;
  }
  if (!best || *best >= items.size())
    return std::nullopt;
  return items[*best];
}

std::optional<uint64_t>
Planner::findFreedLandingBefore(llvm::ArrayRef<RegId> candidates,
                                uint64_t landing, llvm::ArrayRef<RegId> avoid,
                                unsigned needed) const {
  // Which candidates are dead at the landing point (their next access is a
  // write; one not accessed is presumed live), then, walking back, in front
  // of each earlier instruction: a read makes a register live, a write
  // that does not read it dead.
  llvm::DenseMap<RegId, bool> dead;
  for (RegId reg : candidates)
    if (!llvm::is_contained(avoid, reg))
      dead[reg] = false;
  llvm::DenseSet<RegId> decided;
  size_t scanned = 0;
  Footprint storage;
  order.forEachFrom(landing, trace.instructions.size(), [&](const Item &item) {
    if (++scanned > kRenameScanLimit || decided.size() == dead.size())
      return false;
    FootprintRef f = footprintOf(item, storage);
    for (RegId reg : f.reads)
      if (dead.count(reg))
        decided.insert(reg);
    for (RegId reg : f.writes)
      if (auto it = dead.find(reg); it != dead.end() && decided.insert(reg).second)
        it->second = true;
    return true;
  });
  unsigned count = llvm::count_if(dead, [](const auto &e) { return e.second; });
  std::optional<uint64_t> found;
  scanned = 0;
  uint64_t lowest = landing > kRenameScanLimit ? landing - kRenameScanLimit : 0;
  order.forEachBackFrom(lowest, landing, [&](const Item &item) {
    if (++scanned > kRenameScanLimit)
      return false;
    FootprintRef f = footprintOf(item, storage);
    for (RegId reg : f.writes)
      if (auto it = dead.find(reg); it != dead.end() && !it->second &&
                                    !llvm::is_contained(f.reads, reg)) {
        it->second = true;
        ++count;
      }
    for (RegId reg : f.reads)
      if (auto it = dead.find(reg); it != dead.end() && it->second) {
        it->second = false;
        --count;
      }
    if (count >= needed && !item.inserted) {
      found = item.key;
      return false;
    }
    return true;
  });
  return found;
}

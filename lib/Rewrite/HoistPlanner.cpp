//===- HoistPlanner.cpp - Plan legal DMA hoists on a trace ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The order being planned is kept as the original trace plus edits: for each
// original instruction, whether it moved away, what it was replaced by, and
// what was inserted in front of it. A move lands "in front of original T,
// after whatever was already inserted there"; the instructions it crosses are
// enumerated from that point to the DMA. Each check costs the distance moved,
// not the trace length.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/Replay.h"
#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Sim/FunctionalCore.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace snr;
using namespace snr::rewrite;
using analysis::ReplayResults;

llvm::StringRef rewrite::getStopKindName(StopKind kind) {
  switch (kind) {
  case StopKind::None:
    return "";
  case StopKind::Vmem:
    return "vmem";
  case StopKind::Registers:
    return "registers";
  case StopKind::Links:
    return "links";
  case StopKind::Flags:
    return "flags";
  case StopKind::Proof:
    return "proof";
  }
  return "";
}

llvm::SmallVector<std::pair<StopKind, unsigned>, 5>
rewrite::countStops(const HoistPlan &plan) {
  std::map<StopKind, unsigned> counts;
  for (const HoistDecision &decision : plan.decisions)
    if (decision.stop != StopKind::None && decision.stop != StopKind::Proof)
      ++counts[decision.stop];
  return {counts.begin(), counts.end()};
}

bool HoistPlan::changed() const {
  return llvm::any_of(decisions,
                      [](const HoistDecision &d) { return d.applied; });
}

namespace {
/// "1 instruction", "3 instructions".
std::string instructions(uint64_t count) {
  return std::to_string(count) + (count == 1 ? " instruction" : " instructions");
}

/// How far forward a free-register search looks for the register's next
/// write (a register not touched that far is presumed live).
constexpr uint64_t kRenameScanLimit = 20000;

unsigned slotOf(arch::Reg reg) { return arch::getRegSlot(reg); }
arch::Reg regOfSlot(unsigned slot) {
  return {arch::RegClass(slot / 32), uint8_t(slot % 32)};
}

struct Range {
  arch::MemSpace space;
  unsigned chip;
  uint64_t begin, end;
  bool overlaps(const Range &other) const {
    return space == other.space && chip == other.chip && begin < other.end &&
           other.begin < end;
  }
};

/// What an instruction touches, as far as moving others across it goes.
struct Footprint {
  llvm::SmallVector<unsigned, 8> regReads, regWrites; ///< flags excluded
  llvm::SmallVector<Range, 2> memReads, memWrites;
  int issueFlag = -1, waitFlag = -1;
};

/// Why a move cannot cross an instruction.
/// LinkOrder is not a dependency: the crossed instruction is a DMA on the
/// same link whose data is waited for first; crossing it would make it queue
/// behind the moved one (one transfer at a time per link, in issue order).
enum class Conflict {
  None,
  RegisterRAW,
  MemoryRAW,
  MemoryWAR,
  MemoryWAW,
  LinkOrder
};

/// A conflict and what it is on: the register, or the two byte ranges (the
/// moving instruction's and the crossed one's).
struct Hazard {
  Conflict kind = Conflict::None;
  unsigned slot = 0;
  Range mine{}, theirs{};
  std::string otherWait; ///< LinkOrder: where the crossed DMA is waited for
  explicit operator bool() const { return kind != Conflict::None; }
};

/// An instruction of the order being planned, in order.
struct Item {
  const PlannedInstruction *inserted; ///< null for an original in place
  uint64_t key;                       ///< the original it sits in front of (or is)
};

class Planner {
public:
  Planner(const trace::Trace &trace, const ReplayResults &results,
          const HoistOptions &options)
      : trace(trace), results(results), options(options),
        removed(trace.instructions.size()) {}

  HoistPlan run();

private:
  //===--------------------------------------------------------------------===//
  // Facts about the original trace
  //===--------------------------------------------------------------------===//

  void recordAccesses();
  bool executed(uint64_t index) const {
    return results.timing.instructions[index].executed;
  }
  /// `inPlace`: the original instruction at its own position (only there
  /// does a wait make its DMAs' data available).
  Footprint footprint(uint64_t original, const arch::Instruction &inst,
                      bool inPlace) const;
  const arch::Instruction &current(uint64_t original) const {
    auto it = replaced.find(original);
    return it == replaced.end() ? trace.instructions[original] : it->second;
  }
  std::string describe(uint64_t original) const {
    const arch::Instruction &inst = trace.instructions[original];
    return llvm::formatv("the {0} at {1}", arch::getMnemonic(inst.opcode),
                         results.info.describe(original))
        .str();
  }

  //===--------------------------------------------------------------------===//
  // The order being planned
  //===--------------------------------------------------------------------===//

  /// Calls `fn(item)` for every instruction from the landing point in front
  /// of `target` (after what is already inserted there) up to `end`
  /// (exclusive; end == original index of the DMA).
  template <typename Fn> void forEachCrossed(uint64_t target, uint64_t end,
                                             Fn fn) const;
  Footprint footprintOf(const Item &item) const {
    if (item.inserted)
      return footprint(item.inserted->original, item.inserted->inst,
                       /*inPlace=*/false);
    return footprint(item.key, current(item.key), /*inPlace=*/true);
  }
  std::optional<unsigned> findFreeRegister(arch::RegClass cls,
                                           uint64_t target,
                                           llvm::ArrayRef<unsigned> avoid)
      const;
  /// A flag for a DMA moved to land in front of original `from` and waited
  /// for at original `to`: one the trace never uses, or one the rewrite
  /// already gave a moved DMA whose span [landing, wait] is disjoint from
  /// this one. Not reserved: see reserveFlag.
  std::optional<unsigned> findFreeFlag(uint64_t from, uint64_t to) const;
  void reserveFlag(unsigned flag, uint64_t from, uint64_t to) {
    usedFlags.insert(flag);
    renamedSpans[flag].push_back({from, to});
  }

  //===--------------------------------------------------------------------===//
  // Moves
  //===--------------------------------------------------------------------===//

  struct Block {
    llvm::SmallVector<uint64_t, 8> members; ///< ascending, the DMA last
  };
  void hoist(uint32_t dma, uint64_t wantedTarget,
             llvm::ArrayRef<uint64_t> slice, bool renameFlag,
             bool parallelGroup);
  bool selected(const analysis::DmaRecord &dma) const;

  const trace::Trace &trace;
  const ReplayResults &results;
  const HoistOptions &options;

  // Resolved memory accesses of each original instruction (CSR).
  std::vector<uint32_t> accessBegin;
  std::vector<Range> accesses;
  std::vector<bool> accessIsWrite;
  /// For each dma.wait, the destinations of the DMAs it covers.
  llvm::DenseMap<uint64_t, llvm::SmallVector<Range, 2>> waitMakesAvailable;
  std::set<unsigned> usedFlags;
  /// The flags the rewrite gave moved DMAs, with their spans.
  std::map<unsigned, std::vector<std::pair<uint64_t, uint64_t>>> renamedSpans;
  /// The DMA record of each dma.issue, by instruction.
  llvm::DenseMap<uint64_t, uint32_t> dmaOfIssue;

  // Edits.
  llvm::BitVector removed;
  llvm::DenseMap<uint64_t, arch::Instruction> replaced;
  llvm::DenseMap<uint64_t, std::vector<PlannedInstruction>> insertedBefore;
  std::set<uint64_t> handled; ///< DMA issues already decided
  size_t moves = 0;           ///< decisions applied so far

  HoistPlan plan;
};

void Planner::recordAccesses() {
  accessBegin.reserve(trace.instructions.size() + 1);
  // The replay succeeded, so nothing faults here.
  replay::forEachResolvedAccess(
      trace, results.machine.memory,
      [&](size_t i, llvm::ArrayRef<sim::ResolvedAccess> resolved) {
        accessBegin.push_back(uint32_t(accesses.size()));
        for (const sim::ResolvedAccess &a : resolved) {
          accesses.push_back({a.space, a.chip, a.addr, a.addr + a.bytes});
          accessIsWrite.push_back(a.isWrite);
        }
        const arch::Instruction &inst = trace.instructions[i];
        if (inst.opcode == arch::Opcode::DmaIssue ||
            inst.opcode == arch::Opcode::DmaWait)
          usedFlags.insert(inst.flag);
      });
  accessBegin.push_back(uint32_t(accesses.size()));
  for (const trace::SnapshotRegister &r : trace.registers)
    if (r.reg.cls == arch::RegClass::Flag)
      usedFlags.insert(r.reg.index);

  // A wait makes the bytes of the DMAs it covers available.
  for (const analysis::DmaRecord &dma : results.dmas.dmas) {
    dmaOfIssue[dma.issueIndex] = dma.id;
    if (dma.waitIndex == sim::kNoIndex)
      continue;
    uint64_t issue = dma.issueIndex;
    for (uint32_t a = accessBegin[issue]; a < accessBegin[issue + 1]; ++a)
      if (accessIsWrite[a])
        waitMakesAvailable[dma.waitIndex].push_back(accesses[a]);
  }
}

Footprint Planner::footprint(uint64_t original, const arch::Instruction &inst,
                             bool inPlace) const {
  Footprint f;
  llvm::SmallVector<arch::Reg, 24> reads, writes;
  arch::getRegisterAccesses(inst, executed(original), reads, writes);
  for (arch::Reg reg : reads)
    if (reg.cls != arch::RegClass::Flag)
      f.regReads.push_back(slotOf(reg));
  for (arch::Reg reg : writes)
    if (reg.cls != arch::RegClass::Flag)
      f.regWrites.push_back(slotOf(reg));
  if (!executed(original))
    return f;
  // Renaming registers does not change addresses: the renamed register holds
  // the value the original held.
  for (uint32_t a = accessBegin[original]; a < accessBegin[original + 1]; ++a)
    (accessIsWrite[a] ? f.memWrites : f.memReads).push_back(accesses[a]);
  if (inst.opcode == arch::Opcode::DmaIssue)
    f.issueFlag = inst.flag;
  if (inst.opcode == arch::Opcode::DmaWait) {
    f.waitFlag = inst.flag;
    auto it = waitMakesAvailable.find(original);
    if (inPlace && it != waitMakesAvailable.end())
      f.memWrites.append(it->second.begin(), it->second.end());
  }
  return f;
}

template <typename Fn>
void Planner::forEachCrossed(uint64_t target, uint64_t end, Fn fn) const {
  for (uint64_t i = target; i <= end; ++i) {
    // In front of the target, only what is inserted after the landing point
    // would be crossed, and the block is appended last: nothing.
    if (i != target)
      if (auto it = insertedBefore.find(i); it != insertedBefore.end())
        for (const PlannedInstruction &inserted : it->second)
          fn(Item{&inserted, i});
    if (i != end && !removed.test(i))
      fn(Item{nullptr, i});
  }
}

std::optional<unsigned>
Planner::findFreeRegister(arch::RegClass cls, uint64_t target,
                          llvm::ArrayRef<unsigned> avoid) const {
  // One scan from the landing point: a register is free if its first access
  // there is a write (it is dead where the block lands, and its final value
  // does not change); untouched within the scan, it is presumed live.
  unsigned numRegs = arch::getNumRegs(cls);
  std::vector<int8_t> state(numRegs, 0); // 0 unknown, 1 dead, -1 live
  unsigned unknown = numRegs;
  uint64_t scanned = 0;
  uint64_t end = std::min<uint64_t>(trace.instructions.size(),
                                    target + kRenameScanLimit);
  forEachCrossed(target, end, [&](const Item &item) {
    if (unknown == 0 || ++scanned > kRenameScanLimit)
      return;
    Footprint f = footprintOf(item);
    for (unsigned slot : f.regReads)
      if (slot / 32 == unsigned(cls) && state[slot % 32] == 0) {
        state[slot % 32] = -1;
        --unknown;
      }
    for (unsigned slot : f.regWrites)
      if (slot / 32 == unsigned(cls) && state[slot % 32] == 0) {
        state[slot % 32] = 1;
        --unknown;
      }
  });
  for (unsigned index = 0; index < numRegs; ++index) {
    unsigned slot = slotOf({cls, uint8_t(index)});
    if (state[index] == 1 && !llvm::is_contained(avoid, slot))
      return slot;
  }
  return std::nullopt;
}

std::optional<unsigned> Planner::findFreeFlag(uint64_t from,
                                              uint64_t to) const {
  for (const auto &[flag, spans] : renamedSpans)
    if (llvm::all_of(spans, [&](const std::pair<uint64_t, uint64_t> &span) {
          return span.second < from || to < span.first;
        }))
      return flag;
  for (unsigned flag = 0; flag < arch::getNumRegs(arch::RegClass::Flag);
       ++flag)
    if (!usedFlags.count(flag))
      return flag;
  return std::nullopt;
}

bool Planner::selected(const analysis::DmaRecord &dma) const {
  uint64_t pc = trace.instructions[dma.issueIndex].pc;
  if (!options.pcs.empty() && !llvm::is_contained(options.pcs, pc))
    return false;
  if (!options.hlo.empty() &&
      results.info.getHloName(dma.issueHlo) != options.hlo)
    return false;
  return true;
}

/// The first conflict of `moving` (placed before `other`) with `other`.
/// `shadowed(slot)`: the moving instruction reads that register from a
/// member of its own block that stays in front of it (it does not read what
/// `other` wrote).
template <typename Shadowed>
Hazard conflictBetween(const Footprint &moving, const Footprint &other,
                       Shadowed shadowed) {
  Hazard h;
  for (unsigned reg : moving.regReads)
    if (llvm::is_contained(other.regWrites, reg) && !shadowed(reg)) {
      h.kind = Conflict::RegisterRAW;
      h.slot = reg;
      return h;
    }
  for (const Range &read : moving.memReads)
    for (const Range &write : other.memWrites)
      if (read.overlaps(write))
        return {Conflict::MemoryRAW, 0, read, write, {}};
  for (const Range &write : moving.memWrites) {
    for (const Range &read : other.memReads)
      if (write.overlaps(read))
        return {Conflict::MemoryWAR, 0, write, read, {}};
    for (const Range &otherWrite : other.memWrites)
      if (write.overlaps(otherWrite))
        return {Conflict::MemoryWAW, 0, write, otherWrite, {}};
  }
  return h;
}
Hazard conflictBetween(const Footprint &moving, const Footprint &other) {
  return conflictBetween(moving, other, [](unsigned) { return false; });
}

/// "vmem[0, 640)", "rhbm<1>[64, 128)".
std::string describeRange(const Range &r) {
  std::string chip = r.space == arch::MemSpace::RemoteHbm
                         ? "<" + std::to_string(r.chip) + ">"
                         : "";
  return llvm::formatv("{0}{1}[{2}, {3})", arch::getMemSpaceName(r.space),
                       chip, r.begin, r.end)
      .str();
}

/// One sentence naming the hazard between the crossed instruction `other`
/// and the moving one `mine` (both described with their PCs).
StopKind getStopKind(Conflict kind) {
  switch (kind) {
  case Conflict::MemoryWAR:
  case Conflict::MemoryWAW:
    return StopKind::Vmem;
  case Conflict::LinkOrder:
    return StopKind::Links;
  case Conflict::None:
  case Conflict::RegisterRAW:
  case Conflict::MemoryRAW:
    break;
  }
  return StopKind::None;
}

std::string describeHazard(const Hazard &h, llvm::StringRef other,
                           llvm::StringRef mine) {
  switch (h.kind) {
  case Conflict::RegisterRAW: {
    std::string reg = arch::formatReg(regOfSlot(h.slot));
    return llvm::formatv("{0} writes {1}, which {2} reads (RAW on {1})", other,
                         reg, mine)
        .str();
  }
  case Conflict::MemoryRAW:
    return llvm::formatv("{0} writes (or makes available) {1}, which {2} "
                         "reads (RAW on memory)",
                         other, describeRange(h.theirs), mine)
        .str();
  case Conflict::MemoryWAR:
    return llvm::formatv("{0} reads {1}, which {2} overwrites (WAR on "
                         "memory)",
                         other, describeRange(h.theirs), mine)
        .str();
  case Conflict::MemoryWAW:
    return llvm::formatv("{0} writes {1}, which {2} also writes (WAW on "
                         "memory)",
                         other, describeRange(h.theirs), mine)
        .str();
  case Conflict::LinkOrder:
    return llvm::formatv("{0} uses the same link and is waited for first "
                         "({1}): crossing it would queue it behind {2} (link "
                         "order)",
                         other, h.otherWait, mine)
        .str();
  case Conflict::None:
    break;
  }
  return "";
}

void Planner::hoist(uint32_t dmaId, uint64_t wantedTarget,
                    llvm::ArrayRef<uint64_t> slice, bool renameFlag,
                    bool parallelGroup) {
  const analysis::DmaRecord &dma = results.dmas.dmas[dmaId];
  const uint64_t issue = dma.issueIndex;
  HoistDecision decision;
  decision.dma = dmaId;
  decision.issueIndex = issue;
  decision.parallelGroup = parallelGroup;
  decision.wantedTarget = wantedTarget;
  handled.insert(issue);
  if (auto it = options.leaveInPlace.find(issue);
      it != options.leaveInPlace.end()) {
    decision.dropped = true;
    decision.stop = StopKind::Proof;
    decision.reason = "dropped by the proof: " + it->second;
    plan.decisions.push_back(std::move(decision));
    return;
  }
  if (options.moveLimit && moves >= *options.moveLimit) {
    decision.reason = "not tried (beyond the move limit)";
    plan.decisions.push_back(std::move(decision));
    return;
  }
  if (removed.test(issue)) {
    decision.reason = "it was already moved";
    plan.decisions.push_back(std::move(decision));
    return;
  }

  uint64_t target = wantedTarget;
  if (options.maxDistance && issue - target > options.maxDistance)
    target = issue - options.maxDistance;

  std::string stopReason;
  std::optional<uint64_t> stopBlocker;
  StopKind stopKind = StopKind::None;
  // Raises the landing point past a blocking item and says why.
  auto stopAt = [&](const Item &item, const std::string &why, StopKind kind) {
    stopBlocker = item.key;
    stopReason = why;
    stopKind = kind;
    target = item.inserted ? item.key : item.key + 1;
  };

  if (options.testIgnoreDependencies && target < issue) {
    removed.set(issue);
    insertedBefore[target].push_back({issue, current(issue), false});
    decision.applied = true;
    ++moves;
    decision.target = target;
    decision.instructionsEarlier = issue - target;
    decision.reason = "moved " + instructions(issue - target) +
                      " earlier without checking dependencies (test only)";
    plan.decisions.push_back(std::move(decision));
    return;
  }

  while (target < issue) {
    Block block;
    for (uint64_t member : slice)
      if (member >= target && member < issue && !removed.test(member))
        block.members.push_back(member);
    block.members.push_back(issue);

    // Every crossed item against every member that follows it.
    bool blocked = false;
    std::optional<Item> flagClash;
    llvm::SmallVector<std::pair<uint64_t, unsigned>, 4> clashes; // member,slot
    llvm::DenseMap<uint64_t, Footprint> memberPrints;
    for (uint64_t member : block.members)
      memberPrints[member] = footprint(member, current(member), true);
    // Unlimited VMEM (the dependency bound): the destination could be
    // anywhere, so the bytes it overwrites constrain nothing.
    if (options.unlimitedVmem)
      llvm::erase_if(memberPrints[issue].memWrites, [](const Range &r) {
        return r.space == arch::MemSpace::VMem;
      });
    // For each member, the members in front of it that write a register
    // it reads: it reads that register from its own block, not from what
    // the block crosses (the writer may be copied into a new register, and
    // the member then reads that one).
    llvm::DenseMap<uint64_t, llvm::DenseMap<unsigned, uint64_t>> blockWriter;
    {
      llvm::DenseMap<unsigned, uint64_t> last; // slot -> latest member
      for (uint64_t member : block.members) {
        const Footprint &f = memberPrints[member];
        for (unsigned slot : f.regReads)
          if (auto it = last.find(slot); it != last.end())
            blockWriter[member][slot] = it->second;
        for (unsigned slot : f.regWrites)
          last[slot] = member;
      }
    }
    std::optional<Item> lastHard;
    Hazard lastHazard;
    uint64_t lastMember = 0;
    unsigned crossed = 0;
    forEachCrossed(target, issue, [&](const Item &item) {
      if (!item.inserted && llvm::is_contained(block.members, item.key))
        return;
      ++crossed;
      Footprint other = footprintOf(item);
      // Link order: a DMA on the same link waited for before this one's
      // wait stays in front of it.
      uint64_t otherOriginal = item.inserted ? item.inserted->original
                                             : item.key;
      if (options.keepLinkOrder && other.issueFlag >= 0 &&
          dma.waitIndex != sim::kNoIndex)
        if (auto it = dmaOfIssue.find(otherOriginal);
            it != dmaOfIssue.end()) {
          const analysis::DmaRecord &o = results.dmas.dmas[it->second];
          if (o.link == dma.link && o.waitIndex < dma.waitIndex) {
            lastHard = item;
            lastHazard = Hazard{};
            lastHazard.kind = Conflict::LinkOrder;
            lastHazard.otherWait = describe(o.waitIndex);
            lastMember = issue;
          }
        }
      for (uint64_t member : block.members) {
        // Only members that come after the item cross it.
        if (member < item.key || (member == item.key && !item.inserted))
          continue;
        const Footprint &mine = memberPrints[member];
        // A register the member reads from a block member that comes after
        // the item (and so moves with it) is not what the item wrote.
        auto shadowed = [&](unsigned slot) {
          auto writers = blockWriter.find(member);
          if (writers == blockWriter.end())
            return false;
          auto it = writers->second.find(slot);
          return it != writers->second.end() &&
                 (item.inserted ? it->second >= item.key
                                : it->second > item.key);
        };
        if (Hazard h = conflictBetween(mine, other, shadowed)) {
          lastHard = item;
          lastHazard = h;
          lastMember = member;
          continue;
        }
        for (unsigned slot : mine.regWrites)
          if (llvm::is_contained(other.regReads, slot) ||
              llvm::is_contained(other.regWrites, slot))
            clashes.push_back({member, slot});
        if (member == issue && renameFlag && other.waitFlag >= 0 &&
            other.waitFlag == mine.issueFlag)
          flagClash = item;
      }
    });
    // Only its own address arithmetic in front of it: nothing to move past.
    if (crossed == 0)
      break;
    if (lastHard) {
      std::string mine = describe(lastMember);
      if (lastMember != issue)
        mine += " (its address arithmetic)";
      // An inserted item is described as itself, not as the instruction it
      // sits in front of.
      uint64_t other = lastHard->inserted ? lastHard->inserted->original
                                          : lastHard->key;
      stopAt(*lastHard, describeHazard(lastHazard, describe(other), mine),
             getStopKind(lastHazard.kind));
      blocked = true;
    }
    if (blocked)
      continue;

    // Name clashes: copy the slice instruction into a free register.
    llvm::DenseMap<unsigned, unsigned> rename; // slot -> new slot
    llvm::SmallVector<unsigned, 16> avoid;
    for (uint64_t member : block.members) {
      const Footprint &f = memberPrints[member];
      avoid.append(f.regReads.begin(), f.regReads.end());
      avoid.append(f.regWrites.begin(), f.regWrites.end());
    }
    llvm::SmallVector<uint64_t, 4> copiedMembers;
    for (auto [member, slot] : clashes) {
      if (rename.count(slot))
        continue;
      std::optional<unsigned> fresh =
          findFreeRegister(regOfSlot(slot).cls, target, avoid);
      if (!fresh) {
        // Register pressure: land after the clashing instruction instead.
        std::optional<Item> clashItem;
        // A named copy: lambdas capture structured bindings only from C++20.
        unsigned clashSlot = slot;
        forEachCrossed(target, issue, [&](const Item &item) {
          if (!item.inserted && llvm::is_contained(block.members, item.key))
            return;
          Footprint other = footprintOf(item);
          if (llvm::is_contained(other.regReads, clashSlot) ||
              llvm::is_contained(other.regWrites, clashSlot))
            clashItem = item;
        });
        stopAt(*clashItem,
               llvm::formatv("no {0} register is free to rename {1}, which "
                             "{2} writes, past {3}, which {4} it (register "
                             "pressure)",
                             arch::getRegClassName(regOfSlot(slot).cls),
                             arch::formatReg(regOfSlot(slot)),
                             describe(member), describe(clashItem->key),
                             llvm::is_contained(footprintOf(*clashItem)
                                                    .regReads,
                                                slot)
                                 ? "reads"
                                 : "writes")
                   .str(),
               StopKind::Registers);
        blocked = true;
        break;
      }
      rename[slot] = *fresh;
      avoid.push_back(*fresh);
      copiedMembers.push_back(member);
    }
    if (blocked)
      continue;

    std::optional<unsigned> newFlag;
    if (flagClash) {
      if (dma.waitIndex != sim::kNoIndex)
        newFlag = findFreeFlag(target, dma.waitIndex);
      if (!newFlag) {
        stopAt(*flagClash,
               llvm::formatv("{0} waits on its flag f{1} and no other flag "
                             "is free",
                             describe(flagClash->key), dma.flag)
                   .str(),
               StopKind::Flags);
        continue;
      }
    }

    // The block as it will run. Renames apply in block order: a copied
    // member's new register is read by the members after it, until a moved
    // member writes the original register again.
    llvm::SmallVector<arch::Instruction, 8> blockInsts;
    llvm::DenseMap<unsigned, unsigned> active; // slot -> renamed slot
    for (uint64_t member : block.members) {
      arch::Instruction inst = current(member);
      auto map = [&](arch::RegClass cls, uint8_t &index) {
        auto it = active.find(slotOf({cls, index}));
        if (it != active.end())
          index = regOfSlot(it->second).index;
      };
      const arch::OperandLayout &layout = arch::getLayout(inst.opcode);
      if (layout.rs1)
        map(*layout.rs1, inst.rs1);
      if (layout.rs2)
        map(*layout.rs2, inst.rs2);
      if (inst.src.hasBase)
        map(arch::RegClass::Scalar, inst.src.base);
      if (inst.dst.hasBase)
        map(arch::RegClass::Scalar, inst.dst.base);
      if (inst.guard.present)
        map(arch::RegClass::Pred, inst.guard.reg);
      if (member == issue) {
        if (newFlag)
          inst.flag = uint8_t(*newFlag);
      } else if (llvm::is_contained(copiedMembers, member) && layout.rd) {
        unsigned slot = slotOf({*layout.rd, inst.rd});
        unsigned fresh = rename.lookup(slot);
        inst.rd = regOfSlot(fresh).index;
        active[slot] = fresh;
      } else {
        for (unsigned slot : memberPrints[member].regWrites)
          active.erase(slot);
      }
      blockInsts.push_back(inst);
    }

    // A copied member's original stays in place, inside the crossed range:
    // the members after it, as they will run, must not conflict with it.
    std::optional<uint64_t> copyBlocker;
    for (uint64_t copied : copiedMembers) {
      Footprint original = footprint(copied, current(copied), true);
      for (size_t m = 0; m < block.members.size(); ++m) {
        uint64_t member = block.members[m];
        if (member <= copied || llvm::is_contained(copiedMembers, member))
          continue;
        Footprint mine = footprint(member, blockInsts[m], true);
        bool clash = bool(conflictBetween(mine, original));
        for (unsigned slot : mine.regWrites)
          clash |= llvm::is_contained(original.regReads, slot) ||
                   llvm::is_contained(original.regWrites, slot);
        if (clash)
          copyBlocker = std::max(copyBlocker.value_or(0), copied);
      }
    }
    if (copyBlocker) {
      stopAt(Item{nullptr, *copyBlocker},
             describe(*copyBlocker) +
                 " must stay for its other readers, and the rest of its "
                 "block cannot cross it",
             StopKind::Registers);
      continue;
    }

    // Legal: put the block in front of the landing point.
    std::vector<PlannedInstruction> &landing = insertedBefore[target];
    for (size_t m = 0; m < block.members.size(); ++m) {
      uint64_t member = block.members[m];
      bool copy = member != issue && llvm::is_contained(copiedMembers, member);
      landing.push_back({member, blockInsts[m], copy});
      if (copy) {
        decision.copied.push_back(member);
        continue;
      }
      removed.set(member);
      if (member != issue)
        decision.moved.push_back(member);
    }
    for (auto [from, to] : rename)
      decision.renamedRegisters.push_back({regOfSlot(from), regOfSlot(to)});
    llvm::sort(decision.renamedRegisters,
               [](const auto &a, const auto &b) { return a.first < b.first; });

    if (newFlag) {
      reserveFlag(*newFlag, target, dma.waitIndex);
      decision.renamedFlag = {dma.flag, *newFlag};
      // Its wait must now wait on the new flag too.
      uint64_t wait = dma.waitIndex;
      if (dma.waitCovers == 1) {
        arch::Instruction inst = current(wait);
        inst.flag = uint8_t(*newFlag);
        replaced[wait] = inst;
      } else {
        arch::Instruction extra = trace.instructions[wait];
        extra.flag = uint8_t(*newFlag);
        insertedBefore[wait].push_back({wait, extra, true});
      }
    }

    decision.applied = true;
    ++moves;
    decision.target = target;
    decision.instructionsEarlier = issue - target;
    decision.blocker = stopBlocker;
    decision.stop = stopKind;
    std::string what = "moved " + instructions(issue - target) +
                       " earlier, in front of " + describe(target);
    if (!decision.moved.empty() || !decision.copied.empty())
      what += llvm::formatv(" with {0} of its address arithmetic",
                            decision.moved.size() + decision.copied.size());
    for (auto [from, to] : decision.renamedRegisters)
      what += "; " + arch::formatReg(from) + " renamed " + arch::formatReg(to);
    if (newFlag)
      what += llvm::formatv("; moved from flag f{0} to f{1}", dma.flag,
                            *newFlag);
    if (stopBlocker)
      what += "; it stops short of where Algorithm 2 wanted it: " + stopReason;
    decision.reason = what;
    plan.decisions.push_back(std::move(decision));
    return;
  }

  decision.blocker = stopBlocker;
  decision.stop = stopKind;
  decision.reason = stopBlocker ? "cannot move: " + stopReason
                                : "cannot move: nothing to move it past";
  plan.decisions.push_back(std::move(decision));
}

HoistPlan Planner::run() {
  recordAccesses();
  const analysis::Suggestions &suggestions = results.suggestions;
  const analysis::DependencyAnalysis &deps = results.dependencies;
  bool relaxed = options.model == DependenceModel::Relaxed;

  // Parallel groups first: every DMA after the first moves right after it,
  // and the first one's wait then covers them all.
  if (options.parallelize)
    for (const analysis::ParallelDmaGroup &group : suggestions.parallelGroups) {
      const analysis::DmaRecord &first = results.dmas.dmas[group.dmas.front()];
      if (!selected(first))
        continue;
      for (size_t i = 1; i < group.dmas.size(); ++i) {
        const analysis::DmaRecord &dma = results.dmas.dmas[group.dmas[i]];
        analysis::Backtail backtail =
            relaxed ? deps.relaxedBacktail(dma.issueIndex)
                    : deps.conservativeBacktail(dma.issueIndex);
        uint64_t target =
            std::max(first.issueIndex + 1, backtail.earliest);
        if (target >= dma.issueIndex) {
          HoistDecision decision;
          decision.dma = dma.id;
          decision.issueIndex = dma.issueIndex;
          decision.parallelGroup = true;
          decision.wantedTarget = target;
          decision.reason =
              backtail.earliest >= dma.issueIndex
                  ? std::string(relaxed ? "cannot move: it needs "
                                        : "cannot move under the "
                                          "conservative model: it needs ") +
                        analysis::describeBlocker(results.info, backtail)
                  : "it already follows the group's first DMA";
          plan.decisions.push_back(std::move(decision));
          handled.insert(dma.issueIndex);
          continue;
        }
        hoist(dma.id, target, backtail.slice, /*renameFlag=*/true,
              /*parallelGroup=*/true);
      }
    }

  if (options.hoist)
    for (const analysis::DmaSuggestion &s : suggestions.dmas) {
      if (s.verdict != analysis::Verdict::Hoist &&
          s.verdict != analysis::Verdict::HoistPartly)
        continue;
      const analysis::DmaRecord &dma = results.dmas.dmas[s.dma];
      if (!selected(dma) || handled.count(dma.issueIndex))
        continue;
      uint64_t target = s.target;
      if (options.asEarlyAsPossible)
        target = std::min(target, s.relaxed.earliest);
      llvm::ArrayRef<uint64_t> slice = s.relaxed.slice;
      if (!relaxed) {
        target = std::max(target, s.conservative.earliest);
        slice = {};
      }
      if (target >= dma.issueIndex) {
        HoistDecision decision;
        decision.dma = s.dma;
        decision.issueIndex = dma.issueIndex;
        decision.wantedTarget = target;
        decision.reason = "cannot move under the conservative model: it "
                          "needs " +
                          analysis::describeBlocker(results.info,
                                                    s.conservative);
        plan.decisions.push_back(std::move(decision));
        continue;
      }
      hoist(s.dma, target, slice, /*renameFlag=*/true,
            /*parallelGroup=*/false);
    }

  // The new order.
  size_t count = trace.instructions.size();
  plan.order.reserve(count + 16);
  for (uint64_t i = 0; i < count; ++i) {
    if (auto it = insertedBefore.find(i); it != insertedBefore.end())
      plan.order.insert(plan.order.end(), it->second.begin(),
                        it->second.end());
    if (!removed.test(i))
      plan.order.push_back({i, current(i), false});
  }
  return std::move(plan);
}
} // namespace

llvm::Error snr::rewrite::checkSelection(const trace::Trace &trace,
                                         const HoistOptions &options) {
  // The HLOs of the executed instructions, as snr-replay --hlo names them.
  if (!options.hlo.empty())
    if (llvm::Expected<analysis::HloId> id =
            analysis::TraceInfo::fromTrace(trace).lookupHlo(options.hlo);
        !id)
      return id.takeError();
  for (uint64_t pc : options.pcs)
    if (llvm::none_of(trace.instructions, [&](const arch::Instruction &inst) {
          return inst.pc == pc && inst.opcode == arch::Opcode::DmaIssue;
        }))
      return llvm::createStringError(
          llvm::formatv("no dma.issue at pc {0} in the trace", pc).str());
  return llvm::Error::success();
}

HoistPlan snr::rewrite::planHoists(const trace::Trace &trace,
                                   const ReplayResults &results,
                                   const HoistOptions &options) {
  return Planner(trace, results, options).run();
}

trace::Trace snr::rewrite::applyPlan(const trace::Trace &trace,
                                     const HoistPlan &plan) {
  trace::Trace result;
  result.header = trace.header;
  result.header.reordered = trace.header.reordered || plan.changed();
  result.header.instructionCount = plan.order.size();
  result.registers = trace.registers;
  result.memory = trace.memory;
  result.fileName = trace.fileName;
  result.instructions.reserve(plan.order.size());
  result.outcomes.reserve(plan.order.size());
  result.lines.reserve(plan.order.size());
  for (const PlannedInstruction &planned : plan.order) {
    result.instructions.push_back(planned.inst);
    result.outcomes.push_back(trace.outcomes[planned.original]);
    result.lines.push_back(planned.original < trace.lines.size()
                               ? trace.lines[planned.original]
                               : 0);
  }
  if (!result.instructions.empty())
    result.header.startPc = result.instructions.front().pc;
  return result;
}

std::optional<DependenceModel>
snr::rewrite::lookupDependenceModel(llvm::StringRef name) {
  if (name == "relaxed")
    return DependenceModel::Relaxed;
  if (name == "conservative")
    return DependenceModel::Conservative;
  return std::nullopt;
}

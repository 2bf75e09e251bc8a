//===- HoistPlanner.cpp - Plan legal DMA hoists on a trace ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One move is planned in steps, each a method of the Planner: collect the
// block (the slice members still in place between the landing point and the
// DMA, then the DMA), scan what it crosses (hard hazards, name clashes, a
// wait on its own flag), rename the clashing slice members into free
// registers, pick another flag if a crossed wait would wait for it, build
// the block as it will run, check that a copied member's original (which
// stays) does not conflict with the members after it, and land it. A step
// that finds a hazard raises the landing point past it and the steps run
// again from there. The hazard rules, the renaming and the flag bookkeeping
// are the engine's (Hazards.h, RegisterRenamer.h, SyncObjects.h); the
// register search is TraceRenaming.cpp, the wait merges TraceWaits.cpp.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/HoistPlanner.h"
#include "TracePlanner.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace snr;
using namespace snr::rewrite;
using analysis::ReplayResults;

llvm::SmallVector<std::pair<StopKind, unsigned>, 5>
rewrite::countStops(const HoistPlan &plan) {
  std::map<StopKind, unsigned> counts;
  for (const HoistDecision &decision : plan.decisions)
    if (decision.stop != StopKind::None && decision.stop != StopKind::Proof)
      ++counts[decision.stop];
  return {counts.begin(), counts.end()};
}

bool HoistPlan::changed() const {
  return moveCount() != 0;
}

size_t HoistPlan::moveCount() const {
  return llvm::count_if(decisions,
                        [](const HoistDecision &d) { return d.applied; }) +
         llvm::count_if(waits, [](const WaitDecision &w) { return w.applied; });
}

uint64_t HoistPlan::getMovedInstruction(size_t n) const {
  for (const WaitDecision &w : waits)
    if (w.applied && n-- == 0)
      return w.index;
  for (const HoistDecision &d : decisions)
    if (d.applied && n-- == 0)
      return d.issueIndex;
  llvm_unreachable("no such move");
}

namespace snr::rewrite::detail {
Footprint Planner::footprint(uint64_t original, const Instruction &inst,
                             bool inPlace) const {
  Footprint f;
  InstructionDesc desc;
  target.describe(inst, executed(original), desc);
  f.reads = std::move(desc.reads);
  f.writes = std::move(desc.writes);
  if (!executed(original))
    return f;
  // Renaming registers does not change addresses: the renamed register
  // holds the value the original held.
  llvm::append_range(f.loads, evidence.effects.loads(original));
  llvm::append_range(f.stores, evidence.effects.stores(original));
  f.startsCopy = desc.startsCopy;
  f.waitsForCopies = desc.waitsForCopies;
  if (inPlace && f.waitsForCopies) {
    llvm::append_range(f.madeAvailable, madeAvailable(original));
    llvm::append_range(f.released, released(original));
  }
  return f;
}

FootprintRef Planner::footprintOf(const Item &item, Footprint &storage) const {
  if (item.inserted) {
    storage = footprint(item.inserted->original, item.inserted->inst,
                        /*inPlace=*/false);
    return storage;
  }
  if (order.isReplaced(item.key)) {
    storage = footprint(item.key, order.current(item.key), /*inPlace=*/true);
    return storage;
  }
  // An original in its place, as it ran: straight from the table.
  FootprintRef ref = evidence.effects.get(item.key);
  if (ref.waitsForCopies) {
    ref.madeAvailable = madeAvailable(item.key);
    ref.released = released(item.key);
  }
  return ref;
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

bool Planner::decideWithoutMoving(HoistDecision &decision) {
  uint64_t issue = decision.issueIndex;
  if (auto it = options.leaveInPlace.find(issue);
      it != options.leaveInPlace.end()) {
    decision.dropped = true;
    decision.stop = StopKind::Proof;
    decision.reason = "dropped by the proof: " + it->second;
    return true;
  }
  if (options.moveLimit && moves >= *options.moveLimit) {
    decision.reason = "not tried (beyond the move limit)";
    return true;
  }
  if (order.isRemoved(issue)) {
    decision.reason = "it was already moved";
    return true;
  }
  return false;
}

Block Planner::collectBlock(uint64_t landing, uint64_t issue,
                            llvm::ArrayRef<uint64_t> slice) const {
  Block block;
  for (uint64_t member : slice)
    if (member >= landing && member < issue && !order.isRemoved(member))
      block.members.push_back(member);
  block.members.push_back(issue);
  for (uint64_t member : block.members)
    block.prints[member] = footprint(member, order.current(member), true);
  // Unlimited VMEM (the dependency bound): the destination could be
  // anywhere, so the bytes it overwrites constrain nothing.
  if (options.unlimitedVmem)
    if (std::optional<SpaceId> vmem = target.getScratchpadSpace())
      llvm::erase_if(block.prints[issue].stores,
                     [&](const MemoryRange &r) { return r.space == *vmem; });
  llvm::DenseMap<RegId, uint64_t> last; // register -> latest member
  for (uint64_t member : block.members) {
    const Footprint &f = block.prints[member];
    for (RegId reg : f.reads)
      if (auto it = last.find(reg); it != last.end())
        block.writers[member][reg] = it->second;
    for (RegId reg : f.writes)
      last[reg] = member;
  }
  block.regs.resize(evidence.lastAccessEnd.size());
  for (uint64_t member : block.members) {
    const Footprint &f = block.prints[member];
    for (llvm::ArrayRef<RegId> list : {llvm::ArrayRef(f.reads),
                                       llvm::ArrayRef(f.writes)})
      for (RegId reg : list)
        block.regs.set(reg);
    for (llvm::ArrayRef<MemoryRange> list :
         {llvm::ArrayRef(f.loads), llvm::ArrayRef(f.stores),
          llvm::ArrayRef(f.madeAvailable)})
      llvm::append_range(block.ranges, list);
  }
  return block;
}

Crossing Planner::scanCrossings(const Block &block, uint64_t landing,
                                uint64_t issue,
                                const analysis::DmaRecord &dma,
                                bool renameFlag) const {
  // From the DMA back to the landing point: the first hard hazard met is
  // the last one crossed, where the landing point must rise to (what lies
  // in front of it does not matter then). The clashes are kept in the
  // order of the trace, item by item.
  Crossing c;
  Footprint storage;
  llvm::SmallVector<llvm::SmallVector<std::pair<uint64_t, RegId>, 2>, 16>
      clashesBack;
  order.forEachBackFrom(landing, issue, [&](const Item &item) {
    if (!item.inserted && llvm::is_contained(block.members, item.key))
      return true;
    ++c.crossed;
    FootprintRef other = footprintOf(item, storage);
    // Link order: a DMA on the same link waited for before this one's wait
    // stays in front of it.
    if (options.keepLinkOrder && other.startsCopy &&
        dma.waitIndex != sim::kNoIndex)
      if (auto it = dmaOfIssue.find(item.original()); it != dmaOfIssue.end()) {
        const analysis::DmaRecord &o = results.dmas.dmas[it->second];
        if (o.link == dma.link &&
            currentWait(o.waitIndex) < currentWait(dma.waitIndex)) {
          c.hard = item;
          c.hazard = Hazard{};
          c.hazard.kind = Conflict::LinkOrder;
          c.hazard.otherWait = describe(currentWait(o.waitIndex));
          c.hardMember = issue;
        }
      }
    // Nothing in common with the block, and no wait on the DMA's flag:
    // no hazard, no clash.
    if (!c.hard && !block.touches(other) &&
        !(other.waitsForCopies && other.waitsForCopies == dma.flag))
      return true;
    llvm::SmallVector<std::pair<uint64_t, RegId>, 2> clashes;
    std::optional<Item> flagClash;
    for (uint64_t member : block.members) {
      // Only members that come after the item cross it.
      if (member < item.key || (member == item.key && !item.inserted))
        continue;
      const Footprint &mine = block.prints.find(member)->second;
      // A register the member reads from a block member that comes after
      // the item (and so moves with it) is not what the item wrote.
      auto shadowed = [&](RegId reg) {
        auto writers = block.writers.find(member);
        if (writers == block.writers.end())
          return false;
        auto it = writers->second.find(reg);
        return it != writers->second.end() &&
               (item.inserted ? it->second >= item.key
                              : it->second > item.key);
      };
      if (Hazard h = findConflict(mine, other, shadowed)) {
        c.hard = item;
        c.hazard = h;
        c.hardMember = member;
        continue;
      }
      forEachNameClash(mine, other,
                       [&](RegId reg) { clashes.push_back({member, reg}); });
      if (member == issue && renameFlag && other.waitsForCopies &&
          other.waitsForCopies == mine.startsCopy)
        flagClash = item;
    }
    if (c.hard)
      return false;
    if (!clashes.empty())
      clashesBack.push_back(std::move(clashes));
    if (flagClash && !c.flagClash)
      c.flagClash = flagClash;
    return true;
  });
  for (auto &clashes : llvm::reverse(clashesBack))
    llvm::append_range(c.clashes, clashes);
  return c;
}

llvm::SmallVector<Instruction, 8>
Planner::buildBlock(const Block &block, const Renaming &renaming,
                    uint64_t issue, std::optional<SyncId> newFlag) const {
  llvm::SmallVector<Instruction, 8> insts;
  BlockRenamer renamer(target);
  for (uint64_t member : block.members) {
    const Footprint &f = block.prints.find(member)->second;
    std::optional<RegId> copyTo;
    if (member != issue && llvm::is_contained(renaming.copied, member))
      for (RegId reg : f.writes)
        if (auto it = renaming.fresh.find(reg); it != renaming.fresh.end())
          copyTo = it->second;
    Instruction inst = renamer.rename(order.current(member), f.writes, copyTo);
    if (member == issue && newFlag)
      target.setSyncObject(inst, *newFlag);
    insts.push_back(inst);
  }
  return insts;
}

std::optional<uint64_t>
Planner::findCopyBlocker(const Block &block, const Renaming &renaming,
                         llvm::ArrayRef<Instruction> blockInsts) const {
  std::optional<uint64_t> blocker;
  for (uint64_t copied : renaming.copied) {
    Footprint original = footprint(copied, order.current(copied), true);
    for (size_t m = 0; m < block.members.size(); ++m) {
      uint64_t member = block.members[m];
      if (member <= copied || llvm::is_contained(renaming.copied, member))
        continue;
      Footprint mine = footprint(member, blockInsts[m], true);
      bool clash = bool(findConflict(mine, original));
      forEachNameClash(mine, original, [&](RegId) { clash = true; });
      if (clash)
        blocker = std::max(blocker.value_or(0), copied);
    }
  }
  return blocker;
}

void Planner::land(HoistDecision &decision, const analysis::DmaRecord &dma,
                   const Block &block, const Renaming &renaming,
                   llvm::ArrayRef<Instruction> blockInsts,
                   std::optional<SyncId> newFlag, uint64_t landing,
                   const Stop &stop) {
  uint64_t issue = dma.issueIndex;
  beginMove();
  for (size_t m = 0; m < block.members.size(); ++m) {
    uint64_t member = block.members[m];
    InstructionDesc desc;
    target.describe(blockInsts[m], executed(member), desc);
    for (RegId reg : desc.reads)
      insertedRegs.set(reg);
    for (RegId reg : desc.writes)
      insertedRegs.set(reg);
    bool copy = member != issue && llvm::is_contained(renaming.copied, member);
    order.insert(landing, {member, blockInsts[m], copy});
    if (copy) {
      decision.copied.push_back(member);
      continue;
    }
    order.remove(member);
    if (member != issue)
      decision.moved.push_back(member);
  }
  for (auto [from, to] : renaming.fresh)
    decision.renamedRegisters.push_back({from, to});
  llvm::sort(decision.renamedRegisters,
             [](const auto &a, const auto &b) { return a.first < b.first; });

  if (newFlag) {
    // Its wait (or the one it merged into) must now wait on the new flag too.
    uint64_t wait = currentWait(dma.waitIndex);
    flags.reserve(*newFlag, landing, wait);
    decision.renamedFlag = {dma.flag, *newFlag};
    if (coverCount(wait, dma.waitCovers) == 1) {
      Instruction inst = order.current(wait);
      target.setSyncObject(inst, *newFlag);
      order.replace(wait, inst);
    } else {
      Instruction extra = trace.instructions[wait];
      target.setSyncObject(extra, *newFlag);
      order.insert(wait, {wait, extra, true});
    }
  }

  decision.applied = true;
  ++moves;
  decision.target = landing;
  decision.instructionsEarlier = issue - landing;
  decision.blocker = stop.blocker;
  decision.stop = stop.kind;
  std::string what = "moved " + instructions(issue - landing) +
                     " earlier, in front of " + describe(landing);
  if (!decision.moved.empty() || !decision.copied.empty())
    what += llvm::formatv(" with {0} of its address arithmetic",
                          decision.moved.size() + decision.copied.size());
  for (auto [from, to] : decision.renamedRegisters)
    what += "; " + target.formatRegister(from) + " renamed " +
            target.formatRegister(to);
  if (newFlag)
    what += llvm::formatv("; moved from flag {0} to {1}",
                          target.formatSyncObject(dma.flag),
                          target.formatSyncObject(*newFlag));
  if (stop.blocker)
    what += "; it stops short of where Algorithm 2 wanted it: " + stop.reason;
  decision.reason = what;
}

bool Planner::hoist(uint32_t dmaId, uint64_t wantedTarget,
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
  if (decideWithoutMoving(decision)) {
    bool tried = !decision.dropped;
    decide(std::move(decision), tried);
    return false;
  }

  uint64_t landing = wantedTarget;
  if (options.maxDistance && issue - landing > options.maxDistance)
    landing = issue - options.maxDistance;

  if (options.testIgnoreDependencies && landing < issue) {
    for (RegId reg : evidence.effects.reads(issue))
      insertedRegs.set(reg);
    beginMove();
    order.remove(issue);
    order.insert(landing, {issue, order.current(issue), false});
    decision.applied = true;
    ++moves;
    decision.target = landing;
    decision.instructionsEarlier = issue - landing;
    decision.reason = "moved " + instructions(issue - landing) +
                      " earlier without checking dependencies (test only)";
    decide(std::move(decision), true);
    return false;
  }

  Stop stop;
  bool triedEarlier = false;
  // Raises the landing point past a blocking item and says why.
  auto stopAt = [&](const Item &item, std::string why, StopKind kind) {
    stop.blocker = item.key;
    stop.reason = std::move(why);
    stop.kind = kind;
    landing = item.inserted ? item.key : item.key + 1;
  };
  while (landing < issue) {
    Block block = collectBlock(landing, issue, slice);
    Crossing crossing = scanCrossings(block, landing, issue, dma, renameFlag);
    // Only its own address arithmetic in front of it: nothing to move past.
    if (crossing.crossed == 0)
      break;
    if (crossing.hard) {
      std::string mine = describe(crossing.hardMember);
      if (crossing.hardMember != issue)
        mine += " (its address arithmetic)";
      // An inserted item is described as itself, not as the instruction it
      // sits in front of.
      stopAt(*crossing.hard,
             describeHazard(crossing.hazard,
                            describe(crossing.hard->original()), mine, target),
             getStopKind(crossing.hazard.kind));
      continue;
    }

    // Name clashes: copy the slice instruction into a free register.
    uint64_t raised = landing;
    std::optional<uint64_t> lowered;
    std::optional<Renaming> renaming =
        renameClashes(block, crossing, landing, issue, stop, raised, lowered);
    if (!renaming) {
      // Registers may be free a little earlier (between two uses of them):
      // tried once, from there on as from the target.
      if (lowered && !triedEarlier &&
          !(options.maxDistance && issue - *lowered > options.maxDistance)) {
        triedEarlier = true;
        stop = Stop();
        landing = *lowered;
        continue;
      }
      landing = raised;
      continue;
    }

    std::optional<SyncId> newFlag;
    if (crossing.flagClash) {
      if (dma.waitIndex != sim::kNoIndex)
        newFlag = flags.find(landing, currentWait(dma.waitIndex));
      if (!newFlag) {
        stopAt(*crossing.flagClash,
               llvm::formatv("{0} waits on its flag {1} and no other flag "
                             "is free",
                             describe(crossing.flagClash->key),
                             target.formatSyncObject(dma.flag))
                   .str(),
               StopKind::Flags);
        continue;
      }
    }

    llvm::SmallVector<Instruction, 8> blockInsts =
        buildBlock(block, *renaming, issue, newFlag);
    if (std::optional<uint64_t> copyBlocker =
            findCopyBlocker(block, *renaming, blockInsts)) {
      stopAt(Item{nullptr, *copyBlocker},
             describe(*copyBlocker) +
                 " must stay for its other readers, and the rest of its "
                 "block cannot cross it",
             StopKind::Registers);
      continue;
    }

    land(decision, dma, block, *renaming, blockInsts, newFlag, landing, stop);
    decide(std::move(decision), true);
    return false;
  }

  decision.blocker = stop.blocker;
  decision.stop = stop.kind;
  bool adjacent = !stop.blocker;
  decision.reason = stop.blocker ? "cannot move: " + stop.reason
                    : parallelGroup
                        ? "it already follows the group's DMA before it"
                        : "cannot move: nothing to move it past";
  decide(std::move(decision), true);
  return adjacent;
}

void Planner::run() {
  plan.decisions.clear();
  plan.waits.clear();
  // Wait merges first: a chain of copies each waited for in turn becomes a
  // group issued before one wait, which the DMA moves then start from.
  if (options.mergeWaits)
    mergeWaits();
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
      // Where the next member goes: right after the first, or after a
      // member that already follows it (the waits between them merged),
      // so that the group keeps its issue order.
      uint64_t anchor = first.issueIndex + 1;
      for (size_t i = 1; i < group.dmas.size(); ++i) {
        const analysis::DmaRecord &dma = results.dmas.dmas[group.dmas[i]];
        analysis::Backtail backtail =
            relaxed ? deps.relaxedBacktail(dma.issueIndex)
                    : deps.conservativeBacktail(dma.issueIndex);
        uint64_t wanted = std::max(anchor, backtail.earliest);
        if (wanted >= dma.issueIndex) {
          HoistDecision decision;
          decision.dma = dma.id;
          decision.issueIndex = dma.issueIndex;
          decision.parallelGroup = true;
          decision.wantedTarget = wanted;
          decision.reason =
              backtail.earliest >= dma.issueIndex
                  ? std::string(relaxed ? "cannot move: it needs "
                                        : "cannot move under the "
                                          "conservative model: it needs ") +
                        analysis::describeBlocker(results.info, backtail)
                  : "it already follows the group's first DMA";
          decide(std::move(decision), false);
          handled.insert(dma.issueIndex);
          continue;
        }
        if (hoist(dma.id, wanted, backtail.slice, /*renameFlag=*/true,
                  /*parallelGroup=*/true))
          anchor = dma.issueIndex + 1;
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
      uint64_t wanted = s.target;
      if (options.asEarlyAsPossible)
        wanted = std::min(wanted, s.relaxed.earliest);
      llvm::ArrayRef<uint64_t> slice = s.relaxed.slice;
      if (!relaxed) {
        wanted = std::max(wanted, s.conservative.earliest);
        slice = {};
      }
      if (wanted >= dma.issueIndex) {
        HoistDecision decision;
        decision.dma = s.dma;
        decision.issueIndex = dma.issueIndex;
        decision.wantedTarget = wanted;
        decision.reason =
            "cannot move under the conservative model: it "
            "needs " +
            analysis::describeBlocker(results.info, s.conservative);
        decide(std::move(decision), false);
        continue;
      }
      hoist(s.dma, wanted, slice, /*renameFlag=*/true,
            /*parallelGroup=*/false);
    }

  // With a journal, the order is made from it when it is needed
  // (limitPlan): most plans a proof makes are replayed for their timing
  // alone, which reads the journal.
  if (!journal)
    order.finish(plan.order);
}
} // namespace snr::rewrite::detail

using detail::Planner;

llvm::Error snr::rewrite::checkSelection(const trace::Trace &trace,
                                         const HoistOptions &options,
                                         const RewriteTarget &target) {
  // The HLOs of the executed instructions, as snr-replay --hlo names them.
  if (!options.hlo.empty())
    if (llvm::Expected<analysis::HloId> id =
            analysis::TraceInfo::fromTrace(trace).lookupHlo(options.hlo);
        !id)
      return id.takeError();
  InstructionDesc desc;
  for (uint64_t pc : options.pcs)
    if (llvm::none_of(trace.instructions, [&](const Instruction &inst) {
          if (inst.pc != pc)
            return false;
          target.describe(inst, /*executed=*/true, desc);
          return desc.startsCopy.has_value();
        }))
      return llvm::createStringError(
          llvm::formatv("no dma.issue at pc {0} in the trace", pc).str());
  return llvm::Error::success();
}

HoistPlan snr::rewrite::planHoists(const trace::Trace &trace,
                                   const ReplayResults &results,
                                   const HoistOptions &options,
                                   const TraceEvidence &evidence) {
  HoistPlan plan;
  planHoists(trace, results, options, evidence, plan);
  return plan;
}

void snr::rewrite::planHoists(const trace::Trace &trace,
                              const ReplayResults &results,
                              const HoistOptions &options,
                              const TraceEvidence &evidence, HoistPlan &plan,
                              PlanJournal *journal) {
  if (journal)
    *journal = PlanJournal();
  Planner(trace, results, options, evidence, plan, journal).run();
}

/// The planned order of `trace` after the edits of the first `moves` moves
/// of `journal`.
static PlannedOrder limitedOrder(const trace::Trace &trace,
                                 const PlanJournal &journal, size_t moves) {
  PlannedOrder order(trace);
  size_t end = moves < journal.moveBegin.size() ? journal.moveBegin[moves]
                                                : journal.edits.size();
  for (size_t e = 0; e < end; ++e)
    order.apply(journal.edits[e]);
  return order;
}

/// applyPlan in three steps, for an order given whole or one instruction
/// at a time: `result` holds `trace`'s header and snapshot, room for
/// `count` instructions and none yet.
static void startAppliedTrace(const trace::Trace &trace, bool changed,
                              size_t count, trace::Trace &result) {
  result.header = trace.header;
  result.header.reordered = trace.header.reordered || changed;
  result.header.instructionCount = count;
  result.registers = trace.registers;
  result.memory = trace.memory;
  result.fileName = trace.fileName;
  result.instructions.clear();
  result.outcomes.clear();
  result.lines.clear();
  result.instructions.reserve(count);
  result.outcomes.reserve(count);
  result.lines.reserve(count);
}

/// The next instruction, as `planned` says, with its original's outcome
/// and line.
static void appendApplied(const trace::Trace &trace,
                          const PlannedInstruction &planned,
                          trace::Trace &result) {
  result.instructions.push_back(planned.inst);
  result.outcomes.push_back(trace.outcomes[planned.original]);
  result.lines.push_back(planned.original < trace.lines.size()
                             ? trace.lines[planned.original]
                             : 0);
}

static void finishAppliedTrace(trace::Trace &result) {
  if (!result.instructions.empty())
    result.header.startPc = result.instructions.front().pc;
}

void snr::rewrite::limitPlan(const trace::Trace &trace, const HoistPlan &full,
                             const PlanJournal &journal, size_t moves,
                             HoistPlan &limited) {
  limitDecisions(full, journal, moves, limited);
  limitedOrder(trace, journal, moves).finish(limited.order);
}

void snr::rewrite::limitDecisions(const HoistPlan &full,
                                  const PlanJournal &journal, size_t moves,
                                  HoistPlan &limited) {
  limited.order.clear();
  // The decisions until the limit are the full plan's; after it, every move
  // tried is "not tried", as the limited planner says before anything else.
  limited.decisions.clear();
  limited.waits.clear();
  size_t made = 0;
  // The wait merges are planned first.
  for (size_t i = 0; i < full.waits.size(); ++i) {
    const WaitDecision &w = full.waits[i];
    if (!journal.waitTried[i] || made < moves) {
      made += w.applied;
      limited.waits.push_back(w);
      continue;
    }
    WaitDecision untried;
    untried.index = w.index;
    untried.sync = w.sync;
    untried.into = w.into;
    untried.stall = w.stall;
    untried.reason = "not tried (beyond the move limit)";
    limited.waits.push_back(std::move(untried));
  }
  for (size_t i = 0; i < full.decisions.size(); ++i) {
    const HoistDecision &d = full.decisions[i];
    if (!journal.tried[i] || made < moves) {
      made += d.applied;
      limited.decisions.push_back(d);
      continue;
    }
    HoistDecision untried;
    untried.dma = d.dma;
    untried.issueIndex = d.issueIndex;
    untried.parallelGroup = d.parallelGroup;
    untried.wantedTarget = d.wantedTarget;
    untried.reason = "not tried (beyond the move limit)";
    limited.decisions.push_back(std::move(untried));
  }
}

void snr::rewrite::applyLimitedPlan(const trace::Trace &trace,
                                    const HoistPlan &limited,
                                    const PlanJournal &journal, size_t moves,
                                    trace::Trace &result,
                                    std::vector<uint64_t> *originals) {
  PlannedOrder order = limitedOrder(trace, journal, moves);
  size_t count = order.getPlannedSize();
  startAppliedTrace(trace, limited.changed(), count, result);
  if (originals) {
    originals->clear();
    originals->reserve(count);
  }
  order.forEachPlanned([&](const PlannedInstruction &p) {
    appendApplied(trace, p, result);
    if (originals)
      originals->push_back(p.original);
  });
  finishAppliedTrace(result);
}

bool snr::rewrite::getLimitedWindow(const PlanJournal &journal, size_t moves,
                                    uint64_t &first, uint64_t &last) {
  size_t end = moves < journal.moveBegin.size() ? journal.moveBegin[moves]
                                                : journal.edits.size();
  if (end == 0)
    return false;
  // Every edit is at an original: nothing before the first one edited
  // changes, nor anything after the last.
  first = last = journal.edits.front().at;
  for (size_t e = 0; e < end; ++e) {
    first = std::min(first, journal.edits[e].at);
    last = std::max(last, journal.edits[e].at);
  }
  return true;
}

bool snr::rewrite::forEachLimitedInstruction(
    const trace::Trace &trace, const PlanJournal &journal, size_t moves,
    uint64_t first, uint64_t last,
    llvm::function_ref<bool(uint64_t, const Instruction &)> fn) {
  return limitedOrder(trace, journal, moves).forEachPlannedIn(first, last, fn);
}

trace::Trace snr::rewrite::applyPlan(const trace::Trace &trace,
                                     const HoistPlan &plan) {
  trace::Trace result;
  applyPlan(trace, plan, result);
  return result;
}

trace::Trace snr::rewrite::applyOrder(const trace::Trace &trace,
                                      llvm::ArrayRef<uint64_t> order) {
  trace::Trace result;
  startAppliedTrace(trace, /*changed=*/true, order.size(), result);
  for (uint64_t i : order)
    appendApplied(trace, PlannedInstruction{i, trace.instructions[i], false},
                  result);
  finishAppliedTrace(result);
  return result;
}

void snr::rewrite::applyPlan(const trace::Trace &trace, const HoistPlan &plan,
                             trace::Trace &result) {
  startAppliedTrace(trace, plan.changed(), plan.order.size(), result);
  for (const PlannedInstruction &planned : plan.order)
    appendApplied(trace, planned, result);
  finishAppliedTrace(result);
}

std::optional<DependenceModel>
snr::rewrite::lookupDependenceModel(llvm::StringRef name) {
  if (name == "relaxed")
    return DependenceModel::Relaxed;
  if (name == "conservative")
    return DependenceModel::Conservative;
  return std::nullopt;
}

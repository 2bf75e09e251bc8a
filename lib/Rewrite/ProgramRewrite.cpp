//===- ProgramRewrite.cpp - Move a program's DMAs up ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Static def-use decides the slice, the run's evidence the rest, with the
// engine's hazard rules (Hazards.h), renaming (RegisterRenamer.h) and sync
// semantics (SyncObjects.h); every question about an instruction goes to the
// RewriteTarget.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProgramRewrite.h"
#include "ProgramPlanner.h"
#include "SnR/Rewrite/Hazards.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr;
using namespace snr::rewrite;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error snr::rewrite::checkWholeRun(const record::LoadedProgram &program,
                                        const trace::Trace &wholeRun,
                                        const RewriteTarget &target) {
  if (wholeRun.instructions.empty())
    return makeError("the trace records no instruction");
  if (wholeRun.header.startPc != program.entry)
    return makeError(llvm::formatv(
        "the trace starts at pc {0}, not at the program's entry {1}: the "
        "program rewrite needs the evidence of the whole run (record it "
        "with --break-at {1} and a --count that reaches the halt)",
        wholeRun.header.startPc, program.entry));
  const Instruction &last = wholeRun.instructions.back();
  InstructionDesc desc;
  target.describe(last, /*executed=*/true, desc);
  if (desc.control != target::ControlKind::Halt ||
      !wholeRun.outcomes.back().executed.value_or(true))
    return makeError(llvm::formatv(
        "the trace ends at pc {0} ({1}) before the program halts: the "
        "program rewrite needs the evidence of the whole run (record it "
        "with a larger --count)",
        last.pc, target.getMnemonic(last)));
  llvm::DenseMap<uint64_t, size_t> indexOfPc;
  for (size_t i = 0; i < program.instructions.size(); ++i)
    indexOfPc[program.instructions[i].pc] = i;
  for (size_t k = 0; k < wholeRun.instructions.size(); ++k) {
    const Instruction &inst = wholeRun.instructions[k];
    auto it = indexOfPc.find(inst.pc);
    if (it == indexOfPc.end() ||
        target.getMnemonic(program.instructions[it->second]) !=
            target.getMnemonic(inst))
      return makeError(llvm::formatv(
          "instruction {0} of the trace (pc {1}, {2}) is not the program's "
          "instruction at that pc: the trace was recorded from another "
          "program",
          k, inst.pc, target.getMnemonic(inst)));
  }
  return llvm::Error::success();
}

namespace snr::rewrite::detail {
uint64_t DmaPlanner::completionOf(size_t k) const {
  uint64_t complete = 0;
  for (size_t copy : run.sync.coveredBy(k))
    complete = std::max(complete, timing->complete.lookup(copy));
  return complete;
}

bool DmaPlanner::isRegion(size_t landing, size_t dma, bool &never) const {
  never = false;
  for (const Branch &b : statics.branches) {
    bool inside = b.at >= landing && b.at < dma;
    if (inside) {
      // Leaving the region, or starting it over from inside.
      if (b.target < landing || b.target > dma || b.target == landing)
        return false;
    } else if (b.target > landing && b.target <= dma) {
      // Entering it past the landing point; a later branch always will.
      if (b.at > dma)
        never = true;
      return false;
    }
  }
  return true;
}

std::optional<std::pair<RegId, size_t>>
DmaPlanner::findLandedCopy(size_t landing, const Instruction &copy) const {
  llvm::ArrayRef<Instruction> here = landed[landing];
  for (size_t q = here.size(); q-- > 0;) {
    InstructionDesc theirs;
    target.describe(here[q], /*executed=*/true, theirs);
    if (!isCopyable(theirs))
      continue;
    // The same computation into another register.
    RegId result = theirs.writes.front();
    Instruction probe = copy;
    target.renameRegisters(
        probe, [](RegId reg) { return reg; }, [&](RegId) { return result; });
    probe.pc = here[q].pc;
    if (!(probe == here[q]))
      continue;
    // Its result and its inputs must hold now what they held then: nothing
    // landed after it writes them (a register name read by two copies is
    // the same value only then).
    llvm::SmallVector<RegId, 4> held = {result};
    llvm::append_range(held, theirs.reads);
    for (const Instruction &later : here.drop_front(q + 1)) {
      InstructionDesc desc;
      target.describe(later, /*executed=*/true, desc);
      if (llvm::any_of(desc.writes,
                       [&](RegId r) { return llvm::is_contained(held, r); }))
        return std::nullopt;
    }
    return std::make_pair(result, landedFrom[landing][q]);
  }
  return std::nullopt;
}

bool DmaPlanner::extendWindows(size_t landing, size_t dma, std::string &why) {
  llvm::ArrayRef<size_t> entries = run.occurrencesOf(landing);
  std::optional<SyncId> ownSync = desc(dma).startsCopy;
  size_t previous = 0;
  bool first = true;
  std::optional<SyncId> takenSync;
  if (takenWait)
    takenSync = desc(*takenWait).waitsForCopies;
  for (Window &window : windows) {
    size_t instance = window.instance;
    size_t &checkedFrom = window.checkedFrom;
    auto it = llvm::lower_bound(entries, instance);
    if (it == entries.begin()) {
      why = "not every run of it passes the landing point first";
      return false;
    }
    size_t start = *std::prev(it);
    if (!first && start <= previous) {
      why = "the landing point does not run once per run of it";
      return false;
    }
    first = false;
    previous = instance;
    llvm::ArrayRef<MemoryRange> ownLoads = run.effects.loads(instance);
    llvm::ArrayRef<MemoryRange> ownStores = run.effects.stores(instance);
    // The taken wait's run in this stretch, if it has one: it moves in front
    // of the DMA and crosses what comes before it.
    if (takenWait && !window.waitRun) {
      llvm::ArrayRef<size_t> runs = run.occurrencesOf(*takenWait);
      auto w = llvm::lower_bound(runs, checkedFrom);
      if (w != runs.begin() && *std::prev(w) >= start &&
          run.effects.waitsForCopies(*std::prev(w)))
        window.waitRun = *std::prev(w);
    }
    for (size_t k = start; k < checkedFrom; ++k) {
      size_t sk = run.staticOf(k);
      if (run.effects.waitsForCopies(k) &&
          ((takenWait && sk == *takenWait) || takenWaits.contains(sk)))
        continue;
      if (window.waitRun && k < *window.waitRun &&
          run.effects.startsCopy(k) == takenSync) {
        why = llvm::formatv("{0} starts a copy on {1}, which {2} would no "
                            "longer wait for (trace instruction {3})",
                            describe(sk), target.formatSyncObject(*takenSync),
                            describe(*takenWait), k)
                  .str();
        return false;
      }
      // The DMA moves in front of every access of k (and of the DMAs a wait
      // of k waits for).
      auto conflict = [&](const MemoryRange &a, bool aWrites,
                          llvm::StringRef how) {
        for (bool ownWrites : {false, true})
          for (const MemoryRange &o : ownWrites ? ownStores : ownLoads) {
            Conflict c = getMemoryConflict(o, ownWrites, a, aWrites);
            if (c == Conflict::None)
              continue;
            why = llvm::formatv("{0}{1} {2} {3}, which the DMA {4} ({5}; trace "
                                "instruction {6})",
                                describe(run.staticOf(k)), how,
                                aWrites ? "writes" : "reads",
                                target.formatRange(a),
                                ownWrites ? "writes" : "reads",
                                c == Conflict::MemoryWAW   ? "WAW on memory"
                                : c == Conflict::MemoryWAR ? "WAR on memory"
                                                           : "RAW on memory",
                                k)
                      .str();
            return true;
          }
        return false;
      };
      auto conflicts = [&](size_t j, llvm::StringRef how) {
        for (const MemoryRange &a : run.effects.loads(j))
          if (conflict(a, false, how))
            return true;
        for (const MemoryRange &a : run.effects.stores(j))
          if (conflict(a, true, how))
            return true;
        return false;
      };
      if (conflicts(k, ""))
        return false;
      // A wait it crosses waits for copies it is now in flight with (on
      // its own flag too: joining a wait is being in flight with what it
      // waits for).
      std::optional<SyncId> waited = run.effects.waitsForCopies(k);
      if (waited)
        for (size_t covered : run.sync.coveredBy(k))
          if (conflicts(covered, " waits for a DMA that")) {
            if (waited != ownSync)
              blockingWait = sk;
            return false;
          }
    }
    checkedFrom = start;
    // The taken wait lands here: its copies must be complete by then.
    if (window.waitRun && timing->issue[start] < completionOf(*window.waitRun)) {
      why = llvm::formatv("{0}, taken along, would wait there for copies "
                          "that complete at cycle {1}, after cycle {2} "
                          "(trace instruction {3})",
                          describe(*takenWait), completionOf(*window.waitRun),
                          timing->issue[start], start)
                .str();
      return false;
    }
  }
  return true;
}

void DmaPlanner::walkUp(ProgramDecision &decision, bool joinWaits,
                        std::vector<size_t> &slice, std::optional<size_t> &best,
                        unsigned &waitsAtBest, std::string &stop) {
  size_t dma = decision.dma;
  SyncId ownSync = *desc(dma).startsCopy;
  // The registers the DMA and its slice read, from the walk.
  llvm::DenseSet<RegId> needed;
  for (RegId r : desc(dma).reads)
    needed.insert(r);
  unsigned waitsJoined = 0;
  for (size_t x = dma; x-- > 0;) {
    // Crossing x also crosses what earlier moves landed in front of x + 1.
    if (x + 1 < dma && dmasAttached[x + 1]) {
      stop = "a DMA moved earlier already landed there (DMA issue order is "
             "kept)";
      break;
    }
    const InstructionDesc &inst = desc(x);
    if (inst.orderingBarrier) {
      stop = describe(x) + " is not crossed";
      break;
    }
    if (inst.startsCopy && !moved.contains(x)) {
      stop = describe(x) + " is another DMA (DMA issue order is kept)";
      decision.blockingDma = x;
      break;
    }
    // A wait an earlier move took along is not here any more.
    bool taken = takenWaits.contains(x) || (takenWait && x == *takenWait);
    if (inst.waitsForCopies == ownSync && !taken) {
      if (!joinWaits) {
        stop = describe(x) + " waits on its flag " +
               target.formatSyncObject(ownSync);
        break;
      }
      // Issued before it, the DMA is waited for there; its own wait must
      // still find the flag cleared by a later wait.
      if (!run.sync.waitFollows(ownSync, windows.back().instance)) {
        stop = describe(x) + " waits on its flag and no wait follows it";
        break;
      }
      ++waitsJoined;
    }
    for (RegId r : inst.writes) {
      if (!needed.contains(r))
        continue;
      if (!isCopyable(inst)) {
        stop = llvm::formatv("{0} writes {1}, which the DMA's descriptor "
                             "reads, and cannot be copied ({2})",
                             describe(x), target.formatRegister(r),
                             inst.predicated ? "predicated"
                                             : "not a scalar ALU op")
                   .str();
        break;
      }
      if (llvm::any_of(statics.branches, [&](const Branch &b) {
            return b.at > x && b.at < dma && b.target <= x;
          })) {
        stop = llvm::formatv("{0} writes {1}, which the DMA's descriptor "
                             "reads, inside a loop it would cross",
                             describe(x), target.formatRegister(r))
                   .str();
        break;
      }
      needed.erase(r);
      for (RegId read : inst.reads)
        needed.insert(read);
      slice.push_back(x);
    }
    if (!stop.empty())
      break;
    // A forward branch past a slice member makes it conditional.
    if (inst.control == target::ControlKind::Branch && inst.branchTarget &&
        *inst.branchTarget > 0 && llvm::any_of(slice, [&](size_t m) {
          return run.indexOfPc.lookup(*inst.branchTarget) > m && m > x;
        })) {
      stop = describe(x) + " may skip the DMA's address arithmetic";
      break;
    }
    bool never = false;
    if (!isRegion(x, dma, never)) {
      if (never) {
        stop = describe(x) + " starts a region entered from below the DMA "
                             "(a loop's head)";
        loopHead = x + 1;
        break;
      }
      continue;
    }
    std::string why;
    if (!extendWindows(x, dma, why)) {
      stop = why;
      break;
    }
    best = x;
    waitsAtBest = waitsJoined;
  }
}

bool DmaPlanner::copySlice(ProgramDecision &decision, ProgramMove &move,
                           llvm::DenseSet<size_t> &ignored,
                           llvm::ArrayRef<RegId> keep) {
  llvm::ArrayRef<size_t> entries = run.occurrencesOf(move.landing);
  BlockRenamer renamer(target);
  llvm::DenseSet<RegId> liveIn, taken;
  // Each register the block took, and the value it holds (what the
  // original writes).
  std::vector<std::pair<RegId, RegId>> held;
  // Whether a member after the `i`-th of the slice, or the DMA, reads
  // `reg`.
  auto readAfter = [&](size_t i, RegId reg) {
    for (size_t j = i + 1; j < move.slice.size(); ++j)
      if (llvm::is_contained(desc(move.slice[j]).reads, reg))
        return true;
    return llvm::is_contained(desc(move.dma).reads, reg);
  };
  {
    // What the block reads before it writes it is live in: not a scratch.
    llvm::DenseSet<RegId> written;
    auto noteReads = [&](const InstructionDesc &d) {
      for (RegId reg : d.reads)
        if (!written.contains(reg))
          liveIn.insert(reg);
    };
    for (size_t m : move.slice) {
      noteReads(desc(m));
      written.insert(desc(m).writes.front());
    }
    noteReads(desc(move.dma));
  }
  for (size_t i = 0; i < move.slice.size(); ++i) {
    size_t m = move.slice[i];
    Instruction copy = renamer.renameReads(program[m]);
    RegId dest = desc(m).writes.front();
    // An earlier move landed here may compute the same value already (two
    // DMAs of one block share their address arithmetic): read its copy if
    // nothing landed after it overwrites it.
    // Only for copies whose inputs hold the same at both places: live in
    // or read from earlier moves, not written by this block's new copies.
    InstructionDesc copyDesc;
    target.describe(copy, /*executed=*/true, copyDesc);
    bool ownInput = llvm::any_of(copyDesc.reads,
                                 [&](RegId r) { return taken.contains(r); });
    auto same = ownInput ? std::nullopt : findLandedCopy(move.landing, copy);
    // ... and whose result this block has not overwritten either.
    if (same && taken.contains(same->first))
      same.reset();
    if (same) {
      auto [reg, from] = *same;
      renamer.alias(dest, reg);
      liveIn.insert(reg);
      if (reg != dest)
        move.renamed.push_back({dest, reg});
      ++move.reused;
      if (!llvm::is_contained(move.reusesFrom, from))
        move.reusesFrom.push_back(from);
      continue;
    }
    llvm::ArrayRef<RegId> candidates = target.getRenameCandidates(dest);
    std::optional<RegId> scratch =
        pickRegister(candidates, dest, [&](RegId r) {
          return !liveIn.contains(r) && !taken.contains(r) &&
                 run.registers().isDeadAt(r, entries, ignored);
        });
    // None free: one the block took whose value nothing after this member
    // reads any more (this member may read it: it reads before it writes).
    if (!scratch)
      for (auto &[reg, value] : held)
        if (llvm::is_contained(candidates, reg) && !readAfter(i, value) &&
            !llvm::is_contained(keep, value)) {
          scratch = reg;
          break;
        }
    if (!scratch) {
      decision.reason = llvm::formatv("stays: no {0} register is free at "
                                      "pc {1} to copy {2} into",
                                      target.getRegisterFileName(dest),
                                      program[move.landing].pc, describe(m))
                            .str();
      return false;
    }
    if (taken.insert(*scratch).second)
      held.push_back({*scratch, dest});
    else
      llvm::find_if(held, [&](const auto &h) {
        return h.first == *scratch;
      })->second = dest;
    if (*scratch != dest)
      move.renamed.push_back({dest, *scratch});
    move.block.push_back(renamer.rename(program[m], desc(m).writes, *scratch));
    move.blockOrigin.push_back(m);
  }
  move.block.push_back(renamer.renameReads(program[move.dma]));
  move.blockOrigin.push_back(move.dma);
  return true;
}

void DmaPlanner::findDeadSlice(ProgramMove &move,
                               llvm::DenseSet<size_t> &ignored) const {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t m : move.slice) {
      if (ignored.contains(m))
        continue;
      std::vector<size_t> after;
      for (size_t k : run.occurrencesOf(m))
        after.push_back(k + 1);
      if (run.registers().isDeadAt(desc(m).writes.front(), after, ignored)) {
        ignored.insert(m);
        move.removed.push_back(m);
        changed = true;
      }
    }
  }
  llvm::sort(move.removed);
}

void DmaPlanner::plan(ProgramDecision &decision, bool joinWaits,
                      bool rotate) {
  size_t dma = decision.dma;
  std::vector<size_t> slice; // descending
  std::optional<size_t> best;
  unsigned waitsAtBest = 0;
  std::string stop;
  auto walk = [&](ProgramDecision &d) {
    windows.clear();
    slice.clear();
    best.reset();
    waitsAtBest = 0;
    stop.clear();
    blockingWait.reset();
    loopHead.reset();
    for (size_t k : run.occurrencesOf(dma))
      if (run.effects.executed(k))
        windows.push_back({k, k, std::nullopt});
    if (!windows.empty())
      walkUp(d, joinWaits, slice, best, waitsAtBest, stop);
  };
  walk(decision);
  if (windows.empty()) {
    decision.reason = "no run of it issues the DMA (its guard never held)";
    return;
  }
  // Stopped by a wait on another flag: again, taking that wait along; kept
  // if it goes further.
  if (std::optional<size_t> wait = blockingWait; wait && mayTake(*wait)) {
    auto first = std::make_tuple(slice, best, waitsAtBest, stop, decision);
    takenWait = wait;
    walk(decision);
    if (!best || (std::get<1>(first) && *best >= *std::get<1>(first))) {
      std::tie(slice, best, waitsAtBest, stop, decision) = std::move(first);
      takenWait.reset();
    }
  }
  // A DMA that reaches the head of its loop (or is at it) may also be
  // issued one iteration early; the move then goes to the head even when
  // it crosses nothing worth it there.
  // Only a DMA whose own waits stalled (not one moved only because it
  // kept such a DMA from moving).
  bool atHead = rotate && decision.stallBefore && loopHead && !takenWait &&
                !waitsAtBest && (best ? *best == *loopHead : dma == *loopHead);
  if (!best && !atHead) {
    decision.reason = stop.empty() ? "nothing to cross" : "stays: " + stop;
    return;
  }
  ProgramMove move;
  move.dma = dma;
  move.landing = best ? *best : dma;
  move.waitsJoined = waitsAtBest;
  bool overlapsWork = false;
  for (size_t s = move.landing; s < dma; ++s) {
    if (moved.contains(s))
      continue;
    ++move.crossed;
    overlapsWork |= !desc(s).scalarArithmetic;
  }
  // Scalar arithmetic issues beside the DMA anyway: nothing to overlap.
  if (!overlapsWork && !atHead) {
    decision.reason = "stays: it would cross only scalar arithmetic" +
                      (stop.empty() ? std::string() : ", then " + stop);
    return;
  }
  for (size_t m : llvm::reverse(slice))
    if (m >= move.landing)
      move.slice.push_back(m);
  decision.reason = stop.empty() ? "moved to the program's entry"
                                 : "moved up to where " + stop;

  // Copies, renamed to registers free at the landing point.
  llvm::DenseSet<size_t> ignored = {dma};
  if (!copySlice(decision, move, ignored))
    return;
  findDeadSlice(move, ignored);
  if (takenWait) {
    // The wait goes first: the DMA is issued once the copies it needs done
    // are.
    move.takenWait = takenWait;
    move.block.insert(move.block.begin(), program[*takenWait]);
    move.blockOrigin.insert(move.blockOrigin.begin(), *takenWait);
    decision.reason += "; " + describe(*takenWait) +
                       " moves with it (the copies it waits for are "
                       "complete there at every run)";
  }
  if (atHead) {
    std::string why;
    if (this->rotate(decision, move, why)) {
      decision.reason +=
          llvm::formatv("; after its loop's first iteration it is issued "
                        "one iteration early, in front of {0}, guarded by "
                        "the loop's condition",
                        describe(move.rotation->landing))
              .str();
    } else if (!best) {
      decision.reason = "stays: " + stop;
      return;
    } else if (!overlapsWork) {
      decision.reason = "stays: it would cross only scalar arithmetic, then " +
                        stop;
      return;
    }
  }
  decision.move = std::move(move);
}
} // namespace snr::rewrite::detail

using detail::DmaPlanner;
using detail::StaticProgram;

std::vector<ProgramDecision> snr::rewrite::planProgramRewrite(
    const RunEvidence &run, const llvm::DenseMap<uint64_t, uint64_t> &stallByPc,
    const std::map<size_t, std::string> &leaveInPlace,
    const RunTiming *timing) {
  const std::vector<Instruction> &insts = run.program.instructions;
  StaticProgram statics(run);
  // A DMA that did not stall but keeps one that did from moving moves too:
  // planned again until no new such DMA turns up.
  llvm::DenseSet<size_t> blocking;
  std::vector<ProgramDecision> decisions;
  for (bool again = true; again;) {
    again = false;
    decisions.clear();
    std::vector<unsigned> dmasAttached(insts.size() + 1, 0);
    std::vector<std::vector<Instruction>> landed(insts.size() + 1);
    std::vector<std::vector<size_t>> landedFrom(insts.size() + 1);
    llvm::DenseSet<size_t> moved, takenWaits;
    for (size_t i = 0; i < insts.size(); ++i) {
      if (!statics.descs[i].startsCopy)
        continue;
      ProgramDecision decision;
      decision.dma = i;
      decision.stallBefore = stallByPc.lookup(insts[i].pc);
      if (!decision.stallBefore && !blocking.contains(i)) {
        decision.reason = "its waits never stalled";
        decisions.push_back(std::move(decision));
        continue;
      }
      if (auto it = leaveInPlace.find(i); it != leaveInPlace.end()) {
        decision.dropped = true;
        decision.reason = "dropped by the proof: " + it->second;
        decisions.push_back(std::move(decision));
        continue;
      }
      // Its rotation is a move of its own, which the proof may drop.
      auto rotationDropped =
          leaveInPlace.find(getRotationKey(i, insts.size()));
      bool rotate = rotationDropped == leaveInPlace.end();
      // Without joining a wait on its own flag first; only if that moves it
      // nowhere, issued together with what that wait waits for.
      DmaPlanner(run, statics, dmasAttached, landed, landedFrom, moved,
                 takenWaits, timing)
          .plan(decision, false, rotate);
      if (!decision.move) {
        ProgramDecision joined = decision;
        DmaPlanner(run, statics, dmasAttached, landed, landedFrom, moved,
                 takenWaits, timing)
            .plan(joined, true);
        if (joined.move && joined.move->waitsJoined)
          decision = std::move(joined);
      }
      if (decision.move) {
        ++dmasAttached[decision.move->landing];
        // A rotated DMA's block at the loop's head runs on entry only, and
        // its copy in the body may be dropped without it: neither is read
        // by later moves.
        if (!decision.move->rotation) {
          llvm::append_range(landed[decision.move->landing],
                             decision.move->block);
          landedFrom[decision.move->landing].resize(
              landed[decision.move->landing].size(), i);
        } else {
          ++dmasAttached[decision.move->rotation->landing];
        }
        moved.insert(i);
        if (decision.move->takenWait)
          takenWaits.insert(*decision.move->takenWait);
      }
      if (!rotate)
        decision.reason += "; its rotation into the iteration before was "
                           "dropped by the proof: " +
                           rotationDropped->second;
      decisions.push_back(std::move(decision));
    }
    for (const ProgramDecision &d : decisions)
      if (d.blockingDma && !stallByPc.lookup(insts[*d.blockingDma].pc))
        again |= blocking.insert(*d.blockingDma).second;
  }
  return decisions;
}

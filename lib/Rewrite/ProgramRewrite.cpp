//===- ProgramRewrite.cpp - Move a program's DMAs up ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProgramRewrite.h"
#include "SnR/Replay/Replay.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr;
using namespace snr::rewrite;
using arch::Opcode;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error snr::rewrite::checkWholeRun(const record::LoadedProgram &program,
                                        const trace::Trace &wholeRun) {
  if (wholeRun.instructions.empty())
    return makeError("the trace records no instruction");
  if (wholeRun.header.startPc != program.entry)
    return makeError(llvm::formatv(
        "the trace starts at pc {0}, not at the program's entry {1}: the "
        "program rewrite needs the evidence of the whole run (record it "
        "with --break-at {1} and a --count that reaches the halt)",
        wholeRun.header.startPc, program.entry));
  const arch::Instruction &last = wholeRun.instructions.back();
  if (last.opcode != Opcode::Halt ||
      !wholeRun.outcomes.back().executed.value_or(true))
    return makeError(llvm::formatv(
        "the trace ends at pc {0} ({1}) before the program halts: the "
        "program rewrite needs the evidence of the whole run (record it "
        "with a larger --count)",
        last.pc, arch::getMnemonic(last.opcode)));
  llvm::DenseMap<uint64_t, size_t> indexOfPc;
  for (size_t i = 0; i < program.instructions.size(); ++i)
    indexOfPc[program.instructions[i].pc] = i;
  for (size_t k = 0; k < wholeRun.instructions.size(); ++k) {
    const arch::Instruction &inst = wholeRun.instructions[k];
    auto it = indexOfPc.find(inst.pc);
    if (it == indexOfPc.end() ||
        program.instructions[it->second].opcode != inst.opcode)
      return makeError(llvm::formatv(
          "instruction {0} of the trace (pc {1}, {2}) is not the program's "
          "instruction at that pc: the trace was recorded from another "
          "program",
          k, inst.pc, arch::getMnemonic(inst.opcode)));
  }
  return llvm::Error::success();
}

namespace {
struct Range {
  arch::MemSpace space;
  unsigned chip;
  uint64_t begin, end;
  bool overlaps(const Range &o) const {
    return space == o.space && chip == o.chip && begin < o.end && o.begin < end;
  }
};

std::string formatRange(const Range &r) {
  return llvm::formatv("{0}[{1}, {2})", arch::getMemSpaceName(r.space), r.begin,
                       r.end)
      .str();
}

/// The whole run, indexed for the planner's questions.
class RunEvidence {
public:
  RunEvidence(const record::LoadedProgram &program, const trace::Trace &trace,
              const arch::MemorySizes &sizes)
      : program(program), trace(trace) {
    for (size_t i = 0; i < program.instructions.size(); ++i)
      indexOfPc[program.instructions[i].pc] = i;
    size_t n = trace.instructions.size();
    staticIndex.resize(n);
    occurrences.resize(program.instructions.size());
    accessBegin.assign(n + 1, 0);
    replay::forEachResolvedAccess(
        trace, sizes,
        [&](size_t k, llvm::ArrayRef<sim::ResolvedAccess> resolved) {
          accessBegin[k] = accesses.size();
          for (const sim::ResolvedAccess &a : resolved)
            accesses.push_back(
                {{a.space, a.chip, a.addr, a.addr + a.bytes}, a.isWrite});
        });
    accessBegin[n] = accesses.size();
    std::vector<size_t> pendingByFlag[16];
    waitCovers.resize(n);
    for (size_t k = 0; k < n; ++k) {
      const arch::Instruction &inst = trace.instructions[k];
      size_t s = indexOfPc.lookup(inst.pc);
      staticIndex[k] = s;
      occurrences[s].push_back(k);
      bool ran = executed(k);
      llvm::SmallVector<arch::Reg, 8> reads, writes;
      arch::getRegisterAccesses(inst, ran, reads, writes);
      for (arch::Reg r : reads)
        registerEvents[arch::getRegSlot(r)].push_back({k, false});
      for (arch::Reg r : writes)
        if (!llvm::is_contained(reads, r))
          registerEvents[arch::getRegSlot(r)].push_back({k, true});
      if (!ran)
        continue;
      if (inst.opcode == Opcode::DmaIssue)
        pendingByFlag[inst.flag].push_back(k);
      if (inst.opcode == Opcode::DmaWait) {
        waitCovers[k] = std::move(pendingByFlag[inst.flag]);
        pendingByFlag[inst.flag].clear();
        waitsByFlag[inst.flag].push_back(k);
      }
    }
  }

  bool executed(size_t k) const {
    return trace.outcomes[k].executed.value_or(true);
  }
  llvm::ArrayRef<size_t> occurrencesOf(size_t s) const {
    return occurrences[s];
  }
  size_t staticOf(size_t k) const { return staticIndex[k]; }
  struct Access {
    Range range;
    bool isWrite;
  };
  llvm::ArrayRef<Access> accessesOf(size_t k) const {
    return llvm::ArrayRef(accesses).slice(accessBegin[k],
                                          accessBegin[k + 1] - accessBegin[k]);
  }
  llvm::ArrayRef<size_t> coveredBy(size_t wait) const {
    return waitCovers[wait];
  }
  /// Whether a wait on `flag` follows trace index `k`.
  bool waitFollows(unsigned flag, size_t k) const {
    const auto &waits = waitsByFlag[flag];
    return llvm::upper_bound(waits, k) != waits.end();
  }
  /// Whether `reg` is free at every index of `at`: its next access from
  /// there (the instruction at that index included; instructions of
  /// `ignored` static indices skipped) is a write.
  bool isFreeAt(arch::Reg reg, llvm::ArrayRef<size_t> at,
                const llvm::DenseSet<size_t> &ignored) const {
    auto found = registerEvents.find(arch::getRegSlot(reg));
    if (found == registerEvents.end())
      return false; // never written again: its final value would change
    const std::vector<Event> &events = found->second;
    for (size_t k : at) {
      auto it = llvm::lower_bound(
          events, k, [](const Event &e, size_t k) { return e.index < k; });
      while (it != events.end() && ignored.contains(staticIndex[it->index]))
        ++it;
      if (it == events.end() || !it->isWrite)
        return false;
    }
    return true;
  }

  const record::LoadedProgram &program;
  const trace::Trace &trace;
  llvm::DenseMap<uint64_t, size_t> indexOfPc;

private:
  struct Event {
    size_t index;
    bool isWrite; ///< a write that does not also read
  };
  std::vector<size_t> staticIndex;
  std::vector<std::vector<size_t>> occurrences;
  std::vector<Access> accesses;
  std::vector<size_t> accessBegin;
  std::vector<std::vector<size_t>> waitCovers;
  std::vector<size_t> waitsByFlag[16];
  llvm::DenseMap<unsigned, std::vector<Event>> registerEvents;
};

/// A scalar-unit instruction a slice may copy: it reads registers only and
/// writes one.
bool isCopyable(const arch::Instruction &inst) {
  return arch::getUnit(inst.opcode) == arch::Unit::Scalar &&
         !inst.guard.present;
}

arch::Reg destOf(const arch::Instruction &inst) {
  return {*arch::getLayout(inst.opcode).rd, inst.rd};
}

/// Renames the registers `inst` reads by `renamed` (the copies' names).
void renameReads(arch::Instruction &inst,
                 const llvm::DenseMap<unsigned, arch::Reg> &renamed) {
  auto rename = [&](arch::RegClass cls, uint8_t &index) {
    auto it = renamed.find(arch::getRegSlot({cls, index}));
    if (it != renamed.end())
      index = it->second.index;
  };
  const arch::OperandLayout &layout = arch::getLayout(inst.opcode);
  if (inst.guard.present)
    rename(arch::RegClass::Pred, inst.guard.reg);
  if (layout.rs1)
    rename(*layout.rs1, inst.rs1);
  if (layout.rs2)
    rename(*layout.rs2, inst.rs2);
  if (layout.mem == arch::MemRole::Load || layout.mem == arch::MemRole::Dma)
    if (inst.src.hasBase)
      rename(arch::RegClass::Scalar, inst.src.base);
  if (layout.mem == arch::MemRole::Store || layout.mem == arch::MemRole::Dma)
    if (inst.dst.hasBase)
      rename(arch::RegClass::Scalar, inst.dst.base);
}

struct Branch {
  size_t at, target;
};

/// Plans one DMA; the state of the earlier moves is in `attached` (blocks
/// already landed in front of each program index) and `moved`.
class DmaPlanner {
public:
  DmaPlanner(const RunEvidence &run, llvm::ArrayRef<Branch> branches,
             const std::vector<unsigned> &dmasAttached,
             const std::vector<std::vector<arch::Instruction>> &landed,
             const std::vector<std::vector<size_t>> &landedFrom,
             const llvm::DenseSet<size_t> &moved)
      : run(run), program(run.program.instructions), branches(branches),
        dmasAttached(dmasAttached), landed(landed), landedFrom(landedFrom),
        moved(moved) {}

  /// Fills `decision`; `joinWaits`: it may cross waits on its own flag.
  void plan(ProgramDecision &decision, bool joinWaits);

private:
  std::string describe(size_t s) const {
    return llvm::formatv("the {0} at pc {1}",
                         arch::getMnemonic(program[s].opcode), program[s].pc)
        .str();
  }
  /// Whether [landing, dma) is a region entered only at `landing` and left
  /// only into the DMA. Sets `never` when no earlier landing can be one.
  bool isRegion(size_t landing, size_t dma, bool &never) const;
  /// The register holding what `copy` computes, if a copy that earlier
  /// moves landed in front of `landing` computes it and still holds it.
  std::optional<std::pair<arch::Reg, size_t>>
  findLandedCopy(size_t landing, const arch::Instruction &copy) const;
  /// Extends every instance's window up to the landing; the first conflict
  /// is described in `why`.
  bool extendWindows(size_t landing, size_t dma, std::string &why);

  const RunEvidence &run;
  llvm::ArrayRef<arch::Instruction> program;
  llvm::ArrayRef<Branch> branches;
  const std::vector<unsigned> &dmasAttached;
  /// What earlier moves landed in front of each program index, in order.
  const std::vector<std::vector<arch::Instruction>> &landed;
  /// The DMA whose move landed each of them.
  const std::vector<std::vector<size_t>> &landedFrom;
  const llvm::DenseSet<size_t> &moved;
  /// Per executed instance of the DMA: its trace index and how far up its
  /// window is checked.
  std::vector<std::pair<size_t, size_t>> windows;
};

bool DmaPlanner::isRegion(size_t landing, size_t dma, bool &never) const {
  never = false;
  for (const Branch &b : branches) {
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

std::optional<std::pair<arch::Reg, size_t>>
DmaPlanner::findLandedCopy(size_t landing,
                           const arch::Instruction &copy) const {
  llvm::ArrayRef<arch::Instruction> here = landed[landing];
  for (size_t q = here.size(); q-- > 0;) {
    if (!isCopyable(here[q]))
      continue;
    arch::Instruction probe = copy;
    probe.rd = here[q].rd;
    probe.pc = here[q].pc;
    if (!(probe == here[q]))
      continue;
    // Its result and its inputs must hold now what they held then: nothing
    // landed after it writes them (a register name read by two copies is
    // the same value only then).
    arch::Reg result = destOf(here[q]);
    llvm::SmallVector<arch::Reg, 4> held = {result};
    arch::getRegisterReads(here[q], held);
    for (const arch::Instruction &later : here.drop_front(q + 1)) {
      llvm::SmallVector<arch::Reg, 2> writes;
      arch::getRegisterWrites(later, writes);
      if (llvm::any_of(
              writes, [&](arch::Reg r) { return llvm::is_contained(held, r); }))
        return std::nullopt;
    }
    return std::make_pair(result, landedFrom[landing][q]);
  }
  return std::nullopt;
}

bool DmaPlanner::extendWindows(size_t landing, size_t dma, std::string &why) {
  llvm::ArrayRef<size_t> entries = run.occurrencesOf(landing);
  const arch::Instruction &issue = program[dma];
  size_t previous = 0;
  bool first = true;
  for (auto &[instance, checkedFrom] : windows) {
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
    llvm::ArrayRef<RunEvidence::Access> own = run.accessesOf(instance);
    for (size_t k = start; k < checkedFrom; ++k) {
      const arch::Instruction &inst = run.trace.instructions[k];
      auto conflict = [&](const RunEvidence::Access &a, llvm::StringRef how) {
        for (const RunEvidence::Access &o : own) {
          bool hazard = o.isWrite ? a.range.overlaps(o.range)
                                  : a.isWrite && a.range.overlaps(o.range);
          if (!hazard)
            continue;
          why = llvm::formatv(
                    "{0}{1} {2} {3}, which the DMA {4} ({5}; trace "
                    "instruction {6})",
                    describe(run.staticOf(k)), how,
                    a.isWrite ? "writes" : "reads", formatRange(a.range),
                    o.isWrite ? "writes" : "reads",
                    o.isWrite ? (a.isWrite ? "WAW on memory" : "WAR on memory")
                              : "RAW on memory",
                    k)
                    .str();
          return true;
        }
        return false;
      };
      for (const RunEvidence::Access &a : run.accessesOf(k))
        if (conflict(a, ""))
          return false;
      if (inst.opcode == Opcode::DmaWait && inst.flag != issue.flag)
        for (size_t covered : run.coveredBy(k))
          for (const RunEvidence::Access &a : run.accessesOf(covered))
            if (conflict(a, " waits for a DMA that"))
              return false;
    }
    checkedFrom = start;
  }
  return true;
}

void DmaPlanner::plan(ProgramDecision &decision, bool joinWaits) {
  size_t dma = decision.dma;
  const arch::Instruction &issue = program[dma];
  for (size_t k : run.occurrencesOf(dma))
    if (run.executed(k))
      windows.push_back({k, k});
  if (windows.empty()) {
    decision.reason = "no run of it issues the DMA (its guard never held)";
    return;
  }
  // The registers the DMA and its slice read, by slot, from the walk.
  llvm::DenseSet<unsigned> needed;
  llvm::SmallVector<arch::Reg, 8> reads;
  arch::getRegisterReads(issue, reads);
  for (arch::Reg r : reads)
    if (r.cls != arch::RegClass::Flag)
      needed.insert(arch::getRegSlot(r));
  std::vector<size_t> slice; // descending
  std::optional<size_t> best;
  unsigned waitsJoined = 0, waitsAtBest = 0;
  std::string stop;
  for (size_t x = dma; x-- > 0;) {
    // Crossing x also crosses what earlier moves landed in front of x + 1.
    if (x + 1 < dma && dmasAttached[x + 1]) {
      stop = "a DMA moved earlier already landed there (DMA issue order is "
             "kept)";
      break;
    }
    const arch::Instruction &inst = program[x];
    if (inst.opcode == Opcode::Halt || inst.opcode == Opcode::Fence) {
      stop = describe(x) + " is not crossed";
      break;
    }
    if (inst.opcode == Opcode::DmaIssue && !moved.contains(x)) {
      stop = describe(x) + " is another DMA (DMA issue order is kept)";
      decision.blockingDma = x;
      break;
    }
    if (inst.opcode == Opcode::DmaWait && inst.flag == issue.flag) {
      if (!joinWaits) {
        stop =
            describe(x) + " waits on its flag f" + std::to_string(issue.flag);
        break;
      }
      // Issued before it, the DMA is waited for there; its own wait must
      // still find the flag cleared by a later wait.
      if (!run.waitFollows(issue.flag, windows.back().first)) {
        stop = describe(x) + " waits on its flag and no wait follows it";
        break;
      }
      ++waitsJoined;
    }
    llvm::SmallVector<arch::Reg, 2> writes;
    arch::getRegisterWrites(inst, writes);
    for (arch::Reg r : writes) {
      if (r.cls == arch::RegClass::Flag ||
          !needed.contains(arch::getRegSlot(r)))
        continue;
      if (!isCopyable(inst)) {
        stop = llvm::formatv("{0} writes {1}, which the DMA's descriptor "
                             "reads, and cannot be copied ({2})",
                             describe(x), arch::formatReg(r),
                             inst.guard.present ? "predicated"
                                                : "not a scalar ALU op")
                   .str();
        break;
      }
      if (llvm::any_of(branches, [&](const Branch &b) {
            return b.at > x && b.at < dma && b.target <= x;
          })) {
        stop = llvm::formatv("{0} writes {1}, which the DMA's descriptor "
                             "reads, inside a loop it would cross",
                             describe(x), arch::formatReg(r))
                   .str();
        break;
      }
      needed.erase(arch::getRegSlot(r));
      llvm::SmallVector<arch::Reg, 4> sliceReads;
      arch::getRegisterReads(inst, sliceReads);
      for (arch::Reg read : sliceReads)
        needed.insert(arch::getRegSlot(read));
      slice.push_back(x);
    }
    if (!stop.empty())
      break;
    // A forward branch past a slice member makes it conditional.
    if (arch::isBranch(inst.opcode) && inst.imm > 0 &&
        llvm::any_of(slice, [&](size_t m) {
          return run.indexOfPc.lookup(uint64_t(inst.imm)) > m && m > x;
        })) {
      stop = describe(x) + " may skip the DMA's address arithmetic";
      break;
    }
    bool never = false;
    if (!isRegion(x, dma, never)) {
      if (never) {
        stop = describe(x) + " starts a region entered from below the DMA "
                             "(a loop's head)";
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
  if (!best) {
    decision.reason = stop.empty() ? "nothing to cross" : "stays: " + stop;
    return;
  }
  ProgramMove move;
  move.dma = dma;
  move.landing = *best;
  move.waitsJoined = waitsAtBest;
  bool overlapsWork = false;
  for (size_t s = *best; s < dma; ++s) {
    if (moved.contains(s))
      continue;
    ++move.crossed;
    overlapsWork |= arch::getUnit(program[s].opcode) != arch::Unit::Scalar;
  }
  // Scalar arithmetic issues beside the DMA anyway: nothing to overlap.
  if (!overlapsWork) {
    decision.reason = "stays: it would cross only scalar arithmetic" +
                      (stop.empty() ? std::string() : ", then " + stop);
    return;
  }
  for (size_t m : llvm::reverse(slice))
    if (m >= *best)
      move.slice.push_back(m);
  decision.reason = stop.empty() ? "moved to the program's entry"
                                 : "moved up to where " + stop;

  // Copies, renamed to registers free at the landing point.
  llvm::DenseSet<size_t> ignored = {dma};
  llvm::ArrayRef<size_t> entries = run.occurrencesOf(*best);
  llvm::DenseMap<unsigned, arch::Reg> renamed;
  llvm::DenseSet<unsigned> liveIn, taken;
  {
    // What the block reads before it writes it is live in: not a scratch.
    llvm::DenseSet<unsigned> written;
    auto noteReads = [&](const arch::Instruction &inst) {
      llvm::SmallVector<arch::Reg, 8> r;
      arch::getRegisterReads(inst, r);
      for (arch::Reg reg : r)
        if (!written.contains(arch::getRegSlot(reg)))
          liveIn.insert(arch::getRegSlot(reg));
    };
    for (size_t m : move.slice) {
      noteReads(program[m]);
      written.insert(arch::getRegSlot(destOf(program[m])));
    }
    noteReads(issue);
  }
  for (size_t m : move.slice) {
    arch::Instruction copy = program[m];
    renameReads(copy, renamed);
    arch::Reg dest = destOf(copy);
    // An earlier move landed here may compute the same value already (two
    // DMAs of one block share their address arithmetic): read its copy if
    // nothing landed after it overwrites it.
    // Only for copies whose inputs hold the same at both places: live in
    // or read from earlier moves, not written by this block's new copies.
    llvm::SmallVector<arch::Reg, 4> inputs;
    arch::getRegisterReads(copy, inputs);
    bool ownInput = llvm::any_of(inputs, [&](arch::Reg r) {
      return taken.contains(arch::getRegSlot(r));
    });
    auto same = ownInput ? std::nullopt : findLandedCopy(*best, copy);
    // ... and whose result this block has not overwritten either.
    if (same && taken.contains(arch::getRegSlot(same->first)))
      same.reset();
    if (same) {
      auto [reg, from] = *same;
      renamed[arch::getRegSlot(dest)] = reg;
      liveIn.insert(arch::getRegSlot(reg));
      if (reg != dest)
        move.renamed.push_back({dest, reg});
      ++move.reused;
      if (!llvm::is_contained(move.reusesFrom, from))
        move.reusesFrom.push_back(from);
      continue;
    }
    std::optional<arch::Reg> scratch;
    auto tryReg = [&](arch::Reg r) {
      unsigned slot = arch::getRegSlot(r);
      if (!scratch && !liveIn.contains(slot) && !taken.contains(slot) &&
          run.isFreeAt(r, entries, ignored))
        scratch = r;
    };
    tryReg(dest);
    for (unsigned i = 0; i < arch::getNumRegs(dest.cls) && !scratch; ++i)
      tryReg({dest.cls, uint8_t(i)});
    if (!scratch) {
      decision.reason = llvm::formatv("stays: no {0} register is free at "
                                      "pc {1} to copy {2} into",
                                      arch::getRegClassName(dest.cls),
                                      program[*best].pc, describe(m))
                            .str();
      return;
    }
    taken.insert(arch::getRegSlot(*scratch));
    copy.rd = scratch->index;
    renamed[arch::getRegSlot(dest)] = *scratch;
    if (*scratch != dest)
      move.renamed.push_back({dest, *scratch});
    move.block.push_back(copy);
    move.blockOrigin.push_back(m);
  }
  arch::Instruction moved = issue;
  renameReads(moved, renamed);
  move.block.push_back(moved);
  move.blockOrigin.push_back(dma);
  // Slice instructions nothing reads any more once the DMA moved.
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t m : move.slice) {
      if (ignored.contains(m))
        continue;
      llvm::ArrayRef<size_t> runs = run.occurrencesOf(m);
      std::vector<size_t> after;
      for (size_t k : runs)
        after.push_back(k + 1);
      if (run.isFreeAt(destOf(program[m]), after, ignored)) {
        ignored.insert(m);
        move.removed.push_back(m);
        changed = true;
      }
    }
  }
  llvm::sort(move.removed);
  decision.move = std::move(move);
}
} // namespace

std::vector<ProgramDecision> snr::rewrite::planProgramRewrite(
    const record::LoadedProgram &program, const trace::Trace &wholeRun,
    const llvm::DenseMap<uint64_t, uint64_t> &stallByPc,
    const arch::MemorySizes &sizes) {
  RunEvidence run(program, wholeRun, sizes);
  const std::vector<arch::Instruction> &insts = program.instructions;
  std::vector<Branch> branches;
  for (size_t i = 0; i < insts.size(); ++i)
    if (arch::isBranch(insts[i].opcode))
      branches.push_back({i, run.indexOfPc.lookup(uint64_t(insts[i].imm))});
  // A DMA that did not stall but keeps one that did from moving moves too:
  // planned again until no new such DMA turns up.
  llvm::DenseSet<size_t> blocking;
  std::vector<ProgramDecision> decisions;
  for (bool again = true; again;) {
    again = false;
    decisions.clear();
    std::vector<unsigned> dmasAttached(insts.size() + 1, 0);
    std::vector<std::vector<arch::Instruction>> landed(insts.size() + 1);
    std::vector<std::vector<size_t>> landedFrom(insts.size() + 1);
    llvm::DenseSet<size_t> moved;
    for (size_t i = 0; i < insts.size(); ++i) {
      if (insts[i].opcode != Opcode::DmaIssue)
        continue;
      ProgramDecision decision;
      decision.dma = i;
      decision.stallBefore = stallByPc.lookup(insts[i].pc);
      if (!decision.stallBefore && !blocking.contains(i)) {
        decision.reason = "its waits never stalled";
        decisions.push_back(std::move(decision));
        continue;
      }
      // Without joining a wait on its own flag first; only if that moves it
      // nowhere, issued together with what that wait waits for.
      DmaPlanner(run, branches, dmasAttached, landed, landedFrom, moved)
          .plan(decision, false);
      if (!decision.move) {
        ProgramDecision joined = decision;
        DmaPlanner(run, branches, dmasAttached, landed, landedFrom, moved)
            .plan(joined, true);
        if (joined.move && joined.move->waitsJoined)
          decision = std::move(joined);
      }
      if (decision.move) {
        ++dmasAttached[decision.move->landing];
        llvm::append_range(landed[decision.move->landing],
                           decision.move->block);
        landedFrom[decision.move->landing].resize(
            landed[decision.move->landing].size(), i);
        moved.insert(i);
      }
      decisions.push_back(std::move(decision));
    }
    for (const ProgramDecision &d : decisions)
      if (d.blockingDma && !stallByPc.lookup(insts[*d.blockingDma].pc))
        again |= blocking.insert(*d.blockingDma).second;
  }
  return decisions;
}

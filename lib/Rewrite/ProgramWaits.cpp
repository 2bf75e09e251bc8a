//===- ProgramWaits.cpp - Move a program's waits down ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A wait that stalls at every iteration of a loop (a loop that sends a chunk
// and waits for it before sending the next) makes every iteration pay the
// copies' base latency. The wait can run less often:
//   * merged: dropped, when every run of it is followed by a wait on the
//     same sync object that stays (after the loop, or later in the code);
//     that wait covers its copies;
//   * sunk: out of the loop, to the loop's exit, where one wait covers every
//     iteration's copies (then out of the enclosing loops while that stays
//     legal).
// Either way its copies stay in flight from where it was to the wait that
// now covers them. The evidence of the whole run decides: for every run of
// the wait, every instruction executed in that window must neither read nor
// write a byte its copies write, nor overwrite a byte they read, and none
// may halt or order everything (Hazards.h, findInFlightConflict). A wait on
// the same sync object in the window ends it; another run of the wait itself
// only adds its copies. The run must reach such a wait before it halts.
//
// DMA moves are planned first; a wait move that a DMA move would change the
// window of (a DMA moved out of it, into it, or onto the wait's place)
// stays.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/Hazards.h"
#include "SnR/Rewrite/ProgramRewrite.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

namespace {
/// Dynamic instructions a wait's windows may hold in all (each is checked
/// against the copies in flight).
constexpr uint64_t kWindowLimit = 4000000;

/// What checking one placement of a wait found.
struct Windows {
  bool legal = false;
  std::string why;
  /// Static instructions executed in some window.
  llvm::BitVector visited;
  uint64_t instructions = 0;
};

class WaitPlanner {
public:
  WaitPlanner(const RunEvidence &run, llvm::ArrayRef<ProgramDecision> dmas)
      : run(run), target(run.target), program(run.program.instructions),
        dmas(dmas) {
    descs.resize(program.size());
    for (size_t i = 0; i < program.size(); ++i)
      target.describe(program[i], /*executed=*/true, descs[i]);
  }

  void plan(ProgramWaitDecision &decision);

private:
  std::string describe(size_t s) const {
    return llvm::formatv("the {0} at pc {1}", target.getMnemonic(program[s]),
                         program[s].pc)
        .str();
  }
  /// The windows of `wait` when its copies are waited for by the next wait
  /// on its sync object that stays, or by a new one in front of `landing`.
  Windows check(size_t wait, std::optional<size_t> landing) const;
  /// The DMA move that changes a window of `wait` (its instructions
  /// `visited`), if one does.
  const ProgramDecision *findInterference(size_t wait,
                                          const llvm::BitVector &visited) const;
  /// The back-edge branches of the loops around `s`, innermost first.
  llvm::SmallVector<size_t, 4> loopsAround(size_t s) const;
  /// Whether, once the DMA moves are made, no run of `wait` waits for a
  /// copy (the copies it waited for joined an earlier wait on its flag).
  bool isEmptied(size_t wait, SyncId sync) const;

  const RunEvidence &run;
  const RewriteTarget &target;
  llvm::ArrayRef<Instruction> program;
  llvm::ArrayRef<ProgramDecision> dmas;
  std::vector<InstructionDesc> descs;

public:
  /// Waits moved so far, and where sunk waits landed, by sync object.
  std::map<SyncId, llvm::DenseSet<size_t>> moved, landed;
};

llvm::SmallVector<size_t, 4> WaitPlanner::loopsAround(size_t s) const {
  llvm::SmallVector<std::pair<size_t, size_t>, 4> loops; // (size, branch)
  for (size_t b = s + 1; b < program.size(); ++b) {
    const InstructionDesc &d = descs[b];
    if (d.control != target::ControlKind::Branch || !d.branchTarget)
      continue;
    size_t head = run.indexOfPc.lookup(*d.branchTarget);
    if (head <= s)
      loops.push_back({b - head, b});
  }
  llvm::sort(loops);
  llvm::SmallVector<size_t, 4> branches;
  for (auto [size, branch] : loops)
    if (branches.empty() || branch > branches.back())
      branches.push_back(branch);
  return branches;
}

Windows WaitPlanner::check(size_t wait, std::optional<size_t> landing) const {
  Windows w;
  w.visited.resize(program.size());
  SyncId sync = *descs[wait].waitsForCopies;
  const EffectsTable &effects = run.effects;
  auto isOwn = [&](size_t s) {
    auto it = moved.find(sync);
    return s == wait || (it != moved.end() && it->second.contains(s));
  };
  auto endsHere = [&](size_t s) {
    if (landing && s == *landing)
      return true;
    auto it = landed.find(sync);
    return it != landed.end() && it->second.contains(s);
  };
  llvm::SmallVector<size_t, 16> inFlight;
  llvm::ArrayRef<size_t> runs = run.occurrencesOf(wait);
  size_t n = run.trace.instructions.size();
  size_t next = 0; // the next run of the wait to start a window at
  while (next < runs.size()) {
    size_t k = runs[next];
    if (effects.waitsForCopies(k) != sync) { // predicated off
      ++next;
      continue;
    }
    inFlight.clear();
    llvm::append_range(inFlight, run.sync.coveredBy(k));
    size_t j = k + 1;
    for (;; ++j) {
      if (j == n) {
        w.why = "no wait on " + target.formatSyncObject(sync) +
                " follows it before the run ends";
        return w;
      }
      size_t s = run.staticOf(j);
      if (endsHere(s))
        break;
      if (effects.waitsForCopies(j) == sync) {
        if (!isOwn(s)) {
          // What a DMA move lands in front of it runs before it: in the
          // window.
          w.visited.set(s);
          break;
        }
        // Another run of it (or of a wait moved before): its copies join.
        llvm::append_range(inFlight, run.sync.coveredBy(j));
        continue;
      }
      if (++w.instructions > kWindowLimit) {
        w.why = llvm::formatv("its copies would be in flight over more than "
                              "{0} instructions",
                              kWindowLimit)
                    .str();
        return w;
      }
      w.visited.set(s);
      if (!effects.executed(j))
        continue;
      if (descs[s].orderingBarrier) {
        w.why = describe(s) + " orders everything, or ends the run, while "
                              "its copies are in flight";
        return w;
      }
      FootprintRef other{effects.reads(j),
                         effects.writes(j),
                         effects.loads(j),
                         effects.stores(j),
                         run.sync.madeAvailable(j),
                         effects.startsCopy(j),
                         effects.waitsForCopies(j),
                         run.sync.released(j)};
      if (other.loads.empty() && other.stores.empty() &&
          other.madeAvailable.empty() && other.released.empty())
        continue;
      for (size_t copy : inFlight) {
        Hazard h = findInFlightConflict(
            other, effects.loads(copy), effects.stores(copy),
            [](Conflict, const MemoryRange &) { return false; });
        if (!h)
          continue;
        w.why = llvm::formatv(
                    "{0}; trace instruction {1}",
                    describeInFlightHazard(h, describe(s),
                                           describe(run.staticOf(copy)),
                                           target),
                    j)
                    .str();
        return w;
      }
    }
    // The runs of it the window took in are done.
    while (next < runs.size() && runs[next] < j)
      ++next;
  }
  w.legal = true;
  return w;
}

bool WaitPlanner::isEmptied(size_t wait, SyncId sync) const {
  // Where each copy and wait on `sync` runs once the DMA moves are made:
  // an original at (2k + 1, 0); what a move landed in front of the run s of
  // its landing point at (2s, 2m + 1) for the DMA of the m-th move, and
  // (2s, 2m) for a wait it took along (first in its block).
  using Key = std::pair<size_t, size_t>;
  llvm::DenseMap<size_t, std::pair<const ProgramMove *, size_t>> movedAt;
  for (size_t m = 0; m < dmas.size(); ++m) {
    const ProgramDecision &d = dmas[m];
    if (!d.move || d.dropped)
      continue;
    // A rotated DMA on it runs an iteration early, not where its move's
    // block is: not worked out here.
    if (d.move->rotation && descs[d.dma].startsCopy == sync)
      return false;
    movedAt[d.dma] = {&*d.move, 2 * m + 1};
    if (d.move->takenWait)
      movedAt[*d.move->takenWait] = {&*d.move, 2 * m};
  }
  bool movedAny = false;
  std::vector<Key> copies, waits;
  const EffectsTable &effects = run.effects;
  for (size_t k = 0; k < effects.size(); ++k) {
    size_t s = run.staticOf(k);
    bool isWait = effects.waitsForCopies(k) == sync;
    // A wait an earlier decision moved or dropped is not there; one it sank
    // runs in front of its landing point, before what DMA moves landed
    // there.
    if (auto it = landed.find(sync); it != landed.end() && it->second.contains(s))
      waits.push_back({2 * k, 0});
    if (isWait) {
      auto it = moved.find(sync);
      if (it != moved.end() && it->second.contains(s))
        continue;
    }
    if (!isWait && effects.startsCopy(k) != sync)
      continue;
    Key key{2 * k + 1, 0};
    if (auto it = movedAt.find(s); it != movedAt.end()) {
      llvm::ArrayRef<size_t> entries =
          run.occurrencesOf(it->second.first->landing);
      auto e = llvm::lower_bound(entries, k);
      if (e == entries.begin())
        return false;
      key = {2 * *std::prev(e), it->second.second};
      movedAny = true;
    }
    (isWait ? waits : copies).push_back(key);
  }
  if (!movedAny)
    return false;
  llvm::sort(copies);
  llvm::sort(waits);
  bool ran = false;
  for (size_t k : run.occurrencesOf(wait)) {
    if (effects.waitsForCopies(k) != sync)
      continue;
    ran = true;
    Key at{2 * k + 1, 0};
    auto w = llvm::lower_bound(waits, at);
    // A copy after the previous wait and before this one: it waits for it.
    auto c = w == waits.begin() ? copies.begin()
                                : llvm::upper_bound(copies, *std::prev(w));
    if (c != copies.end() && *c < at)
      return false;
  }
  return ran;
}

const ProgramDecision *
WaitPlanner::findInterference(size_t wait,
                              const llvm::BitVector &visited) const {
  for (const ProgramDecision &d : dmas) {
    if (!d.move || d.dropped)
      continue;
    size_t landing = d.move->landing;
    if (d.dma == wait || landing == wait || visited.test(d.dma) ||
        visited.test(landing))
      return &d;
    if (d.move->takenWait &&
        (*d.move->takenWait == wait || visited.test(*d.move->takenWait)))
      return &d;
    if (d.move->rotation && (d.move->rotation->landing == wait ||
                             visited.test(d.move->rotation->landing)))
      return &d;
  }
  return nullptr;
}

void WaitPlanner::plan(ProgramWaitDecision &decision) {
  size_t wait = decision.wait;
  // The DMAs it waited for joined an earlier wait: it waits for nothing.
  if (isEmptied(wait, decision.sync)) {
    ProgramWaitMove move;
    move.wait = wait;
    move.emptied = true;
    move.runsBefore = run.occurrencesOf(wait).size();
    decision.reason = "dropped: the DMAs it waited for were issued before "
                      "an earlier wait on " +
                      target.formatSyncObject(decision.sync) +
                      ", which waits for them; it waits for no copy";
    moved[decision.sync].insert(wait);
    decision.move = std::move(move);
    return;
  }
  // Merged into the waits that follow, if they all stay.
  Windows merged = check(wait, std::nullopt);
  std::optional<size_t> landing;
  Windows best = merged;
  unsigned loops = 0;
  if (!merged.legal) {
    // Out of its loops, innermost first, as far as it stays legal.
    for (size_t branch : loopsAround(wait)) {
      if (branch + 1 >= program.size())
        break;
      Windows sunk = check(wait, branch + 1);
      if (!sunk.legal) {
        if (!landing)
          best = std::move(sunk);
        break;
      }
      best = std::move(sunk);
      landing = branch + 1;
      ++loops;
    }
  }
  if (!best.legal) {
    decision.reason = "stays: " + (best.why.empty()
                                       ? std::string("it is in no loop and "
                                                     "no wait on its flag "
                                                     "follows it")
                                       : best.why);
    return;
  }
  if (const ProgramDecision *d = findInterference(wait, best.visited)) {
    decision.reason =
        "stays: the move of " + describe(d->dma) +
        " changes what runs while its copies would be in flight";
    return;
  }
  ProgramWaitMove move;
  move.wait = wait;
  move.landing = landing;
  move.loopsLeft = loops;
  move.instructionsLater = best.instructions;
  llvm::ArrayRef<size_t> runs = run.occurrencesOf(wait);
  move.runsBefore = llvm::count_if(runs, [&](size_t k) {
    return run.effects.waitsForCopies(k).has_value();
  });
  move.runsAfter = landing ? run.occurrencesOf(*landing).size() : 0;
  if (landing)
    decision.reason =
        llvm::formatv("moved out of {0} loop(s) to in front of {1}: {2} run(s) "
                      "of it become {3}",
                      loops, describe(*landing), move.runsBefore,
                      move.runsAfter)
            .str();
  else
    decision.reason =
        llvm::formatv("merged: each of its {0} run(s) is covered by the next "
                      "wait on {1}",
                      move.runsBefore, target.formatSyncObject(decision.sync))
            .str();
  moved[decision.sync].insert(wait);
  if (landing)
    landed[decision.sync].insert(*landing);
  decision.move = std::move(move);
}
} // namespace

std::vector<ProgramWaitDecision> snr::rewrite::planProgramWaits(
    const RunEvidence &run,
    const llvm::DenseMap<uint64_t, uint64_t> &waitStallByPc,
    llvm::ArrayRef<ProgramDecision> decisions,
    const std::map<size_t, std::string> &leaveInPlace) {
  const std::vector<Instruction> &insts = run.program.instructions;
  WaitPlanner planner(run, decisions);
  // A wait a DMA move took along moves with it.
  llvm::DenseSet<size_t> taken;
  for (const ProgramDecision &d : decisions)
    if (d.move && !d.dropped && d.move->takenWait)
      taken.insert(*d.move->takenWait);
  std::vector<ProgramWaitDecision> result;
  // From the last wait up: a wait's windows end at the waits after it that
  // stay, so those are decided first.
  for (size_t i = insts.size(); i-- > 0;) {
    InstructionDesc desc;
    run.target.describe(insts[i], /*executed=*/true, desc);
    if (!desc.waitsForCopies)
      continue;
    uint64_t stall = waitStallByPc.lookup(insts[i].pc);
    if (!stall || taken.contains(i))
      continue;
    ProgramWaitDecision decision;
    decision.wait = i;
    decision.sync = *desc.waitsForCopies;
    decision.stallBefore = stall;
    if (auto it = leaveInPlace.find(i); it != leaveInPlace.end()) {
      decision.dropped = true;
      decision.reason = "dropped by the proof: " + it->second;
    } else {
      planner.plan(decision);
    }
    result.push_back(std::move(decision));
  }
  std::reverse(result.begin(), result.end());
  return result;
}

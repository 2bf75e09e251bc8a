//===- ProgramRotation.cpp - Issue a loop's DMA one iteration early -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A DMA at the top of a loop body cannot move above the loop's head: the
// back-edge would enter its region in the middle. The best it can do within
// the iteration is to be issued first thing, and a DMA waited for right
// after (a reduce-scatter pulling a peer's chunk) still stalls for its whole
// latency. Issued during the iteration before, it would not: that is a move
// across the back-edge, software pipelining by one iteration.
//
// The DMA of the first iteration of each run of the loop is issued on entry
// (the move to the loop's head, whose block the back-edge now skips); in
// every iteration a copy issues the next iteration's DMA, in front of a
// point of the body (the landing), guarded by the loop's condition (a copy
// of what the back-edge branch tests, computed there), so the last
// iteration issues none. Its operands are the next iteration's: walking up
// from the DMA through the head and then from the back-edge into the body,
// every instruction that writes a register the DMA (or the guard, or the
// slice) reads is copied in front of the landing, into a register free
// there, as the move up a region does.
//
// The evidence decides where the copy may land, for every run of the DMA
// but the first of each run of the loop: the instructions executed from the
// landing's run in the iteration before to the DMA's must not conflict with
// its bytes (as for any move); the landing must run once in every
// iteration, outside the body's inner loops; and the copy crosses no other
// DMA on its link (the link's queue order is kept), no wait on its flag, no
// fence and no block an earlier move landed there.
//
//===----------------------------------------------------------------------===//

#include "ProgramPlanner.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::rewrite;
using namespace snr::rewrite::detail;

std::optional<size_t> DmaPlanner::findRotatableLoop(size_t head,
                                                    size_t dma) const {
  // The innermost loop with that head around the DMA.
  std::optional<size_t> backEdge;
  for (const Branch &b : statics.branches)
    if (b.target == head && b.at > dma && (!backEdge || b.at < *backEdge))
      backEdge = b.at;
  if (!backEdge || !desc(*backEdge).guard)
    return std::nullopt;
  for (const Branch &b : statics.branches) {
    bool inside = b.at >= head && b.at <= *backEdge;
    // Out of the body other than by the back-edge's fall-through.
    if (inside && (b.target < head || b.target > *backEdge + 1))
      return std::nullopt;
    // Into the body other than at its head.
    if (!inside && b.target > head && b.target <= *backEdge)
      return std::nullopt;
  }
  return backEdge;
}

bool DmaPlanner::rotate(ProgramDecision &decision, ProgramMove &move,
                        std::string &why) {
  const size_t dma = decision.dma, head = move.landing;
  const InstructionDesc &dmaDesc = desc(dma);
  if (dmaDesc.predicated) {
    why = "it is predicated";
    return false;
  }
  std::optional<size_t> backEdge = findRotatableLoop(head, dma);
  if (!backEdge) {
    why = "its loop is left or entered elsewhere than at its ends, or its "
          "back-edge is not conditional";
    return false;
  }
  const size_t b = *backEdge;
  const RegId guard = *desc(b).guard;
  // Issued early for a wait in the same iteration: one after the loop
  // (or in a later iteration) has the loop's time to hide its latency
  // already.
  for (size_t k : run.occurrencesOf(dma)) {
    std::optional<size_t> wait = run.sync.coveringWait(k);
    if (!run.effects.executed(k) || !wait)
      continue;
    size_t s = run.staticOf(*wait);
    auto h = llvm::upper_bound(run.occurrencesOf(head), k);
    bool sameIteration = s > dma && s <= b &&
                         (h == run.occurrencesOf(head).end() || *wait < *h);
    if (!sameIteration) {
      why = "not every run of it is waited for in its own iteration";
      return false;
    }
  }
  SyncId ownSync = *dmaDesc.startsCopy;
  auto linkOf = [&](size_t s) -> std::optional<unsigned> {
    for (size_t k : run.occurrencesOf(s))
      if (auto it = timing->link.find(k); it != timing->link.end())
        return it->second;
    return std::nullopt;
  };
  std::optional<unsigned> ownLink = timing ? linkOf(dma) : std::nullopt;
  if (!ownLink) {
    why = "the replay of the run does not say its link";
    return false;
  }

  // The registers the next iteration's DMA needs at the head: what the DMA
  // and the slice copied at the head read and do not compute themselves;
  // and the back-edge's guard.
  llvm::DenseSet<RegId> needed;
  for (RegId r : dmaDesc.reads)
    needed.insert(r);
  for (size_t m : llvm::reverse(move.slice)) {
    needed.erase(desc(m).writes.front());
    for (RegId r : desc(m).reads)
      needed.insert(r);
  }
  needed.insert(guard);

  // The runs it rotates: every run but the first of each run of the loop
  // (entered elsewhere than from the back-edge), with the head's run in
  // front of each.
  llvm::ArrayRef<size_t> heads = run.occurrencesOf(head);
  std::vector<Window> rotated;
  std::vector<size_t> previousHead;
  for (size_t k : run.occurrencesOf(dma)) {
    if (!run.effects.executed(k))
      continue;
    auto h = llvm::upper_bound(heads, k);
    if (h == heads.begin())
      continue;
    size_t hr = *std::prev(h);
    if (hr == 0 || run.staticOf(hr - 1) != b)
      continue; // the loop's first iteration: the block at the head
    if (std::prev(h) == heads.begin()) {
      why = "a run of it follows the back-edge with no run of the head "
            "before";
      return false;
    }
    rotated.push_back({k, k, std::nullopt});
    previousHead.push_back(*std::prev(h, 2));
  }
  if (rotated.empty()) {
    why = "no run of it follows another iteration of its loop";
    return false;
  }

  // Walk up from the back-edge into the body.
  std::swap(windows, rotated);
  std::vector<size_t> slice; // descending, in the body
  std::optional<size_t> best;
  for (size_t x = b; x-- > dma + 1;) {
    if (dmasAttached[x + 1]) {
      why = "a DMA moved earlier already landed there";
      break;
    }
    const InstructionDesc &inst = desc(x);
    if (inst.orderingBarrier) {
      why = describe(x) + " is not crossed";
      break;
    }
    if (inst.startsCopy && !moved.contains(x) && linkOf(x) == ownLink) {
      why = describe(x) + " is a DMA on its link (the link's order is kept)";
      break;
    }
    if (inst.waitsForCopies == ownSync && !takenWaits.contains(x)) {
      why = describe(x) + " waits on its flag " +
            target.formatSyncObject(ownSync);
      break;
    }
    for (RegId r : inst.writes) {
      if (!needed.contains(r))
        continue;
      if (!isCopyable(inst) ||
          llvm::any_of(statics.branches, [&](const Branch &br) {
            return br.at > x && br.at < b && br.target <= x;
          })) {
        why = llvm::formatv("{0} writes {1}, which the next iteration's DMA "
                            "or the loop's condition needs, and cannot be "
                            "copied",
                            describe(x), target.formatRegister(r))
                  .str();
        break;
      }
      needed.erase(r);
      for (RegId read : inst.reads)
        needed.insert(read);
      slice.push_back(x);
    }
    if (!why.empty())
      break;
    // A forward branch past a copied instruction makes it conditional.
    if (inst.control == target::ControlKind::Branch && inst.branchTarget &&
        llvm::any_of(slice, [&](size_t m) {
          return run.indexOfPc.lookup(*inst.branchTarget) > m && m > x;
        })) {
      why = describe(x) + " may skip what the copy computes";
      break;
    }
    // Once per iteration: not inside one of the body's inner loops, nor
    // at the head of one (its back-edge would run what lands there again).
    if (llvm::any_of(statics.branches, [&](const Branch &br) {
          return br.at >= x && br.at < b && br.target <= x;
        }))
      continue;
    std::string conflict;
    if (!extendWindows(x, dma, conflict)) {
      why = conflict;
      break;
    }
    // The landing's run in front of each rotated run is in the iteration
    // before it.
    bool everyIteration = true;
    llvm::ArrayRef<size_t> entries = run.occurrencesOf(x);
    for (size_t i = 0; i < windows.size() && everyIteration; ++i) {
      size_t start = windows[i].checkedFrom;
      auto e = llvm::lower_bound(entries, start);
      everyIteration = e != entries.end() && *e == start &&
                       start > previousHead[i];
    }
    if (!everyIteration) {
      why = describe(x) + " does not run in every iteration";
      break;
    }
    best = x;
  }
  std::swap(windows, rotated);
  if (!best) {
    if (why.empty())
      why = "nothing in its loop to issue it in front of";
    return false;
  }

  // The copies, in the order they run: the body's (from the landing to the
  // back-edge), then the head's (the slice of the move to the head).
  ProgramMove copy;
  copy.dma = dma;
  copy.landing = *best;
  for (size_t m : llvm::reverse(slice))
    if (m >= *best)
      copy.slice.push_back(m);
  llvm::append_range(copy.slice, move.slice);
  llvm::DenseSet<size_t> ignored = {dma};
  ProgramDecision scratch = decision;
  if (!copySlice(scratch, copy, ignored, {guard})) {
    why = scratch.reason;
    return false;
  }
  // Its own copies only: an earlier move's may be dropped without it.
  if (copy.reused) {
    why = "it would read the copies an earlier move landed there";
    return false;
  }
  // The copy of the DMA runs when the back-edge is taken: guarded by the
  // copy of its condition (or the condition itself, computed before).
  RegId held = guard;
  for (auto [from, to] : copy.renamed)
    if (from == guard)
      held = to;
  target.setGuard(copy.block.back(), held, desc(b).guardNegated);

  ProgramMove::Rotation rotation;
  rotation.landing = *best;
  rotation.backEdge = b;
  rotation.block = std::move(copy.block);
  rotation.blockOrigin = std::move(copy.blockOrigin);
  rotation.slice = std::move(copy.slice);
  rotation.renamed = std::move(copy.renamed);
  for (size_t s = *best; s <= b; ++s)
    rotation.crossed += !moved.contains(s);
  move.rotation = std::move(rotation);
  return true;
}

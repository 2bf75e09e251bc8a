//===- MoveSearch.h - The largest provable subset of moves ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The one search both rewrites use when the proof does not keep a plan
// whole. Moves are planned in an order where the first k moves of a plan
// are a plan (a move depends on the moves before it, never on those after):
// with the original (no move) proved and the whole plan not, the smallest
// failing prefix is found by bisection in log2(moves) attempts; its last
// move is dropped (it made a proved prefix fail), with what the proof
// measured, and the plan without it is made and tried again. With a budget,
// once it is spent the longest prefix proved so far is kept. Deterministic:
// the same rewrite drops the same moves.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_MOVESEARCH_H
#define SNR_REWRITE_MOVESEARCH_H

#include "llvm/Support/Error.h"

#include <optional>

namespace snr::rewrite {

/// Searches with the caller's planner and proof:
///  * `attempt(limit)` plans with the moves dropped so far left in place and
///    at most `limit` moves (none: every move), proves the result and
///    returns it, an `Attempt` with `bool proved() const` and
///    `size_t moveCount() const`;
///  * `drop(full, culprit, bad, good)` leaves move `culprit` (its index in
///    the planning order of the attempt `full`) in place from then on; `bad`
///    is the attempt that failed with it, `good` the proved prefix without
///    it (null: the original);
///  * `budgetSpent()` says whether the attempts are out of budget.
/// Returns the kept attempt: the whole plan proved, the plan once every
/// move that failed is dropped (it may move nothing), or the longest proved
/// prefix once the budget is spent.
template <typename Attempt, typename AttemptFn, typename DropFn,
          typename BudgetFn>
llvm::Expected<Attempt> findProvableMoves(AttemptFn attempt, DropFn drop,
                                          BudgetFn budgetSpent) {
  std::optional<size_t> limit;
  while (true) {
    llvm::Expected<Attempt> full = attempt(limit);
    if (!full)
      return full.takeError();
    if (full->proved() || limit || full->moveCount() == 0)
      return full;
    // The smallest failing prefix: `good` moves are proved (0: the
    // original), `bad` are not.
    size_t good = 0, bad = full->moveCount();
    std::optional<Attempt> atGood, atBad;
    while (bad - good > 1) {
      if (budgetSpent())
        break;
      size_t mid = good + (bad - good) / 2;
      llvm::Expected<Attempt> prefix = attempt(mid);
      if (!prefix)
        return prefix.takeError();
      if (prefix->proved()) {
        good = mid;
        atGood = std::move(*prefix);
      } else {
        bad = mid;
        atBad = std::move(*prefix);
      }
    }
    if (bad - good > 1 || budgetSpent()) {
      // Out of budget: the longest proved prefix (planned once more).
      limit = good;
      continue;
    }
    drop(*full, bad - 1, atBad ? *atBad : *full, atGood ? &*atGood : nullptr);
  }
}

} // namespace snr::rewrite

#endif // SNR_REWRITE_MOVESEARCH_H

//===- InFlightAccesses.h - What touches a copy while it is in flight ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The functional model completes a copy at its start, so a replay cannot see
// a program read a copy's destination before the wait that covers it: the
// final state is the same either way. The differential tests see it here
// instead: every instruction that reads or writes a byte a copy writes, or
// overwrites a byte it reads, between the copy's start and the wait that
// covers it, is an access in flight. A rewrite may not add one.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_REWRITE_INFLIGHTACCESSES_H
#define SNR_UNITTESTS_REWRITE_INFLIGHTACCESSES_H

#include "SnR/Rewrite/Hazards.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <set>
#include <utility>
#include <vector>

namespace snr::rewrite::testing {

/// The (copy, instruction) pairs of the run `effects` describes where the
/// instruction touches the copy's bytes while the copy is in flight, each
/// named by `name(index in the run)`.
inline std::set<std::pair<uint64_t, uint64_t>>
findInFlightAccesses(const EffectsTable &effects, unsigned numSyncObjects,
                     llvm::function_ref<uint64_t(size_t)> name) {
  std::set<std::pair<uint64_t, uint64_t>> found;
  std::vector<std::vector<size_t>> inFlight(numSyncObjects);
  for (size_t k = 0; k < effects.size(); ++k) {
    if (std::optional<SyncId> sync = effects.waitsForCopies(k)) {
      inFlight[*sync].clear();
      continue;
    }
    FootprintRef mine{{}, {}, effects.loads(k), effects.stores(k), {}, {}, {}};
    for (const std::vector<size_t> &copies : inFlight)
      for (size_t copy : copies)
        if (findInFlightConflict(
                mine, effects.loads(copy), effects.stores(copy),
                [](Conflict, const MemoryRange &) { return false; }))
          found.insert({name(copy), name(k)});
    if (std::optional<SyncId> sync = effects.startsCopy(k))
      inFlight[*sync].push_back(k);
  }
  return found;
}

/// The first pair of `after` that `before` does not have, if any.
inline std::optional<std::pair<uint64_t, uint64_t>>
findNewInFlightAccess(const std::set<std::pair<uint64_t, uint64_t>> &before,
                      const std::set<std::pair<uint64_t, uint64_t>> &after) {
  for (const auto &pair : after)
    if (!before.count(pair))
      return pair;
  return std::nullopt;
}

} // namespace snr::rewrite::testing

#endif // SNR_UNITTESTS_REWRITE_INFLIGHTACCESSES_H

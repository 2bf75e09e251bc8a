//===- Suggestions.h - Algorithm 2: which DMAs to move ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// For every DMA whose wait stalled (the DMA the stall is charged to):
//   push_limit        = how many cycles earlier its relaxed dependencies let
//                       its issue move (its relaxed backtail);
//   memory_available  = a contiguous free VMEM region of its size exists over
//                       the window it would move across (always true for a
//                       destination outside VMEM);
//   verdict           = hoist if push_limit > stall and memory is available,
//                       otherwise the reason it cannot be fixed by hoisting.
// And groups of DMAs issued one after another, each waited for before the
// next is issued, although none needs the previous one's data: issued
// together, their base latencies would overlap.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_SUGGESTIONS_H
#define SNR_ANALYSIS_SUGGESTIONS_H

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/DependencyAnalysis.h"

#include <string>
#include <vector>

namespace snr::analysis {

class DataCacheAnalysis;
class DmaStallAnalysis;

enum class Verdict : uint8_t {
  /// push_limit > stall and memory is available: hoisting removes the stall.
  Hoist,
  /// stall / 10 <= push_limit <= stall and memory is available: hoisting as
  /// far as the dependencies allow removes push_limit cycles of the stall.
  HoistPartly,
  /// push_limit < stall / 10: it needs something produced (almost) right
  /// before it; moving it that little is not worth a rewrite.
  BlockedByDependency,
  /// No contiguous free VMEM of its size over the window.
  NoRoom,
};
llvm::StringRef getVerdictName(Verdict verdict);

struct DmaSuggestion {
  uint32_t dma = 0;
  uint64_t issueIndex = 0, waitIndex = 0;
  uint64_t stall = 0;                  ///< the wait's stall charged to it
  uint64_t pushLimit = 0;              ///< cycles (relaxed backtail)
  uint64_t pushLimitInstructions = 0;
  /// Where to move the issue: in front of instruction `target`, the latest
  /// point at least stall + stall / 8 cycles earlier (within the push limit;
  /// the margin absorbs the work that moves with it), or the earliest point
  /// its dependencies allow, for HoistPartly.
  uint64_t target = 0;
  uint64_t hoistCycles = 0, hoistInstructions = 0;
  uint64_t pagesNeeded = 0;  ///< VMEM pages of its destination (0: not VMEM)
  uint64_t freeRunPages = 0; ///< largest contiguous free run over the window
  bool memoryAvailable = true;
  Verdict verdict = Verdict::BlockedByDependency;
  uint64_t expectedSaving = 0; ///< cycles of stall removed
  std::string reason;          ///< one sentence
  Backtail relaxed, conservative;
};

/// DMAs issued and waited one at a time, though independent.
struct ParallelDmaGroup {
  std::vector<uint32_t> dmas; ///< in issue order
  /// The base-latency stall that overlapping would save: that of every DMA
  /// but the first.
  uint64_t expectedSaving = 0;
  HloId hlo = kNoHlo;
};

struct SuggestionOptions {
  /// Only DMAs whose wait stalled at least this many cycles are considered.
  uint64_t minStall = 1;
};

class Suggestions {
public:
  Suggestions() = default;
  /// Its registration (SnR/Analysis/AnalysisSet.h).
  static const AnalysisInfo &getInfo();
  /// Runs Algorithm 2 on the results of a functional replay.
  void compute(const TraceInfo &info, const DmaStallAnalysis &dmas,
               const DependencyAnalysis &deps, const DataCacheAnalysis &cache,
               SuggestionOptions options = {});

  /// One per stalled DMA, in issue order.
  std::vector<DmaSuggestion> dmas;
  std::vector<ParallelDmaGroup> parallelGroups;
  /// The suggestions worth acting on (Hoist and HoistPartly, and groups),
  /// by expected saving, largest first.
  uint64_t totalExpectedSaving = 0;
};

/// What stops a backtail: "the addi at pc 20 (line 190), which writes s5",
/// or "the start of the trace".
std::string describeBlocker(const TraceInfo &info, const Backtail &backtail);

} // namespace snr::analysis

#endif // SNR_ANALYSIS_SUGGESTIONS_H

//===- Suggestions.cpp - Algorithm 2: which DMAs to move ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/Suggestions.h"
#include "SnR/Analysis/AnalysisOptions.h"
#include "SnR/Analysis/DataCacheAnalysis.h"
#include "SnR/Analysis/DependencyAnalysis.h"
#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Target/Target.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &Suggestions::getInfo() {
  // Algorithm 2 runs on what the replay found, after it.
  static const AnalysisInfo info = AnalysisInfo::get<Suggestions>(
      "suggestions", TargetFeature::AsyncCopies,
      {&DmaStallAnalysis::getInfo(), &DependencyAnalysis::getInfo(),
       &DataCacheAnalysis::getInfo()},
      [](const AnalysisContext &) { return std::make_unique<Suggestions>(); },
      [](Suggestions &suggestions, const AnalysisSet &set,
         const AnalysisContext &context) {
        suggestions.compute(context.info, set.get<DmaStallAnalysis>(),
                            set.get<DependencyAnalysis>(),
                            set.get<DataCacheAnalysis>(),
                            context.options.suggestions);
      });
  return info;
}

llvm::StringRef snr::analysis::getVerdictName(Verdict verdict) {
  switch (verdict) {
  case Verdict::Hoist:
    return "hoist";
  case Verdict::HoistPartly:
    return "hoist-partly";
  case Verdict::BlockedByDependency:
    return "blocked-by-dependency";
  case Verdict::NoRoom:
    return "no-room";
  }
  return "";
}

std::string snr::analysis::describeBlocker(const TraceInfo &info,
                                          const Backtail &backtail) {
  if (backtail.blocker == sim::kNoIndex)
    return "the start of the trace";
  const target::Target &target = info.getTarget();
  bool waits = info.getDesc(backtail.blocker).waitsForCopies;
  std::string what;
  switch (backtail.blockerResource) {
  case DepResource::Register:
  case DepResource::Flag:
    what = (waits ? "which waits on " : "which writes ") +
           target.getRegisters().get(backtail.blockerWhat).name;
    break;
  case DepResource::Memory:
    what = (waits ? "which makes the data it reads available in "
                  : "which writes the data it reads in ") +
           target.getSpaceInfo(backtail.blockerWhat).family;
    break;
  }
  return llvm::formatv("the {0} at {1}, {2}",
                       info.getMnemonic(backtail.blocker),
                       info.describe(backtail.blocker), what)
      .str();
}

namespace {

/// The pages a DMA's destination spans in the data cache (the model's
/// scratchpad), 0 outside it.
uint64_t pagesOf(const DmaRecord &dma, const DataCacheAnalysis &cache) {
  if (!cache.hasScratchpad || dma.dst.space != cache.space ||
      cache.pageBytes == 0)
    return 0;
  uint64_t first = dma.dst.addr / cache.pageBytes;
  uint64_t last = (dma.dst.addr + dma.bytes - 1) / cache.pageBytes;
  return last - first + 1;
}
} // namespace

void Suggestions::compute(const TraceInfo &info, const DmaStallAnalysis &stalls,
                          const DependencyAnalysis &deps,
                          const DataCacheAnalysis &cache,
                          SuggestionOptions options) {
  dmas.clear();
  parallelGroups.clear();
  totalExpectedSaving = 0;
  const std::vector<uint64_t> &cycles = deps.issueCycle;

  for (const DmaRecord &dma : stalls.dmas) {
    if (!dma.charged || dma.stall() < options.minStall)
      continue;
    DmaSuggestion s;
    s.dma = dma.id;
    s.issueIndex = dma.issueIndex;
    s.waitIndex = dma.waitIndex;
    s.stall = dma.stall();
    s.relaxed = deps.relaxedBacktail(dma.issueIndex);
    s.conservative = deps.conservativeBacktail(dma.issueIndex);
    s.pushLimit = s.relaxed.cycles;
    s.pushLimitInstructions = s.relaxed.instructions;
    s.pagesNeeded = pagesOf(dma, cache);
    s.target = dma.issueIndex;

    // Moving it by less than a tenth of its stall is not worth a rewrite.
    if (s.pushLimit * 10 < s.stall) {
      s.verdict = Verdict::BlockedByDependency;
      s.reason = llvm::formatv("its wait stalled {0} cycles, but it can start "
                               "at most {1} cycles earlier: it needs {2}",
                               s.stall, s.pushLimit,
                               describeBlocker(info, s.relaxed))
                     .str();
      dmas.push_back(std::move(s));
      continue;
    }

    // The latest point from which it completes in time: the last
    // instruction at least `stall` cycles before it (issue cycles grow with
    // the index, so a binary search finds it).
    uint64_t issue = cycles[dma.issueIndex];
    if (s.pushLimit > s.stall) {
      // Aim an eighth past the stall (within the push limit): moving the
      // issue also moves the work around it, so an exact fit falls short.
      uint64_t aim = std::min(s.pushLimit, s.stall + s.stall / 8);
      auto begin = cycles.begin() + s.relaxed.earliest;
      auto end = cycles.begin() + dma.issueIndex;
      auto after = std::upper_bound(begin, end, issue - aim);
      s.target = uint64_t(after - cycles.begin()) - 1;
    } else {
      s.target = s.relaxed.earliest;
    }
    s.hoistInstructions = dma.issueIndex - s.target;
    s.hoistCycles = issue - cycles[s.target];

    s.freeRunPages = s.pagesNeeded
                         ? cache.largestFreeRunOver(cycles[s.target], issue)
                         : 0;
    s.memoryAvailable = s.pagesNeeded == 0 || s.freeRunPages >= s.pagesNeeded;
    std::string split = llvm::formatv("{0} on base latency, {1} on transfer",
                                      dma.baseStall, dma.transferStall)
                            .str();
    if (!s.memoryAvailable) {
      s.verdict = Verdict::NoRoom;
      s.reason =
          llvm::formatv("its wait stalled {0} cycles ({1}); its dependencies "
                        "let it start {2} cycles earlier, but over that "
                        "window the largest contiguous free VMEM region is "
                        "{3} pages and it needs {4}",
                        s.stall, split, s.hoistCycles, s.freeRunPages,
                        s.pagesNeeded)
              .str();
    } else if (s.pushLimit > s.stall) {
      s.verdict = Verdict::Hoist;
      s.expectedSaving = s.stall;
      s.reason = llvm::formatv("its wait stalled {0} cycles ({1}); its "
                               "dependencies let it start up to {2} cycles "
                               "earlier (until {3})",
                               s.stall, split, s.pushLimit,
                               describeBlocker(info, s.relaxed))
                     .str();
    } else {
      s.verdict = Verdict::HoistPartly;
      s.expectedSaving = s.pushLimit;
      s.reason = llvm::formatv("its wait stalled {0} cycles ({1}); it can "
                               "start only {2} cycles earlier: it needs {3}",
                               s.stall, split, s.pushLimit,
                               describeBlocker(info, s.relaxed))
                     .str();
    }
    if (s.verdict == Verdict::Hoist && s.pagesNeeded)
      s.reason += llvm::formatv("; {0} contiguous VMEM pages are free over "
                                "the window ({1} needed)",
                                s.freeRunPages, s.pagesNeeded)
                      .str();
    totalExpectedSaving += s.expectedSaving;
    dmas.push_back(std::move(s));
  }

  // Serial groups: DMA b is issued after the wait of the DMA a before it,
  // both waits stalled on base latency, and b needs nothing at or after a's
  // wait, so b could have been issued alongside a.
  std::vector<uint32_t> group;
  auto closeGroup = [&] {
    if (group.size() >= 2) {
      ParallelDmaGroup parallel;
      parallel.dmas = group;
      for (size_t i = 1; i < group.size(); ++i)
        parallel.expectedSaving += stalls.dmas[group[i]].baseStall;
      parallel.hlo = stalls.dmas[group.front()].issueHlo;
      parallelGroups.push_back(std::move(parallel));
    }
    group.clear();
  };
  auto serial = [&](const DmaRecord &dma) {
    return dma.charged && dma.baseStall > 0 && dma.waitCovers == 1;
  };
  // Issued next to the group's first DMA, it must not overwrite memory read
  // or written since then (WAR and WAW on its destination).
  auto clearSince = [&](const DmaRecord &dma, uint64_t since) {
    for (const DepEdge &edge : deps.edgesOf(dma.issueIndex))
      if (edge.resource == DepResource::Memory && edge.kind != DepKind::RAW &&
          edge.other >= since)
        return false;
    return true;
  };
  for (const DmaRecord &dma : stalls.dmas) {
    if (!serial(dma)) {
      closeGroup();
      continue;
    }
    if (!group.empty()) {
      const DmaRecord &previous = stalls.dmas[group.back()];
      const DmaRecord &first = stalls.dmas[group.front()];
      bool after = dma.issueIndex > previous.waitIndex;
      bool sameHlo = dma.issueHlo == previous.issueHlo;
      bool independent =
          after &&
          deps.relaxedBacktail(dma.issueIndex).earliest <=
              previous.waitIndex &&
          clearSince(dma, first.issueIndex);
      if (!(after && sameHlo && independent))
        closeGroup();
    }
    group.push_back(dma.id);
  }
  closeGroup();
}

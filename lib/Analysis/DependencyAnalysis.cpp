//===- DependencyAnalysis.cpp - Dynamic dependencies of a replay ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One forward pass. Registers (and DMA flags) keep their last writer and last
// reader; each memory keeps two maps of disjoint byte spans to the last
// writer and the last reader of those bytes. An instruction's register edges
// are made when it issues, its memory edges when its accesses are reported
// (right after), and all of them are packed into a CSR array when the next
// instruction issues. Only the latest reader and writer of a location are
// kept: an instruction that must stay after them stays after every earlier
// one, because the rewrite never moves them.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/DependencyAnalysis.h"
#include "SnR/Analysis/AnalysisOptions.h"
#include "SnR/Target/Target.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <queue>

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &DependencyAnalysis::getInfo() {
  static const AnalysisInfo info = AnalysisInfo::get<DependencyAnalysis>(
      "dependencies", TargetFeature::None, {},
      [](const AnalysisContext &context) {
        return std::make_unique<DependencyAnalysis>(
            context.info, context.options.dependencies);
      });
  return info;
}

namespace {
/// Calls `fn(index)` for every span of `map` overlapping [begin, end).
template <typename Map, typename Fn>
void forEachOverlap(const Map &map, uint64_t begin, uint64_t end, Fn fn) {
  auto it = map.upper_bound(begin);
  if (it != map.begin())
    --it;
  for (; it != map.end() && it->first < end; ++it)
    if (it->second.end > begin)
      fn(it->second.index);
}

/// Makes [begin, end) of `map` one span owned by `index`.
template <typename Map>
void assignSpan(Map &map, uint64_t begin, uint64_t end, uint64_t index) {
  using Span = typename Map::mapped_type;
  auto it = map.lower_bound(begin);
  // The common case, a buffer accessed again with the same shape: no nodes
  // to free and allocate.
  if (it != map.end() && it->first == begin && it->second.end == end) {
    it->second.index = index;
    return;
  }
  if (it != map.begin()) {
    auto prev = std::prev(it);
    if (prev->second.end > begin) {
      Span old = prev->second;
      prev->second.end = begin;
      if (old.end > end)
        map.emplace(end, Span{old.end, old.index});
    }
  }
  it = map.lower_bound(begin);
  while (it != map.end() && it->first < end) {
    if (it->second.end > end) {
      Span tail{it->second.end, it->second.index};
      map.erase(it);
      map.emplace(end, tail);
      break;
    }
    it = map.erase(it);
  }
  map.emplace(begin, Span{end, index});
}
} // namespace

void DependencyAnalysis::onRunStart(const sim::RunInfo &run) {
  size_t count = run.instructions->size();
  edges.clear();
  offsets.assign(1, 0);
  offsets.reserve(count + 1);
  issueCycle.assign(count, 0);
  dmaAtIndex.assign(count, ~uint32_t(0));
  dmaWait.clear();
  dmaIssueIndex.clear();
  memories.clear();
  const target::Target &target = run.instructions->getTarget();
  size_t numRegs = target.getRegisters().size();
  lastWriter.assign(numRegs, sim::kNoIndex);
  lastReader.assign(numRegs, sim::kNoIndex);
  isSyncRegister.assign(numRegs, false);
  for (target::RegId reg = 0; reg < numRegs; ++reg)
    isSyncRegister[reg] = run.instructions->holdsSyncObject(reg);
  current = sim::kNoIndex;
  pending.clear();
}

void DependencyAnalysis::addEdge(uint64_t from, DepEdge edge) {
  if (edge.other == from)
    return;
  // One edge per (other, kind, resource, what) is enough.
  for (const DepEdge &existing : pending)
    if (existing.other == edge.other && existing.kind == edge.kind &&
        existing.resource == edge.resource && existing.what == edge.what)
      return;
  pending.push_back(edge);
}

bool DependencyAnalysis::isBacktailed(uint64_t index) const {
  return dmaAtIndex[index] != ~uint32_t(0) ||
         info.getDesc(index).lightweight;
}

void DependencyAnalysis::flushPending() {
  // Its DMA, if it issues one, was reported after its accesses: by now.
  if (!options.backtailEdgesOnly || isBacktailed(current))
    edges.insert(edges.end(), pending.begin(), pending.end());
  offsets.push_back(edges.size());
}

void DependencyAnalysis::dropEdgesBeyondBacktails() {
  std::vector<DepEdge> kept;
  std::vector<uint64_t> keptOffsets;
  keptOffsets.reserve(offsets.size());
  keptOffsets.push_back(0);
  for (uint64_t i = 0; i + 1 < offsets.size(); ++i) {
    if (isBacktailed(i))
      llvm::append_range(kept, edgesOf(i));
    keptOffsets.push_back(kept.size());
  }
  edges = std::move(kept);
  offsets = std::move(keptOffsets);
  options.backtailEdgesOnly = true;
}

void DependencyAnalysis::onIssue(const sim::IssueEvent &event) {
  // Close the previous instruction: its memory edges are all in.
  if (current != sim::kNoIndex)
    flushPending();
  pending.clear();
  current = event.index;
  issueCycle[event.index] = event.cycle;

  reads.clear();
  writes.clear();
  info.instructions->getRegisterAccesses(event.index, event.executed, reads,
                                         writes);
  auto resourceOf = [&](target::RegId reg) {
    return isSyncRegister[reg] ? DepResource::Flag : DepResource::Register;
  };
  for (target::RegId reg : reads)
    if (uint64_t writer = lastWriter[reg]; writer != sim::kNoIndex)
      addEdge(event.index, {writer, DepKind::RAW, resourceOf(reg), reg});
  for (target::RegId reg : writes) {
    if (uint64_t reader = lastReader[reg]; reader != sim::kNoIndex)
      addEdge(event.index, {reader, DepKind::WAR, resourceOf(reg), reg});
    if (uint64_t writer = lastWriter[reg]; writer != sim::kNoIndex)
      addEdge(event.index, {writer, DepKind::WAW, resourceOf(reg), reg});
  }
  for (target::RegId reg : reads)
    lastReader[reg] = event.index;
  for (target::RegId reg : writes)
    lastWriter[reg] = event.index;
}

void DependencyAnalysis::recordMemoryRead(const sim::MemoryAccessEvent &event,
                                          Memory &memory) {
  const target::MemoryRange &range = event.range;
  uint64_t end = range.addr + range.bytes;
  forEachOverlap(memory.writers, range.addr, end, [&](uint64_t writer) {
    // A tagged writer is a DMA: resolved to its wait at the end of the run.
    addEdge(event.index,
            {writer, DepKind::RAW, DepResource::Memory, range.space});
  });
  assignSpan(memory.readers, range.addr, end, event.index);
}

void DependencyAnalysis::recordMemoryWrite(const sim::MemoryAccessEvent &event,
                                           Memory &memory) {
  const target::MemoryRange &range = event.range;
  uint64_t end = range.addr + range.bytes;
  uint64_t reader = sim::kNoIndex, writer = sim::kNoIndex;
  forEachOverlap(memory.readers, range.addr, end, [&](uint64_t index) {
    if (reader == sim::kNoIndex || index > reader)
      reader = index;
  });
  forEachOverlap(memory.writers, range.addr, end, [&](uint64_t index) {
    uint64_t at = index & kDmaTag ? dmaIssueIndex[index & ~kDmaTag] : index;
    if (writer == sim::kNoIndex || at > writer)
      writer = at;
  });
  if (reader != sim::kNoIndex)
    addEdge(event.index,
            {reader, DepKind::WAR, DepResource::Memory, range.space});
  if (writer != sim::kNoIndex)
    addEdge(event.index,
            {writer, DepKind::WAW, DepResource::Memory, range.space});
  // The DMA this instruction issues gets the next id (its issue event comes
  // right after its accesses).
  uint64_t owner = event.isDma ? kDmaTag | uint64_t(dmaIssueIndex.size())
                               : event.index;
  assignSpan(memory.writers, range.addr, end, owner);
}

void DependencyAnalysis::onMemoryAccess(const sim::MemoryAccessEvent &event) {
  Memory &memory = memories[event.range.space];
  if (event.isWrite)
    recordMemoryWrite(event, memory);
  else
    recordMemoryRead(event, memory);
}

void DependencyAnalysis::onDmaIssue(const sim::DmaIssueEvent &event) {
  assert(event.id == dmaIssueIndex.size() && "DMA ids count from 0");
  dmaIssueIndex.push_back(event.index);
  dmaWait.push_back(sim::kNoIndex);
  dmaAtIndex[event.index] = event.id;
}

void DependencyAnalysis::onDmaWait(const sim::DmaWaitEvent &event) {
  for (uint32_t id : event.dmas)
    dmaWait[id] = event.index;
}

void DependencyAnalysis::onRunEnd(const sim::RunSummary &) {
  if (current != sim::kNoIndex)
    flushPending();
  pending.clear();
  // Bytes a DMA wrote are readable after the wait that covered it; a read
  // before that wait (a race in the program) depends on the issue.
  for (size_t i = 0; i + 1 < offsets.size(); ++i)
    for (uint64_t e = offsets[i]; e < offsets[i + 1]; ++e) {
      DepEdge &edge = edges[e];
      if (!(edge.other & kDmaTag))
        continue;
      uint32_t id = uint32_t(edge.other & ~kDmaTag);
      uint64_t wait = dmaWait[id];
      edge.other = wait != sim::kNoIndex && wait < i ? wait : dmaIssueIndex[id];
    }
}

std::optional<uint32_t> DependencyAnalysis::dmaOf(uint64_t index) const {
  if (index >= dmaAtIndex.size() || dmaAtIndex[index] == ~uint32_t(0))
    return std::nullopt;
  return dmaAtIndex[index];
}

Backtail DependencyAnalysis::finish(uint64_t index, uint64_t earliest,
                                    const DepEdge *blocker) const {
  Backtail backtail;
  backtail.earliest = earliest;
  backtail.instructions = index - earliest;
  backtail.cycles = issueCycle[index] - issueCycle[earliest];
  if (blocker) {
    backtail.blocker = blocker->other;
    backtail.blockerResource = blocker->resource;
    backtail.blockerWhat = blocker->what;
  }
  return backtail;
}

Backtail DependencyAnalysis::conservativeBacktail(uint64_t index) const {
  uint64_t earliest = 0;
  const DepEdge *blocker = nullptr;
  for (const DepEdge &edge : edgesOf(index))
    if (edge.kind == DepKind::RAW && edge.other + 1 > earliest) {
      earliest = edge.other + 1;
      blocker = &edge;
    }
  return finish(index, earliest, blocker);
}

Backtail DependencyAnalysis::relaxedBacktail(uint64_t index) const {
  uint64_t earliest = 0;
  const DepEdge *blocker = nullptr;
  // Latest producer first: when the slice is full, what is left out is the
  // oldest part of the arithmetic, not what comes right before the DMA.
  llvm::SmallVector<uint64_t, 8> slice;
  std::priority_queue<uint64_t> worklist;
  worklist.push(index);
  while (!worklist.empty()) {
    uint64_t at = worklist.top();
    worklist.pop();
    for (const DepEdge &edge : edgesOf(at)) {
      // Flags can be renamed, so they do not hold a DMA back.
      if (edge.kind != DepKind::RAW || edge.resource == DepResource::Flag)
        continue;
      uint64_t producer = edge.other;
      if (llvm::is_contained(slice, producer))
        continue;
      if (edge.resource == DepResource::Register &&
          info.getDesc(producer).lightweight &&
          slice.size() < options.maxSlice) {
        slice.push_back(producer);
        worklist.push(producer);
        continue;
      }
      if (producer + 1 > earliest) {
        earliest = producer + 1;
        blocker = &edge;
      }
    }
  }
  // The slice moves with the DMA only from where the DMA lands.
  llvm::sort(slice);
  Backtail backtail = finish(index, earliest, blocker);
  for (uint64_t producer : slice)
    if (producer >= earliest)
      backtail.slice.push_back(producer);
  return backtail;
}

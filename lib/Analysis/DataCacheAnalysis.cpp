//===- DataCacheAnalysis.cpp - VMEM pages over time -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Each page runs a small state machine over its reads and writes (events
// arrive in trace order with non-decreasing cycles); every closed live
// interval is kept, and at the end the intervals are binned into windows as
// one bit set of occupied pages per window. Everything else (occupancy,
// largest free run, the heatmap, the free-run query) reads those bit sets.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/DataCacheAnalysis.h"
#include "SnR/Analysis/AnalysisOptions.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &DataCacheAnalysis::getInfo() {
  static const AnalysisInfo info = AnalysisInfo::get<DataCacheAnalysis>(
      "data_cache", TargetFeature::None, {},
      [](const AnalysisContext &context) {
        return std::make_unique<DataCacheAnalysis>(context.info,
                                                   context.options.dataCache);
      });
  return info;
}

void DataCacheAnalysis::onRunStart(const sim::RunInfo &run) {
  const std::optional<sim::ScratchpadInfo> &scratchpad = run.model->scratchpad;
  hasScratchpad = scratchpad.has_value();
  available = run.functional && hasScratchpad;
  space = hasScratchpad ? scratchpad->space : 0;
  machinePageBytes = hasScratchpad ? scratchpad->pageBytes : 1;
  machinePagesPerBlock = hasScratchpad ? scratchpad->pagesPerBlock : 1;
  numBlocks = hasScratchpad ? scratchpad->blocks : 0;
  // A bounded number of pages: coarser pages for a large VMEM in small pages
  // (4 GiB in 64-byte pages would be 64 Mi pages in every window).
  pageCoarsening = 1;
  auto coarsePerBlock = [&] {
    return (machinePagesPerBlock + pageCoarsening - 1) / pageCoarsening;
  };
  while (uint64_t(numBlocks) * coarsePerBlock() > kMaxCachePages)
    pageCoarsening *= 2;
  pagesPerBlock = coarsePerBlock();
  pageBytes = machinePageBytes * pageCoarsening;
  numPages = numBlocks * pagesPerBlock;
  pages.assign(numPages, {});
  intervals.clear();
  pending.clear();
  wastedBy.clear();
  unreadBy.clear();
  wasted.clear();
  unreadAtEnd.clear();
  wastedBytes = unreadAtEndBytes = 0;
}

/// Counts granules as unread for their writer.
static void charge(std::map<uint64_t, WastedTransfer> &by, uint64_t index,
                   bool isDma, uint64_t page, uint64_t bytes) {
  auto [it, inserted] = by.try_emplace(index, WastedTransfer{index, page, 0,
                                                             isDma});
  it->second.firstPage = std::min(it->second.firstPage, page);
  it->second.bytes += bytes;
}

uint64_t DataCacheAnalysis::pageOf(uint64_t addr) const {
  uint64_t page = addr / machinePageBytes;
  return page / machinePagesPerBlock * pagesPerBlock +
         page % machinePagesPerBlock / pageCoarsening;
}

void DataCacheAnalysis::settle(uint64_t begin, uint64_t end,
                               std::map<uint64_t, WastedTransfer> *by) {
  auto it = pending.upper_bound(begin);
  if (it != pending.begin() && std::prev(it)->second.end > begin)
    --it;
  while (it != pending.end() && it->first < end) {
    uint64_t runBegin = it->first;
    PendingRun run = it->second;
    it = pending.erase(it);
    uint64_t from = std::max(runBegin, begin), to = std::min(run.end, end);
    if (by)
      charge(*by, run.write.index, run.write.isDma, pageOf(from * kGranuleBytes),
             (to - from) * kGranuleBytes);
    // The parts outside [begin, end) stay pending.
    if (runBegin < begin)
      pending.emplace(runBegin, PendingRun{begin, run.write});
    if (run.end > end)
      it = pending.emplace(end, PendingRun{run.end, run.write}).first;
  }
}

void DataCacheAnalysis::closeInterval(uint32_t page, PageState &state) {
  if (state.readSince)
    intervals.push_back({page, state.generationStart, state.lastRead});
}


void DataCacheAnalysis::onMemoryAccess(const sim::MemoryAccessEvent &event) {
  const target::MemoryRange &range = event.range;
  if (!hasScratchpad || range.space != space || range.bytes == 0)
    return;
  uint64_t first = pageOf(range.addr);
  uint64_t last = pageOf(range.addr + range.bytes - 1);
  for (uint64_t p = first; p <= last && p < numPages; ++p) {
    PageState &state = pages[p];
    if (event.isWrite) {
      // A write after a read starts a new generation of the page; writes
      // before any read fill the same one.
      if (!state.touched || state.readSince) {
        if (state.touched)
          closeInterval(uint32_t(p), state);
        state.generationStart = event.cycle;
        state.readSince = false;
      }
      state.touched = true;
      state.written = true;
    } else {
      if (!state.touched) {
        // Read before the trace wrote it: live since the start.
        state.touched = true;
        state.generationStart = 0;
      }
      state.readSince = true;
      state.lastRead = event.cycle;
    }
  }
  // Unread bytes, per granule.
  uint64_t g = range.addr / kGranuleBytes;
  uint64_t gEnd =
      (range.addr + range.bytes + kGranuleBytes - 1) / kGranuleBytes;
  settle(g, gEnd, event.isWrite ? &wastedBy : nullptr);
  if (event.isWrite)
    pending.emplace(g, PendingRun{gEnd, {event.index, event.isDma}});
}

unsigned DataCacheAnalysis::windowOf(uint64_t cycle) const {
  return unsigned(std::min<uint64_t>(cycle / windowCycles, numWindows - 1));
}

/// The longest run of clear bits of `bits`.
static uint64_t longestClearRun(const llvm::BitVector &bits) {
  uint64_t longest = 0;
  int64_t previous = -1;
  for (int set = bits.find_first(); set != -1; set = bits.find_next(set)) {
    longest = std::max<uint64_t>(longest, uint64_t(set - previous - 1));
    previous = set;
  }
  return std::max<uint64_t>(longest, bits.size() - uint64_t(previous + 1));
}

double DataCacheAnalysis::median(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void DataCacheAnalysis::onRunEnd(const sim::RunSummary &summary) {
  pagesEverUsed = 0;
  for (uint32_t p = 0; p < numPages; ++p)
    if (pages[p].touched) {
      ++pagesEverUsed;
      closeInterval(p, pages[p]);
    }
  pages.clear();
  for (const auto &[granule, run] : pending)
    charge(unreadBy, run.write.index, run.write.isDma,
           pageOf(granule * kGranuleBytes),
           (run.end - granule) * kGranuleBytes);
  pending.clear();
  for (auto [by, list, bytes] :
       {std::tuple(&wastedBy, &wasted, &wastedBytes),
        std::tuple(&unreadBy, &unreadAtEnd, &unreadAtEndBytes)}) {
    for (const auto &[index, transfer] : *by) {
      list->push_back(transfer);
      *bytes += transfer.bytes;
    }
    by->clear();
  }

  uint64_t total = std::max<uint64_t>(
      1, std::max(summary.totalCycles, summary.lastDmaCycle));
  uint64_t wanted = std::max(1u, options.windows);
  windowCycles = std::max<uint64_t>(1, (total + wanted - 1) / wanted);
  numWindows = unsigned((total + windowCycles - 1) / windowCycles);

  occupied.assign(numWindows, llvm::BitVector(numPages));
  for (const LiveInterval &interval : intervals)
    for (unsigned w = windowOf(interval.begin), e = windowOf(interval.end);
         w <= e; ++w)
      occupied[w].set(interval.page);
  intervals.clear();
  intervals.shrink_to_fit();

  occupiedPages.assign(numWindows, 0);
  largestFreeRun.assign(numWindows, 0);
  livePagesPerBlock.assign(size_t(numWindows) * numBlocks, 0);
  std::vector<double> free, runs;
  peakOccupiedPages = 0;
  for (unsigned w = 0; w < numWindows; ++w) {
    const llvm::BitVector &bits = occupied[w];
    occupiedPages[w] = uint32_t(bits.count());
    largestFreeRun[w] = uint32_t(longestClearRun(bits));
    for (int p = bits.find_first(); p != -1; p = bits.find_next(p))
      ++livePagesPerBlock[size_t(w) * numBlocks + unsigned(p) / pagesPerBlock];
    peakOccupiedPages = std::max(peakOccupiedPages, occupiedPages[w]);
    free.push_back(double(numPages - occupiedPages[w]));
    runs.push_back(double(largestFreeRun[w]));
  }
  medianFreePages = median(free);
  medianLargestFreeRun = median(runs);
}

uint64_t DataCacheAnalysis::largestFreeRunOver(uint64_t begin,
                                               uint64_t end) const {
  if (!available || numWindows == 0)
    return numPages;
  if (end < begin)
    std::swap(begin, end);
  llvm::BitVector busy(numPages);
  for (unsigned w = windowOf(begin), e = windowOf(end); w <= e; ++w)
    busy |= occupied[w];
  return longestClearRun(busy);
}

llvm::Error snr::analysis::checkCacheWindows(uint64_t windows,
                                             llvm::StringRef option) {
  if (windows >= 1 && windows <= kMaxCacheWindows)
    return llvm::Error::success();
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("{0}={1} is outside the budget: expected 1 to {2}", option,
                    windows, kMaxCacheWindows));
}

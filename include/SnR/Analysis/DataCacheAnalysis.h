//===- DataCacheAnalysis.h - VMEM pages over time ---------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Page-level liveness of the data cache (VMEM), from every VMEM read and
// write of a functional replay. A page is live from a write until its last
// read before it is written again after being read (stores that fill a page
// piece by piece are one generation); a page read before the trace wrote it
// is live from the start. Bytes written and overwritten without being read
// (tracked per 32-byte granule) are wasted transfers; bytes still unread
// when the trace ends are reported apart, as code after the trace may read
// them. Per
// cycle window: the pages occupied (live at some point in the window), the
// largest run of contiguous free pages, and live pages per block (the
// fragmentation heatmap). DMA writes count from the DMA's issue: its buffer
// must be reserved from then on. The data cache is the model's scratchpad
// (ModelDescription::scratchpad, snr's VMEM): a model without one has
// nothing here, and `hasScratchpad` says so.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_DATACACHEANALYSIS_H
#define SNR_ANALYSIS_DATACACHEANALYSIS_H

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <vector>

namespace snr::analysis {

/// A write some of whose bytes were never read: overwritten first, or (for
/// `unreadAtEnd` lists) still unread when the trace ended.
struct WastedTransfer {
  uint64_t index = 0; ///< the writing instruction (dma.issue or vst)
  uint64_t firstPage = 0; ///< the page of its first unread byte
  uint64_t bytes = 0;     ///< its unread bytes, in 32-byte granules
  bool isDma = false;
};

/// The most cycle windows the data-cache analysis may cut a run into
/// (--cache-windows): its state is a page bit set per window.
constexpr unsigned kMaxCacheWindows = 4096;
/// Refuses a window count outside 1..kMaxCacheWindows, naming `option` (how
/// the caller spells it) and the budget.
llvm::Error checkCacheWindows(uint64_t windows, llvm::StringRef option);
/// The most pages it tracks: a VMEM with more pages is analysed in coarser
/// pages (a power-of-two number of pages each), and the report says so.
constexpr uint64_t kMaxCachePages = 1u << 18;

struct DataCacheOptions {
  /// Number of cycle windows the run is cut into.
  unsigned windows = 512;
};

class DataCacheAnalysis : public sim::SimListener {
public:
  /// Its registration (SnR/Analysis/AnalysisSet.h).
  static const AnalysisInfo &getInfo();
  DataCacheAnalysis(const TraceInfo &info, DataCacheOptions options = {})
      : info(info), options(options) {}

  void onRunStart(const sim::RunInfo &run) override;
  void onMemoryAccess(const sim::MemoryAccessEvent &event) override;
  void onRunEnd(const sim::RunSummary &summary) override;

  /// The largest run of contiguous pages free over the whole of
  /// [begin, end] (cycles), at window granularity: a page counts as busy if
  /// it is live anywhere in a window that overlaps the range.
  uint64_t largestFreeRunOver(uint64_t begin, uint64_t end) const;
  unsigned windowOf(uint64_t cycle) const;
  /// Why there is nothing to show when !available: "the ISA has no
  /// scratchpad" or "the replay was timing-only (no addresses)".
  llvm::StringRef getUnavailableReason() const {
    return hasScratchpad ? "the replay was timing-only (no addresses)"
                         : "the ISA has no scratchpad";
  }
  /// The median of per-window figures (the mean of the middle two for an
  /// even count; 0 for none), as the summaries use it.
  static double median(std::vector<double> values);

  unsigned numPages = 0, pagesPerBlock = 0, numBlocks = 0, pageBytes = 0;
  /// Machine pages per analysed page: 1, or a power of two when the VMEM has
  /// more than kMaxCachePages pages (then pageBytes and pagesPerBlock are
  /// the coarse pages', and a block's last coarse page may be smaller).
  unsigned pageCoarsening = 1;
  uint64_t windowCycles = 1;
  unsigned numWindows = 0;
  /// False for timing-only runs (no addresses) and for a model without a
  /// scratchpad.
  bool available = false;
  bool hasScratchpad = true;
  /// The scratchpad's address space.
  target::SpaceId space = 0;

  std::vector<uint32_t> occupiedPages;  ///< by window
  std::vector<uint32_t> largestFreeRun; ///< by window, in pages
  /// livePagesPerBlock[window * numBlocks + block]
  std::vector<uint16_t> livePagesPerBlock;
  double medianFreePages = 0, medianLargestFreeRun = 0;
  uint32_t peakOccupiedPages = 0;
  /// Writes overwritten before being read, in trace order.
  std::vector<WastedTransfer> wasted;
  uint64_t wastedBytes = 0;
  /// Writes still unread when the trace ended, in trace order.
  std::vector<WastedTransfer> unreadAtEnd;
  uint64_t unreadAtEndBytes = 0;
  static constexpr unsigned kGranuleBytes = 32;
  uint64_t pagesEverUsed = 0;

private:
  struct PageState {
    uint64_t generationStart = 0, lastRead = 0;
    bool written = false;   ///< written in the trace
    bool readSince = false; ///< read since its generation started
    bool touched = false;
  };
  /// The writer of a granule written and not read since.
  struct PendingWrite {
    uint64_t index;
    bool isDma;
  };
  struct LiveInterval {
    uint32_t page;
    uint64_t begin, end;
  };
  void closeInterval(uint32_t page, PageState &state);
  /// The analysed page of a VMEM byte address.
  uint64_t pageOf(uint64_t addr) const;
  /// Pending writes over [begin, end) (granules) end: charged to `by`.
  void settle(uint64_t begin, uint64_t end,
              std::map<uint64_t, WastedTransfer> *by);

  const TraceInfo &info;
  DataCacheOptions options;
  std::vector<PageState> pages;
  std::vector<LiveInterval> intervals;
  /// Granules written and not read since, as disjoint runs: first granule
  /// -> (end granule, the writer). Sparse: a 64 MiB DMA is one entry.
  struct PendingRun {
    uint64_t end;
    PendingWrite write;
  };
  std::map<uint64_t, PendingRun> pending;
  unsigned machinePageBytes = 0, machinePagesPerBlock = 0;
  /// Unread bytes per writing instruction, as granules are found unread.
  std::map<uint64_t, WastedTransfer> wastedBy, unreadBy;
  /// occupied[window]: the pages live in that window.
  std::vector<llvm::BitVector> occupied;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_DATACACHEANALYSIS_H

//===- DependencyAnalysis.h - Dynamic dependencies of a replay --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The dynamic dependency graph of a functional replay: every read of a
// register (the target's, sync-object registers such as snr's DMA flags
// included) or of a byte of any address space is linked to the instruction
// that last wrote it (RAW); every write to the last reader (WAR) and the last
// writer (WAW) of what it overwrites. Bytes a DMA writes become readable at
// the wait that covers it, so a RAW edge on them points at that wait.
// Registers and lightweight producers come from the run's InstructionTable.
//
// On top of the graph, the backtail of each dma.issue: how far back it could
// start. Conservative: after the producers of all its inputs. Relaxed: its
// address arithmetic moves with it, so walk back through lightweight scalar
// producers (at most `maxSlice` of them) and stop at the instruction (or the
// DMA's wait) that made its data available. docs/analyses.md has examples.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_DEPENDENCYANALYSIS_H
#define SNR_ANALYSIS_DEPENDENCYANALYSIS_H

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/SmallVector.h"

#include <map>
#include <vector>

namespace snr::analysis {

enum class DepKind : uint8_t { RAW, WAR, WAW };
/// What carries a dependency: a register, a register that holds a sync
/// object's count (InstructionTable::holdsSyncObject), or memory.
enum class DepResource : uint8_t { Register, Flag, Memory };

struct DepEdge {
  uint64_t other = 0; ///< the earlier instruction
  DepKind kind = DepKind::RAW;
  DepResource resource = DepResource::Register;
  /// For registers and flags, the target::RegId; for memory, the
  /// target::SpaceId.
  uint32_t what = 0;
};

/// How far back a dma.issue could start, and why not further.
struct Backtail {
  /// The instruction the DMA could be placed in front of (== its own index
  /// when it cannot move).
  uint64_t earliest = 0;
  uint64_t instructions = 0; ///< issue index - earliest
  uint64_t cycles = 0;       ///< its issue cycle - issue cycle of `earliest`
  /// The dependency that stops it (kNoIndex: the start of the trace).
  uint64_t blocker = sim::kNoIndex;
  DepResource blockerResource = DepResource::Register;
  /// The register (RegId) or address space (SpaceId) the blocker provides.
  uint32_t blockerWhat = 0;
  /// Relaxed model: the lightweight producers that move with it, in trace
  /// order (address arithmetic).
  llvm::SmallVector<uint64_t, 4> slice;
};

struct DependencyOptions {
  /// Lightweight producers a relaxed backtail may carry along.
  unsigned maxSlice = 8;
  /// Keep only the edges the backtails and the suggestions read: those of
  /// every dma.issue and of every lightweight instruction (what a relaxed
  /// backtail walks through). edgesOf() of any other instruction is then
  /// empty; the backtails are the same. For the replays a rewrite plans on,
  /// which would otherwise hold an edge list per instruction.
  bool backtailEdgesOnly = false;
};

class DependencyAnalysis : public sim::SimListener {
public:
  /// Its registration (SnR/Analysis/AnalysisSet.h).
  static const AnalysisInfo &getInfo();
  DependencyAnalysis(const TraceInfo &info, DependencyOptions options = {})
      : info(info), options(options) {}

  void onRunStart(const sim::RunInfo &run) override;
  void onIssue(const sim::IssueEvent &event) override;
  void onDmaIssue(const sim::DmaIssueEvent &event) override;
  void onDmaWait(const sim::DmaWaitEvent &event) override;
  void onMemoryAccess(const sim::MemoryAccessEvent &event) override;
  void onRunEnd(const sim::RunSummary &summary) override;

  /// Every edge of instruction `index` (RAW, WAR, WAW), earlier end first.
  llvm::ArrayRef<DepEdge> edgesOf(uint64_t index) const {
    return llvm::ArrayRef(edges).slice(offsets[index],
                                       offsets[index + 1] - offsets[index]);
  }
  uint64_t getNumEdges() const { return edges.size(); }
  /// Drops the edges DependencyOptions::backtailEdgesOnly would not have
  /// kept, for a caller done with them (snr-replay --apply, once its
  /// report is written, holds the replay through the rewrite): the
  /// backtails stay the same.
  void dropEdgesBeyondBacktails();


  /// The backtails of the dma.issue at `index` (which must be one).
  Backtail conservativeBacktail(uint64_t index) const;
  Backtail relaxedBacktail(uint64_t index) const;

  /// The dma.wait that covered DMA `id`, or kNoIndex.
  uint64_t waitOfDma(uint32_t id) const { return dmaWait[id]; }
  /// The DMA issued by instruction `index`, if it is an executed dma.issue.
  std::optional<uint32_t> dmaOf(uint64_t index) const;

  /// Issue cycle of each instruction.
  std::vector<uint64_t> issueCycle;

private:
  /// Where the bytes [begin, end) of one memory last came from.
  struct Span {
    uint64_t end;
    uint64_t index;
  };
  using SpanMap = std::map<uint64_t, Span>; ///< begin -> span
  struct Memory {
    SpanMap writers, readers;
  };

  void addEdge(uint64_t from, DepEdge edge);
  /// Appends the edges of the instruction being built to the CSR array.
  void flushPending();
  /// Whether a backtail reads the edges of instruction `index`.
  bool isBacktailed(uint64_t index) const;
  void recordMemoryRead(const sim::MemoryAccessEvent &event, Memory &memory);
  void recordMemoryWrite(const sim::MemoryAccessEvent &event, Memory &memory);
  Backtail finish(uint64_t index, uint64_t earliest, const DepEdge *blocker)
      const;

  const TraceInfo &info;
  DependencyOptions options;
  std::vector<DepEdge> edges;
  std::vector<uint64_t> offsets;
  /// Edges of the instruction being built (registers now, memory from its
  /// access events), flushed when the next instruction issues.
  uint64_t current = sim::kNoIndex;
  llvm::SmallVector<DepEdge, 8> pending;
  llvm::SmallVector<target::RegId, 24> reads, writes;

  /// By RegId.
  std::vector<uint64_t> lastWriter, lastReader;
  std::vector<uint8_t> isSyncRegister;
  /// By SpaceId.
  std::map<target::SpaceId, Memory> memories;
  std::vector<uint64_t> dmaWait;        ///< by DMA id
  std::vector<uint64_t> dmaIssueIndex;  ///< by DMA id
  std::vector<uint32_t> dmaAtIndex;     ///< by instruction; ~0 if none
  /// Memory writers below this value are DMA ids (tagged), resolved to their
  /// wait for RAW edges.
  static constexpr uint64_t kDmaTag = uint64_t(1) << 63;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_DEPENDENCYANALYSIS_H

//===- TracePlanner.h - The trace rewrite's planner -------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The planner of the trace rewrite, shared by its two files: the DMA moves
// (HoistPlanner.cpp: parallel groups and hoists, each move in steps) and the
// wait merges (TraceWaits.cpp). Both edit one PlannedOrder and ask one
// footprint of each instruction, so a DMA moved after a merge sees the wait
// it merged into covering the merged copies too. Private to lib/Rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_REWRITE_TRACEPLANNER_H
#define SNR_LIB_REWRITE_TRACEPLANNER_H

#include "PlannedOrder.h"
#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Rewrite/RegisterRenamer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <set>
#include <string>

namespace snr::rewrite::detail {

/// "1 instruction", "3 instructions".
inline std::string instructions(uint64_t count) {
  return std::to_string(count) +
         (count == 1 ? " instruction" : " instructions");
}

/// How far forward a free-register search looks for the register's next
/// write (a register not touched that far is presumed live).
constexpr uint64_t kRenameScanLimit = 20000;

/// The slice members still in place between the landing point and the DMA,
/// ascending, then the DMA.
struct Block {
  llvm::SmallVector<uint64_t, 8> members;
  /// Each member's footprint as it runs now.
  llvm::DenseMap<uint64_t, Footprint> prints;
  /// For each member, the members in front of it that write a register it
  /// reads (by register): it reads that register from its own block.
  llvm::DenseMap<uint64_t, llvm::DenseMap<RegId, uint64_t>> writers;
  /// Every register and byte range a member touches: an instruction that
  /// touches none of them conflicts with no member.
  llvm::BitVector regs;
  llvm::SmallVector<MemoryRange, 8> ranges;
  bool touches(const FootprintRef &other) const {
    for (llvm::ArrayRef<RegId> list : {other.reads, other.writes})
      for (RegId reg : list)
        if (regs.test(reg))
          return true;
    for (llvm::ArrayRef<MemoryRange> list :
         {other.loads, other.stores, other.madeAvailable, other.released})
      for (const MemoryRange &r : list)
        for (const MemoryRange &mine : ranges)
          if (overlaps(r, mine))
            return true;
    return false;
  }
};

/// Where the landing point stopped rising, and why.
struct Stop {
  std::optional<uint64_t> blocker;
  std::string reason;
  StopKind kind = StopKind::None;
};

/// What a block crossing everything from its landing point found.
struct Crossing {
  unsigned crossed = 0;
  /// The last crossed item with a hard hazard, the hazard and the member.
  std::optional<Item> hard;
  Hazard hazard;
  uint64_t hardMember = 0;
  /// Registers a member writes that a crossed item reads or writes.
  llvm::SmallVector<std::pair<uint64_t, RegId>, 4> clashes;
  /// A crossed wait on the DMA's own flag.
  std::optional<Item> flagClash;
};

/// The clashing members copied into free registers.
struct Renaming {
  llvm::DenseMap<RegId, RegId> fresh; ///< register -> its copy's register
  llvm::SmallVector<uint64_t, 4> copied;
};

class Planner {
public:
  Planner(const trace::Trace &trace, const analysis::ReplayResults &results,
          const HoistOptions &options, const TraceEvidence &evidence,
          HoistPlan &plan, PlanJournal *journal)
      : trace(trace), results(results), options(options), evidence(evidence),
        target(evidence.target), journal(journal), order(trace, journal),
        insertedRegs(evidence.lastAccessEnd.size()),
        flags(evidence.namedSync), plan(plan) {
    for (const analysis::DmaRecord &dma : results.dmas.dmas)
      dmaOfIssue[dma.issueIndex] = dma.id;
  }

  void run();

private:
  //===--------------------------------------------------------------------===//
  // Facts about the trace and the order being planned
  //===--------------------------------------------------------------------===//

  bool executed(uint64_t index) const {
    return evidence.effects.executed(index);
  }
  /// The footprint of original `original` running as `inst`; `inPlace`:
  /// at its own position (only there does a wait make its DMAs' data
  /// available).
  Footprint footprint(uint64_t original, const Instruction &inst,
                      bool inPlace) const;
  FootprintRef footprintOf(const Item &item, Footprint &storage) const;
  std::string describe(uint64_t original) const {
    return llvm::formatv("the {0} at {1}",
                         target.getMnemonic(trace.instructions[original]),
                         results.info.describe(original))
        .str();
  }
  bool selected(const analysis::DmaRecord &dma) const;
  /// Which registers of `like`'s file are dead where a block lands, from a
  /// scan of what follows the landing point.
  LivenessScan scanLiveness(RegId like, uint64_t landing) const;

  //===--------------------------------------------------------------------===//
  // One move
  //===--------------------------------------------------------------------===//

  /// Moves one DMA; true if it stays where it is with nothing to move it
  /// past (it already follows what it was to follow).
  bool hoist(uint32_t dma, uint64_t wantedTarget,
             llvm::ArrayRef<uint64_t> slice, bool renameFlag,
             bool parallelGroup);
  /// Records a decision; `tried`: made by trying a move (a move limit
  /// decides it instead).
  void decide(HoistDecision decision, bool tried) {
    plan.decisions.push_back(std::move(decision));
    if (journal)
      journal->tried.push_back(tried);
  }
  /// The edits that follow are a new move's.
  void beginMove() {
    if (journal)
      journal->moveBegin.push_back(journal->edits.size());
  }
  /// Decides without trying a move (left in place by the proof, beyond the
  /// move limit, already moved); true if it did.
  bool decideWithoutMoving(HoistDecision &decision);
  Block collectBlock(uint64_t landing, uint64_t issue,
                     llvm::ArrayRef<uint64_t> slice) const;
  Crossing scanCrossings(const Block &block, uint64_t landing, uint64_t issue,
                         const analysis::DmaRecord &dma, bool renameFlag) const;
  /// Copies the clashing members into free registers; on register pressure
  /// says where the block must land instead (`raised`, later) and where,
  /// earlier, enough registers are free (`lowered`).
  std::optional<Renaming> renameClashes(const Block &block,
                                        const Crossing &crossing,
                                        uint64_t landing, uint64_t issue,
                                        Stop &stop, uint64_t &raised,
                                        std::optional<uint64_t> &lowered) const;
  /// The latest original in front of `landing` in front of which `needed`
  /// of `candidates` (none of `avoid`) are dead at once, if any.
  std::optional<uint64_t>
  findFreedLandingBefore(llvm::ArrayRef<RegId> candidates, uint64_t landing,
                         llvm::ArrayRef<RegId> avoid, unsigned needed) const;
  /// The first item from `landing` on (up to the DMA) in front of which
  /// `needed` of `candidates` (none of `avoid`) are dead at once, if any.
  std::optional<Item> findFreedLanding(llvm::ArrayRef<RegId> candidates,
                                       uint64_t landing, uint64_t issue,
                                       llvm::ArrayRef<RegId> avoid,
                                       unsigned needed) const;
  llvm::SmallVector<Instruction, 8>
  buildBlock(const Block &block, const Renaming &renaming, uint64_t issue,
             std::optional<SyncId> newFlag) const;
  /// The latest copied member whose original (it stays, inside the crossed
  /// range) the members after it conflict with.
  std::optional<uint64_t>
  findCopyBlocker(const Block &block, const Renaming &renaming,
                  llvm::ArrayRef<Instruction> blockInsts) const;
  void land(HoistDecision &decision, const analysis::DmaRecord &dma,
            const Block &block, const Renaming &renaming,
            llvm::ArrayRef<Instruction> blockInsts,
            std::optional<SyncId> newFlag, uint64_t landing, const Stop &stop);

  //===--------------------------------------------------------------------===//
  // Wait merges (TraceWaits.cpp)
  //===--------------------------------------------------------------------===//

  /// Merges every wait it may into the next wait on its sync object, in
  /// trace order (before any DMA moves).
  void mergeWaits();
  /// Merges `decision.index` into `decision.into`, or says why not.
  void mergeWait(WaitDecision &decision);
  void decideWait(WaitDecision decision, bool tried) {
    plan.waits.push_back(std::move(decision));
    if (journal)
      journal->waitTried.push_back(tried);
  }
  /// Where the copies wait `wait` covered are waited for now: the wait it
  /// merged into (through a chain of merges), or itself; kNoIndex stays.
  uint64_t currentWait(uint64_t wait) const;
  /// How many copies wait `wait` (in place) covers now; `own`: as the
  /// replay counted them before any merge.
  unsigned coverCount(uint64_t wait, unsigned own) const;
  /// The bytes wait `wait` (in place) makes available, and releases, now.
  llvm::ArrayRef<MemoryRange> madeAvailable(uint64_t wait) const;
  llvm::ArrayRef<MemoryRange> released(uint64_t wait) const;

  /// What a wait others merged into covers now: its own copies and theirs,
  /// and their destinations.
  struct Coverage {
    llvm::SmallVector<uint64_t, 8> copies;
    llvm::SmallVector<MemoryRange, 8> available, released;
  };
  /// Each wait merged away, and the wait it merged into.
  llvm::DenseMap<uint64_t, uint64_t> mergedInto;
  llvm::DenseMap<uint64_t, Coverage> merged;

  const trace::Trace &trace;
  const analysis::ReplayResults &results;
  const HoistOptions &options;
  const TraceEvidence &evidence;
  const RewriteTarget &target;
  PlanJournal *journal;

  PlannedOrder order;
  /// The registers any inserted instruction reads or writes.
  llvm::BitVector insertedRegs;
  SyncAllocator flags;
  /// The DMA record of each dma.issue, by instruction.
  llvm::DenseMap<uint64_t, uint32_t> dmaOfIssue;
  std::set<uint64_t> handled; ///< DMA issues already decided
  size_t moves = 0;           ///< decisions applied so far

  HoistPlan &plan;
};

} // namespace snr::rewrite::detail

#endif // SNR_LIB_REWRITE_TRACEPLANNER_H

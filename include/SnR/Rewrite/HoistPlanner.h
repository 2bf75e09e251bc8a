//===- HoistPlanner.h - Plan legal DMA hoists on a trace --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Decides, on the flat trace and the results of its replay, how to move DMA
// issues earlier: each chosen dma.issue moves, with the lightweight
// instructions that compute its descriptor (its slice), in front of the
// instruction Algorithm 2 chose, or as close to it as every dependency
// allows. Legality is checked against every instruction the block crosses:
//   * RAW on registers, and RAW, WAR and WAW on memory (resolved addresses of
//     the replay; the bytes a DMA writes count as written by its issue and
//     made available by its wait) stop the move at that instruction;
//   * WAR and WAW on a register the slice writes are name clashes: the slice
//     instruction is copied into a free register (dead where the block lands
//     and overwritten later before any read), and the original stays for its
//     other readers; with no free register the move stops there;
//   * a wait on the DMA's own flag would now wait for it too: the DMA moves
//     to a flag the trace never uses, and its wait waits on that flag too.
// The plan is a new order of the trace's instructions, some renamed or
// copied; nothing is changed in place. MLIR-free, so snr-replay and the
// --snr-hoist-dma pass share it.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_HOISTPLANNER_H
#define SNR_REWRITE_HOISTPLANNER_H

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Rewrite/Hazards.h"
#include "SnR/Rewrite/TraceEvidence.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/Error.h"

#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace snr::rewrite {

enum class DependenceModel {
  /// The DMA moves with its address arithmetic (its relaxed backtail).
  Relaxed,
  /// The DMA moves alone, after the producers of all its inputs.
  Conservative,
};
/// The model an option names: "relaxed" or "conservative".
std::optional<DependenceModel> lookupDependenceModel(llvm::StringRef name);

struct HoistOptions {
  DependenceModel model = DependenceModel::Relaxed;
  /// A DMA moves at most this many instructions earlier (0: no limit).
  uint64_t maxDistance = 0;
  /// Only DMAs issued at these PCs; empty: any.
  std::vector<uint64_t> pcs;
  /// Only DMAs issued in this HLO; empty: any.
  std::string hlo;
  /// Move the DMAs Algorithm 2 suggests hoisting (hoist and hoist-partly).
  bool hoist = true;
  /// Issue the DMAs of each parallel group together, right after the first.
  bool parallelize = true;
  /// Merge a wait into the next wait on its sync object when nothing in
  /// between needs the copies it covers (planned before any DMA moves: a
  /// chain of copies each waited for in turn becomes a group issued before
  /// one wait). With `pcs`, no wait merges; with `hlo`, only that HLO's.
  bool mergeWaits = true;
  /// Move a hoisted DMA as early as its relaxed dependencies allow, not
  /// only as far as its stall needs (Algorithm 2's target): chain heads are
  /// then issued together (scheduleAndProve's later rounds).
  bool asEarlyAsPossible = false;
  /// For the dependency bound only: a DMA's VMEM destination constrains no
  /// move (as if it could be placed anywhere). The result may compute
  /// something else; only its timing means anything.
  bool unlimitedVmem = false;
  /// Do not move a DMA across another on the same link whose wait comes
  /// first (one transfer at a time per link, in issue order: it would queue
  /// behind the moved one). Off only to see what the proof makes of it.
  bool keepLinkOrder = true;
  /// DMAs, by the original index of their issue, and waits, by theirs, to
  /// leave where they are, with why (the proof dropped their move:
  /// planAndProve).
  std::map<uint64_t, std::string> leaveInPlace;
  /// Make at most this many moves, in planning order (the first moves of
  /// the plan without a limit); none: no limit.
  std::optional<size_t> moveLimit;
  /// For testing the proof step only: move every chosen DMA alone to where
  /// Algorithm 2 wanted it, checking no dependency. The result is wrong
  /// whenever a dependency mattered, and the replay must catch it.
  bool testIgnoreDependencies = false;
};

/// One instruction of the rewritten trace.
struct PlannedInstruction {
  /// Its instruction in the original trace (for a copy: the one it copies).
  uint64_t original = 0;
  /// The instruction as it will run: registers or flag may be renamed.
  Instruction inst;
  /// A copy inserted by the rewrite (the original also stays).
  bool isCopy = false;
};

/// What the planner did with one DMA (or one parallel group member).
struct HoistDecision {
  uint32_t dma = 0;
  uint64_t issueIndex = 0;
  bool parallelGroup = false;
  bool applied = false;
  /// Where Algorithm 2 wanted it: in front of this original instruction.
  uint64_t wantedTarget = 0;
  /// Where it went (original instruction it now precedes), if applied.
  uint64_t target = 0;
  uint64_t instructionsEarlier = 0;
  /// Slice instructions moved along, and those copied into new registers.
  llvm::SmallVector<uint64_t, 4> moved, copied;
  llvm::SmallVector<std::pair<RegId, RegId>, 2> renamedRegisters;
  std::optional<std::pair<SyncId, SyncId>> renamedFlag;
  /// The instruction that stopped it short of (or entirely before) its
  /// wanted target, if any, and what kind of hazard it was.
  std::optional<uint64_t> blocker;
  StopKind stop = StopKind::None;
  /// The proof dropped this move (it made the replay slower or changed the
  /// final state); `reason` says by how much.
  bool dropped = false;
  /// One sentence: what was done, or why not.
  std::string reason;
};

/// What the planner did with one wait: merged into the next wait on its
/// sync object (it is dropped, and that wait covers its copies too), or why
/// not.
struct WaitDecision {
  /// The wait, by its index in the trace planned on.
  uint64_t index = 0;
  SyncId sync = 0;
  bool applied = false;
  /// The wait it merged into (or, not applied, the next wait on its sync
  /// object).
  uint64_t into = 0;
  /// Instructions between the two waits, now run while its copies are in
  /// flight.
  uint64_t instructionsLater = 0;
  /// Copies it covers (its own and those of waits merged into it); merged,
  /// the wait it merged into covers them.
  unsigned copies = 0;
  /// Its stall in the replay it was planned on.
  uint64_t stall = 0;
  /// What kept it (the instruction that needs its copies), if anything.
  std::optional<uint64_t> blocker;
  StopKind stop = StopKind::None;
  /// The proof dropped this merge; `reason` says why.
  bool dropped = false;
  /// One sentence: what was done, or why not.
  std::string reason;
};

struct HoistPlan {
  std::vector<PlannedInstruction> order;
  std::vector<HoistDecision> decisions;
  /// The wait merges (planned first), one per wait that has a later wait on
  /// its sync object.
  std::vector<WaitDecision> waits;
  /// True if any decision was applied.
  bool changed() const;
  /// Moves made (decisions and wait merges applied).
  size_t moveCount() const;
  /// The instruction the `n`-th move (in planning order: the wait merges,
  /// then the DMA moves) moved: a wait's index or a DMA's issue index, as
  /// HoistOptions::leaveInPlace names it.
  uint64_t getMovedInstruction(size_t n) const;
};

/// How many of the plan's DMAs each kind of hazard stopped (short of their
/// target, or in place): the kinds in StopKind order but None and Proof
/// (dropped moves are listed on their own), and only those that stopped
/// any. Of these, the dependency bound relaxes only Vmem.
llvm::SmallVector<std::pair<StopKind, unsigned>, 5>
countStops(const HoistPlan &plan);

/// Checks that the DMAs `options` selects by PC or HLO name exist in the
/// trace (an unknown one would make the rewrite silently move nothing).
llvm::Error checkSelection(const trace::Trace &trace,
                           const HoistOptions &options,
                           const RewriteTarget &target);

/// Plans the hoists for `trace`, replayed into `results`, with what
/// `evidence` knows of it (the same trace).
HoistPlan planHoists(const trace::Trace &trace,
                     const analysis::ReplayResults &results,
                     const HoistOptions &options,
                     const TraceEvidence &evidence);
/// What a plan did, move by move: its edits of the order, and which of its
/// decisions a move limit decides instead. From it the plan limited to its
/// first k moves is made without planning again (the proof tries many
/// prefixes of one plan).
class PlanJournal {
public:
  struct Edit {
    enum class Kind : uint8_t { Insert, Remove, Replace };
    Kind kind;
    /// Insert: in front of this original; Remove, Replace: this original.
    uint64_t at;
    PlannedInstruction inst;
  };
  /// The edits, in order; those of move m are [moveBegin[m], moveBegin[m+1]).
  std::vector<Edit> edits;
  std::vector<size_t> moveBegin;
  /// For each decision of the plan: made by trying a move (a move limit
  /// would have said "not tried" instead), or not.
  std::vector<bool> tried;
  /// The same for each wait decision.
  std::vector<bool> waitTried;
};

/// The same into `plan`, reusing the memory it holds (a proof plans a large
/// trace many times); with `journal`, what it did is recorded there and the
/// plan's order is left empty (limitPlan, applyLimitedPlan and
/// getLimitedWindow make what is needed of it from the journal).
void planHoists(const trace::Trace &trace,
                const analysis::ReplayResults &results,
                const HoistOptions &options, const TraceEvidence &evidence,
                HoistPlan &plan, PlanJournal *journal = nullptr);

/// The plan `full` (planned with `journal`, and no move limit) limited to
/// its first `moves` moves, into `limited`: what planning again with
/// HoistOptions::moveLimit = `moves` makes.
void limitPlan(const trace::Trace &trace, const HoistPlan &full,
               const PlanJournal &journal, size_t moves, HoistPlan &limited);
/// limitPlan without the order: the decisions only (`limited`'s order is
/// left empty).
void limitDecisions(const HoistPlan &full, const PlanJournal &journal,
                    size_t moves, HoistPlan &limited);
/// The trace limitPlan's plan makes of `trace` (applyPlan of it), made
/// from the journal without making the order; `limited` is limitDecisions'
/// plan. A proof replays most prefixes it tries only for their timing.
/// With `originals`, the original of each instruction of `result` (the one
/// it is or copies) goes there too: what a proof maps the trace back by,
/// without the order's copy of every instruction.
void applyLimitedPlan(const trace::Trace &trace, const HoistPlan &limited,
                      const PlanJournal &journal, size_t moves,
                      trace::Trace &result,
                      std::vector<uint64_t> *originals = nullptr);

/// Where the trace of the plan limited to the first `moves` moves of
/// `journal` differs from the trace it was planned on: at originals `first`
/// to `last` (before and after them the two traces are the same); false if
/// the moves edit nothing.
bool getLimitedWindow(const PlanJournal &journal, size_t moves, uint64_t &first,
                      uint64_t &last);
/// What that trace has in place of originals `first` to `last`, in order:
/// `fn(original, instruction)` for each (the original it is or copies), as
/// long as `fn` returns true; returns whether it always did. Nothing is
/// copied: the window of a whole plan spans most of the trace.
bool forEachLimitedInstruction(
    const trace::Trace &trace, const PlanJournal &journal, size_t moves,
    uint64_t first, uint64_t last,
    llvm::function_ref<bool(uint64_t, const Instruction &)> fn);

/// Joins the wait decisions `later` made on the trace a plan made of the
/// original to `into`, the decisions on the original: `map` gives the
/// original instruction of an index of that trace, `label` the reason as
/// the joined decisions give it (a later round's). A wait merged later
/// takes the place of its earlier decision; one not merged keeps it.
void composeWaitDecisions(
    std::vector<WaitDecision> &into, llvm::ArrayRef<WaitDecision> later,
    llvm::function_ref<uint64_t(uint64_t)> map,
    llvm::function_ref<std::string(const std::string &)> label);

/// The trace in the plan's order: instructions, outcomes and lines follow
/// their originals; the trace is marked reordered.
trace::Trace applyPlan(const trace::Trace &trace, const HoistPlan &plan);
/// The trace that reorders `trace` as `order` says: its instruction k is
/// `trace`'s `order[k]`.
trace::Trace applyOrder(const trace::Trace &trace,
                        llvm::ArrayRef<uint64_t> order);
/// The same into `result`, reusing the memory it holds.
void applyPlan(const trace::Trace &trace, const HoistPlan &plan,
               trace::Trace &result);

} // namespace snr::rewrite

#endif // SNR_REWRITE_HOISTPLANNER_H

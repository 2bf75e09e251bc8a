//===- ProgramRewrite.h - Move a program's DMAs up --------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The rewrite of the static snr.program (the trace rewrite is Schedule.h):
// every dma.issue whose waits stalled moves up, with a copy of its descriptor
// slice, to the earliest point of a single-entry region that ends at it
// (inner loops may lie in between, the region may not be left or entered
// elsewhere). Static def-use decides the slice; the dynamic evidence of a
// trace of the whole run (entry to halt) decides the rest: every byte each
// dynamic instance of the DMA reads and writes against every access of the
// instructions it now precedes, and which registers are free at the landing
// point. ProveProgram.h proves the result by re-recording it.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_PROGRAMREWRITE_H
#define SNR_REWRITE_PROGRAMREWRITE_H

#include "SnR/Record/ReferenceTarget.h"
#include "SnR/Rewrite/RunEvidence.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace snr::rewrite {

/// One static DMA moved up its region.
struct ProgramMove {
  size_t dma = 0;     ///< index of the dma.issue in the program
  size_t landing = 0; ///< it now comes right in front of this instruction
  /// What lands there: the copied slice (destinations renamed to registers
  /// free at the landing point), then the DMA reading them.
  std::vector<Instruction> block;
  /// Program index each instruction of `block` copies.
  std::vector<size_t> blockOrigin;
  /// Slice values an earlier move landed here already computes: its copy
  /// is read, not repeated.
  unsigned reused = 0;
  /// The DMAs (program indices) whose moves computed them: this move is
  /// kept only with those.
  std::vector<size_t> reusesFrom;
  std::vector<size_t> slice;   ///< program indices of the copied slice
  std::vector<size_t> removed; ///< slice instructions dead once it moved
  std::vector<std::pair<RegId, RegId>> renamed; ///< original, copy
  unsigned crossed = 0;     ///< program instructions it now precedes
  unsigned waitsJoined = 0; ///< waits on its own flag it now precedes
  /// A wait on another flag that moved with it, first in `block`: it waits
  /// for a copy whose bytes the DMA touches, and the copies it waits for are
  /// complete where it lands.
  std::optional<size_t> takenWait;

  /// A DMA at the top of a loop body, issued one iteration early: `block`
  /// (at `landing`, the loop's head) runs only when the loop is entered,
  /// for the first iteration; in every iteration a copy issues the next
  /// iteration's DMA, in front of `landing` here, guarded by the loop's
  /// condition.
  struct Rotation {
    size_t landing = 0;
    /// The loop's back-edge branch.
    size_t backEdge = 0;
    /// The copies computing the next iteration's operands and the loop's
    /// condition, then the DMA, guarded by it.
    std::vector<Instruction> block;
    std::vector<size_t> blockOrigin;
    std::vector<size_t> slice; ///< program indices copied, in block order
    std::vector<std::pair<RegId, RegId>> renamed;
    unsigned crossed = 0; ///< program instructions it precedes
  };
  std::optional<Rotation> rotation;
};

/// What the planner decided for one static DMA, and what the proof measured.
struct ProgramDecision {
  size_t dma = 0;
  std::optional<ProgramMove> move;
  /// Why it moved only so far, or not at all.
  std::string reason;
  /// The DMA (program index) that kept it from moving further, if one did.
  std::optional<size_t> blockingDma;
  /// Set when the proof dropped the move (then `reason` says why).
  bool dropped = false;
  /// Set when the proof dropped the move's rotation (a move of its own)
  /// but kept the rest: the DMA moves to its loop's head only.
  bool rotationDropped = false;
  /// Wait stall charged to this DMA over the whole run, before and after.
  uint64_t stallBefore = 0, stallAfter = 0;

  /// Whether the move is kept with its rotation.
  bool isRotated() const {
    return move && move->rotation && !dropped && !rotationDropped;
  }
};

/// The key `leaveInPlace` (planProgramRewrite) gives the rotation of the
/// DMA at program index `dma` of a program of `size` instructions: a move
/// of its own (the proof may drop it and keep the rest).
inline size_t getRotationKey(size_t dma, size_t size) { return size + dma; }

/// One static wait moved down, so that it runs less often: dropped, its
/// copies waited for by the next wait on its sync object that stays (a
/// merge), or taken out of the loop it waits in at every iteration and
/// waited once at the loop's exit (a sink); or dropped because the DMAs it
/// waited for joined an earlier wait (it is empty).
struct ProgramWaitMove {
  size_t wait = 0; ///< index of the dma.wait in the program
  /// A sink: the wait now comes right in front of this instruction (the
  /// exit of the loop it left); none: merged into the waits that follow.
  std::optional<size_t> landing;
  /// Loops it left (a sink).
  unsigned loopsLeft = 0;
  /// Dropped because it waits for no copy any more: the DMAs it waited for
  /// joined an earlier wait on its flag (a group issued before one wait).
  bool emptied = false;
  /// Runs of the wait before, and of the waits that replace it after.
  uint64_t runsBefore = 0, runsAfter = 0;
  /// Dynamic instructions now run while its copies are in flight.
  uint64_t instructionsLater = 0;
};

/// What the planner decided for one static wait, and what the proof
/// measured.
struct ProgramWaitDecision {
  size_t wait = 0;
  SyncId sync = 0;
  std::optional<ProgramWaitMove> move;
  /// Why it stays, or where it went.
  std::string reason;
  /// Set when the proof dropped the move (then `reason` says why).
  bool dropped = false;
  /// Wait stall of its runs over the whole run, before and after (of the
  /// wait that replaces it, if it moved).
  uint64_t stallBefore = 0, stallAfter = 0;
};

/// The rewritten program, MLIR-free: instructions at their new PCs (dense
/// from 0 in the order of the original's, branch targets remapped), and
/// where each came from.
struct ProgramLayout {
  std::vector<Instruction> instructions;
  /// Program index of the original (for a copy: of what it copies).
  std::vector<size_t> origin;
  std::vector<bool> inserted; ///< a copy the rewrite added
  /// Program index of the original it stands in front of or is (its HLO).
  std::vector<size_t> position;
  uint64_t entry = 0;
  /// New PC of each original instruction, by program index (removed ones:
  /// the PC of what follows them).
  std::vector<uint64_t> newPc;
};

/// Checks that `wholeRun` is a recording of `program` from its entry to an
/// executed halt; the error says what is missing.
llvm::Error checkWholeRun(const record::LoadedProgram &program,
                          const trace::Trace &wholeRun,
                          const RewriteTarget &target);

/// Plans the moves. `stallByPc` is the wait stall charged to each static
/// DMA in the replay of the whole run: the DMAs that stalled are moved, and
/// so are the DMAs that keep one of them from moving (issue order is kept).
/// The DMAs of `leaveInPlace` (program indices) stay, with why (the proof
/// dropped their move). One decision per dma.issue of the program, in
/// program order.
/// With `timing` (the replay of the run), a DMA that a wait on another
/// flag stops may take that wait along, to where its copies are complete.
std::vector<ProgramDecision>
planProgramRewrite(const RunEvidence &run,
                   const llvm::DenseMap<uint64_t, uint64_t> &stallByPc,
                   const std::map<size_t, std::string> &leaveInPlace = {},
                   const RunTiming *timing = nullptr);

/// Plans the wait moves, once the DMA moves of `decisions` are planned.
/// `waitStallByPc` is the stall of each static wait in the replay of the
/// whole run: the waits that stalled are tried. A wait moves only where the
/// evidence shows that for every run of it, nothing until the wait that now
/// covers its copies needs them complete (reads or writes their
/// destinations, overwrites their sources, halts), and where no DMA move
/// changes those instructions. The waits of `leaveInPlace` (program
/// indices) stay, with why. One decision per wait tried, in program order.
std::vector<ProgramWaitDecision>
planProgramWaits(const RunEvidence &run,
                 const llvm::DenseMap<uint64_t, uint64_t> &waitStallByPc,
                 llvm::ArrayRef<ProgramDecision> decisions,
                 const std::map<size_t, std::string> &leaveInPlace = {});

/// Applies the moves of `decisions` and `waits` that are not dropped.
ProgramLayout applyProgramRewrite(const record::LoadedProgram &program,
                                  llvm::ArrayRef<ProgramDecision> decisions,
                                  const RewriteTarget &target,
                                  llvm::ArrayRef<ProgramWaitDecision> waits =
                                      {});

} // namespace snr::rewrite

#endif // SNR_REWRITE_PROGRAMREWRITE_H

//===- ProgramPlanner.h - The program rewrite's DMA planner ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The planner of one static DMA's move, shared by its two files: the move up
// its region (ProgramRewrite.cpp) and, for a DMA at the top of a loop body,
// the move across the loop's back-edge into the iteration before
// (ProgramRotation.cpp). Private to lib/Rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_REWRITE_PROGRAMPLANNER_H
#define SNR_LIB_REWRITE_PROGRAMPLANNER_H

#include "SnR/Rewrite/ProgramRewrite.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>
#include <vector>

namespace snr::rewrite::detail {

struct Branch {
  size_t at, target;
};

/// The program's instructions, described once.
struct StaticProgram {
  StaticProgram(const RunEvidence &run) {
    const std::vector<Instruction> &insts = run.program.instructions;
    descs.resize(insts.size());
    for (size_t i = 0; i < insts.size(); ++i) {
      run.target.describe(insts[i], /*executed=*/true, descs[i]);
      if (descs[i].control == target::ControlKind::Branch &&
          descs[i].branchTarget)
        branches.push_back({i, run.indexOfPc.lookup(*descs[i].branchTarget)});
    }
  }
  std::vector<InstructionDesc> descs;
  std::vector<Branch> branches;
};

/// A slice instruction the program rewrite may copy: unpredicated
/// register-only scalar arithmetic (it writes one register).
inline bool isCopyable(const InstructionDesc &desc) {
  return desc.scalarArithmetic && !desc.predicated && desc.writes.size() == 1;
}

/// Plans one DMA; the state of the earlier moves is in `landed` (blocks
/// already landed in front of each program index) and `moved`.
class DmaPlanner {
public:
  DmaPlanner(const RunEvidence &run, const StaticProgram &statics,
             const std::vector<unsigned> &dmasAttached,
             const std::vector<std::vector<Instruction>> &landed,
             const std::vector<std::vector<size_t>> &landedFrom,
             const llvm::DenseSet<size_t> &moved,
             const llvm::DenseSet<size_t> &takenWaits,
             const RunTiming *timing)
      : run(run), target(run.target), program(run.program.instructions),
        statics(statics), dmasAttached(dmasAttached), landed(landed),
        landedFrom(landedFrom), moved(moved), takenWaits(takenWaits),
        timing(timing) {}

  /// Fills `decision`; `joinWaits`: it may cross waits on its own flag.
  /// When a wait on another flag stops it (it waits for a copy whose bytes
  /// the DMA touches), the DMA is planned again taking that wait along,
  /// in front of it: the wait may move up, past no copy on its own flag,
  /// to where the copies it waits for are complete at every run (`timing`).
  /// A DMA that reaches the head of its loop is also rotated into the
  /// iteration before (ProgramRotation.cpp), unless `rotate` is false.
  void plan(ProgramDecision &decision, bool joinWaits, bool rotate = true);

private:
  std::string describe(size_t s) const {
    return llvm::formatv("the {0} at pc {1}", target.getMnemonic(program[s]),
                         program[s].pc)
        .str();
  }
  const InstructionDesc &desc(size_t s) const { return statics.descs[s]; }
  /// Whether [landing, dma) is a region entered only at `landing` and left
  /// only into the DMA. Sets `never` when no earlier landing can be one.
  bool isRegion(size_t landing, size_t dma, bool &never) const;
  /// The register holding what `copy` computes, if a copy that earlier
  /// moves landed in front of `landing` computes it and still holds it.
  std::optional<std::pair<RegId, size_t>>
  findLandedCopy(size_t landing, const Instruction &copy) const;
  /// Extends every instance's window up to the landing; the first conflict
  /// is described in `why`.
  bool extendWindows(size_t landing, size_t dma, std::string &why);
  /// Walks up from the DMA: the slice, the earliest landing, and why it
  /// stops there.
  void walkUp(ProgramDecision &decision, bool joinWaits,
              std::vector<size_t> &slice, std::optional<size_t> &best,
              unsigned &waitsAtBest, std::string &stop);
  /// Whether wait `s` may move with the DMA: it reads no register (and so
  /// has no guard), and no earlier move took it.
  bool mayTake(size_t s) const {
    return timing && desc(s).waitsForCopies && desc(s).reads.empty() &&
           !desc(s).predicated && !takenWaits.contains(s);
  }
  /// The cycle the copies run `k` of a wait waits for are complete.
  uint64_t completionOf(size_t k) const;
  /// Copies the slice in front of the landing point, into registers free
  /// there (or reading an earlier move's copies; or, none free, one the
  /// block took whose value nothing after reads, but the values of `keep`);
  /// false if a register is missing (`decision.reason` says which).
  bool copySlice(ProgramDecision &decision, ProgramMove &move,
                 llvm::DenseSet<size_t> &ignored,
                 llvm::ArrayRef<RegId> keep = {});
  /// The slice instructions nothing reads any more once the DMA moved.
  void findDeadSlice(ProgramMove &move, llvm::DenseSet<size_t> &ignored) const;

  //===--------------------------------------------------------------------===//
  // Rotation (ProgramRotation.cpp)
  //===--------------------------------------------------------------------===//

  /// The back-edge of the innermost loop whose head is `head` and that
  /// holds `dma`, if it is a loop a rotation may cross: a guarded backward
  /// branch, no branch into its body but at its head, none out of it but
  /// the back-edge's fall-through.
  std::optional<size_t> findRotatableLoop(size_t head, size_t dma) const;
  /// Rotates the DMA of `move` (which landed at its loop's head): sets
  /// `move.rotation`, or says in `why` why not.
  bool rotate(ProgramDecision &decision, ProgramMove &move, std::string &why);

  const RunEvidence &run;
  const RewriteTarget &target;
  llvm::ArrayRef<Instruction> program;
  const StaticProgram &statics;
  const std::vector<unsigned> &dmasAttached;
  /// What earlier moves landed in front of each program index, in order.
  const std::vector<std::vector<Instruction>> &landed;
  /// The DMA whose move landed each of them.
  const std::vector<std::vector<size_t>> &landedFrom;
  const llvm::DenseSet<size_t> &moved;
  /// Waits earlier moves took along (gone from their place).
  const llvm::DenseSet<size_t> &takenWaits;
  const RunTiming *timing;
  /// Per executed instance of the DMA: its trace index, how far up its
  /// window is checked, and the run of the taken wait in it.
  struct Window {
    size_t instance, checkedFrom;
    std::optional<size_t> waitRun;
  };
  std::vector<Window> windows;
  /// The wait taken along, if any, and the wait on another flag that
  /// stopped the walk (a wait that could be taken).
  std::optional<size_t> takenWait, blockingWait;
  /// The head of the loop the walk stopped at, if it stopped at one.
  std::optional<size_t> loopHead;
};



} // namespace snr::rewrite::detail

#endif // SNR_LIB_REWRITE_PROGRAMPLANNER_H

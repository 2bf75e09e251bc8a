//===- RegisterRenamer.h - Registers free to copy a slice into --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A copy's descriptor slice moves with it; where a slice instruction's
// destination is still read or written by what the block crosses (WAR, WAW
// on a register), the instruction is copied into another register instead,
// and the block reads the copy. A register may take the copy where it is
// dead: from that point its next access is a write, so nothing reads the
// value it held and the value the run leaves in it is written later. Both
// rewrites decide that on evidence: the trace rewrite scans forward from
// where the block lands (LivenessScan), the program rewrite asks every run
// of the landing point in the whole run (RegisterTimeline). Candidates come
// from the target, the destination's register file in order. BlockRenamer
// renames the block's instructions as they will run.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_REGISTERRENAMER_H
#define SNR_REWRITE_REGISTERRENAMER_H

#include "SnR/Rewrite/Footprint.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <vector>

namespace snr::rewrite {

/// Which of a set of registers are dead at a point, from the instructions
/// that follow it, fed in order: a register whose first access is a write is
/// dead, one first read is live, one not seen is presumed live.
class LivenessScan {
public:
  /// `numRegs`: the target's register count (RegIds below it).
  LivenessScan(llvm::ArrayRef<RegId> candidates, size_t numRegs);
  /// The next instruction's registers. Returns false once every candidate
  /// is decided (nothing more to learn).
  bool add(llvm::ArrayRef<RegId> reads, llvm::ArrayRef<RegId> writes);
  bool isDead(RegId reg) const { return state[reg] == kDead; }
  /// Decides `reg` live without seeing it (nothing that follows touches
  /// it: it stays presumed live), so the scan can end sooner.
  void presumeLive(RegId reg) {
    if (state[reg] == kUnknown) {
      state[reg] = kLive;
      --unknown;
    }
  }
  /// Whether every candidate is decided.
  bool done() const { return unknown == 0; }

private:
  enum : int8_t { kOther, kUnknown, kDead, kLive };
  std::vector<int8_t> state;
  unsigned unknown;
};

/// Every access to every register over a whole run, for the question "is
/// this register dead at each of these points".
class RegisterTimeline {
public:
  /// `staticIndex[k]`: the static instruction run k executes (to skip).
  RegisterTimeline(const EffectsTable &effects,
                   llvm::ArrayRef<size_t> staticIndex);
  /// Whether `reg` is dead at every index of `at`: its next access from
  /// there (the instruction at that index included, instructions of the
  /// `ignored` static indices skipped) is a write. Never accessed again: the
  /// value the run leaves in it would change, so it is not.
  bool isDeadAt(RegId reg, llvm::ArrayRef<size_t> at,
                const llvm::DenseSet<size_t> &ignored) const;

private:
  /// An access: the run's index, shifted left once, with 1 for a write
  /// that does not also read (a whole run has millions of them).
  using Event = uint64_t;
  static uint64_t getIndex(Event event) { return event >> 1; }
  static bool isWrite(Event event) { return event & 1; }
  llvm::ArrayRef<size_t> staticIndex;
  llvm::DenseMap<RegId, std::vector<Event>> events;
};

/// The first of `candidates` that `usable` accepts, `preferred` tried
/// first.
std::optional<RegId> pickRegister(llvm::ArrayRef<RegId> candidates,
                                  std::optional<RegId> preferred,
                                  llvm::function_ref<bool(RegId)> usable);

/// Renames the instructions of a block as they will run, in block order: a
/// member copied into a new register is read from that register by the
/// members after it, until a member that moves (not copied) writes the
/// original register again.
class BlockRenamer {
public:
  explicit BlockRenamer(const RewriteTarget &target) : target(target) {}

  /// The member `inst` (its registers written: `writes`) as it runs: its
  /// reads renamed; with `copyTo`, its destination renamed to that register
  /// (later members read it there); without, what it writes is itself
  /// again.
  Instruction rename(Instruction inst, llvm::ArrayRef<RegId> writes,
                     std::optional<RegId> copyTo);
  /// `inst` with only its reads renamed.
  Instruction renameReads(Instruction inst) const;
  /// Later members read `to` where they read `from` (a value an earlier
  /// block already computes into `to`).
  void alias(RegId from, RegId to) { active[from] = to; }
  /// The register members read for `reg` now.
  RegId lookup(RegId reg) const {
    auto it = active.find(reg);
    return it == active.end() ? reg : it->second;
  }

private:
  const RewriteTarget &target;
  llvm::DenseMap<RegId, RegId> active;
};

} // namespace snr::rewrite

#endif // SNR_REWRITE_REGISTERRENAMER_H

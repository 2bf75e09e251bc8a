//===- Hazards.h - When one instruction may not cross another ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The legality rules both rewrites apply when an instruction moves in front
// of another: RAW on a register, and RAW, WAR and WAW on memory (resolved
// byte ranges; the bytes a copy writes count as written by its start and
// made available by the wait that covers it, the bytes it reads released by
// that wait) stop the move; WAR and WAW on a register are name clashes that
// renaming resolves (RegisterRenamer.h). A wait that moves down keeps its
// copies in flight: findInFlightConflict says what may not run then. The
// link order is not a dependency but a cost the trace rewrite keeps: a copy
// that crosses another on its link queues behind it. Each hazard has a kind
// a report groups moves by (StopKind) and a sentence that names it.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_HAZARDS_H
#define SNR_REWRITE_HAZARDS_H

#include "SnR/Rewrite/Footprint.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace snr::rewrite {

/// Why a move cannot cross an instruction.
enum class Conflict {
  None,
  RegisterRAW,
  MemoryRAW,
  MemoryWAR,
  MemoryWAW,
  /// Not a dependency: the crossed instruction is a copy on the same link
  /// whose data is waited for first; crossing it would make it queue behind
  /// the moved one (one transfer at a time per link, in start order).
  LinkOrder,
};

/// A conflict and what it is on: the register, or the two byte ranges (the
/// moving instruction's and the crossed one's).
struct Hazard {
  Conflict kind = Conflict::None;
  RegId reg = 0;
  MemoryRange mine{}, theirs{};
  /// LinkOrder: where the crossed copy is waited for.
  std::string otherWait;
  /// MemoryWAR: `theirs` is read by a copy the crossed wait waits for.
  bool released = false;
  explicit operator bool() const { return kind != Conflict::None; }
};

/// What stopped a move, as reports group them.
enum class StopKind : uint8_t {
  /// Nothing, or a dependency (RAW on a register or on memory, a
  /// descriptor the copy's address is loaded from).
  None,
  /// Buffer reuse: the crossed instruction reads or writes the bytes the
  /// copy writes (WAR/WAW on memory); the dependency bound has unlimited
  /// VMEM.
  Vmem,
  /// No free register to rename its address arithmetic into, or arithmetic
  /// that must stay for its other readers.
  Registers,
  /// A copy on the same link, waited for first (link order; the dependency
  /// bound keeps it too).
  Links,
  /// A wait on its sync object in the way and no free one.
  Flags,
  /// Moved, but the proof dropped the move.
  Proof,
};

/// "vmem", "registers", "links", "flags", "proof"; "" for None.
llvm::StringRef getStopKindName(StopKind kind);
StopKind getStopKind(Conflict kind);

/// The memory rule for one pair of accesses: `mine` moves in front of
/// `theirs`. A write of mine that shares a byte with theirs is WAR (they
/// read it) or WAW; a read of mine that shares a byte with a write of theirs
/// is RAW; two reads never conflict.
Conflict getMemoryConflict(const MemoryRange &mine, bool mineWrites,
                           const MemoryRange &theirs, bool theirsWrites);

/// The first conflict of `moving`, placed in front of `other`: RAW on a
/// register (unless `shadowed(reg)`: the moving instruction reads it from
/// a member of its own block that moves with it), then RAW, WAR and WAW on
/// memory.
Hazard findConflict(const FootprintRef &moving, const FootprintRef &other,
                    llvm::function_ref<bool(RegId)> shadowed);
inline Hazard findConflict(const FootprintRef &moving,
                           const FootprintRef &other) {
  return findConflict(moving, other, [](RegId) { return false; });
}

/// The first conflict of `other` with a copy still in flight that reads
/// `sources` and writes `destinations` (the wait that covers the copy moves
/// below `other`, or merges into a later wait): `other` may not read a byte
/// the copy writes (RAW), write one (WAW), nor overwrite a byte it reads
/// (WAR). The bytes a wait makes available count as written by it. A
/// conflict `relaxed(kind, range of the copy)` accepts does not count (the
/// dependency bound's unlimited VMEM). `mine` is `other`'s range, `theirs`
/// the copy's.
Hazard findInFlightConflict(
    const FootprintRef &other, llvm::ArrayRef<MemoryRange> sources,
    llvm::ArrayRef<MemoryRange> destinations,
    llvm::function_ref<bool(Conflict, const MemoryRange &)> relaxed);

/// One sentence naming an in-flight conflict between `other` (which a wait
/// would now precede) and the copy `copy` (both already described).
std::string describeInFlightHazard(const Hazard &hazard, llvm::StringRef other,
                                   llvm::StringRef copy,
                                   const RewriteTarget &target);

/// Whether `moving` writes a register `other` reads or writes (WAR or WAW
/// on a register: a name clash renaming resolves), calling `fn` for each.
void forEachNameClash(const FootprintRef &moving, const FootprintRef &other,
                      llvm::function_ref<void(RegId)> fn);

/// One sentence naming the hazard between the crossed instruction `other`
/// and the moving one `mine` (both already described with their PCs).
std::string describeHazard(const Hazard &hazard, llvm::StringRef other,
                           llvm::StringRef mine, const RewriteTarget &target);

} // namespace snr::rewrite

#endif // SNR_REWRITE_HAZARDS_H

//===- Footprint.h - What each instruction of a run touches -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The hazard model's view of an instruction: the registers it reads and
// writes, the byte ranges it loads and stores (resolved with the values of
// one run), and the sync object it starts a copy on or waits on. An
// EffectsTable holds it for every instruction of a run, computed once from
// the target's own description of each instruction (RewriteTarget, which
// forwards target::Target::getEffects) and shared by every plan made on that
// run: both rewrites and every proof attempt ask it instead of decoding an
// instruction again.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_FOOTPRINT_H
#define SNR_REWRITE_FOOTPRINT_H

#include "SnR/Rewrite/RewriteTarget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace snr::rewrite {

/// Whether two byte ranges share a byte.
inline bool overlaps(const MemoryRange &a, const MemoryRange &b) {
  return a.space == b.space && a.addr < b.addr + b.bytes &&
         b.addr < a.addr + a.bytes;
}

/// What one instruction touches, as a view.
struct FootprintRef {
  llvm::ArrayRef<RegId> reads, writes;
  llvm::ArrayRef<MemoryRange> loads, stores;
  /// A wait at its own place makes the bytes of the copies it covers
  /// available: for whatever reads or writes them, it is their writer.
  llvm::ArrayRef<MemoryRange> madeAvailable;
  std::optional<SyncId> startsCopy, waitsForCopies;
  /// And it releases the bytes those copies read: for whatever overwrites
  /// them, it is their reader.
  llvm::ArrayRef<MemoryRange> released = {};
};

/// An owned footprint (of an instruction as it will run, renamed).
struct Footprint {
  llvm::SmallVector<RegId, 8> reads, writes;
  llvm::SmallVector<MemoryRange, 2> loads, stores, madeAvailable, released;
  std::optional<SyncId> startsCopy, waitsForCopies;

  operator FootprintRef() const {
    return {reads,          writes,        loads,      stores,
            madeAvailable,  startsCopy,    waitsForCopies,
            released};
  }
};

/// The resolved effects of every instruction of one run (a trace), by its
/// index.
class EffectsTable {
public:
  /// Runs `trace` on the target's functional model (it must replay without
  /// divergence) and records every instruction's effects.
  EffectsTable(const trace::Trace &trace, const RewriteTarget &target,
               const arch::MemorySizes &sizes);
  /// The effects of the trace `order` makes of `fromTrace` (whose effects
  /// are `from`): each planned instruction touches the bytes its original
  /// touched (a renamed register holds the value the original read), with
  /// its own registers and sync object. For a plan that keeps every value
  /// (a proved rewrite, waits moved).
  EffectsTable(const EffectsTable &from, const trace::Trace &fromTrace,
               const struct HoistPlan &order, const RewriteTarget &target);
  /// The same for a trace that only reorders `fromTrace`: its instruction
  /// k is `fromTrace`'s `order[k]` (waits pulled up).
  EffectsTable(const EffectsTable &from, llvm::ArrayRef<uint64_t> order);

  size_t size() const { return executedBits.size(); }
  bool executed(size_t i) const { return executedBits[i]; }
  llvm::ArrayRef<RegId> reads(size_t i) const {
    return slice(regs, readBegin[i], writeBegin[i]);
  }
  llvm::ArrayRef<RegId> writes(size_t i) const {
    return slice(regs, writeBegin[i], readBegin[i + 1]);
  }
  llvm::ArrayRef<MemoryRange> loads(size_t i) const {
    return slice(ranges, loadBegin[i], storeBegin[i]);
  }
  llvm::ArrayRef<MemoryRange> stores(size_t i) const {
    return slice(ranges, storeBegin[i], loadBegin[i + 1]);
  }
  std::optional<SyncId> startsCopy(size_t i) const {
    return sync[i].kind == SyncKind::Start ? std::optional(sync[i].id)
                                           : std::nullopt;
  }
  std::optional<SyncId> waitsForCopies(size_t i) const {
    return sync[i].kind == SyncKind::Wait ? std::optional(sync[i].id)
                                          : std::nullopt;
  }
  /// Its footprint as it ran (no bytes made available or released: see
  /// SyncTimeline).
  FootprintRef get(size_t i) const {
    return {reads(i), writes(i),     loads(i),         stores(i),
            {},       startsCopy(i), waitsForCopies(i)};
  }

private:
  template <typename T>
  static llvm::ArrayRef<T> slice(const std::vector<T> &v, uint32_t begin,
                                 uint32_t end) {
    return llvm::ArrayRef(v).slice(begin, end - begin);
  }
  enum class SyncKind : uint8_t { None, Start, Wait };
  struct Sync {
    SyncKind kind = SyncKind::None;
    SyncId id = 0;
  };
  /// Building a table from another's (a trace a plan made of it): room for
  /// `n` instructions, then one appended at a time (its original `i` in
  /// `from`, its own registers and sync object), then the last offsets.
  void reserveFor(const EffectsTable &from, size_t n);
  void appendFrom(const EffectsTable &from, uint64_t i,
                  llvm::ArrayRef<RegId> reads, llvm::ArrayRef<RegId> writes,
                  Sync s);
  void finishTable();

  std::vector<RegId> regs;
  std::vector<MemoryRange> ranges;
  /// CSR offsets: reads of i are [readBegin[i], writeBegin[i]), its writes
  /// [writeBegin[i], readBegin[i + 1]); loads and stores likewise.
  std::vector<uint32_t> readBegin, writeBegin, loadBegin, storeBegin;
  std::vector<Sync> sync;
  std::vector<bool> executedBits;
};

} // namespace snr::rewrite

#endif // SNR_REWRITE_FOOTPRINT_H

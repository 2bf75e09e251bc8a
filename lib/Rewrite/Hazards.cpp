//===- Hazards.cpp - When one instruction may not cross another -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/Hazards.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

llvm::StringRef rewrite::getStopKindName(StopKind kind) {
  switch (kind) {
  case StopKind::None:
    return "";
  case StopKind::Vmem:
    return "vmem";
  case StopKind::Registers:
    return "registers";
  case StopKind::Links:
    return "links";
  case StopKind::Flags:
    return "flags";
  case StopKind::Proof:
    return "proof";
  }
  return "";
}

StopKind rewrite::getStopKind(Conflict kind) {
  switch (kind) {
  case Conflict::MemoryWAR:
  case Conflict::MemoryWAW:
    return StopKind::Vmem;
  case Conflict::LinkOrder:
    return StopKind::Links;
  case Conflict::None:
  case Conflict::RegisterRAW:
  case Conflict::MemoryRAW:
    break;
  }
  return StopKind::None;
}

Conflict rewrite::getMemoryConflict(const MemoryRange &mine, bool mineWrites,
                                    const MemoryRange &theirs,
                                    bool theirsWrites) {
  if (!(mineWrites || theirsWrites) || !overlaps(mine, theirs))
    return Conflict::None;
  if (!mineWrites)
    return Conflict::MemoryRAW;
  return theirsWrites ? Conflict::MemoryWAW : Conflict::MemoryWAR;
}

Hazard rewrite::findConflict(const FootprintRef &moving,
                             const FootprintRef &other,
                             llvm::function_ref<bool(RegId)> shadowed) {
  Hazard h;
  for (RegId reg : moving.reads)
    if (llvm::is_contained(other.writes, reg) && !shadowed(reg)) {
      h.kind = Conflict::RegisterRAW;
      h.reg = reg;
      return h;
    }
  // What the other one writes, the bytes it makes available included.
  auto found = [&](Conflict kind, const MemoryRange &mine,
                   const MemoryRange &theirs) {
    h.kind = kind;
    h.mine = mine;
    h.theirs = theirs;
    return h;
  };
  for (const MemoryRange &read : moving.loads)
    for (llvm::ArrayRef<MemoryRange> writes :
         {other.stores, other.madeAvailable})
      for (const MemoryRange &write : writes)
        if (overlaps(read, write))
          return found(Conflict::MemoryRAW, read, write);
  for (llvm::ArrayRef<MemoryRange> mine : {moving.stores, moving.madeAvailable})
    for (const MemoryRange &write : mine) {
      for (const MemoryRange &read : other.loads)
        if (overlaps(write, read))
          return found(Conflict::MemoryWAR, write, read);
      for (const MemoryRange &read : other.released)
        if (overlaps(write, read)) {
          h.released = true;
          return found(Conflict::MemoryWAR, write, read);
        }
      for (llvm::ArrayRef<MemoryRange> writes :
           {other.stores, other.madeAvailable})
        for (const MemoryRange &otherWrite : writes)
          if (overlaps(write, otherWrite))
            return found(Conflict::MemoryWAW, write, otherWrite);
    }
  return h;
}

Hazard rewrite::findInFlightConflict(
    const FootprintRef &other, llvm::ArrayRef<MemoryRange> sources,
    llvm::ArrayRef<MemoryRange> destinations,
    llvm::function_ref<bool(Conflict, const MemoryRange &)> relaxed) {
  Hazard h;
  auto check = [&](Conflict kind, llvm::ArrayRef<MemoryRange> mine,
                   llvm::ArrayRef<MemoryRange> theirs) {
    for (const MemoryRange &a : mine)
      for (const MemoryRange &b : theirs)
        if (overlaps(a, b) && !relaxed(kind, b)) {
          h.kind = kind;
          h.mine = a;
          h.theirs = b;
          return true;
        }
    return false;
  };
  if (check(Conflict::MemoryRAW, other.loads, destinations) ||
      check(Conflict::MemoryRAW, other.released, destinations))
    return h;
  for (llvm::ArrayRef<MemoryRange> writes : {other.stores, other.madeAvailable})
    if (check(Conflict::MemoryWAW, writes, destinations) ||
        check(Conflict::MemoryWAR, writes, sources))
      return h;
  return h;
}

std::string rewrite::describeInFlightHazard(const Hazard &h,
                                            llvm::StringRef other,
                                            llvm::StringRef copy,
                                            const RewriteTarget &target) {
  std::string mine = target.formatRange(h.mine);
  switch (h.kind) {
  case Conflict::MemoryRAW:
    return llvm::formatv("{0} reads {1}, which {2} writes and is still in "
                         "flight (RAW on memory)",
                         other, mine, copy)
        .str();
  case Conflict::MemoryWAW:
    return llvm::formatv("{0} writes {1}, which {2} also writes and is still "
                         "in flight (WAW on memory)",
                         other, mine, copy)
        .str();
  case Conflict::MemoryWAR:
    return llvm::formatv("{0} overwrites {1}, which {2} reads and is still "
                         "in flight (WAR on memory)",
                         other, mine, copy)
        .str();
  default:
    break;
  }
  return "";
}

void rewrite::forEachNameClash(const FootprintRef &moving,
                               const FootprintRef &other,
                               llvm::function_ref<void(RegId)> fn) {
  for (RegId reg : moving.writes)
    if (llvm::is_contained(other.reads, reg) ||
        llvm::is_contained(other.writes, reg))
      fn(reg);
}

std::string rewrite::describeHazard(const Hazard &h, llvm::StringRef other,
                                    llvm::StringRef mine,
                                    const RewriteTarget &target) {
  switch (h.kind) {
  case Conflict::RegisterRAW: {
    std::string reg = target.formatRegister(h.reg);
    return llvm::formatv("{0} writes {1}, which {2} reads (RAW on {1})", other,
                         reg, mine)
        .str();
  }
  case Conflict::MemoryRAW:
    return llvm::formatv("{0} writes (or makes available) {1}, which {2} "
                         "reads (RAW on memory)",
                         other, target.formatRange(h.theirs), mine)
        .str();
  case Conflict::MemoryWAR:
    return llvm::formatv("{0} {1} {2}, which {3} overwrites (WAR on "
                         "memory)",
                         other,
                         h.released ? "waits for a copy that reads" : "reads",
                         target.formatRange(h.theirs), mine)
        .str();
  case Conflict::MemoryWAW:
    return llvm::formatv("{0} writes {1}, which {2} also writes (WAW on "
                         "memory)",
                         other, target.formatRange(h.theirs), mine)
        .str();
  case Conflict::LinkOrder:
    return llvm::formatv("{0} uses the same link and is waited for first "
                         "({1}): crossing it would queue it behind {2} (link "
                         "order)",
                         other, h.otherWait, mine)
        .str();
  case Conflict::None:
    break;
  }
  return "";
}

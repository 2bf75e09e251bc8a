//===- Scoreboard.h - The last write of each LLVM register ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// For each LLVM register, the cycle its last write is ready, who wrote it and
// with which write resource (for the readers' ReadAdvance), as llvm-mca's
// RegisterFile maps each register to its last write. A read waits for the
// writes of its register and of its sub-registers (a write of F10_F is
// seen by a read of F10_D); a write maps its register and its sub-registers
// (RegisterRead::checked, RegisterWrite::updated).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_TIMING_SCOREBOARD_H
#define SNR_LIB_TARGET_RISCV_TIMING_SCOREBOARD_H

#include "SnR/Target/RISCV/Timing/TimingDescriptor.h"
#include "SnR/Target/RISCV/Timing/TimingEvents.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace snr::target::riscv::timing {

class Scoreboard {
public:
  explicit Scoreboard(unsigned numRegs) : slots(numRegs), rooted(numRegs) {}

  /// The cycle from which `read` has its value, and the instruction that
  /// wrote it last (kNoIndex if none). Never negative: 0 at the earliest.
  uint64_t readyCycle(const RegisterRead &read, uint64_t &cause) const {
    int64_t best = 0;
    cause = kNoIndex;
    auto check = [&](const Slot &slot) {
      if (slot.producer == kNoIndex)
        return;
      int64_t at = int64_t(slot.ready) - read.getAdvance(slot.writeResource);
      if (at > best) {
        best = at;
        cause = slot.producer;
      }
    };
    check(slots[read.reg]);
    // A sub-register's slot differs from the register's only after a write
    // of the sub-register itself (or of a sub-register of it): a write of
    // the register, or of one of its super-registers, updates both alike.
    for (RegUnit reg : llvm::drop_begin(read.checked))
      if (rooted[reg])
        check(slots[reg]);
    return uint64_t(best);
  }

  void write(const RegisterWrite &write, uint64_t issue, uint64_t index) {
    rooted[write.reg] = 1;
    for (RegUnit reg : write.updated)
      slots[reg] = {issue + write.latency, index, write.writeResourceId};
  }

private:
  struct Slot {
    uint64_t ready = 0;
    uint64_t producer = kNoIndex;
    unsigned writeResource = 0;
  };
  std::vector<Slot> slots;
  /// Registers some write was of (not only through a super-register).
  std::vector<uint8_t> rooted;
};

} // namespace snr::target::riscv::timing

#endif // SNR_LIB_TARGET_RISCV_TIMING_SCOREBOARD_H

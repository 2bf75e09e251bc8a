//===- Values.h - Architectural value types ---------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The value types the trace format, the simulator and the recorder all speak
// of: the contents of a vector-like register, the sizes of the memories, and
// what a trace records about one instruction's execution. They belong to the
// architecture, so the trace layer needs nothing from the simulator.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ARCH_VALUES_H
#define SNR_ARCH_VALUES_H

#include "SnR/Arch/ISA.h"

#include <array>
#include <cstdint>
#include <optional>

namespace snr::arch {

/// The lanes of a vector register, a weight row or a result slot.
using Vector = std::array<float, kVectorLanes>;

/// Sizes of the memories, in bytes (from the machine description).
struct MemorySizes {
  uint64_t smem = 16 * 1024;
  uint64_t vmem = 128ull * 256 * 512; ///< 128 blocks x 256 pages x 512 B
  uint64_t hbm = 16ull << 30;
  uint64_t remoteHbm = 16ull << 30; ///< per remote chip
  uint64_t size(MemSpace space) const;
};

/// What a trace recorded about an instruction's execution beyond its fields.
struct RecordedOutcome {
  /// Value of the guard, for predicated instructions.
  std::optional<bool> executed;
  /// For branches: whether control went to the target.
  std::optional<bool> taken;
};

} // namespace snr::arch

#endif // SNR_ARCH_VALUES_H

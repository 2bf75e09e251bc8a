//===- GeneratedProgram.h - A program before it becomes IR ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What a workload generator produces: decoded instructions laid out at
// consecutive PCs, each with its HLO name, and the initial state a loader puts
// in the machine (registers, and memory regions given as a repeated byte or a
// few literal bytes). MLIR-free, so generators can be tested and run on the
// functional core without building IR; ProgramEmitter.h turns it into an
// snr.program op.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_GENERATEDPROGRAM_H
#define SNR_WORKLOADS_GENERATEDPROGRAM_H

#include "SnR/Arch/ISA.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace snr::workloads {

/// A memory region of the initial state: `size` bytes at `addr`, either all
/// equal to `splat` (when `bytes` is empty) or exactly `bytes`.
struct MemoryInit {
  arch::MemSpace space = arch::MemSpace::Hbm;
  unsigned chip = 0; ///< only for RemoteHbm
  uint64_t addr = 0;
  uint64_t size = 0;
  uint8_t splat = 0;
  std::vector<uint8_t> bytes;

  bool isSplat() const { return bytes.empty(); }
};

/// The initial value of a scalar, predicate or flag register.
struct RegisterInit {
  arch::Reg reg;
  int64_t value = 0;
};

/// One statistic a generator reports about what it laid out (VMEM peak,
/// DMA count, ...), printed by `snr-gen --summary`.
struct ProgramStat {
  std::string name;
  uint64_t value = 0;
  std::string unit;
};

struct GeneratedProgram {
  /// Symbol name of the snr.program.
  std::string name;
  /// Instructions in PC order; instructions[i].pc == i.
  std::vector<arch::Instruction> instructions;
  /// HLO name of each instruction: an index into hloNames.
  std::vector<unsigned> hloOf;
  /// Interned HLO names, in order of first use.
  std::vector<std::string> hloNames;
  /// The initial state; regions never overlap.
  std::vector<RegisterInit> registers;
  std::vector<MemoryInit> memory;
  /// What the generator wants to tell about its layout, in a fixed order.
  std::vector<ProgramStat> stats;

  llvm::StringRef getHlo(size_t index) const { return hloNames[hloOf[index]]; }
};

} // namespace snr::workloads

#endif // SNR_WORKLOADS_GENERATEDPROGRAM_H

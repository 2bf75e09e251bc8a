//===- MachineModel.h - The machine description ----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Everything the timing model knows about a chip: issue width, the latency
// and occupancy of every timing class, the DMA engine's base latency, its
// links and their bandwidths, the groups of links that share a memory's
// bandwidth, memory sizes and the VMEM page geometry. Read from a JSON file at
// run time (docs/machine.md); a default (machines/snr-ref.json) is embedded.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_MACHINEMODEL_H
#define SNR_SIM_MACHINEMODEL_H

#include "SnR/Arch/ISA.h"
#include "SnR/Sim/ArchState.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <string>
#include <vector>

namespace snr::sim {

/// Timing of one latency class: the result is ready `latency` cycles after
/// issue, and the unit accepts the next instruction `interval` cycles after
/// this one issued (1 = fully pipelined).
struct LatencySpec {
  unsigned latency = 1;
  unsigned interval = 1;
};

/// A DMA link: one direction between two memories. One DMA at a time moves
/// on a link, in issue order. A `perChip` link exists once per remote chip
/// (an interconnect link to each peer).
struct LinkSpec {
  std::string name;
  arch::MemSpace src = arch::MemSpace::Hbm;
  arch::MemSpace dst = arch::MemSpace::VMem;
  double bytesPerCycle = 1;
  bool perChip = false;
};

/// Links that share one memory's (or the interconnect's) bandwidth: while
/// `n` of them transfer at once, each moves at most bytesPerCycle / n.
struct BandwidthGroup {
  std::string name;
  double bytesPerCycle = 1;
  std::vector<unsigned> links; ///< indices into MachineModel::links
};

struct MachineModel {
  std::string name;
  double clockGhz = 1.0;
  /// Instructions issued per cycle at most (a VLIW bundle's width).
  unsigned issueWidth = 1;
  /// Extra cycles before the instruction after a taken branch can issue.
  unsigned branchTakenPenalty = 0;
  std::array<LatencySpec, arch::kNumLatencyClasses> latencies{};
  /// The DMA base latency Tb: constant, and DMAs in flight overlap it.
  unsigned dmaBaseLatency = 0;
  std::vector<LinkSpec> links;
  std::vector<BandwidthGroup> groups;

  MemorySizes memory;
  unsigned vmemBlocks = 128;
  unsigned vmemPagesPerBlock = 256;
  unsigned vmemPageBytes = 512;

  const LatencySpec &getLatency(arch::LatencyClass cls) const {
    return latencies[unsigned(cls)];
  }
  unsigned getNumVmemPages() const { return vmemBlocks * vmemPagesPerBlock; }
  /// The link a DMA from `src` to `dst` uses, or -1 if the machine has none.
  int findLink(arch::MemSpace src, arch::MemSpace dst) const;
  double cyclesToMicroseconds(double cycles) const {
    return cycles / (clockGhz * 1000.0);
  }
};

/// Parses a machine description. Errors name `fileName`, the JSON path of
/// the offending value (`links[2].bytes_per_cycle`), what was found and what
/// was expected.
llvm::Expected<MachineModel> parseMachineModel(llvm::StringRef json,
                                               llvm::StringRef fileName);

/// Reads a machine description file.
llvm::Expected<MachineModel> loadMachineModel(llvm::StringRef path);
/// What a `--machine`/`machine=` option names: the file at `path`, or the
/// embedded default when `path` is empty or "default".
llvm::Expected<MachineModel> loadMachineModelOrDefault(llvm::StringRef path);

/// The embedded default, machines/snr-ref.json.
llvm::StringRef getDefaultMachineModelJson();
const MachineModel &getDefaultMachineModel();

} // namespace snr::sim

#endif // SNR_SIM_MACHINEMODEL_H

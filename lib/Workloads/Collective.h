//===- Collective.h - What the collectives share ----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The program of one chip (`rank`) taking part in a collective among `chips`
// chips. The runtime has written, for every peer, a 32-byte descriptor into
// this chip's HBM: word 0 the address of the peer's input buffer, word 1 that
// of its output buffer, both in the peer's HBM. The phases:
//
//  * setup: DMA each peer's descriptor into SMEM (independent DMAs), then
//    `ld` the addresses the first data phase needs into scalar registers.
//  * send (all-gather): this chip's shard to slot `rank` of every peer's
//    output buffer, HBM -> rhbm<c>, chunk by chunk.
//  * reduce (reduce-scatter): pull shard `rank` of every peer's input into
//    VMEM chunk by chunk, add it to the local chunk, write the sum to HBM.
//
// Remote chips are reached as rhbm<c>, with c in the instruction, so loops
// run over chunks and the peers are unrolled inside them. With more peers
// than kMaxPinnedPeers, addresses stay in SMEM and are loaded before each use.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_WORKLOADS_COLLECTIVE_H
#define SNR_LIB_WORKLOADS_COLLECTIVE_H

#include "SnR/Workloads/HbmLayout.h"
#include "SnR/Workloads/InitialData.h"
#include "SnR/Workloads/ProgramBuilder.h"
#include "SnR/Workloads/VmemAllocator.h"
#include "SnR/Workloads/Workload.h"

#include <optional>

namespace snr::workloads {

class CollectiveGenerator {
public:
  /// Peers whose addresses fit in registers for a whole phase.
  static constexpr unsigned kMaxPinnedPeers = 12;
  /// Descriptor fields.
  enum Field { InputAddr = 0, OutputAddr = 1 };

  CollectiveGenerator(const WorkloadOptions &options, llvm::StringRef name);

  /// Lays out HBM and the peers' buffers with their initial data.
  llvm::Error layout();
  /// The setup HLO: descriptors into SMEM, then the first phase's addresses
  /// into registers. `early` DMAs go first (prefetched across the boundary).
  void emitSetup(Field firstField, llvm::ArrayRef<DmaTransfer> early,
                 FReg earlyFlag);
  /// Sends `shard` bytes at hbm[src] to slot `rank` of every peer's output.
  /// With `copyLocal`, also copies them to the local output's slot (issued
  /// here unless `localCopyIssued`) and waits for the copy.
  void emitSend(llvm::StringRef hlo, uint64_t src, bool copyLocal,
                bool localCopyIssued);
  /// Reduces shard `rank` of every chip's input into hbm[dst].
  llvm::Error emitReduce(llvm::StringRef hlo, uint64_t dst,
                         bool firstChunkIssued);
  /// The DMAs that the reduction starts with (local chunk 0 into its
  /// accumulator), for the setup to prefetch.
  llvm::SmallVector<DmaTransfer, 1> reduceHead();
  /// Lays out the buffers, emits the setup (prefetching the reduction's
  /// first chunk unless the schedule says not to) and the reduction of
  /// shard `rank` into hbm[dst]: the start of reduce-scatter and all-reduce.
  llvm::Error emitSetupAndReduce(llvm::StringRef hlo, uint64_t dst);
  /// The local copy of the send phase, for the setup to prefetch.
  DmaTransfer localCopy(uint64_t src) const;
  void emitFinish();

  GeneratedProgram finish();

  const WorkloadOptions &options;
  const CollectiveOptions &opts;
  const ScheduleOptions &schedule;
  std::string name;
  unsigned chips, rank;
  uint64_t shard, chunk;
  /// Local HBM: the input (full buffer), the output and the descriptors.
  HbmRegion input, output, table;

  GeneratedProgram program;
  ProgramBuilder b;
  VmemAllocator vmem;

  static constexpr FReg kSetupFlag{0}, kStageFlag{1}, kAccFlag{2}, kOutFlag{3},
      kSendFlag{4}, kCopyFlag{5};
  static constexpr PReg kMore{6};

private:
  std::vector<unsigned> peers() const;
  /// Where a peer's descriptor lives in SMEM.
  int64_t descriptorSmem(unsigned chip) const { return int64_t(chip) * 32; }
  /// Loads `field` of every peer into pinned registers, if they fit.
  void pinPeers(Field field);
  /// A register holding `field` of `chip`'s descriptor: the pinned one, or
  /// `scratch` after loading it.
  SReg peerAddress(unsigned chip, Field field, SReg scratch);
  uint64_t peerBuffer(unsigned chip, Field field) const;

  std::optional<Field> pinnedField;
  std::vector<SReg> pinned;
  std::optional<VmemBuffer> accBuffers[2], stageBuffers[2];
};

} // namespace snr::workloads

#endif // SNR_LIB_WORKLOADS_COLLECTIVE_H

//===- BlockStream.h - Double-buffered DMA of equal blocks ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The DMA pipeline at the heart of every kernel: a sequence of equal blocks
// (a weight strip, one head's KV cache) copied from HBM into two alternating
// VMEM buffers and consumed one per loop iteration. A good schedule, at the
// top of iteration i:
//
//   dma.wait f                       ; block i has arrived
//   cmpi gt pMore, left, 1
//   dma.issue hbm[src] -> vmem[next], size, f if pMore   ; block i + 1
//   dma.issue <next HLO's block 0>, f if not pMore         ; across the HLO
//   ... compute on vmem[cur] ...
//   addi src, src, stride ; xori cur ; xori next ; addi left, left, -1
//
// With ScheduleOptions::lateDma the issue of block i + 1 moves to the bottom
// of iteration i, right before the WAIT at the top of the next one. Only one
// WAIT is ever outstanding per flag, so one flag serves the whole stream and
// the next HLO's stream too.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_BLOCKSTREAM_H
#define SNR_WORKLOADS_BLOCKSTREAM_H

#include "SnR/Workloads/ProgramBuilder.h"

#include <optional>

namespace snr::workloads {

/// One DMA of a block: `bytes` from srcOffset past the block's source
/// address into dstOffset past its VMEM buffer.
struct StreamPart {
  int64_t srcOffset = 0, dstOffset = 0, bytes = 0;
};

struct StreamConfig {
  /// HBM address of block 0 and the distance between blocks.
  uint64_t srcAddr = 0;
  int64_t srcStride = 0;
  llvm::SmallVector<StreamPart, 2> parts;
  uint64_t numBlocks = 0;
  /// The two VMEM buffers blocks alternate between (block 0 in the first).
  uint64_t buffers[2] = {0, 0};
  FReg flag;
  /// Set by the top of an iteration when another block follows.
  PReg more;
  bool late = false;
};

class BlockStream {
public:
  BlockStream(ProgramBuilder &builder, const StreamConfig &config);
  ~BlockStream();

  /// The DMAs of block 0 with absolute addresses, for whoever prefetches
  /// them before the stream begins (setup, or the previous HLO).
  static llvm::SmallVector<DmaTransfer, 2>
  headTransfers(const StreamConfig &config);

  /// Before the loop: sets up the stream's registers and, unless someone
  /// already issued block 0 on the stream's flag, issues it.
  void begin(bool headIssued);
  /// At the top of each iteration: waits for the current block and, in the
  /// good schedule, issues the next. On the last iteration it issues
  /// `prefetch` instead (the next HLO's first block), if any.
  void top(llvm::ArrayRef<DmaTransfer> prefetch = {});
  /// The VMEM address of the current block, valid between top and bottom.
  SReg current() const { return *cur; }
  /// At the bottom of each iteration: advances to the next block (and, in
  /// the late schedule, issues it).
  void bottom();

private:
  void issueNext(SReg dst, arch::Guard guard);

  ProgramBuilder &b;
  StreamConfig config;
  std::optional<SReg> src, cur, next, left;
};

} // namespace snr::workloads

#endif // SNR_WORKLOADS_BLOCKSTREAM_H
